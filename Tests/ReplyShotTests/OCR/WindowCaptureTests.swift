import XCTest

@testable import ReplyShot

/// A desktop app captured as a window: the window on a transparent margin with its shadow.
final class WindowCaptureTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// uTox captured on macOS: a dark window, its shadow fading out to nothing around it.
    static func capturedWindow() throws -> PaintedScreen {
        let picture = try PaintedScreen(width: 1125, height: 742, withAlpha: true)
        picture.paint(0, 0, 1125, 742, 0, 0, 0, alpha: 0)
        for step in 0..<24 {
            let alpha = UInt32(6 + step * 5)
            let inset = 24 - step
            picture.paint(56 - inset, 32 - inset, 1013 + 2 * inset, 630 + 2 * inset, 0, 0, 0, alpha: alpha)
        }
        picture.paint(56, 32, 1013, 630, 51, 51, 51, alpha: 255)
        picture.paint(56, 32, 254, 630, 34, 34, 34, alpha: 255)
        picture.paint(500, 200, 300, 40, 230, 230, 230, alpha: 255)
        return picture
    }

    func testOnlyTheWindowOfAWindowCaptureIsRead() throws {
        let image = try Self.capturedWindow().image()
        XCTAssertEqual(image.width, 1013)
        XCTAssertEqual(image.height, 630)
        XCTAssertEqual(image.windowOrigin.x, 56)
        XCTAssertEqual(image.windowOrigin.y, 32)
        // The window's own pixels, not the black of the transparent margin, are at its corner.
        XCTAssertEqual(image.color(x: 0, y: 0), RGB(r: 34, g: 34, b: 34))
        XCTAssertEqual(image.color(x: 1012, y: 629), RGB(r: 51, g: 51, b: 51))
        // The pixels as stored are the window's too: the truth's coordinates are moved by its origin.
        XCTAssertEqual(try Self.capturedWindow().image(asStored: true).width, 1013)
    }

    /// A phone's screenshot with its rounded corners cut out is the whole screen.
    func testAScreenWithTransparentRoundedCornersIsReadWhole() throws {
        let picture = try PaintedScreen(width: 1080, height: 2400, withAlpha: true)
        picture.paint(0, 0, 1080, 2400, 255, 255, 255, alpha: 255)
        for (x, y) in [(0, 0), (1050, 0), (0, 2370), (1050, 2370)] {
            picture.paint(x, y, 30, 30, 0, 0, 0, alpha: 0)
        }
        let image = try picture.image()
        XCTAssertEqual(image.width, 1080)
        XCTAssertEqual(image.height, 2400)
        XCTAssertEqual(image.windowOrigin.x, 0)
    }

    /// Without transparent corners (an opaque screenshot with an alpha channel) nothing is cut.
    func testAnOpaquePictureIsReadWhole() throws {
        let picture = try PaintedScreen(width: 800, height: 600, withAlpha: true)
        picture.paint(0, 0, 800, 600, 20, 20, 20, alpha: 255)
        picture.paint(100, 100, 600, 400, 200, 200, 200, alpha: 255)
        XCTAssertEqual(try picture.image().width, 800)
    }
}
