import XCTest

@testable import ReplyShot

/// The header and the input bar found as rows of controls at the top and the bottom when no
/// bar colour marks them.
final class ToolbarTests: XCTestCase {
    let layout = ScreenLayout(width: 1080, height: 2400, statusBarBottom: 80, contentTop: 250, contentBottom: 2400)
    let noBars = [Bool](repeating: false, count: 2400)

    func testAComposerRowOfButtonsEndsTheChatArea() {
        let composer = [
            PixelRect(x: 20, y: 2250, width: 90, height: 90),  // emoji button
            PixelRect(x: 150, y: 2250, width: 700, height: 90),  // the field
            PixelRect(x: 960, y: 2250, width: 90, height: 90),  // microphone
        ]
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: composer, fullRows: noBars).contentBottom, 2248)
        // A field that starts at the edge itself, as tall as the send button.
        let field = [
            PixelRect(x: 20, y: 2250, width: 880, height: 100), PixelRect(x: 940, y: 2250, width: 110, height: 110),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: field, fullRows: noBars).contentBottom, 2248)
    }

    func testALineOfTextBesideAFloatingButtonIsThePageGoingOn() {
        // A mail's paragraph runs on under the compose button (Tutanota): no input bar there.
        let page = [
            PixelRect(x: 40, y: 2260, width: 600, height: 50),
            PixelRect(x: 900, y: 2230, width: 140, height: 140),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: page, fullRows: noBars).contentBottom, 2400)
    }

    func testAHeaderRowEndsUnderItsTallestItem() {
        let header = [
            PixelRect(x: 20, y: 100, width: 60, height: 60),  // back arrow
            PixelRect(x: 100, y: 90, width: 100, height: 100),  // avatar
            PixelRect(x: 220, y: 110, width: 300, height: 50),  // name
            PixelRect(x: 980, y: 100, width: 60, height: 60),  // call button
        ]
        let top = ScreenLayout(width: 1080, height: 2400, statusBarBottom: 80, contentTop: 80, contentBottom: 2150)
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: header, fullRows: noBars).contentTop, 192)
    }

    func testAPictureRightUnderTheStatusBarIsNotPartOfIt() {
        // No header: the status bar's icons are the top row of controls, and the battery's
        // box grew into a photo drawn right under it (a scroll position of a chat).
        let top = ScreenLayout(width: 1080, height: 2400, statusBarBottom: 0, contentTop: 0, contentBottom: 2150)
        let statusBar = [
            PixelRect(x: 20, y: 10, width: 140, height: 40),  // carrier
            PixelRect(x: 470, y: 10, width: 140, height: 40),  // clock
            PixelRect(x: 600, y: 10, width: 460, height: 600),  // battery grown into a photo
        ]
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: statusBar, fullRows: noBars).contentTop, 52)
    }
}
