import XCTest

@testable import ReplyShot

/// A doodle wallpaper's filled shapes (stars, dots, hearts) in a colour close to the page's.
final class WallpaperDoodleTests: XCTestCase {
    func testSmallFilledDoodlesBetweenBubblesAreNeitherRegionsNorBridges() throws {
        let screen = try PageBackgroundTests.PaintedScreen(width: 1080, height: 2280)
        screen.paint(0, 0, screen.width, screen.height, 239, 234, 226)
        // Filled doodles, 20 to 30 pixels, a little darker than the page, everywhere.
        for y in stride(from: 300, to: 1900, by: 45) {
            for x in stride(from: 20 + (y / 45 % 2) * 20, to: 1060, by: 60) {
                screen.paint(x, y, 20 + (x / 60) % 11, 20 + (y / 45) % 11, 222, 216, 206)
            }
        }
        // Two white bubbles with dark words, one over the other.
        for (x, y) in [(40, 600), (440, 900)] {
            screen.paint(x, y, 600, 120, 255, 255, 255)
            for word in stride(from: x + 30, to: x + 540, by: 90) { screen.paint(word, y + 45, 60, 24, 30, 30, 30) }
        }
        let found = try screen.regions()
        let content = found.regions.filter { $0.zone == .content }
        // One region a bubble; a doodle right against a bubble may join it, none stands alone.
        XCTAssertEqual(content.count, 2, "\(content.map(\.box))")
        for (region, top) in zip(content.sorted { $0.box.y < $1.box.y }, [600, 900]) {
            XCTAssertLessThanOrEqual(abs(region.box.y - top), 40, "\(region.box)")
            XCTAssertLessThanOrEqual(region.box.height, 120 + 80, "\(region.box)")
        }
    }

    /// aTalk: white bubbles on a grey page, each in a faint shadow two pixels wide, stacked a
    /// few rows apart so that the shadows touch. A shadow is not an outline to keep.
    func testFaintShadowsOfFilledBubblesDoNotJoinThem() throws {
        let screen = try PageBackgroundTests.PaintedScreen(width: 828, height: 1472)
        screen.paint(0, 0, screen.width, screen.height, 181, 194, 202)
        let tops = [300, 420, 540, 660]
        for (index, top) in tops.enumerated() {
            let x = index.isMultiple(of: 2) ? 40 : 300
            screen.paint(x - 2, top - 2, 490, 120, 168, 180, 188)
            screen.paint(x, top, 486, 116, 255, 255, 255)
            for word in stride(from: x + 30, to: x + 420, by: 90) { screen.paint(word, top + 45, 60, 24, 30, 30, 30) }
        }
        let found = try screen.regions()
        let content = found.regions.filter { $0.zone == .content }
        XCTAssertEqual(content.count, tops.count, "\(content.map(\.box))")
        for region in content { XCTAssertLessThanOrEqual(region.box.height, 124, "\(region.box)") }
    }

    /// A bubble drawn as a faint outline on the page's own colour is still one region with its
    /// outline (the rule above must not drop outlines).
    func testAFaintOutlineAroundTextOnThePageStaysTheBubblesEdge() throws {
        let screen = try PageBackgroundTests.PaintedScreen(width: 828, height: 1472)
        screen.paint(0, 0, screen.width, screen.height, 255, 255, 255)
        screen.paint(40, 400, 500, 160, 232, 232, 232)
        screen.paint(42, 402, 496, 156, 255, 255, 255)
        for word in stride(from: 80, to: 480, by: 90) { screen.paint(word, 470, 60, 24, 30, 30, 30) }
        let found = try screen.regions()
        let content = found.regions.filter { $0.zone == .content }
        // The outline's region spans the bubble; the words inside may be regions of their own.
        let outline = try XCTUnwrap(content.first { $0.box.height >= 156 }, "\(content.map(\.box))")
        XCTAssertLessThanOrEqual(abs(outline.box.y - 400), 2, "\(outline.box)")
        for region in content { XCTAssertTrue(outline.box.encloses(region.box), "\(region.box)") }
    }

    /// A WhatsApp clone's 540 px README screenshot: white bubbles on a wallpaper a few levels
    /// darker, so only their words stand out, and a line of them is 10 pixels tall. It is still
    /// a region; on a screen twice as wide a mark that small is a speck.
    func testOnANarrowScreenALineOfSmallWordsIsARegion() throws {
        func contentRegions(width: Int, height: Int) throws -> [TextRegion] {
            let screen = try PageBackgroundTests.PaintedScreen(width: width, height: height)
            screen.paint(0, 0, screen.width, screen.height, 250, 250, 250)
            screen.paint(20, 500, 100, 40, 255, 255, 255)
            for word in [30, 62] { screen.paint(word, 512, 26, 10, 40, 40, 40) }
            return try screen.regions().regions.filter { $0.zone == .content }
        }
        let narrow = try contentRegions(width: 540, height: 1170)
        XCTAssertEqual(narrow.count, 1, "\(narrow.map(\.box))")
        XCTAssertEqual(narrow.first?.box.y, 512)
        XCTAssertEqual(try contentRegions(width: 1080, height: 2340).count, 0)
    }
}
