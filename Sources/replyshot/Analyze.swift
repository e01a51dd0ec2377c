import ArgumentParser
import Foundation
import ReplyShot

struct Analyze: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the recent screenshots in a folder (or the screenshots you name) and suggest replies.",
        discussion:
            "Screenshots and folders are only read: replyshot never writes, renames or touches anything in them."
    )

    @Argument(
        help:
            "Screenshots, or folders your screenshots are saved in (folders: the --since window and --limit apply; named files are taken as given).",
        completion: .file())
    var paths: [String] = []

    /// The first folder named, for messages; "." when only files were named.
    var folder: String { paths.first ?? "." }

    @OptionGroup var scan: ScanFlags
    @OptionGroup var ocr: OCRFlags
    @OptionGroup var reply: ReplyFlags

    @Flag(help: "Do not store this analysis in the local history.")
    var noHistory = false

    @Flag(help: "Analyse every conversation in the window, not only the most recent one (JSON: an array of reports).")
    var allConversations = false

    @Option(help: "Output format: text (for people) or json (the stable report).")
    var format: OutputFormat = .text

    @Option(help: "Write the report to this file (atomically) instead of standard output.", completion: .file())
    var out: String?

    @Option(
        help:
            "Draw what the reader decided over each screenshot into this folder (PNG per shot): regions boxed by role, with the text read.",
        completion: .directory)
    var explain: String?

    @Option(
        help:
            "Write one HTML page to look at: the shots with the reader's decisions drawn on them, the transcript, risk and replies.",
        completion: .file())
    var html: String?

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("Name the folder your screenshots are saved in, or screenshot files.")
        }
    }

    func run() async throws {
        let setup = try reply.setup(ocr: ocr, recordHistory: !noHistory)
        var options = analysisOptions(setup.reply)
        options.allConversations = allConversations
        let pipeline = try Pipeline(setup: setup, progress: { Terminal.progress($0) }, warn: { Terminal.warn($0) })
        let reports = try await pipeline.analyzeConversations(options)
        let report = reports[reports.count - 1]
        if let html, let pictures = options.explainDirectory {
            let page = URL(fileURLWithPath: html)
            let links = report.screenshots.map {
                HTMLPage.relativePath(
                    of: pictures.appendingPathComponent(ExplainImage.fileName(for: $0.path)), from: page)
            }
            try AtomicFileWriter.write(Data(HTMLReport().analysis(report, pictures: links).utf8), to: page)
            Terminal.progress("Report page written to \(html)")
        }
        if report.screenshots.isEmpty {
            Terminal.warn(
                "no screenshots taken \(scan.since) were found in \(folder); widen the window with --since (e.g. --since 1h)."
            )
        }
        let body: Data
        switch format {
        case .json:
            if allConversations {
                var data = try AnalysisReport.encoder().encode(reports)
                data.append(0x0A)
                body = data
            } else {
                body = try report.jsonData()
            }
        case .text:
            let renderer = TextReportRenderer(
                useColor: out == nil && Terminal.colorEnabled(for: STDOUT_FILENO),
                languages: pipeline.resources.languages)
            body = Data(reports.map(renderer.render).joined(separator: "\n").utf8)
        }
        if let out {
            try AtomicFileWriter.write(body, to: URL(fileURLWithPath: out))
            Terminal.progress("Report written to \(out)")
        } else {
            try Terminal.writeStdout(body)
        }
    }

    func analysisOptions(_ settings: ReplySettings) -> AnalysisOptions {
        var options = AnalysisOptions(folder: folder, scan: scan, ocr: ocr, reply: reply, settings: settings)
        options.inputs = paths.map { URL(fileURLWithPath: $0) }
        options.explainDirectory =
            explain.map { URL(fileURLWithPath: $0) }
            ?? html.map { HTMLPage.picturesFolder(for: URL(fileURLWithPath: $0)) }
        return options
    }
}
