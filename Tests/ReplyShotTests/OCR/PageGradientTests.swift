import XCTest

@testable import ReplyShot

/// A page whose colour fades down the screen into a flat page (an assistant app's purple that
/// darkens to black) is painted flat before regions are looked for; a flat bar, and a photo
/// wallpaper that fades into more photo, are left as they are.
final class PageGradientTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// Rows 0 to `fadeEnd` fade from a purple to black, row by row; black below.
    private func fadingScreen(fadeEnd: Int = 700) throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 600, height: 1200)
        screen.paint(0, 0, screen.width, screen.height, 0, 0, 0)
        for y in 0..<fadeEnd {
            let left = Double(fadeEnd - y) / Double(fadeEnd)
            screen.paint(0, y, screen.width, 1, UInt32(60 * left), UInt32(50 * left), UInt32(140 * left))
        }
        return screen
    }

    func testBubblesOnAFadeIntoAFlatPageAreFoundEachOnItsOwn() throws {
        let screen = try fadingScreen()
        // A grey bubble and a purple one on the fade, a grey one on the flat page below.
        screen.paint(20, 200, 360, 70, 58, 58, 62)
        screen.paint(260, 380, 320, 70, 110, 95, 250)
        screen.paint(20, 900, 360, 70, 58, 58, 62)
        let image = try screen.image()
        let before = RegionFinder().find(in: image).regions.filter { $0.zone == .content && $0.isFilled }
        PageGradient().flatten(image)
        // The fade between the bubbles is the flat page now; the bubbles keep their colours.
        XCTAssertEqual(image.color(x: 300, y: 100), RGB(r: 0, g: 0, b: 0))
        XCTAssertEqual(image.color(x: 500, y: 300), RGB(r: 0, g: 0, b: 0))
        XCTAssertEqual(image.color(x: 100, y: 230), RGB(r: 58, g: 58, b: 62))
        XCTAssertEqual(image.color(x: 400, y: 410), RGB(r: 110, g: 95, b: 250))
        let bubbles = RegionFinder().find(in: image).regions.filter { $0.zone == .content && $0.isFilled }
        XCTAssertEqual(bubbles.count, 3, "\(bubbles.map(\.box))")
        XCTAssertLessThan(before.count, 3, "the fade hid nothing to begin with: \(before.map(\.box))")
    }

    func testAFlatBarAndAFlatPageAreLeftAsTheyAre() throws {
        let screen = try PaintedScreen(width: 600, height: 1200)
        screen.paint(0, 0, screen.width, screen.height, 255, 255, 255)
        screen.paint(0, 0, screen.width, 140, 30, 90, 200)
        screen.paint(20, 300, 360, 70, 230, 230, 230)
        let image = try screen.image()
        PageGradient().flatten(image)
        XCTAssertEqual(image.color(x: 300, y: 70), RGB(r: 30, g: 90, b: 200))
        XCTAssertEqual(image.color(x: 300, y: 600), RGB(r: 255, g: 255, b: 255))
        XCTAssertEqual(image.color(x: 100, y: 330), RGB(r: 230, g: 230, b: 230))
    }

    func testAFadeThatEndsInMoreFadeIsNoPage() throws {
        // A photo wallpaper's sky: it fades one way down to the middle and back the other
        // way, never into a flat page; what it shows is the photo's, not a page's.
        let screen = try fadingScreen(fadeEnd: 600)
        for y in 600..<1200 {
            let level = UInt32(Double(y - 600) / 600 * 120)
            screen.paint(0, y, screen.width, 1, level, level / 2, 20)
        }
        let image = try screen.image()
        let sample = image.color(x: 300, y: 300)
        PageGradient().flatten(image)
        XCTAssertEqual(image.color(x: 300, y: 300), sample)
    }
}
