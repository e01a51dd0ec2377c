import XCTest

@testable import ReplyShot

final class ReportContractTests: XCTestCase {
    func sampleReport() -> AnalysisReport {
        AnalysisReport(
            screenshots: [
                .init(
                    path: "/tmp/IMG_4101.PNG", capturedAt: Date(timeIntervalSince1970: 1_795_295_643), width: 1170,
                    height: 2532)
            ],
            skipped: [
                SkippedFile(
                    path: "/tmp/notes.txt", kind: .notScreenshot, reason: "not a screenshot: not an image file (.txt)")
            ],
            app: .init(bundleId: nil, name: "Unknown app", category: "unknown", tone: "casual"),
            conversation: .init(
                title: nil, messages: [Message(speaker: .them, text: "hi", confidence: 0.9412, source: "IMG_4101.PNG")],
                gaps: [ConversationGap(afterMessage: 0)]),
            risk: .none, prompt: "p", replies: [Reply(text: "hey", tone: "casual")], generator: .init(name: "offline"),
            timings: .init(scanMs: 1, ocrMs: 2, stitchMs: 3, generateMs: 4, totalMs: 10))
    }

    func testKeysAndTypesMatchTheContract() throws {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: try sampleReport().jsonData()) as? [String: Any])
        XCTAssertEqual(object["schemaVersion"] as? Int, 1)
        let shot = try XCTUnwrap((object["screenshots"] as? [[String: Any]])?.first)
        XCTAssertEqual(shot["path"] as? String, "/tmp/IMG_4101.PNG")
        XCTAssertEqual(shot["capturedAt"] as? String, "2026-11-21T21:14:03Z")
        XCTAssertEqual(shot["width"] as? Int, 1170)
        XCTAssertEqual(shot["height"] as? Int, 2532)
        let skipped = try XCTUnwrap((object["skipped"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(skipped.keys), ["path", "kind", "reason"])
        XCTAssertEqual(skipped["kind"] as? String, "not-screenshot", "kinds are spelled for programs, in kebab case")
        let app = try XCTUnwrap(object["app"] as? [String: Any])
        XCTAssertEqual(Set(app.keys), ["bundleId", "name", "category", "tone"])
        XCTAssertTrue(app["bundleId"] is NSNull, "an unknown bundle id is null, not missing")
        let conversation = try XCTUnwrap(object["conversation"] as? [String: Any])
        XCTAssertTrue(conversation["title"] is NSNull)
        let message = try XCTUnwrap((conversation["messages"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(message.keys), ["speaker", "author", "text", "kind", "quote", "confidence", "source"])
        XCTAssertEqual(message["kind"] as? String, "text")
        XCTAssertTrue(message["quote"] is NSNull, "no quote is null, not missing")
        XCTAssertEqual(message["speaker"] as? String, "them")
        XCTAssertTrue(message["author"] is NSNull)
        XCTAssertEqual(message["confidence"] as? Double, 0.94)
        XCTAssertEqual((conversation["gaps"] as? [[String: Any]])?.first?["afterMessage"] as? Int, 0)
        let risk = try XCTUnwrap(object["risk"] as? [String: Any])
        XCTAssertEqual(risk["level"] as? String, "none")
        XCTAssertNotNil(risk["categories"] as? [Any])
        XCTAssertNotNil(risk["explanation"] as? String)
        XCTAssertNotNil(object["prompt"] as? String)
        XCTAssertEqual((object["replies"] as? [[String: Any]])?.first?["tone"] as? String, "casual")
        XCTAssertEqual((object["generator"] as? [String: Any])?["name"] as? String, "offline")
        let timings = try XCTUnwrap(object["timings"] as? [String: Any])
        XCTAssertEqual(Set(timings.keys), ["scanMs", "ocrMs", "stitchMs", "generateMs", "totalMs"])
    }

    func testReportRoundTrips() throws {
        let report = sampleReport()
        var decoded = try AnalysisReport.decoder().decode(AnalysisReport.self, from: report.jsonData())
        decoded.conversation.messages[0].confidence = report.conversation.messages[0].confidence
        XCTAssertEqual(decoded, report)
    }

    func testAtomicWriteLeavesNoPartialFileOnFailure() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report.json")
        try AtomicFileWriter.write(Data("one".utf8), to: target)
        try AtomicFileWriter.write(Data("two".utf8), to: target)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "two")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["report.json"])
        let missing = folder.appendingPathComponent("no/such/dir/report.json")
        XCTAssertThrowsError(try AtomicFileWriter.write(Data("x".utf8), to: missing)) { error in
            XCTAssertTrue(error is OutputError)
        }
    }
}
