import Foundation
import XCTest

@testable import ReplyShot

/// Hardening 16 (names): a PNG whose name is not UTF-8, written in two parts, is waited for
/// like any other; the check and the watch go by the stored bytes, not a decoded name.
final class RawFileNameTests: XCTestCase {
    /// "IMG_", two bytes that are not UTF-8 (Latin-1 "ÿþ"), ".png".
    let rawName = FileName(
        bytes: Array("IMG_".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE)]
            + Array(".png".utf8CString))

    func store(_ data: Data, to path: FileSystemPath, appending: Bool = false) throws {
        let flags = O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC)
        let descriptor = path.bytes.withUnsafeBufferPointer { open($0.baseAddress!, flags, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress!, data.count) }
    }

    func testAHalfWrittenPNGWithANameThatIsNotUTF8IsWaitedFor() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Data(contentsOf: Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG"))
        let path = FileSystemPath(folder.path).appending(rawName)
        XCTAssertTrue(rawName.display.contains("\u{FFFD}"), "the name really is not UTF-8")
        try store(png.prefix(png.count * 4 / 10), to: path)
        XCTAssertTrue(WatchService.isStillBeingWritten(path), "40% of a PNG is still being written")
        try store(png.dropFirst(png.count * 4 / 10), to: path, appending: true)
        XCTAssertFalse(WatchService.isStillBeingWritten(path), "the whole PNG is ready")
        XCTAssertEqual(FileSystemPath(folder.path).entries(), [rawName], "the listing keeps the stored bytes")
    }

    #if os(Linux)
        func testTheWatchReportsTheStoredBytesOfAName() throws {
            let folder = try Fixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let events = try FolderWatcher.make(folder: folder)
            try store(Data("x".utf8), to: FileSystemPath(folder.path).appending(rawName))
            var seen: [FileName] = []
            for _ in 0..<20 where seen.isEmpty { seen = events.wait(timeout: 0.25) }
            XCTAssertEqual(seen, [rawName])
        }
    #endif
}
