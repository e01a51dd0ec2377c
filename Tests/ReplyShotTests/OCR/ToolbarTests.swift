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

    func testAMenuButtonOfThinBarsMakesATitleRowAToolbarAboveTheFirstPost() {
        // Maid: "≡" (three flat bars), the title and a button at the right; under it the first
        // post's row (a sender's picture, the name, buttons) reaches both edges too.
        let menu = (0..<3).map { PixelRect(x: 40, y: 150 + $0 * 14, width: 44, height: 5) }
        let title = [
            PixelRect(x: 145, y: 156, width: 167, height: 41), PixelRect(x: 990, y: 145, width: 54, height: 49),
        ]
        let post = [
            PixelRect(x: 26, y: 264, width: 84, height: 83), PixelRect(x: 140, y: 286, width: 105, height: 38),
            PixelRect(x: 1011, y: 293, width: 14, height: 27), PixelRect(x: 900, y: 293, width: 48, height: 29),
        ]
        let items = RegionFinder.toolbarItems(menu + title + post)
        XCTAssertTrue(items.contains(PixelRect(x: 40, y: 150, width: 44, height: 33)))
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: items, fullRows: noBars).contentTop, 250)
        // Without the menu button the post's row was taken for the header.
        XCTAssertEqual(
            RegionFinder().withToolbars(layout, boxes: RegionFinder.toolbarItems(title + post), fullRows: noBars)
                .contentTop, 349)
        // Two flat lines of different widths (an underline and a divider) are no button.
        let lines = [PixelRect(x: 40, y: 150, width: 200, height: 4), PixelRect(x: 40, y: 160, width: 60, height: 4)]
        XCTAssertEqual(RegionFinder.toolbarItems(lines), [])
    }

    func testAMenuButtonWithAShorterLastBarIsOneItem() {
        // Kelivo: "≡" of two bars, the lower one shorter, both starting at one column; the
        // title beside it does not reach the left edge alone.
        let menu = [PixelRect(x: 52, y: 217, width: 46, height: 7), PixelRect(x: 52, y: 239, width: 30, height: 7)]
        let title = [
            PixelRect(x: 159, y: 195, width: 410, height: 41), PixelRect(x: 943, y: 211, width: 46, height: 44),
            PixelRect(x: 1068, y: 205, width: 55, height: 55),
        ]
        let items = RegionFinder.toolbarItems(menu + title)
        XCTAssertTrue(items.contains(PixelRect(x: 52, y: 217, width: 46, height: 29)))
        let top = ScreenLayout(width: 1160, height: 2510, statusBarBottom: 129, contentTop: 129, contentBottom: 2300)
        let flat = [Bool](repeating: false, count: top.height)
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: items, fullRows: flat).contentTop, 262)
    }

    func testAComposerOfThePagesColourAboveANavigationBarEndsTheChatArea() {
        // ChatterUI: the navigation bar is a band of its own colour, the composer above it is
        // drawn on the page: a menu button, the field and the send button.
        var navigation = [Bool](repeating: false, count: 2592)
        for y in 2467..<2592 { navigation[y] = true }
        let above = ScreenLayout(width: 1080, height: 2592, statusBarBottom: 80, contentTop: 250, contentBottom: 2467)
        let composer = [
            PixelRect(x: 40, y: 2350, width: 70, height: 70), PixelRect(x: 140, y: 2335, width: 740, height: 100),
            PixelRect(x: 930, y: 2335, width: 110, height: 100),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(above, boxes: composer, fullRows: navigation).contentBottom, 2333)
        // A picture beside a long bubble there is the last message.
        let message = [
            PixelRect(x: 30, y: 2300, width: 90, height: 90), PixelRect(x: 140, y: 2290, width: 850, height: 150),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(above, boxes: message, fullRows: navigation).contentBottom, 2467)
        // uTox: over the window's own composer bar, the last messages read as a button, a
        // paragraph taller than a tenth of the window and a time; that is no composer.
        let paragraph = [
            PixelRect(x: 40, y: 2360, width: 60, height: 30), PixelRect(x: 130, y: 2160, width: 820, height: 300),
            PixelRect(x: 980, y: 2360, width: 80, height: 30),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(above, boxes: paragraph, fullRows: navigation).contentBottom, 2467)
        // Over a sliver of a phone's frame at the very bottom the row is the composer the
        // layout already ends above.
        var frame = [Bool](repeating: false, count: 2592)
        for y in 2582..<2592 { frame[y] = true }
        let framed = ScreenLayout(width: 1080, height: 2592, statusBarBottom: 80, contentTop: 250, contentBottom: 2582)
        let low = composer.map { PixelRect(x: $0.x, y: $0.y + 120, width: $0.width, height: $0.height) }
        XCTAssertEqual(RegionFinder().withToolbars(framed, boxes: low, fullRows: frame).contentBottom, 2582)
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

    func testAnIconAndATitleWithNothingAtTheRightAreTheHeader() {
        // Commet: the app's icon and the room's name, nothing at the right end; under it a day
        // separator's hairlines and a post whose picture and time reach both edges.
        let top = ScreenLayout(width: 1080, height: 2400, statusBarBottom: 0, contentTop: 0, contentBottom: 2150)
        let screen = [
            PixelRect(x: 25, y: 20, width: 75, height: 75),  // the app's icon
            PixelRect(x: 130, y: 40, width: 160, height: 40),  // the room's name
            PixelRect(x: 50, y: 170, width: 300, height: 3), PixelRect(x: 380, y: 155, width: 320, height: 35),
            PixelRect(x: 730, y: 170, width: 300, height: 3),  // the day separator
            PixelRect(x: 40, y: 250, width: 90, height: 90), PixelRect(x: 160, y: 255, width: 110, height: 40),
            PixelRect(x: 960, y: 255, width: 80, height: 35),  // a post's picture, name and time
        ]
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: screen, fullRows: noBars).contentTop, 97)
        // A bubble beside its sender's picture at the top of a screen without a header is the chat.
        let chat = [
            PixelRect(x: 25, y: 20, width: 90, height: 90), PixelRect(x: 140, y: 10, width: 600, height: 220),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: chat, fullRows: noBars).contentTop, 0)
    }

    func testAnArrowAPictureAndATitleWithNothingAtTheRightAreTheHeaderUnderAStatusBarOfItsOwnColour() {
        // Moxxy: a status bar in a shade of its own, then a header of the page's colour whose
        // right end holds nothing the finder keeps; the conversation's picture is three times
        // the arrow's height.
        var statusBar = [Bool](repeating: false, count: 2560)
        for y in 0..<84 { statusBar[y] = true }
        let top = ScreenLayout(width: 1440, height: 2560, statusBarBottom: 0, contentTop: 84, contentBottom: 2457)
        let header = [
            PixelRect(x: 30, y: 150, width: 40, height: 40),  // back arrow
            PixelRect(x: 110, y: 110, width: 120, height: 120),  // the contact's picture
            PixelRect(x: 260, y: 150, width: 120, height: 50),  // the name
            PixelRect(x: 1300, y: 330, width: 120, height: 120),  // a bubble's first line, lower
        ]
        let found = RegionFinder().withToolbars(top, boxes: header, fullRows: statusBar)
        XCTAssertEqual(found.statusBarBottom, 84)
        XCTAssertEqual(found.contentTop, 232)
        // Below a real app bar (taller than a status bar) the same row is the chat's.
        var appBar = [Bool](repeating: false, count: 2560)
        for y in 0..<200 { appBar[y] = true }
        let barred = ScreenLayout(width: 1440, height: 2560, statusBarBottom: 0, contentTop: 200, contentBottom: 2457)
        let row = header.map { PixelRect(x: $0.x, y: $0.y + 200, width: $0.width, height: $0.height) }
        XCTAssertEqual(RegionFinder().withToolbars(barred, boxes: row, fullRows: appBar).contentTop, 200)
        // A picture beside a bubble at the top of a screen without a header is the chat.
        let chat = [
            PixelRect(x: 30, y: 150, width: 100, height: 100), PixelRect(x: 150, y: 140, width: 500, height: 220),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: chat, fullRows: statusBar).contentTop, 84)
    }

    func testAnArrowBesideAPictureTouchingItsTitleIsTheHeader() {
        // Dialogue: a header of the page's colour, the contact's round picture and name found
        // as one box, nearly three arrows tall, and nothing at the right end.
        let top = ScreenLayout(width: 1080, height: 1920, statusBarBottom: 49, contentTop: 49, contentBottom: 1700)
        let header = [
            PixelRect(x: 54, y: 127, width: 42, height: 41),  // back arrow
            PixelRect(x: 148, y: 92, width: 198, height: 110),  // picture and name
            PixelRect(x: 40, y: 290, width: 500, height: 120),  // the first bubble, lower
        ]
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: header, fullRows: noBars).contentTop, 204)
        // A sender's picture beside a two-line bubble at the top of a chat is the chat.
        let chat = [
            PixelRect(x: 30, y: 100, width: 90, height: 90), PixelRect(x: 140, y: 95, width: 400, height: 200),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: chat, fullRows: noBars).contentTop, 49)
    }

    func testAPictureRightUnderTheStatusBarIsNotPartOfIt() {
        // No header: the status bar's icons are the top row of controls, and the battery's
        // box grew into a photo drawn right under it (a scroll position of a chat).
        let top = ScreenLayout(width: 1080, height: 2400, statusBarBottom: 0, contentTop: 0, contentBottom: 2150)
        let statusBar = [
            PixelRect(x: 20, y: 10, width: 140, height: 40),  // carrier
            PixelRect(x: 470, y: 10, width: 140, height: 40),  // clock
            PixelRect(x: 600, y: 10, width: 460, height: 300),  // battery grown into a photo
        ]
        XCTAssertEqual(RegionFinder().withToolbars(top, boxes: statusBar, fullRows: noBars).contentTop, 52)
    }

    func testAPostAtTheBottomIsNotAComposer() {
        // A profile picture at the left edge, and a line of text that reaches the right edge.
        let post = [
            PixelRect(x: 40, y: 2260, width: 100, height: 100), PixelRect(x: 170, y: 2270, width: 880, height: 40),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: post, fullRows: noBars).contentBottom, 2400)
    }

    func testAPanelReachingBothEdgesIsNotAToolbar() {
        // A mail's body on a card of its own colour, with a reply button floating on it.
        let panel = [
            PixelRect(x: 40, y: 1000, width: 1000, height: 1400), PixelRect(x: 900, y: 2200, width: 140, height: 140),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: panel, fullRows: noBars).contentBottom, 2400)
    }

    func testHairlinesBetweenMessagesOfAThreadAreNotAnInputBar() {
        var dividers = noBars
        for y in [1500, 1800, 2100] { dividers[y] = true }
        let finder = RegionFinder()
        XCTAssertEqual(
            finder.screenLayout(fullRows: dividers, width: 1080, height: 2400, statusBarBottom: 80).contentBottom,
            2400 * 96 / 100)
        // One hairline over the composer is the input bar's edge.
        var composer = noBars
        composer[2200] = true
        XCTAssertEqual(
            finder.screenLayout(fullRows: composer, width: 1080, height: 2400, statusBarBottom: 80).contentBottom, 2200)
    }

    func testAHairlineFarAboveTheInputBarDividesTheMessages() {
        // WeeChat marks the last read line with a hairline across the page; the lines under
        // it, down to the composer's bar, are still messages.
        var rows = noBars
        rows[1800] = true
        for y in 2200..<2400 { rows[y] = true }
        let finder = RegionFinder()
        XCTAssertEqual(
            finder.screenLayout(fullRows: rows, width: 1080, height: 2400, statusBarBottom: 80).contentBottom, 2200)
    }

    func testAHighlightedLineWithMessagesUnderItIsNotTheComposer() {
        // Quaternion shades the line it scrolled to: a band across the page, at three
        // quarters of the height, with a fifth of the screen of messages under it.
        var rows = noBars
        for y in 1850..<1900 { rows[y] = true }
        let finder = RegionFinder()
        XCTAssertEqual(
            finder.screenLayout(fullRows: rows, width: 1080, height: 2400, statusBarBottom: 80).contentBottom,
            2400 * 96 / 100)
        // The same band with a tab bar a tenth of the height under it is the composer.
        for y in 2150..<2400 { rows[y] = true }
        XCTAssertEqual(
            finder.screenLayout(fullRows: rows, width: 1080, height: 2400, statusBarBottom: 80).contentBottom, 1850)
    }

    func testAHairlineUnderAPostIsNotTheEndOfTheHeader() {
        // The app's bar, then a mail thread's first message and the hairline under it.
        var rows = noBars
        for y in 150..<300 { rows[y] = true }
        rows[560] = true
        let layout = ScreenLayout(width: 1080, height: 2400, statusBarBottom: 80, contentTop: 561, contentBottom: 2300)
        let post = [
            PixelRect(x: 40, y: 340, width: 110, height: 110), PixelRect(x: 180, y: 350, width: 860, height: 40),
            PixelRect(x: 180, y: 410, width: 700, height: 40),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: post, fullRows: rows).contentTop, 300)
        // Under a row of controls (a back arrow, a title, a button), the hairline is the header's.
        let controls = [
            PixelRect(x: 30, y: 350, width: 60, height: 60), PixelRect(x: 120, y: 355, width: 400, height: 50),
            PixelRect(x: 990, y: 350, width: 60, height: 60),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(layout, boxes: controls, fullRows: rows).contentTop, 561)
    }

    func testAnAppBarUnderAStatusBarOfThePagesOwnColourIsTheHeader() {
        // Material 3 (Socialite, Deku SMS): the status bar and the app's bar are both drawn in
        // the page's colour, so neither shows as bar rows. The status bar's clock and icons
        // (with the phone's rounded corners beside them) are the first row of controls; the
        // app's bar is the next one: a back arrow, the contact's name over a subtitle, a
        // call button.
        let bare = ScreenLayout(width: 1440, height: 3040, statusBarBottom: 0, contentTop: 0, contentBottom: 2872)
        let statusBar = [
            PixelRect(x: 12, y: 0, width: 90, height: 72), PixelRect(x: 102, y: 27, width: 110, height: 37),
            PixelRect(x: 242, y: 19, width: 50, height: 50), PixelRect(x: 1170, y: 22, width: 120, height: 44),
            PixelRect(x: 1338, y: 0, width: 90, height: 78),
        ]
        let appBar = [
            PixelRect(x: 70, y: 154, width: 56, height: 56),  // back arrow
            PixelRect(x: 257, y: 120, width: 247, height: 49),  // "Emulator"
            PixelRect(x: 254, y: 204, width: 201, height: 43),  // "Secured"
            PixelRect(x: 1324, y: 150, width: 64, height: 64),  // call button
        ]
        let firstBubble = [PixelRect(x: 1218, y: 442, width: 166, height: 139)]
        let flat = [Bool](repeating: false, count: bare.height)
        let found = RegionFinder().withToolbars(bare, boxes: statusBar + appBar + firstBubble, fullRows: flat)
        // The header ends under the subtitle, above the first bubble.
        XCTAssertEqual(found.contentTop, 249)
        // With no app bar under it, the status bar alone is the header.
        XCTAssertEqual(
            RegionFinder().withToolbars(bare, boxes: statusBar + firstBubble, fullRows: flat).contentTop, 80)
    }

    func testAnAppBarUnderAStatusBarWithACameraHoleAndRoundedCornersIsTheHeader() {
        // A Flutter chat cut out of a framed store picture: the status bar is the page's
        // colour, a punch-hole camera in its middle makes it taller than a plain one, and the
        // screen's rounded corners (the frame's colour, from the top edge) reach below its
        // icons. The app's bar under it, a title and a log-out button, is the header.
        let bare = ScreenLayout(width: 1080, height: 2424, statusBarBottom: 0, contentTop: 0, contentBottom: 2300)
        let statusBar = [
            PixelRect(x: 12, y: 0, width: 146, height: 157), PixelRect(x: 922, y: 0, width: 146, height: 157),
            PixelRect(x: 497, y: 44, width: 85, height: 85),  // the camera
            PixelRect(x: 161, y: 54, width: 30, height: 35), PixelRect(x: 815, y: 54, width: 190, height: 34),
        ]
        let appBar = [
            PixelRect(x: 44, y: 175, width: 280, height: 60), PixelRect(x: 990, y: 180, width: 50, height: 50),
        ]
        let firstPost = [
            PixelRect(x: 30, y: 1600, width: 120, height: 120), PixelRect(x: 185, y: 1610, width: 140, height: 40),
        ]
        let flat = [Bool](repeating: false, count: bare.height)
        let found = RegionFinder().withToolbars(bare, boxes: statusBar + appBar + firstPost, fullRows: flat)
        XCTAssertEqual(found.contentTop, 237)
        // Without the camera, icons that far down are no status bar's: the first row is the
        // header and the title row under it is the chat's.
        let plain = statusBar.filter { $0.x != 497 }
        XCTAssertEqual(
            RegionFinder().withToolbars(bare, boxes: plain + appBar + firstPost, fullRows: flat).contentTop, 159)
    }

    func testATallPhonesStatusBarOverATitleBarOfThePagesColourIsNoPartOfTheChat() {
        // A Telegram client on a 20:9 phone, dark: status bar and app bar both in the page's
        // colour, the status bar's icons set lower than a plain one's (4% of the height, a
        // punch hole unseen). Under them the app's bar: a back arrow, the contact's picture,
        // the name over "last seen", the menu button.
        let bare = ScreenLayout(width: 1344, height: 2992, statusBarBottom: 0, contentTop: 0, contentBottom: 2750)
        let statusBar = [
            PixelRect(x: 97, y: 84, width: 110, height: 34),  // clock
            PixelRect(x: 1090, y: 84, width: 160, height: 34),  // icons and battery
        ]
        let appBar = [
            PixelRect(x: 60, y: 276, width: 44, height: 42),  // back arrow
            PixelRect(x: 190, y: 240, width: 92, height: 114),  // picture
            PixelRect(x: 300, y: 252, width: 320, height: 40),  // name
            PixelRect(x: 300, y: 306, width: 330, height: 36),  // "last seen just now"
            PixelRect(x: 1255, y: 276, width: 12, height: 42),  // menu
        ]
        let firstBubble = [PixelRect(x: 1100, y: 672, width: 220, height: 100)]
        let flat = [Bool](repeating: false, count: bare.height)
        let found = RegionFinder().withToolbars(bare, boxes: statusBar + appBar + firstBubble, fullRows: flat)
        XCTAssertEqual(found.contentTop, 356)
        // A picture beside a bubble at the top of the chat is no title bar: the status bar
        // alone is the header.
        let chat = [
            PixelRect(x: 30, y: 240, width: 120, height: 120), PixelRect(x: 170, y: 240, width: 700, height: 200),
        ]
        XCTAssertEqual(RegionFinder().withToolbars(bare, boxes: statusBar + chat, fullRows: flat).contentTop, 120)
    }
}
