import XCTest

@testable import ReplyShot

/// The watcher as a companion app sees it: a real `replyshot watch` process, files written
/// slowly into its folder, and the outbox read while it works.
final class WatchTests: XCTestCase {
    var folder: URL!
    var outbox: URL!
    var data: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryFolder()
        outbox = try Fixtures.temporaryFolder()
        data = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws {
        for url in [folder, outbox, data] { try? FileManager.default.removeItem(at: url!) }
    }

    func startWatcher(stderr: FileHandle = .nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = Fixtures.repository.appendingPathComponent(".build/debug/replyshot")
        process.arguments = [
            "watch", folder.path, "--outbox", outbox.path, "--quiet", "1", "--since", "all", "--app", "com.hinge.Hinge",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.path
        process.environment = environment
        process.standardOutput = Pipe()
        process.standardError = stderr
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        return process
    }

    func sessions() -> [[String: Any]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: outbox.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "latest.json" && !$0.hasPrefix(".") }.compactMap { name in
            (try? Data(contentsOf: outbox.appendingPathComponent(name))).flatMap {
                try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
            }
        }
    }

    func waitFor(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.2)
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

    func testBurstsErrorsSignalsAndRestarts() throws {
        let watcher = try startWatcher()
        defer { if watcher.isRunning { watcher.terminate() } }
        // A reader polling latest.json the whole time must only ever see whole JSON.
        let reader = OutboxReader(latest: outbox.appendingPathComponent("latest.json"))
        Thread.detachNewThread { reader.run() }
        let sample = Fixtures.samples.appendingPathComponent("hinge-olivia")
        for name in ["IMG_4101.PNG", "IMG_4102.PNG", "IMG_4103.PNG"] {
            try writeSlowly(sample.appendingPathComponent(name), as: name)
            Thread.sleep(forTimeInterval: 0.5)
        }
        XCTAssertTrue(
            waitFor(60) { sessions().contains { $0["state"] as? String == "ready" } }, "a ready session appears")
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

        try Data("this is not a screenshot".utf8).write(to: folder.appendingPathComponent("IMG_9999.PNG"))
        XCTAssertTrue(
            waitFor(30) { sessions().contains { $0["state"] as? String == "error" } },
            "a corrupt file is an error session")
        XCTAssertTrue(watcher.isRunning, "and the watcher lives on")

        try writeSlowly(Fixtures.samples.appendingPathComponent("gmail-offer/IMG_9301.PNG"), as: "IMG_5000.PNG")
        XCTAssertTrue(
            waitFor(60) { sessions().filter { $0["state"] as? String == "ready" }.count == 2 },
            "a second burst is a second session")

        watcher.terminate()  // SIGTERM
        watcher.waitUntilExit()
        XCTAssertEqual(watcher.terminationStatus, 0)
        let (reads, torn) = reader.stop()
        XCTAssertGreaterThan(reads, 10)
        XCTAssertEqual(torn, 0)

        let before = sessions().count
        let again = try startWatcher()
        Thread.sleep(forTimeInterval: 4)
        again.terminate()
        again.waitUntilExit()
        XCTAssertEqual(sessions().count, before, "a restart answers nothing it answered before")

        let found = try Fixtures.runReplyshot(
            ["history", "--search", "Gerald", "--json"],
            environment: ["XDG_DATA_HOME": data.path, "HOME": data.path]
        ).stdout
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: found) as? [[String: Any]])
        XCTAssertEqual(entries.count, 1, "history search finds the Hinge analysis and not the e-mail")
        XCTAssertEqual(entries.first?["title"] as? String, "Olivia")
    }
}

extension WatchTests {
    func testTheWatcherFollowsItsFolderWhenItIsRemovedAndMadeAgain() throws {
        let log = folder.deletingLastPathComponent().appendingPathComponent("watch-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let watcher = try startWatcher(stderr: try FileHandle(forWritingTo: log))
        defer { if watcher.isRunning { watcher.terminate() } }
        try FileManager.default.removeItem(at: folder)
        Thread.sleep(forTimeInterval: 0.5)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        Thread.sleep(forTimeInterval: 0.5)
        try writeSlowly(
            Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG"), as: "IMG_4101.PNG")
        XCTAssertTrue(
            waitFor(60) { sessions().contains { $0["state"] as? String == "ready" } },
            "a screenshot in the folder made again is answered")
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        XCTAssertTrue(said.contains("was removed or moved away"), said)
        XCTAssertTrue(said.contains("is back; watching it again"), said)
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
