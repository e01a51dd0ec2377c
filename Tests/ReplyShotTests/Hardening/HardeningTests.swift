import CLeptonica
import XCTest

@testable import ReplyShot

/// Faults an attack on the tool found (issue "Hardening"); each test failed before its fix.
final class HardeningTests: XCTestCase {
    /// Fault 5: pruning the outbox deleted every `*.json`, including the user's own files.
    func testOutboxPruningKeepsFilesReplyshotDidNotWrite() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<60 {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(String(format: "my-notes-%02d.json", index)))
        }
        let outbox = try Outbox(directory: folder, keep: 5)
        var sessions: [String] = []
        for index in 0..<8 {
            let id = UUID().uuidString
            sessions.append(id)
            try outbox.publish(
                sessionId: id, state: .error, files: ["IMG_\(index).PNG"], message: "x",
                at: Date(timeIntervalSince1970: Double(index)))
        }
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        XCTAssertEqual(names.filter { $0.hasPrefix("my-notes-") }.count, 60, "the user's files stay")
        XCTAssertEqual(
            names.filter { Outbox.isSessionFileName($0) }.count, 5, "replyshot's own sessions are pruned to --keep")
        XCTAssertTrue(names.contains("latest.json"))
    }

    /// Fault 11: model replies, file names and error bodies reached the terminal raw.
    func testTerminalControlsNeverReachTheScreenOrTheHistory() {
        let hostile = "ok\u{1B}]0;pwned\u{07}\u{1B}[2J\nreplyshot: error: forged\u{202E}txt.exe\u{8}\u{9B}31m"
        let clean = DisplaySafeText.clean(hostile)
        XCTAssertFalse(
            clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E },
            clean)
        XCTAssertTrue(clean.contains("forged"), "the visible text stays")
        let replies = ReplyCleaner().replies(
            from: "\u{1B}[31mSure!\u{1B}[0m\nSounds good\u{07}\nSee you", tone: "casual", count: 3)
        XCTAssertFalse(
            replies.contains { $0.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } }, "\(replies)")
        let report = AnalysisReport(
            screenshots: [], skipped: [],
            app: .init(bundleId: nil, name: "Unknown app", category: "unknown", tone: "casual"),
            conversation: .init(
                title: "Evil\u{1B}]0;title\u{07}",
                messages: [
                    Message(
                        speaker: .them, author: "\u{1B}[1mBob", text: "hi\u{9B}2J", confidence: 0.9, source: "a.png")
                ],
                gaps: []),
            risk: .none, prompt: "", replies: [Reply(text: "hi\u{1B}[2J", tone: "casual")],
            generator: .init(name: "offline"),
            timings: .init())
        let text = TextReportRenderer(useColor: false).render(report)
        XCTAssertFalse(text.contains("\u{1B}"), text)
    }

    /// Fault 18: a stdout write error was a crash (SIGILL, status 132).
    func testAFullDiskOnStdoutIsExit73WithASentence() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else {
            return XCTFail("this test needs /dev/full (Linux)")
        }
        let result = try Fixtures.runReplyshot(["apps"], stdout: FileHandle(forWritingAtPath: "/dev/full"))
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("standard output"), result.stderr)
    }

    /// Fault 7: a reply command that exits without reading a large prompt killed replyshot
    /// with SIGPIPE (status 141, no message).
    func testACommandThatIgnoresItsInputIsAGeneratorError() throws {
        let shot = Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG")
        let result = try Fixtures.runReplyshot([
            "analyze", shot.path, "--generator", "command", "--command", "true",
            "--style", String(repeating: "x", count: 120_000), "--no-history",
        ])
        XCTAssertEqual(result.status, 69, result.stderr)
        let fallback = try Fixtures.runReplyshot([
            "analyze", shot.path, "--generator", "command", "--command", "true",
            "--style", String(repeating: "x", count: 120_000), "--fallback", "offline",
            "--no-history",
        ])
        XCTAssertEqual(fallback.status, 0, fallback.stderr)
    }

    /// Fault 20: config values skipped the flags' validation.
    func testConfigValuesAreValidatedLikeFlags() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG")
        for (line, key) in [
            ("count = -3", "count"), ("count = 0", "count"), ("count = 1000", "count"), ("timeout = -5", "timeout"),
        ] {
            let config = folder.appendingPathComponent("config.toml")
            try Data((line + "\n").utf8).write(to: config)
            let result = try Fixtures.runReplyshot(["analyze", shot.path, "--config", config.path, "--no-history"])
            XCTAssertEqual(result.status, 78, "\(line): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(key) && result.stderr.contains(config.path), result.stderr)
        }
        let flag = try Fixtures.runReplyshot(["analyze", shot.path, "--count", "0", "--no-history"])
        XCTAssertEqual(flag.status, 64, flag.stderr)
    }

    /// Fault 21: 40 000 unknown keys took 9 s and gave a 389 KB message.
    func testManyUnknownConfigKeysGetAShortSentence() throws {
        let toml = (0..<40_000).map { "stray_key_\($0) = \($0)" }.joined(separator: "\n") + "\ncount = 3\n"
        XCTAssertThrowsError(try ReplyShotConfig(toml: toml, file: "config.toml")) { error in
            let message = (error as? LocalizedError)?.errorDescription ?? ""
            XCTAssertLessThan(message.count, 400, message)
            XCTAssertTrue(message.contains("and 39995 more"), message)
            XCTAssertTrue(message.contains("config.toml"), message)
        }
        XCTAssertEqual(try ReplyShotConfig(toml: "count = 4\n[tones]\ndating = \"funny\"\n", file: "c").count, 4)
    }

    /// Fault 22: a config that is a symbolic link loop was "missing" (or silently ignored).
    func testAConfigSymlinkLoopIsSaidForWhatItIs() throws {
        let home = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("replyshot")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config.toml")
        try FileManager.default.createSymbolicLink(atPath: config.path, withDestinationPath: config.path)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = home.path
        for arguments in [["config"], ["config", "--config", config.path]] {
            let result = try Fixtures.runReplyshot(arguments, environment: environment)
            XCTAssertEqual(result.status, 78, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("symbolic link"), result.stderr)
            XCTAssertTrue(result.stderr.contains(config.path), result.stderr)
        }
    }
}

final class ReplacedFileTests: XCTestCase {
    /// Fault 1: a screenshot replaced (by rename) between the survey and the reading was
    /// painted with the old survey's regions: heap corruption. It is now skipped with a reason.
    func testASurveyIsNeverAppliedToAFileThatChangedSize() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("IMG_0001.PNG")
        try Data(contentsOf: Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG")).write(to: file)
        let shot = try FolderLibrary(folder: folder).namedScreenshot(FileSystemPath(file.path))
        let survey = RegionFinder().find(in: try RGBImage(path: shot.path, name: shot.fileName))
        // A real, decodable 1×1 picture takes its place.
        var tiny = pixCreate(1, 1, 32)
        XCTAssertEqual(pixWritePng(file.path, tiny, 0), 0)
        pixDestroy(&tiny)
        let recognizer = try RegionScreenRecognizer(options: OCROptions(jobs: 1), engine: { ScriptedLineEngine() })
        XCTAssertThrowsError(try recognizer.read(shot, survey: survey, seenEarlier: nil)) { error in
            XCTAssertEqual(error as? ImageDecodeError, .changedWhileRead("IMG_0001.PNG"))
        }
    }
}

/// Hardening fault 6: opening a FIFO waits for a writer, and wedged the scan and the watcher.
final class FIFOTests: XCTestCase {
    func testAFIFONamedLikeAScreenshotIsRefusedWithoutWaiting() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("IMG_0001.PNG")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        try Fixtures.png(width: 1170, height: 2532, xmp: Fixtures.xmp(screenshot: true, created: Date()))
            .write(to: folder.appendingPathComponent("IMG_0002.PNG"))
        final class Outcome: @unchecked Sendable {
            var scan: ScanResult?
            var header: Error?
        }
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome.scan = try? FolderLibrary(folder: folder).recentScreenshots(
                window: .everything, limit: 10, now: Date())
            // What the watcher asks of a file before analysing it: is it whole yet?
            do { _ = try ImageHeaderReader().read(path: FileSystemPath(fifo.path)) } catch { outcome.header = error }
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success, "nothing may wait for a writer")
        let scan = try XCTUnwrap(outcome.scan)
        XCTAssertEqual(scan.screenshots.map(\.fileName), ["IMG_0002.PNG"])
        let reason = scan.skipped.first { $0.path.hasSuffix("IMG_0001.PNG") }?.reason ?? ""
        XCTAssertTrue(reason.contains("not a regular file"), "\(scan.skipped)")
        XCTAssertEqual(outcome.header as? FileReadError, .notRegular)
    }
}

/// Hardening fault 19: a session left `processing` by a killed run stayed so forever.
final class InterruptedSessionTests: XCTestCase {
    func testSessionsLeftProcessingBecomeErrorsAndLatestStays() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = try Outbox(directory: folder)
        let stale = UUID().uuidString, done = UUID().uuidString
        try outbox.publish(sessionId: done, state: .error, files: ["a.png"], message: "no text")
        try outbox.publish(sessionId: stale, state: .processing, files: ["b.png"])
        let latestBefore = try Data(contentsOf: folder.appendingPathComponent("latest.json"))

        XCTAssertEqual(outbox.closeInterruptedSessions(), 1)
        func state(_ id: String) throws -> [String: Any] {
            try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("\(id).json")))
                    as? [String: Any])
        }
        XCTAssertEqual(try state(stale)["state"] as? String, "error")
        XCTAssertTrue((try state(stale)["error"] as? String)?.hasPrefix("interrupted") ?? false)
        XCTAssertEqual(try state(done)["error"] as? String, "no text")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("latest.json")), latestBefore)
        XCTAssertEqual(outbox.closeInterruptedSessions(), 0, "once closed, closed")
    }
}

/// Hardening fault 14: the history is a convenience; a finished analysis is never lost to it.
final class WatchHistoryFailureTests: XCTestCase {
    func testAHistoryThatCannotBeWrittenDoesNotThrowAwayTheAnalysis() async throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let shots = scratch.appendingPathComponent("shots"), outbox = scratch.appendingPathComponent("outbox")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.samples.appendingPathComponent("whatsapp-mum/IMG_6310.PNG"),
            to: shots.appendingPathComponent("IMG_6310.PNG"))
        let historyFile = scratch.appendingPathComponent("history.sqlite")
        let history = try AnalysisHistory(url: historyFile)
        // While the watcher runs, something writes garbage over the database.
        let handle = try FileHandle(forWritingTo: historyFile)
        try handle.write(contentsOf: Data(repeating: 0x41, count: 8192))
        try handle.close()

        let engine = ScriptedLineEngine()
        let recognizer = try RegionScreenRecognizer(options: OCROptions(jobs: 1), engine: { engine })
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let pipeline = Pipeline(
            resources: try PromptResources(directory: Fixtures.prompts), recognizer: recognizer,
            generator: FixedReplyGenerator(), history: history, warn: { lines.all.append("warning: \($0)") })
        let service = WatchService(
            pipeline: pipeline, options: AnalysisOptions(folder: shots, window: .everything),
            outbox: try Outbox(directory: outbox), log: { lines.all.append($0) })
        await service.analyze(burst: ["IMG_6310.PNG"])

        let latest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: outbox.appendingPathComponent("latest.json"))) as? [String: Any]
        XCTAssertEqual(latest?["state"] as? String, "ready", "\(lines.all)")
        XCTAssertTrue(lines.all.contains { $0.contains("history") }, "the failure is said: \(lines.all)")
    }
}
