import XCTest

@testable import ReplyShot

/// A wallpaper's strokes, drawn near the page's colour, may run from one bubble to the next
/// and join them into one region (ZapZap's rings): two people's messages must stay two.
final class StackedBubbleTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// A warm grey page; the user's green bubble on the right over the other's white bubble on
    /// the left, 16 rows apart; grey wallpaper strokes cross the gap.
    func stackedBubbles(withStrokes: Bool) throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 1000, height: 2000)
        screen.paint(0, 0, 1000, 2000, 247, 245, 243)
        screen.paint(400, 900, 560, 120, 217, 253, 211)
        screen.paint(60, 1036, 540, 120, 255, 255, 255)
        for (top, x) in [(930, 440), (970, 440), (1066, 100), (1106, 100)] {
            // A line of dark "letters" (2-pixel strokes every 7 pixels) in each bubble.
            for column in stride(from: x, to: x + 400, by: 7) { screen.paint(column, top, 2, 24, 40, 40, 40) }
        }
        if withStrokes {
            // Strokes from one bubble to the other, and wallpaper beside them.
            for x in stride(from: 20, to: 990, by: 30) { screen.paint(x, 1000, 3, 56, 190, 190, 188) }
        }
        return screen
    }

    func testBubblesAWallpaperJoinsAreTwoRegions() throws {
        let found = try stackedBubbles(withStrokes: true).regions()
        let bubbles = found.regions.filter { $0.zone == .content && $0.box.height >= 60 }
        let mine = try XCTUnwrap(bubbles.first { $0.box.encloses(PixelRect(x: 440, y: 930, width: 400, height: 64)) })
        let theirs = try XCTUnwrap(
            bubbles.first { $0.box.encloses(PixelRect(x: 100, y: 1066, width: 400, height: 64)) })
        XCTAssertNotEqual(mine.box, theirs.box)
        XCTAssertLessThanOrEqual(mine.box.maxY, 1036)
        XCTAssertGreaterThanOrEqual(theirs.box.y, 1020)
        // Each keeps to its own side.
        XCTAssertGreaterThanOrEqual(mine.box.x, 380)
        XCTAssertLessThanOrEqual(theirs.box.maxX, 620)
    }

    func testOneBubbleRoundABlockOfThePagesColourStaysOne() throws {
        // A reply's quote on the page's colour inside a bubble: one paper above and below it.
        let screen = try PaintedScreen(width: 1000, height: 2000)
        screen.paint(0, 0, 1000, 2000, 247, 245, 243)
        screen.paint(400, 900, 560, 260, 217, 253, 211)
        screen.paint(420, 960, 520, 60, 247, 245, 243)
        for top in [920, 975, 1080] {
            for column in stride(from: 440, to: 840, by: 7) { screen.paint(column, top, 2, 24, 40, 40, 40) }
        }
        let found = try screen.regions()
        XCTAssertTrue(
            found.regions.contains { $0.box.encloses(PixelRect(x: 440, y: 920, width: 400, height: 184)) })
    }

    /// One person's two bubbles, a short one on the right over a long one, drawn so close that
    /// the upper one's shadow fills the gap (or a resize blurred it shut): no row of the page
    /// is left between them.
    func bubblesOfOneColourOverAShadow() throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 1000, height: 2000)
        screen.paint(0, 0, 1000, 2000, 251, 246, 202)
        screen.paint(760, 900, 200, 80, 225, 255, 199)
        screen.paint(60, 986, 900, 110, 225, 255, 199)
        // The shadow, darker under the upper bubble and fading into the lower one.
        screen.paint(760, 980, 200, 3, 208, 204, 168)
        screen.paint(60, 983, 900, 3, 232, 228, 188)
        for (top, x, width) in [(928, 800, 100), (1010, 100, 700), (1052, 100, 500)] {
            for column in stride(from: x, to: x + width, by: 7) { screen.paint(column, top, 2, 24, 40, 40, 40) }
        }
        return screen
    }

    func testOnePersonsBubblesJoinedByAShadowAreTwoRegions() throws {
        let found = try bubblesOfOneColourOverAShadow().regions()
        let bubbles = found.regions.filter { $0.zone == .content && $0.box.height >= 40 }
        let upper = try XCTUnwrap(bubbles.first { $0.box.encloses(PixelRect(x: 800, y: 928, width: 100, height: 24)) })
        let lower = try XCTUnwrap(bubbles.first { $0.box.encloses(PixelRect(x: 100, y: 1010, width: 700, height: 66)) })
        XCTAssertNotEqual(upper.box, lower.box)
        XCTAssertLessThanOrEqual(upper.box.maxY, 986)
        // The short bubble keeps to its own columns.
        XCTAssertGreaterThanOrEqual(upper.box.x, 740)
    }
}
