import Foundation
import PropertyBased
import Testing
import XCTest

@testable import ReplyShot

/// The folder is untrusted input: whatever is in it, replyshot skips what it cannot use with
/// a reason naming the file, reads the rest, exits 0 and changes nothing.
final class HostileFolderTests: XCTestCase {
    func testBadFilesAreSkippedAndGoodOnesUsed() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        let sample = Fixtures.samples.appendingPathComponent("hinge-olivia")
        try Fixtures.restamped(sample.appendingPathComponent("IMG_4101.PNG"), capturedAt: now.addingTimeInterval(-30))
            .write(to: folder.appendingPathComponent("IMG_0001.PNG"))
        // A good screenshot whose name is not valid UTF-8.
        let oddName = Array("IMG_\u{00}".utf8.prefix(4)) + [0xFF, 0xFE] + Array(".PNG".utf8)
        let oddPath = FileSystemPath(folder.path).appending(oddName.map { CChar(bitPattern: $0) })
        let good = try Fixtures.restamped(
            sample.appendingPathComponent("IMG_4102.PNG"), capturedAt: now.addingTimeInterval(-20))
        let descriptor = oddPath.bytes.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        _ = good.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        close(descriptor)
        try Data().write(to: folder.appendingPathComponent("empty.PNG"))
        try Data(contentsOf: sample.appendingPathComponent("IMG_4103.PNG")).prefix(5000).write(
            to: folder.appendingPathComponent("IMG_0002.PNG"))
        try Data("not an image at all".utf8).write(to: folder.appendingPathComponent("IMG_0003.PNG"))
        try Fixtures.png(width: 30000, height: 30000).write(to: folder.appendingPathComponent("IMG_0004.PNG"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop-a.png").path, withDestinationPath: "loop-b.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop-b.png").path, withDestinationPath: "loop-a.png")
        let before = try Fixtures.snapshot(of: folder)

        let result = try Fixtures.runReplyshot([
            "analyze", folder.path, "--since", "10m", "--format", "json", "--no-history",
        ])
        let (data, stderr) = (result.stdout, result.stderr)
        XCTAssertEqual(result.status, 0, stderr)
        let report = try AnalysisReport.decoder().decode(AnalysisReport.self, from: data)
        XCTAssertEqual(report.screenshots.count, 2, "\(report.skipped)")
        XCTAssertTrue(
            report.screenshots.contains { $0.path.contains("\u{FFFD}") },
            "the non-UTF-8 name is read, shown with U+FFFD")
        let reasons = Dictionary(
            report.skipped.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.reason) },
            uniquingKeysWith: { a, _ in a })
        for name in ["empty.PNG", "IMG_0002.PNG", "IMG_0003.PNG", "IMG_0004.PNG", "loop-a.png", "loop-b.png"] {
            XCTAssertFalse(reasons[name, default: ""].isEmpty, "\(name) is skipped with a reason: \(reasons)")
        }
        XCTAssertTrue(reasons["IMG_0004.PNG"]?.contains("30000×30000") ?? false)
        XCTAssertTrue(reasons["loop-a.png"]?.contains("symbolic links") ?? false)
        XCTAssertTrue(stderr.contains("empty.PNG"), "warnings name the file")
        XCTAssertGreaterThan(report.conversation.messages.count, 5)
        XCTAssertEqual(try Fixtures.snapshot(of: folder), before, "the folder is unchanged")
    }

    func testFatalConditionsExitNonZeroWithASentence() throws {
        let missingFolder = try Fixtures.runReplyshot(["analyze", "/nonexistent/replyshot-folder", "--no-history"])
        XCTAssertEqual(missingFolder.status, 66)
        XCTAssertTrue(missingFolder.stderr.contains("does not exist"), missingFolder.stderr)

        let sample = Fixtures.samples.appendingPathComponent("hinge-olivia").path
        let missingLanguage = try Fixtures.runReplyshot([
            "analyze", sample, "--since", "all", "--lang", "xyz", "--no-history",
        ])
        XCTAssertEqual(missingLanguage.status, 69)
        XCTAssertTrue(missingLanguage.stderr.contains("tesseract-ocr-xyz"), missingLanguage.stderr)
    }
}

/// Inputs per property: a short run in CI, a longer one with `make fuzz`.
let fuzzRuns = Int(ProcessInfo.processInfo.environment["REPLYSHOT_FUZZ_RUNS"] ?? "") ?? 400

/// Random and mutated bytes never crash the parsers that read untrusted files.
@Suite struct ParserFuzzProperties {
    @Test func randomBytesNeverCrashTheHeaderReader() async {
        await propertyCheck(count: fuzzRuns, input: Gen.int(in: 0...255).array(of: 0...300)) { values in
            let bytes = values.map { UInt8($0) }
            for prefix in [[UInt8](), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF]] {
                _ = try? ImageHeaderReader().parse(prefix: Data(prefix + bytes), tail: Data())
            }
            _ = ExifReader(tiff: bytes).read()
            _ = ExifReader(tiff: [0x4D, 0x4D, 0x00, 0x2A] + bytes).read()
        }
    }

    @Test func mutatedRealHeadersNeverCrash() async throws {
        let real = [UInt8](
            try Data(contentsOf: Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG")).prefix(2048))
        let jpeg = [UInt8](Fixtures.cameraJPEG())
        await propertyCheck(count: fuzzRuns, input: Gen.int(in: 0...4095).array(of: 1...12), Gen.int(in: 0...255)) {
            positions, value in
            for original in [real, jpeg] {
                var bytes = original
                for position in positions { bytes[position % bytes.count] = UInt8(value) }
                _ = try? ImageHeaderReader().parse(prefix: Data(bytes), tail: Data())
                _ = try? ImageHeaderReader().parse(prefix: Data(bytes.prefix(positions[0] % bytes.count)), tail: Data())
            }
        }
    }

    @Test func randomScreensNeverCrashTheStitchers() async {
        await propertyCheck(count: fuzzRuns / 2, input: Gen.int(in: 0...1_000_000)) { seed in
            var rng = SeededRNG(seed: UInt64(seed))
            let reads = (0..<Int.random(in: 0...5, using: &rng)).map { index in
                ScreenRead(
                    source: "\(index)", title: Bool.random(using: &rng) ? "A" : nil,
                    bubbles: (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                        Bubble(
                            speaker: Speaker.allCases.randomElement(using: &rng)!,
                            text: ["ok", "haha", "", "see you at 8", "x"].randomElement(using: &rng)!,
                            box: PixelRect(
                                x: 0, y: Int.random(in: -50...3000, using: &rng), width: 10,
                                height: Int.random(in: 0...400, using: &rng)),
                            confidence: 0.5, source: "\(index)", isCutOff: Bool.random(using: &rng))
                    },
                    rows: RowSignatures(
                        top: Int.random(in: 0...500, using: &rng),
                        hashes: (0..<Int.random(in: 0...300, using: &rng)).map { _ in
                            UInt64.random(in: 0...3, using: &rng)
                        }))
            }
            for strategy in StitchStrategy.allCases { _ = strategy.makeStitcher().stitch(reads) }
        }
    }
}
