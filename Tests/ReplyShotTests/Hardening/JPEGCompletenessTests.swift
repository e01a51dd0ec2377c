import CLeptonica
import XCTest

@testable import ReplyShot

/// Hardening 16 and 24: a JPEG is whole only when its data reaches the end marker, whatever
/// follows it; one cut short is refused in a sentence naming it, not by libjpeg on stderr.
final class JPEGCompletenessTests: XCTestCase {
    func complete(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JPEGCompleteness.isComplete($0) }
    }

    /// A JPEG of a real screen, encoded by Leptonica, baseline or progressive (several scans).
    func encoded(progressive: Bool) throws -> [UInt8] {
        let source = Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG").path
        var pix: UnsafeMutablePointer<PIX>? = try XCTUnwrap(pixRead(source))
        defer { pixDestroy(&pix) }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        XCTAssertEqual(pixWriteMemJpeg(&data, &size, pix, 85, progressive ? 1 : 0), 0)
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    func testAWholeJPEGIsCompleteAndEveryCutOfItIsNot() throws {
        for progressive in [false, true] {
            let whole = try encoded(progressive: progressive)
            XCTAssertTrue(complete(whole), "progressive: \(progressive)")
            for share in [0.1, 0.5, 0.9, 0.999] {
                XCTAssertFalse(
                    complete(Array(whole.prefix(Int(Double(whole.count) * share)))),
                    "cut at \(share), progressive: \(progressive)")
            }
            XCTAssertFalse(complete(Array(whole.dropLast(2))), "all but the end marker")
        }
    }

    func testATrailerAfterTheEndMarkerKeepsAJPEGComplete() throws {
        // Samsung phones append a "SEFT" block after the end marker (samples/real/mattermost-01).
        let real = try [UInt8](
            Data(contentsOf: Fixtures.samples.appendingPathComponent("real/mattermost-01/screen.jpg")))
        XCTAssertTrue(complete(real))
        XCTAssertTrue(complete(try encoded(progressive: false) + Array("SEFH....SEFT".utf8)))
    }

    func testAJPEGCutShortIsAWarningNamingItAndNothingFromTheLibrary() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try encoded(progressive: false)
        let shot = folder.appendingPathComponent("IMG_0002.JPG")
        try Data(whole.prefix(whole.count / 2)).write(to: shot)
        let result = try Fixtures.runReplyshot(["analyze", shot.path, "--format", "json"])
        XCTAssertFalse(result.stderr.contains("Premature end"), result.stderr)
        XCTAssertTrue(result.stderr.contains("IMG_0002.JPG is cut short"), result.stderr)
    }

    func testADamagedJPEGNeverPutsLibjpegsWordsOnStderrWithoutTheFilesName() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var damaged = try encoded(progressive: false)
        // Stuffed 0xFF bytes in the image data: the file's structure stays whole (it is not cut
        // short), but libjpeg stumbles over them ("Corrupt JPEG data: bad Huffman code").
        for offset in stride(from: damaged.count - 3000, to: damaged.count - 2990, by: 2) {
            damaged[offset] = 0xFF
            damaged[offset + 1] = 0x00
        }
        XCTAssertTrue(complete(damaged))
        let shot = folder.appendingPathComponent("IMG_0003.JPG")
        try Data(damaged).write(to: shot)
        let result = try Fixtures.runReplyshot(["analyze", shot.path, "--format", "json"])
        for line in result.stderr.split(separator: "\n") {
            XCTAssertTrue(line.hasPrefix("replyshot:"), "a line on stderr that is not replyshot's: \(line)")
            if line.contains("Corrupt JPEG") { XCTAssertTrue(line.contains("IMG_0003.JPG"), String(line)) }
        }
    }

    func testADamagedPNGNeverPutsLibpngsWordsOnStderrWithoutTheFilesName() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var damaged = try [UInt8](
            Data(contentsOf: Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG")))
        // Scrambled compressed data in the middle; the file still ends with its IEND chunk.
        for offset in damaged.count / 2..<(damaged.count / 2 + 40) {
            damaged[offset] = UInt8((Int(damaged[offset]) * 7 + 13) % 256)
        }
        let shot = folder.appendingPathComponent("IMG_0009.PNG")
        try Data(damaged).write(to: shot)
        let result = try Fixtures.runReplyshot(["analyze", shot.path, "--format", "json"])
        XCTAssertFalse(result.stderr.isEmpty, "the damage is said")
        for line in result.stderr.split(separator: "\n") {
            XCTAssertTrue(line.hasPrefix("replyshot:"), "a line on stderr that is not replyshot's: \(line)")
        }
    }
}
