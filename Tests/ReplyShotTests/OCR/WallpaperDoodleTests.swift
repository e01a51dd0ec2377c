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
}
