import XCTest

@testable import ReplyShot

/// Chats whose page is a picture (Telegram's shaded wallpaper with doodles over it, a photo
/// set as the background): no one colour to tell bubbles from, so they are found by what is
/// flat on it.
final class PicturePageTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// A shading from one corner to the other, in blocks of 6 pixels, with a doodle every
    /// 90 pixels: no colour covers much of any margin.
    func paintPicture(_ screen: PaintedScreen, rows: Range<Int>) {
        for y in stride(from: rows.lowerBound, to: rows.upperBound, by: 6) {
            for x in stride(from: 0, to: screen.width, by: 6) {
                let t = UInt32((x + y) * 120 / (screen.width + screen.height))
                screen.paint(x, y, 6, min(6, rows.upperBound - y), 150 + t, 200 - t / 3, 120 + t / 2)
            }
        }
        for y in stride(from: rows.lowerBound + 20, to: rows.upperBound - 30, by: 90) {
            for x in stride(from: 10 + (y / 90 % 2) * 40, to: screen.width - 30, by: 90) {
                screen.paint(x, y, 24, 3, 110, 150, 100)
                screen.paint(x + 10, y - 10, 3, 24, 110, 150, 100)
            }
        }
    }

    /// A bubble with rows of dark words in it.
    func paintBubble(_ screen: PaintedScreen, x: Int, y: Int, width: Int, rows: Int, fill: (UInt32, UInt32, UInt32)) {
        screen.paint(x, y, width, 40 + rows * 60, fill.0, fill.1, fill.2)
        for row in 0..<rows {
            for word in stride(from: x + 30, to: x + width - 90, by: 100) {
                screen.paint(word, y + 30 + row * 60, 70, 30, 30, 30, 30)
            }
        }
    }

    func testBubblesOnAShadedDoodleWallpaperAreFoundEachAsItsOwnRegion() throws {
        let screen = try PaintedScreen(width: 1080, height: 2340)
        screen.paint(0, 0, 1080, 230, 81, 125, 162)
        for x in [60, 200, 300] { screen.paint(x, 120, 80, 40, 255, 255, 255) }
        paintPicture(screen, rows: 230..<2200)
        screen.paint(0, 2200, 1080, 140, 255, 255, 255)
        screen.paint(150, 2250, 200, 30, 150, 160, 170)
        let bubbles = [
            (x: 30, y: 1200, width: 720, rows: 2, fill: (UInt32(255), UInt32(255), UInt32(255))),
            (x: 420, y: 1420, width: 620, rows: 1, fill: (239, 253, 222)),
            (x: 30, y: 1580, width: 560, rows: 3, fill: (255, 255, 255)),
            (x: 330, y: 1860, width: 710, rows: 2, fill: (239, 253, 222)),
        ]
        for bubble in bubbles {
            paintBubble(screen, x: bubble.x, y: bubble.y, width: bubble.width, rows: bubble.rows, fill: bubble.fill)
        }
        let found = try screen.regions()
        // The bars are the header and the composer, not the picture between them.
        XCTAssertEqual(found.layout.contentTop, 230, accuracy: 4)
        XCTAssertEqual(found.layout.contentBottom, 2200, accuracy: 4)
        let content = found.regions.filter { $0.zone == .content }.sorted { $0.box.y < $1.box.y }
        XCTAssertEqual(content.count, bubbles.count, "\(content.map(\.box))")
        for (region, bubble) in zip(content, bubbles) {
            XCTAssertTrue(region.isFilled)
            XCTAssertEqual(region.box.x, bubble.x, accuracy: 3, "\(region.box)")
            XCTAssertEqual(region.box.y, bubble.y, accuracy: 3, "\(region.box)")
            XCTAssertEqual(region.box.width, bubble.width, accuracy: 6, "\(region.box)")
            XCTAssertEqual(region.box.height, 40 + bubble.rows * 60, accuracy: 6, "\(region.box)")
        }
    }

    func testAFlatStretchOfThePictureReachingTheScreensSideIsNoBubble() throws {
        // A photo's sky: one flat colour from the screen's right edge inwards, under the header.
        let screen = try PaintedScreen(width: 1080, height: 2340)
        screen.paint(0, 0, 1080, 230, 81, 125, 162)
        paintPicture(screen, rows: 230..<2200)
        screen.paint(600, 300, 480, 300, 236, 240, 244)
        screen.paint(0, 2200, 1080, 140, 255, 255, 255)
        paintBubble(screen, x: 30, y: 1200, width: 720, rows: 2, fill: (255, 255, 255))
        let found = try screen.regions()
        let content = found.regions.filter { $0.zone == .content }
        XCTAssertEqual(content.map(\.box.y), [1200], "\(content.map(\.box))")
    }

    func testAFlatPageUnderDoodlesIsNoPicture() throws {
        // WhatsApp's doodles on one colour: the margins still show the page's colour most.
        let screen = try PaintedScreen(width: 1080, height: 2340)
        screen.paint(0, 0, 1080, 2340, 239, 234, 226)
        for y in stride(from: 300, to: 2100, by: 90) {
            for x in stride(from: 10, to: 1050, by: 90) { screen.paint(x, y, 24, 24, 222, 216, 206) }
        }
        XCTAssertFalse(try screen.regions().layout.pageIsPicture)
    }
}
