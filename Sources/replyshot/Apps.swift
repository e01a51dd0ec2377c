import ArgumentParser
import Foundation
import ReplyShot

struct Apps: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the app catalog: bundle id, name, category and default tone.",
        discussion:
            "Add or override entries with ~/.config/replyshot/apps.json or --catalog FILE (same format as prompts/apps.json)."
    )

    @Option(help: "Folder with the shipped catalog (default: the one shipped with replyshot).", completion: .directory)
    var prompts: String?

    @Option(help: "A JSON file of your own catalog entries.", completion: .file())
    var catalog: String?

    @Flag(help: "Print the catalog as JSON.")
    var json = false

    func run() throws {
        let directory = try PromptsDirectory.locate(explicit: prompts.map { URL(fileURLWithPath: $0) })
        let apps = try AppCatalog(
            contentsOf: directory.appendingPathComponent("apps.json"),
            overrides: catalog.map { URL(fileURLWithPath: $0) } ?? PromptResources.userCatalogFile()
        ).apps
        if json {
            try Terminal.writeStdout(
                String(decoding: try AnalysisReport.encoder().encode(apps), as: UTF8.self) + "\n")
            return
        }
        let idWidth = apps.map { ($0.bundleId ?? "").count }.max() ?? 10
        let nameWidth = apps.map(\.name.count).max() ?? 10
        func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }
        var lines = [
            pad("BUNDLE ID", idWidth) + "  " + pad("NAME", nameWidth) + "  " + pad("CATEGORY", 9) + "  TONE"
        ]
        for app in apps {
            lines.append(
                pad(app.bundleId ?? "", idWidth) + "  " + pad(app.name, nameWidth) + "  "
                    + pad(app.category.rawValue, 9) + "  " + app.tone)
        }
        try Terminal.writeStdout(lines.joined(separator: "\n") + "\n")
    }
}
