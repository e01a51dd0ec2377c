import ArgumentParser
import Foundation
import ReplyShot

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the effective reply settings: flags over the config file over defaults.",
        discussion: """
            The config file is ~/.config/replyshot/config.toml (or --config FILE), e.g.:

              generator = "openai"
              endpoint = "http://localhost:11434/v1"
              model = "llama3.2"
              fallback = "offline"
              [tones]
              dating = "funny"

            The API key comes only from REPLYSHOT_API_KEY or OPENAI_API_KEY and is shown masked.
            """
    )

    @OptionGroup var reply: ReplyFlags

    @Flag(
        help:
            "Print the reading and stitching thresholds (OCR, Read and Stitch stages) with their units and reasons instead."
    )
    var tuning = false

    func run() throws {
        if tuning {
            let entries = TuningTable.entries()
            let width = entries.map(\.name.count).max() ?? 0
            let valueWidth = entries.map(\.value.count).max() ?? 0
            try Terminal.writeStdout(
                entries.map {
                    "\($0.stage.padding(toLength: 7, withPad: " ", startingAt: 0))\($0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0))"
                        + "\($0.value.padding(toLength: valueWidth + 2, withPad: " ", startingAt: 0))\($0.meaning)"
                }.joined(separator: "\n") + "\n")
            return
        }
        let settings = try reply.resolve()
        let environment = ProcessInfo.processInfo.environment
        let key = environment["REPLYSHOT_API_KEY"] ?? environment["OPENAI_API_KEY"]
        var lines = [
            "config file   \(settings.configFile?.path ?? "(none; \(ReplyShotConfig.defaultLocation().path) does not exist)")",
            "generator     \(settings.generator)",
            "endpoint      \(settings.endpoint ?? "-")",
            "model         \(settings.model ?? "-")",
            "allow remote  \(settings.allowRemote)",
            "api key       \(Self.mask(key))",
            "tone          \(settings.tone ?? "the app's")",
            "style         \(settings.style ?? "-")",
            "count         \(settings.count)",
            "temperature   \(settings.temperature)",
            "max tokens    \(settings.maxTokens)",
            "timeout       \(Int(settings.timeout)) s",
            "fallback      \(settings.fallback.rawValue)",
            "redact        \(settings.redact)",
        ]
        for (category, tone) in settings.tonesByCategory.sorted(by: { $0.key < $1.key }) {
            lines.append("tone (\(category))".padding(toLength: 14, withPad: " ", startingAt: 0) + tone)
        }
        try Terminal.writeStdout(lines.joined(separator: "\n") + "\n")
    }

    /// Enough to recognise which key is set, never enough to use it.
    static func mask(_ key: String?) -> String {
        guard let key, !key.isEmpty else { return "(not set)" }
        guard key.count > 8 else { return "(set, \(key.count) characters)" }
        return "\(key.prefix(3))…\(key.suffix(2)) (\(key.count) characters)"
    }
}
