import XCTest

@testable import ReplyShot

/// App layouts: reader thresholds set by name in prompts/layouts.json and chosen per app by
/// the catalog's `layout` key.
final class LayoutProfileTests: XCTestCase {
    func write(_ text: String, to name: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    func testALayoutSetsOnlyTheThresholdsItNamesAndRefusesOnesThatDoNotExist() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try write(
            #"{"layouts": {"strict": {"description": "d", "reading": {"minimumConfidence": 0.8, "maximumQuoteLines": 5}}}}"#,
            to: "good.json", in: folder)
        let book = try LayoutBook(contentsOf: good)
        let strict = try XCTUnwrap(book.tuning(for: "strict"))
        XCTAssertEqual(strict.minimumConfidence, 0.8)
        XCTAssertEqual(strict.maximumQuoteLines, 5)
        XCTAssertEqual(strict.sideMargin, ReadingTuning().sideMargin, "what a layout does not name stays")
        XCTAssertEqual(book.tuning(for: nil), ReadingTuning(), "an app without a layout reads with the defaults")
        XCTAssertNil(book.tuning(for: "missing"))

        for (reading, named) in [(#"{"sideMargn": 0.2}"#, "sideMargn"), (#"{"maximumQuoteLines": 2.5}"#, "wrong kind")]
        {
            let bad = try write(
                #"{"layouts": {"odd": {"description": "d", "reading": \#(reading)}}}"#, to: "bad.json", in: folder)
            XCTAssertThrowsError(try LayoutBook(contentsOf: bad)) { error in
                let sentence = error.localizedDescription
                XCTAssertTrue(
                    error is DataFileError && sentence.contains("bad.json") && sentence.contains(named), sentence)
            }
        }
    }

    func testAnAppNamingALayoutThatDoesNotExistIsACatalogError() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try write(
            #"{"apps": [{"bundleId": "org.example.chat", "name": "Example Chat", "category": "messaging", "layout": "nope"}]}"#,
            to: "apps.json", in: folder)
        XCTAssertThrowsError(try PromptResources(directory: Fixtures.prompts, catalogOverride: catalog)) { error in
            let sentence = error.localizedDescription
            XCTAssertTrue(sentence.contains("Example Chat") && sentence.contains("nope"), sentence)
        }
    }

    func testTheCatalogChoosesTheLayoutAScreenIsReadWith() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prompts = folder.appendingPathComponent("prompts")
        try FileManager.default.copyItem(at: Fixtures.prompts, to: prompts)
        // A layout for an app whose text the engine is never sure enough of.
        _ = try write(
            #"{"layouts": {"default": {"description": "d"}, "picky": {"description": "p", "reading": {"minimumConfidence": 0.95}}}}"#,
            to: "layouts.json", in: prompts)
        let catalog = try write(
            #"{"apps": [{"bundleId": "org.example.picky", "name": "Picky", "category": "messaging", "layout": "picky"}]}"#,
            to: "picky-apps.json", in: folder)
        let pipeline = Pipeline(
            resources: try PromptResources(directory: prompts, catalogOverride: catalog),
            recognizer: try RegionScreenRecognizer(options: OCROptions(jobs: 1), engine: { ScriptedLineEngine() }),
            generator: FixedReplyGenerator())
        let shot = Fixtures.samples.appendingPathComponent("whatsapp-mum/IMG_6310.PNG")
        var texts: [String: Int] = [:]
        for app in ["net.whatsapp.WhatsApp", "org.example.picky"] {
            var options = AnalysisOptions(folder: shot.deletingLastPathComponent(), window: .everything, bundleId: app)
            options.inputs = [shot]
            let report = try await pipeline.analyze(options)
            texts[app] = report.conversation.messages.filter { $0.kind == .text }.count
        }
        XCTAssertGreaterThan(texts["net.whatsapp.WhatsApp"] ?? 0, 2, "the default layout keeps lines read at 0.9")
        XCTAssertEqual(texts["org.example.picky"], 0, "the picky layout drops every line below 0.95")
    }

    func testEveryThresholdALayoutCanSetIsListedWithItsValue() {
        let listed = Dictionary(
            TuningTable.entries().filter { $0.stage == "Read" }.map { ($0.name, $0.value) },
            uniquingKeysWith: { a, _ in a })
        for child in Mirror(reflecting: ReadingTuning()).children {
            let name = child.label ?? "?"
            let value = try? XCTUnwrap(listed[name], "\(name) is missing from `replyshot config --tuning`")
            if let value { XCTAssertTrue(value.hasPrefix("\(child.value)"), "\(name): \(value) vs \(child.value)") }
        }
    }
}
