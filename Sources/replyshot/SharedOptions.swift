import ArgumentParser
import Foundation
import ReplyShot

extension TimeWindow: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension StitchStrategy: ExpressibleByArgument {}
extension OCREngineKind: ExpressibleByArgument {}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum GeneratorKind: String, ExpressibleByArgument, CaseIterable {
    case offline, openai, command
}

enum FallbackKind: String, ExpressibleByArgument, CaseIterable {
    case none, offline
}

/// Which screenshots to take from the folder.
struct ScanFlags: ParsableArguments {
    @Option(help: "Only screenshots taken in this window: 120s, 15m, 2h, 1d, or all.")
    var since = TimeWindow(duration: 120)

    @Option(help: "At most this many screenshots, the newest in the window.")
    var limit = 5

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }
}

/// How screenshots are read.
struct OCRFlags: ParsableArguments {
    @Option(
        help:
            "Tesseract language(s), e.g. eng or rus+eng; auto (the default) detects each screenshot's script and language and reads it with the installed data for it."
    )
    var lang = OCROptions.automaticLanguage

    @Option(help: "Folder holding Tesseract's .traineddata files.", completion: .directory)
    var tessdata: String?

    @Option(
        help:
            "The OCR engine that reads the prepared text: \(OCREngineKind.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var ocrEngine: OCREngineKind = .tesseract

    @Option(help: "Parallel OCR workers (default: one per core).")
    var jobs: Int?

    @Option(help: "Your name as it appears on posts in apps without bubbles (Slack); those posts are yours.")
    var me: String?

    @Option(
        help: "How overlapping screenshots are joined: auto (bubble alignment) or seed (the original character merge).")
    var stitch: StitchStrategy = .auto

    @Flag(
        help:
            "Read every screenshot whole, even the bubbles an earlier shot of the same scroll already showed (slower).")
    var readWhole = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }

    var ocrOptions: OCROptions {
        OCROptions(
            language: lang, tessdata: tessdata.map { URL(fileURLWithPath: $0) }, jobs: jobs,
            readRevealedOnly: !readWhole,
            engine: ocrEngine)
    }

    /// With the languages of the prompts folder in use and the config file's preferred ones.
    func ocrOptions(languages: LanguageBook, preferred: [String] = []) -> OCROptions {
        var options = ocrOptions
        options.languageBook = languages
        options.preferredLanguages = preferred
        return options
    }
}

/// How replies are written. Every setting can also come from the config file; a flag wins.
struct ReplyFlags: ParsableArguments {
    @Option(help: "Bundle id of the app the screenshots come from, e.g. com.hinge.Hinge (see `replyshot apps`).")
    var app: String?

    @Option(
        help: "Tone of the replies: flirty, professional, casual, funny, or a word of your own. Default: the app's.")
    var tone: String?

    @Option(help: "Extra style wishes, e.g. \"short, no emoji\".")
    var style: String?

    @Option(help: "How many replies to suggest (default 3).")
    var count: Int?

    @Option(
        help:
            "Reply generator: offline (built in, no network), openai (an OpenAI-compatible server such as Ollama or llama.cpp), or command."
    )
    var generator: GeneratorKind?

    @Option(help: "Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1.")
    var endpoint: String?

    @Option(help: "Model name for --generator openai, e.g. llama3.2.")
    var model: String?

    @Option(help: "Sampling temperature for --generator openai (default 0.8).")
    var temperature: Double?

    @Option(help: "Most tokens the model may write (default 300).")
    var maxTokens: Int?

    @Option(help: "Seconds to wait for a model server or reply command (default 30).")
    var timeout: Double?

    @Flag(help: "Allow an endpoint that is not on this machine (the conversation then leaves it).")
    var allowRemote = false

    @Option(
        help: "For --generator command: the command to run; the prompt goes to its stdin, replies come from its stdout."
    )
    var command: String?

    @Flag(help: "Run --command through /bin/sh (pipes, variables); off by default.")
    var shell = false

    @Option(
        help:
            "When the generator fails or gives too few replies: none (fail, the default) or offline (fill in with built-in replies)."
    )
    var fallback: FallbackKind?

    @Flag(
        name: .customLong("no-redact"),
        help: "Send phone numbers, e-mail addresses, codes and addresses to the generator unredacted.")
    var noRedact = false

    @Option(
        help: "Folder with the app catalog, tones and templates (default: the one shipped with replyshot).",
        completion: .directory)
    var prompts: String?

    @Option(help: "A JSON file of your own app catalog entries, added to the shipped ones.", completion: .file())
    var catalog: String?

    @Option(help: "Settings file (default ~/.config/replyshot/config.toml).", completion: .file())
    var config: String?

    func validate() throws {
        for (name, value) in [
            ("count", count.map(Double.init)), ("timeout", timeout), ("temperature", temperature),
            ("max-tokens", maxTokens.map(Double.init)),
        ] {
            if let value, let problem = SettingLimits.problem(name, value) {
                throw ValidationError("--\(name) \(problem).")
            }
        }
    }

    /// Flags, then the config file, then built-in defaults.
    func resolve() throws -> ReplySettings {
        let (file, location) = try ReplyShotConfig.load(explicit: config.map { URL(fileURLWithPath: $0) })
        func choice<T: RawRepresentable>(_ flag: T?, _ text: String?, _ fallback: T, _ name: String) throws -> T
        where T.RawValue == String {
            if let flag { return flag }
            guard let text else { return fallback }
            guard let value = T(rawValue: text) else {
                throw DataFileError(
                    file: location?.path ?? "config", problem: "\(name) = \"\(text)\" is not one of the choices")
            }
            return value
        }
        // A config file's values pass the same checks as the flags.
        for (name, value) in [
            ("count", file.count.map(Double.init)), ("timeout", file.timeout), ("temperature", file.temperature),
            ("max-tokens", file.maxTokens.map(Double.init)),
        ] {
            if let value, let problem = SettingLimits.problem(name, value) {
                throw DataFileError(
                    file: location?.path ?? "config",
                    problem: "\(name.replacingOccurrences(of: "-", with: "_")) \(problem)")
            }
        }
        let settings = ReplySettings(
            generator: try choice(generator, file.generator, GeneratorKind.offline, "generator"),
            endpoint: endpoint ?? file.endpoint, model: model ?? file.model,
            tone: tone ?? file.tone, style: style ?? file.style, count: count ?? file.count ?? 3,
            temperature: temperature ?? file.temperature ?? 0.8, maxTokens: maxTokens ?? file.maxTokens ?? 300,
            timeout: timeout ?? file.timeout ?? 30, allowRemote: allowRemote || (file.allowRemote ?? false),
            command: command, shell: shell,
            fallback: try choice(fallback, file.fallback, FallbackKind.none, "fallback"),
            redact: !noRedact && (file.redact ?? true), tonesByCategory: file.tones ?? [:],
            languages: file.languages ?? [], configFile: location)
        switch settings.generator {
        case .openai where settings.endpoint == nil || settings.model == nil:
            throw ValidationError(
                "--generator openai needs --endpoint URL and --model NAME (e.g. --endpoint http://localhost:11434/v1 --model llama3.2), as flags or in the config file."
            )
        case .command where settings.command == nil:
            throw ValidationError("--generator command needs --command \"CMD ARGS\".")
        default:
            return settings
        }
    }
}

/// The allowed range of each numeric setting, whether it comes from a flag or the config file.
enum SettingLimits {
    static let ranges: [String: ClosedRange<Double>] = [
        "count": 1...10, "timeout": 0.001...3600, "temperature": 0...2, "max-tokens": 1...32768,
    ]

    /// Why `value` is not allowed for `name`, or nil when it is.
    static func problem(_ name: String, _ value: Double) -> String? {
        guard let range = ranges[name], !range.contains(value) || !value.isFinite else { return nil }
        switch name {
        case "timeout": return "must be more than 0 and at most 3600 seconds (not \(value.formatted()))"
        default:
            return
                "must be between \(range.lowerBound.formatted()) and \(range.upperBound.formatted()) (not \(value.formatted()))"
        }
    }
}

/// The effective reply settings after flags and the config file are combined.
struct ReplySettings {
    var generator: GeneratorKind
    var endpoint: String?
    var model: String?
    var tone: String?
    var style: String?
    var count: Int
    var temperature: Double
    var maxTokens: Int
    var timeout: Double
    var allowRemote: Bool
    var command: String?
    var shell: Bool
    var fallback: FallbackKind
    var redact: Bool
    var tonesByCategory: [String: String]
    /// The OCR languages to read with first under `--lang auto` (config `languages`).
    var languages: [String]
    var configFile: URL?

    /// The generator these settings ask for, wrapped in the offline fallback when requested.
    func makeGenerator(promptsDirectory: URL) throws -> ReplyGenerator {
        let offline = try OfflineReplyGenerator(
            contentsOf: promptsDirectory.appendingPathComponent("offline-replies.json"))
        let primary: ReplyGenerator
        switch generator {
        case .offline:
            return offline
        case .openai:
            guard let endpoint, let url = URL(string: endpoint) else {
                throw GeneratorError.invalidEndpoint(endpoint ?? "")
            }
            var settings = OpenAICompatibleGenerator.Settings(endpoint: url, model: model ?? "")
            settings.temperature = temperature
            settings.maxTokens = maxTokens
            settings.timeout = timeout
            settings.allowRemote = allowRemote
            primary = try OpenAICompatibleGenerator(settings: settings)
        case .command:
            primary = try CommandGenerator(command: command ?? "", useShell: shell, timeout: timeout)
        }
        guard fallback == .offline else { return primary }
        return FallbackGenerator(primary: primary, fallback: offline, warn: { Terminal.warn($0) })
    }
}
