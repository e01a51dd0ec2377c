import XCTest

@testable import ReplyShot

/// The HTML pages, opened the way a person opens them: in a browser (headless Chromium).
final class HTMLReportTests: XCTestCase {
    /// Chromium's DOM after it has loaded the page; `make test` installs Chromium (Debian's
    /// `chromium`), so a missing browser is a skip with its reason only outside that.
    func renderedDOM(_ page: URL) throws -> String {
        let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let browser else {
            throw XCTSkip("Chromium is not installed here (make test installs Debian's chromium)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testEvalWritesAPageChromiumRendersWithARowPerConversationAndAlignedTranscripts() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let samples = ["whatsapp-scam", "gmail-offer"].map { Fixtures.samples.appendingPathComponent($0).path }
        let result = try Fixtures.runReplyshot(["eval"] + samples + ["--html", page.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let dom = try renderedDOM(page)
        XCTAssertEqual(
            dom.components(separatedBy: "class=\"summary-row").count - 1, 3, "two conversations and the total")
        let truthCount = try samples.map {
            try TruthFile.load(from: URL(fileURLWithPath: $0).appendingPathComponent("truth.json")).messages.count
        }.reduce(0, +)
        XCTAssertGreaterThanOrEqual(dom.components(separatedBy: "<tr class=\"row ").count - 1, truthCount)
        // Every shot's picture is there, beside the page.
        let pictures = try FileManager.default.subpathsOfDirectory(atPath: HTMLPage.picturesFolder(for: page).path)
            .filter { $0.hasSuffix(".explain.png") }
        XCTAssertEqual(pictures.count, 4)
        XCTAssertTrue(pictures.allSatisfy { dom.contains($0) }, "\(pictures)")
    }

    func testAMissedMessageAndNoiseAreMarked() {
        let truth = [
            TruthMessage(speaker: .them, text: "Are you coming tonight?"), TruthMessage(speaker: .me, text: "Yes!"),
        ]
        let output = [
            Message(speaker: .them, text: "Are you coming tonight?", confidence: 0.9, source: "a"),
            Message(speaker: .unknown, text: "Jan 5 10:51 PM ©", confidence: 0.4, source: "a"),
        ]
        let rows = ConversationEvaluator().align(output: output, truth: truth)
        XCTAssertEqual(rows.map(\.status), [.found, .missed, .noise])
        let html = HTMLReport().evaluation(
            title: "t",
            sections: [
                .init(
                    name: "chat", score: ConversationEvaluator().score(output: output, truth: truth), pictures: [],
                    rows: rows)
            ],
            total: ConversationEvaluator().score(output: output, truth: truth))
        XCTAssertTrue(html.contains("row missed") && html.contains("row noise") && html.contains("row found"))
        XCTAssertTrue(html.contains("Jan 5 10:51 PM ©"))
    }

    func testScreenshotTextIsEscapedInThePage() {
        var report = AnalysisReport(
            screenshots: [], skipped: [],
            app: .init(bundleId: nil, name: "Unknown app", category: "unknown", tone: "casual"),
            conversation: .init(
                title: "<b>Bob</b>",
                messages: [Message(speaker: .them, text: "<script>alert(1)</script>", confidence: 0.9, source: "a")],
                gaps: []),
            risk: .none, prompt: "", replies: [Reply(text: "ok", tone: "casual")], generator: .init(name: "offline"),
            timings: .init())
        report.redactions = [:]
        let html = HTMLReport().analysis(report, pictures: [])
        XCTAssertFalse(html.contains("<script>alert"), "screenshot text is data, never markup")
        XCTAssertTrue(html.contains("&lt;script&gt;"))
    }
}
