import XCTest

@testable import ReplyShot

/// The watcher as a companion app sees it: a real `replyshot watch` process, files written
/// slowly into its folder, and the outbox read while it works. Every wait is for something
/// the watcher does (a line in its log, a session in the outbox), with a generous deadline.
final class WatchTests: XCTestCase {
    var folder: URL!
    var outbox: URL!
    var data: URL!
    var logs: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryFolder()
        outbox = try Fixtures.temporaryFolder()
        data = try Fixtures.temporaryFolder()
        logs = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws {
        for url in [folder, outbox, data, logs] { try? FileManager.default.removeItem(at: url!) }
    }

    /// A running watcher and the file its stderr goes to.
    struct Watcher {
        var process: Process
        var log: URL
        var said: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    }

    /// Starts `replyshot watch` and returns once it says it is watching (after answering
    /// whatever in the window it had not answered before).
    func startWatcher() throws -> Watcher {
        let log = logs.appendingPathComponent("watch-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = try Fixtures.replyshotBinary()
        process.arguments = [
            "watch", folder.path, "--outbox", outbox.path, "--quiet", "1", "--since", "all", "--app", "com.hinge.Hinge",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.path
        process.environment = environment
        process.standardOutput = Pipe()
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let watcher = Watcher(process: process, log: log)
        XCTAssertTrue(waitFor(60) { watcher.said.contains("Watching ") }, "the watcher starts: \(watcher.said)")
        return watcher
    }

    func sessions(_ state: String? = nil) -> [[String: Any]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: outbox.path)) ?? []
        let all = names.filter { $0.hasSuffix(".json") && $0 != "latest.json" && !$0.hasPrefix(".") }.compactMap {
            name in
            (try? Data(contentsOf: outbox.appendingPathComponent(name))).flatMap {
                try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
            }
        }
        return state.map { wanted in all.filter { $0["state"] as? String == wanted } } ?? all
    }

    func waitFor(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    /// Writes a file in two halves with a pause between, as a slow copy would.
    func writeSlowly(_ source: URL, as name: String) throws {
        let bytes = try Data(contentsOf: source)
        let target = folder.appendingPathComponent(name)
        try bytes.prefix(bytes.count / 2).write(to: target)
        Thread.sleep(forTimeInterval: 0.5)
        let handle = try FileHandle(forWritingTo: target)
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes.suffix(from: bytes.count / 2))
        try handle.close()
    }

    /// Waits for the watcher to finish its analyses and stop on SIGTERM.
    func stop(_ watcher: Watcher) {
        watcher.process.terminate()
        watcher.process.waitUntilExit()
    }

    func testShotsWrittenSlowlyInOneBurstAreOneSession() throws {
        let watcher = try startWatcher()
        defer { if watcher.process.isRunning { stop(watcher) } }
        let sample = Fixtures.samples.appendingPathComponent("hinge-olivia")
        for name in ["IMG_4101.PNG", "IMG_4102.PNG", "IMG_4103.PNG"] {
            try writeSlowly(sample.appendingPathComponent(name), as: name)
        }
        XCTAssertTrue(waitFor(60) { !sessions("ready").isEmpty }, "a ready session appears: \(watcher.said)")
        let latest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: outbox.appendingPathComponent("latest.json")))
                as? [String: Any])
        XCTAssertEqual(latest["state"] as? String, "ready")
        XCTAssertEqual((latest["files"] as? [String])?.sorted(), ["IMG_4101.PNG", "IMG_4102.PNG", "IMG_4103.PNG"])
        XCTAssertEqual((latest["screenshots"] as? [Any])?.count, 3)
        XCTAssertEqual((latest["replies"] as? [Any])?.count, 3)
        XCTAssertGreaterThan(((latest["conversation"] as? [String: Any])?["messages"] as? [Any])?.count ?? 0, 10)
        XCTAssertNotNil(UUID(uuidString: latest["sessionId"] as? String ?? ""))
        XCTAssertEqual(sessions().count, 1, "three screenshots in one burst are one analysis")
    }

    func testACorruptFileIsAnErrorSessionTheNextBurstIsAnsweredAndLatestIsAlwaysWhole() throws {
        let watcher = try startWatcher()
        defer { if watcher.process.isRunning { stop(watcher) } }
        // A reader polling latest.json the whole time must only ever see whole JSON, however
        // often the watcher replaces it.
        let reader = OutboxReader(latest: outbox.appendingPathComponent("latest.json"))
        Thread.detachNewThread { reader.run() }
        try Data("this is not a screenshot".utf8).write(to: folder.appendingPathComponent("IMG_9999.PNG"))
        XCTAssertTrue(waitFor(30) { !sessions("error").isEmpty }, "a corrupt file is an error session")
        XCTAssertTrue(watcher.process.isRunning, "and the watcher lives on")
        try writeSlowly(Fixtures.samples.appendingPathComponent("gmail-offer/IMG_9301.PNG"), as: "IMG_5000.PNG")
        XCTAssertTrue(waitFor(60) { sessions("ready").count == 1 }, "the next burst is answered: \(watcher.said)")
        let (reads, torn) = reader.stop()
        XCTAssertGreaterThan(reads, 10, "latest.json was there to read between the two sessions")
        XCTAssertEqual(torn, 0)
        stop(watcher)
        XCTAssertEqual(watcher.process.terminationStatus, 0, "SIGTERM is a clean stop")
    }

    func testARestartAnswersNothingAnsweredBeforeAndTheHistoryFindsIt() throws {
        let first = try startWatcher()
        defer { if first.process.isRunning { stop(first) } }
        try writeSlowly(Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG"), as: "IMG_4101.PNG")
        XCTAssertTrue(waitFor(60) { sessions("ready").count == 1 }, first.said)
        stop(first)

        // The restarted watcher says it is watching only after the backlog is answered.
        let again = try startWatcher()
        stop(again)
        XCTAssertEqual(sessions().count, 1, "a restart answers nothing it answered before: \(again.said)")
        XCTAssertFalse(again.said.contains("Answering"), again.said)

        let found = try Fixtures.runReplyshot(
            ["history", "--search", "Gerald", "--json"],
            environment: ["XDG_DATA_HOME": data.path, "HOME": data.path]
        ).stdout
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: found) as? [[String: Any]])
        XCTAssertEqual(entries.count, 1, "history search finds the Hinge analysis")
        XCTAssertEqual(entries.first?["title"] as? String, "Olivia")
    }

    func testTheWatcherFollowsItsFolderWhenItIsRemovedAndMadeAgain() throws {
        let watcher = try startWatcher()
        defer { if watcher.process.isRunning { stop(watcher) } }
        try FileManager.default.removeItem(at: folder)
        XCTAssertTrue(waitFor(30) { watcher.said.contains("was removed or moved away") }, watcher.said)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        XCTAssertTrue(waitFor(30) { watcher.said.contains("is back; watching it again") }, watcher.said)
        try writeSlowly(
            Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG"), as: "IMG_4101.PNG")
        XCTAssertTrue(
            waitFor(60) { !sessions("ready").isEmpty }, "a screenshot in the folder made again is answered")
    }
}

/// Reads a file over and over, counting reads that were not whole JSON.
final class OutboxReader: @unchecked Sendable {
    private let latest: URL
    private let lock = NSLock()
    private var running = true, reads = 0, torn = 0

    init(latest: URL) { self.latest = latest }

    func run() {
        while lock.withLock({ running }) {
            if let bytes = try? Data(contentsOf: latest) {
                let whole = (try? JSONSerialization.jsonObject(with: bytes)) != nil
                lock.withLock {
                    reads += 1
                    if !whole { torn += 1 }
                }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    func stop() -> (reads: Int, torn: Int) {
        lock.withLock {
            running = false
            return (reads, torn)
        }
    }
}
