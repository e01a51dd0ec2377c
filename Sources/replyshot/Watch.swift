import ArgumentParser
import Dispatch
import Foundation
import ReplyShot

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Answer each new burst of screenshots in a folder, handing results to an outbox.",
        discussion: """
            Screenshots arriving within --quiet seconds of each other are one burst, analysed once the \
            burst is over. Each analysis is written to OUTBOX/<sessionId>.json (state processing, then \
            ready or error) and the newest finished one to OUTBOX/latest.json, atomically. Files answered \
            before (see `replyshot history`) are not answered again after a restart. Stop with Ctrl-C or SIGTERM.
            """
    )

    @Argument(help: "The folder your screenshots are saved in.", completion: .directory)
    var folder: String

    @OptionGroup var scan: ScanFlags
    @OptionGroup var ocr: OCRFlags
    @OptionGroup var reply: ReplyFlags

    @Option(help: "Where sessions are handed over (default: replyshot's data folder/outbox).", completion: .directory)
    var outbox: String?

    @Option(help: "Seconds without a new screenshot that end a burst.")
    var quiet = 2.0

    @Option(help: "How many session files the outbox keeps.")
    var keep = 50

    @Flag(help: "Store nothing in the history (files answered now may be answered again after a restart).")
    var noHistory = false

    func validate() throws {
        guard quiet >= 0 else { throw ValidationError("--quiet must not be negative.") }
        guard keep >= 1 else { throw ValidationError("--keep must be at least 1.") }
    }

    func run() async throws {
        let setup = try reply.setup(ocr: ocr, recordHistory: !noHistory)
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        let log: @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("[\(formatter.string(from: Date()))] \(message)\n".utf8))
        }
        let pipeline = try Pipeline(
            setup: setup, progress: { Terminal.progress($0) }, warn: { log("warning: \($0)") })
        let box = try Outbox(
            directory: outbox.map { URL(fileURLWithPath: $0) } ?? Outbox.defaultDirectory(), keep: keep)
        var serviceSettings = WatchService.Settings()
        serviceSettings.quiet = quiet
        let options = AnalysisOptions(folder: folder, scan: scan, ocr: ocr, reply: reply, settings: setup.reply)
        let service = WatchService(
            pipeline: pipeline, options: options, outbox: box, settings: serviceSettings, log: log)
        // Finish (or abandon) the analysis in flight, then exit 0.
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { service.stop() }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        try await service.run()
    }
}
