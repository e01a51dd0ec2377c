import CLeptonica
import XCTest

@testable import ReplyShot

/// A line engine that reads nothing: it finds the bands of dark rows on the image it is
/// given and calls each one a line ("line1", "line2", ...). With it the pipeline's wiring
/// (scan, regions, canvases, reading, stitching, prompting, report) runs without Tesseract.
final class ScriptedLineEngine: LineEngine {
    private(set) var calls = 0
    private var counter = 0
    /// The words of the n-th line found (from 1).
    private let words: (Int) -> String

    init(words: @escaping (Int) -> String = { "line\($0)" }) {
        self.words = words
    }

    func recognize(_ image: LeptonicaPix, layout: TextLayout) -> [OCRLine] {
        calls += 1
        let width = image.width, height = image.height
        var inkRows = [Bool](repeating: false, count: height)
        var minX = [Int](repeating: width, count: height), maxX = [Int](repeating: 0, count: height)
        // Whatever depth the caller enlarged it to, look at it as 8-bit grey.
        guard let grey = pixConvertTo8(image.pointer, 0) else { return [] }
        let owned = LeptonicaPix(grey)
        let data = UnsafeMutableRawPointer(pixGetData(owned.pointer)!).assumingMemoryBound(to: UInt8.self)
        let bytesPerLine = Int(pixGetWpl(owned.pointer)) * 4
        for y in 0..<height {
            let row = data + y * bytesPerLine
            for x in stride(from: 0, to: width, by: 2) where row[LeptonicaPix.byteIndex(x)] < 128 {
                inkRows[y] = true
                minX[y] = min(minX[y], x)
                maxX[y] = max(maxX[y], x)
            }
        }
        var lines: [OCRLine] = []
        var y = 0
        while y < height {
            guard inkRows[y] else {
                y += 1
                continue
            }
            let top = y
            var left = width, right = 0
            while y < height, inkRows[y] {
                left = min(left, minX[y])
                right = max(right, maxX[y])
                y += 1
            }
            guard y - top >= 8 else { continue }
            counter += 1
            let box = PixelRect(x: left, y: top, width: max(1, right - left), height: y - top)
            lines.append(OCRLine(words: [OCRWord(text: words(counter), box: box, confidence: 0.9)], box: box))
        }
        return lines
    }
}

/// A generator that answers at once. Like any generator that does not say otherwise, it is
/// taken to send the conversation off the machine.
struct FixedReplyGenerator: ReplyGenerator {
    let name = "fixed"
    func replies(for request: ReplyRequest) async throws -> [Reply] {
        (1...request.context.count).map { Reply(text: "reply \($0)", tone: request.context.tone) }
    }
}

final class FakeStagesPipelineTests: XCTestCase {
    func testThePipelineRunsEndToEndWithAFakeEngineAndGenerator() async throws {
        let engine = ScriptedLineEngine()
        let recognizer = try RegionScreenRecognizer(options: OCROptions(jobs: 1), engine: { engine })
        let resources = try PromptResources(directory: Fixtures.prompts)
        let pipeline = Pipeline(resources: resources, recognizer: recognizer, generator: FixedReplyGenerator())
        let folder = Fixtures.samples.appendingPathComponent("whatsapp-mum")
        let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
        // Half size, as an older phone takes it: the geometry stays, the pixels to survey drop.
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let shot = scratch.appendingPathComponent("half.png")
        let full = try XCTUnwrap(pixRead(folder.appendingPathComponent(truth.shots[0].file).path))
        var fullPointer: UnsafeMutablePointer<PIX>? = full
        var half = pixScale(full, 0.5, 0.5)
        XCTAssertEqual(pixWritePng(shot.path, half, 0), 0)
        pixDestroy(&fullPointer)
        pixDestroy(&half)
        var options = AnalysisOptions(folder: scratch, window: .everything, count: 2)
        options.inputs = [shot]
        let report = try await pipeline.analyze(options)
        XCTAssertGreaterThan(engine.calls, 0)
        XCTAssertEqual(report.replies.map(\.text), ["reply 1", "reply 2"])
        XCTAssertEqual(report.generator.name, "fixed")
        // The geometry is real even if the words are not: one message per bubble the shot
        // shows whole, each on the side its author's bubbles sit.
        let shown = truth.shots[0].messages.filter { !(truth.shots[0].cutOff ?? []).contains($0) }
        let speakers = report.conversation.messages.filter { $0.kind == .text }.map(\.speaker)
        XCTAssertEqual(speakers.filter { $0 != .unknown }.count, speakers.count, "\(speakers)")
        XCTAssertGreaterThanOrEqual(speakers.count, shown.count - 1)
        XCTAssertLessThanOrEqual(speakers.count, shown.count + 1)
        XCTAssertTrue(report.prompt.contains("line"), "the fake engine's words reach the prompt")
    }
}

final class UnreadableFileWarningTests: XCTestCase {
    func testEachDamagedFileIsWarnedOnceWhicheverStageFoundIt() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Fixtures.samples.appendingPathComponent("whatsapp-mum/IMG_6310.PNG"),
            to: folder.appendingPathComponent("IMG_6310.PNG"))
        // Pixels that do not decode (found by OCR) and a file cut short (found by the scan).
        try Fixtures.png(width: 1170, height: 2532).write(to: folder.appendingPathComponent("IMG_0001.PNG"))
        try Fixtures.png(width: 1170, height: 2532, complete: false).write(
            to: folder.appendingPathComponent("IMG_0002.PNG"))
        final class Said: @unchecked Sendable {
            var warnings: [String] = []
            var progress: [String] = []
        }
        let said = Said()
        let pipeline = Pipeline(
            resources: try PromptResources(directory: Fixtures.prompts),
            recognizer: try RegionScreenRecognizer(options: OCROptions(jobs: 1), engine: { ScriptedLineEngine() }),
            generator: FixedReplyGenerator(), progress: { said.progress.append($0) },
            warn: { said.warnings.append($0) })
        let report = try await pipeline.analyze(AnalysisOptions(folder: folder, window: .everything, limit: 10))
        XCTAssertEqual(report.screenshots.count, 1)
        for name in ["IMG_0001.PNG", "IMG_0002.PNG"] {
            XCTAssertEqual(report.skipped.filter { $0.path.hasSuffix(name) }.map(\.kind), [.unreadable], name)
            XCTAssertEqual(said.warnings.filter { $0.contains(name) }.count, 1, "\(name): \(said.warnings)")
            XCTAssertTrue(said.progress.allSatisfy { !$0.contains(name) }, "\(name): \(said.progress)")
        }
    }
}

final class EmptyWindowTests: XCTestCase {
    func testEveryConversationOfAnEmptyFolderIsOneEmptyReport() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = Pipeline(
            resources: try PromptResources(directory: Fixtures.prompts),
            recognizer: try RegionScreenRecognizer(options: OCROptions(jobs: 1), engine: { ScriptedLineEngine() }),
            generator: FixedReplyGenerator())
        var options = AnalysisOptions(folder: folder, window: .everything)
        options.allConversations = true
        let reports = try await pipeline.analyzeConversations(options)
        XCTAssertEqual(reports.count, 1, "the command prints the last report; there must be one")
        XCTAssertTrue(reports[0].screenshots.isEmpty)
        XCTAssertTrue(reports[0].replies.isEmpty)
    }
}
