import CLeptonica
import XCTest

@testable import ReplyShot

/// The scroll positions `eval --scroll-pairs` cuts from a real screenshot behave as a real
/// scroll: the messages move, the app's bars and what they cast stay.
final class ScrollPairMakerTests: XCTestCase {
    func testABarsShadowMeasuredIntoTheScrollAreaStaysWhereItIsAndTheMessagesMove() throws {
        let width = 400, height = 800
        let pix = try XCTUnwrap(pixCreate(Int32(width), Int32(height), 32))
        var owned: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&owned) }
        func paint(_ y: Int, _ h: Int, _ level: UInt32, x: Int = 0, w: Int? = nil) {
            var box = boxCreate(Int32(x), Int32(y), Int32(w ?? width), Int32(h))
            pixSetInRectArbitrary(pix, box, (level << 24) | (level << 16) | (level << 8))
            boxDestroy(&box)
        }
        paint(0, height, 250)
        paint(0, 80, 60)
        // The header's shadow: six rows fading into the page, paler at the screen's very edge.
        for (step, level) in [205, 215, 228, 239, 245, 248].enumerated() {
            paint(80 + step, 1, UInt32(level))
            paint(80 + step, 1, UInt32(min(250, level + 15)), w: 6)
        }
        paint(300, 60, 120, x: 30, w: 200)
        paint(720, 80, 60)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pairs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("screen.png")
        XCTAssertEqual(pixWritePng(file.path, pix, 0), 0)

        // The truth's scroll area starts right under the bar, on the shadow.
        let pair = try ScrollPairMaker(shift: 0.25).makePair(
            from: file, scrollArea: .init(top: 80, bottom: 720), into: directory)
        XCTAssertEqual(pair.count, 2)
        for (index, shot) in pair.enumerated() {
            let image = try RGBImage(path: FileSystemPath(shot.path), name: shot.lastPathComponent, asStored: true)
            // The shadow is where the bar casts it, in both positions.
            XCTAssertLessThan(image.color(x: width / 2, y: 80).luminance, 220, "shot \(index + 1)")
            // Nowhere below it does a row span the width off the page's colour: the shadow did
            // not travel with the messages.
            for y in 90..<720 {
                let row = stride(from: 0, to: width, by: 10).map { image.color(x: $0, y: y) }
                XCTAssertFalse(
                    row.allSatisfy { $0.distance(to: RGB(r: 250, g: 250, b: 250)) > 5 },
                    "shot \(index + 1), row \(y)")
            }
        }
        // The message moved by a quarter of what scrolls (rows 86 to 720).
        let earlier = try RGBImage(path: FileSystemPath(pair[0].path), name: "earlier", asStored: true)
        XCTAssertLessThan(earlier.color(x: 100, y: 300 + (720 - 86) / 4 + 10).luminance, 150)
        XCTAssertGreaterThan(earlier.color(x: 100, y: 300).luminance, 240)
    }

    /// A desktop window: the list of conversations beside the chat does not scroll with it.
    func testTheListBesideTheChatStaysWhileTheChatScrolls() throws {
        let screen = try ChatPaneTests.paintedDesktopWindow()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pairs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("window.png")
        screen.write(to: file)
        let original = try RGBImage(path: FileSystemPath(file.path), name: "window.png", asStored: true)
        let pair = try ScrollPairMaker(shift: 0.4).makePair(
            from: file, scrollArea: .init(top: 85, bottom: 674), into: directory)
        for shot in pair {
            let image = try RGBImage(path: FileSystemPath(shot.path), name: shot.lastPathComponent, asStored: true)
            // Every contact, its picture and the selected row are where they were.
            for y in stride(from: 85, to: 674, by: 3) {
                for x in [60, 90, 150, 300] {
                    XCTAssertEqual(
                        image.color(x: x, y: y), original.color(x: x, y: y), "\(shot.lastPathComponent) \(x),\(y)")
                }
            }
        }
        // The chat moved: the bubble at the top of the chat is lower in the earlier window.
        let earlier = try RGBImage(path: FileSystemPath(pair[0].path), name: "earlier", asStored: true)
        XCTAssertNotEqual(earlier.color(x: 700, y: 100), original.color(x: 700, y: 100))
    }
}
