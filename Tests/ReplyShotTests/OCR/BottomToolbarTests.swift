import XCTest

@testable import ReplyShot

/// The input bar found as a row of controls at the bottom when no bar colour marks it.
final class BottomToolbarTests: XCTestCase {
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
}
