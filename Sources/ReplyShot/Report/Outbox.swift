import Foundation

/// The hand-over folder a keyboard or any companion polls (the App Group of the iOS
/// design): `<sessionId>.json` per analysis and `latest.json` for the newest finished one.
/// Every write is atomic, so a reader never sees half a file.
public struct Outbox: Sendable {
    public enum State: String, Sendable { case processing, ready, error }

    public var directory: URL
    public var keep: Int

    public init(directory: URL, keep: Int = 50) throws {
        self.directory = directory
        self.keep = keep
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw OutputError.notWritable(directory.path, FolderLibrary.describeFileError(error))
        }
    }

    public static func defaultDirectory() -> URL { AnalysisHistory.dataDirectory().appendingPathComponent("outbox") }

    /// Writes the session's file; a finished one also becomes latest.json.
    public func publish(
        sessionId: String, state: State, files: [String], report: AnalysisReport? = nil,
        message: String? = nil, at date: Date = Date()
    ) throws {
        var object: [String: Any] = [:]
        if let report, let json = try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any] {
            object = json
        }
        object["sessionId"] = sessionId
        object["state"] = state.rawValue
        object["updatedAt"] = ISO8601DateFormatter().string(from: date)
        object["files"] = files
        if let message { object["error"] = message }
        let data = try Self.fileContents(object)
        // latest.json first: a reader that sees the session finished finds it there already.
        if state != .processing {
            try AtomicFileWriter.write(data, to: directory.appendingPathComponent("latest.json"))
        }
        try AtomicFileWriter.write(data, to: directory.appendingPathComponent("\(sessionId).json"))
        if state != .processing { prune() }
    }

    /// A session file's bytes: stable key order, one trailing newline.
    private static func fileContents(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            + Data("\n".utf8)
    }

    /// Sessions an earlier run left `processing` (it was killed mid-analysis) become `error`
    /// sessions saying so, so a reader polling them is not left waiting; latest.json is left
    /// alone. Returns how many there were. Meant for the start of a watch, when no analysis
    /// of this outbox is in flight.
    @discardableResult
    public func closeInterruptedSessions(at date: Date = Date()) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var closed = 0
        for name in names where Self.isSessionFileName(name) {
            let file = directory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file),
                var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                object["state"] as? String == State.processing.rawValue
            else { continue }
            object["state"] = State.error.rawValue
            object["error"] = "interrupted: replyshot stopped before this analysis finished"
            object["updatedAt"] = ISO8601DateFormatter().string(from: date)
            guard let updated = try? Self.fileContents(object), (try? AtomicFileWriter.write(updated, to: file)) != nil
            else { continue }
            closed += 1
        }
        return closed
    }

    /// Whether replyshot wrote a file of this name: `<UUID>.json`. Anything else in the
    /// folder is someone else's and is never pruned.
    static func isSessionFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        return UUID(uuidString: String(name.dropLast(5))) != nil
    }

    /// Keeps the newest `keep` session files; latest.json and files replyshot did not write stay.
    func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        let sessions = names.filter(Self.isSessionFileName).map { name -> (String, Date) in
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            return (name, attributes?[.modificationDate] as? Date ?? .distantPast)
        }.sorted { $0.1 > $1.1 }
        for (name, _) in sessions.dropFirst(max(0, keep)) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
