import Foundation

/// The containing app's background loop: new screenshots arrive in bursts (two or three
/// within seconds); each burst, once quiet, is analysed once and handed to the outbox.
/// A bad file or a failing generator becomes an `error` session, and the loop goes on.
public final class WatchService: @unchecked Sendable {
    public struct Settings: Sendable {
        public var quiet: TimeInterval = 2
        /// A file still incomplete this long after its last write is given up on.
        public var giveUpAfter: TimeInterval = 60

        public init() {}
    }

    private let pipeline: Pipeline
    private let base: AnalysisOptions
    private let outbox: Outbox
    private let settings: Settings
    private let log: @Sendable (String) -> Void
    private let stopLock = NSLock()
    private var stopRequested = false

    public init(
        pipeline: Pipeline, options: AnalysisOptions, outbox: Outbox, settings: Settings = Settings(),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.pipeline = pipeline
        self.base = options
        self.outbox = outbox
        self.settings = settings
        self.log = log
    }

    /// Asks the loop to end after the analysis in flight (safe from a signal handler's queue).
    public func stop() { stopLock.withLock { stopRequested = true } }
    private var stopping: Bool { stopLock.withLock { stopRequested } }

    /// Runs until `stop()`. Screenshots already in the `--since` window that were never
    /// answered are answered first, as one burst.
    public func run() async throws {
        let log = self.log
        let events = try FolderWatcher.make(folder: base.folder, notice: { log("warning: \($0)") })
        let interrupted = outbox.closeInterruptedSessions()
        if interrupted > 0 {
            log(
                "\(interrupted) session\(interrupted == 1 ? " was" : "s were") left processing by an earlier run; marked as errors"
            )
        }
        let backlog = try unanswered(in: base.window)
        if !backlog.isEmpty {
            log("Answering \(backlog.count) screenshot\(backlog.count == 1 ? "" : "s") from the last window")
            await analyze(burst: backlog)
        }
        log("Watching \(base.folder.path) for new screenshots (Ctrl-C to stop)")
        var pending: [FileName: Date] = [:]
        while !stopping {
            let names = events.wait(timeout: 0.25)
            let now = Date()
            for name in names
            where FolderLibrary.imageExtensions.contains((name.display as NSString).pathExtension.lowercased()) {
                if pending[name] == nil { log("Arrived: \(name.display)") }
                pending[name] = now
            }
            guard let last = pending.values.max(), now.timeIntervalSince(last) >= settings.quiet else { continue }
            // Only whole files: a PNG still being written has no end chunk yet.
            var ready: [FileName] = []
            for (name, written) in pending {
                if Self.isStillBeingWritten(FileSystemPath(base.folder.path).appending(name)),
                    now.timeIntervalSince(written) < settings.giveUpAfter
                {
                    continue
                }
                // Complete, not an image at all, or given up on: the analysis reports what it is.
                ready.append(name)
            }
            guard !ready.isEmpty else { continue }
            ready.forEach { pending[$0] = nil }
            await analyze(burst: ready.sorted().map(\.display))
        }
        log("Stopped")
    }

    /// An image whose data has not all arrived: empty, or a PNG/JPEG cut short. The file is
    /// opened by its stored name, which need not be UTF-8.
    static func isStillBeingWritten(_ path: FileSystemPath) -> Bool {
        do {
            let header = try ImageHeaderReader().read(path: path)
            if header.format == .jpeg {
                // Only the whole file tells (trailers may follow the end marker).
                return try RawFile.readAll(path, maxBytes: RGBImage.maxFileBytes).withUnsafeBufferPointer {
                    !JPEGCompleteness.isComplete($0)
                }
            }
            return !header.isComplete
        } catch ImageHeaderError.empty, ImageHeaderError.truncated {
            return true
        } catch {
            return false
        }
    }

    func unanswered(in window: TimeWindow) throws -> [String] {
        let scan = try FolderLibrary(folder: base.folder).recentScreenshots(
            window: window, limit: base.limit, now: Date())
        return try scan.screenshots.filter { try !(pipeline.history?.wasAnswered($0.path) ?? false) }.map(\.fileName)
    }

    /// One session: processing, then ready (with the report) or error (with the reason).
    func analyze(burst names: [String]) async {
        let sessionId = UUID().uuidString
        let clock = ContinuousClock(), started = clock.now
        do {
            try outbox.publish(sessionId: sessionId, state: .processing, files: names)
            log("Analysing \(names.joined(separator: ", "))")
            var options = base
            options.window = .everything
            options.limit = max(base.limit, names.count)
            options.onlyNames = Set(names)
            // Recorded only once delivered: a session that ends in error is answered again
            // after a restart.
            options.recordHistory = false
            let report = try await pipeline.analyze(options)
            guard !report.screenshots.isEmpty else {
                let reasons = report.skipped.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent): \($0.reason)" }
                throw WatchError.nothingReadable(reasons.joined(separator: "; "))
            }
            try outbox.publish(sessionId: sessionId, state: .ready, files: names, report: report)
            pipeline.record([report], sessionId: sessionId)
            let elapsed = clock.now - started
            log(
                "Ready in \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000) ms: \(report.conversation.messages.count) messages, \(report.replies.count) replies (session \(sessionId))"
            )
        } catch {
            let message = error.sentence
            log("error: \(names.joined(separator: ", ")): \(message)")
            try? outbox.publish(sessionId: sessionId, state: .error, files: names, message: message)
        }
    }
}

public enum WatchError: Error, LocalizedError {
    case nothingReadable(String)

    public var errorDescription: String? {
        switch self {
        case .nothingReadable(let reasons): return "No screenshot in this burst could be read (\(reasons))"
        }
    }
}
