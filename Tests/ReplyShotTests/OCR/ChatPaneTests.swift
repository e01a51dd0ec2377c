import XCTest

@testable import ReplyShot

/// A wide window with the list of conversations beside the open chat: the chat is read alone.
final class ChatPaneTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// Briar Desktop's look: a dark window, a bar of icons, a slightly lighter list of contacts
    /// (one of them selected, lighter still) and the chat on the window's own dark grey.
    static func paintedDesktopWindow(listEnd: Int = 335) throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 800, height: 734)
        screen.paint(0, 0, 800, 734, 30, 30, 30)
        screen.paint(0, 0, 58, 734, 40, 40, 40)
        screen.paint(58, 28, listEnd - 58, 706, 42, 42, 42)
        screen.paint(58, 155, listEnd - 58, 68, 90, 90, 90)
        for top in stride(from: 100, to: 560, by: 69) {
            screen.paint(75, top, 40, 40, 200, 120, 160)
            screen.paint(123, top + 5, 120, 14, 220, 220, 220)
            screen.paint(123, top + 26, 90, 10, 180, 180, 180)
            // The hairline between two contacts.
            screen.paint(58, top + 60, listEnd - 58, 1, 60, 60, 60)
        }
        // Bubbles: one on each side of the chat, the left one close to the list.
        screen.paint(655, 92, 125, 52, 25, 100, 190)
        screen.paint(343, 160, 112, 52, 50, 55, 65)
        screen.paint(343, 310, 240, 52, 50, 55, 65)
        return screen
    }

    func paneStart(_ screen: PaintedScreen) throws -> Int? {
        ChatPaneFinder().chatPaneStart(in: try screen.image())
    }

    func testTheChatBeginsWhereTheListOfConversationsEnds() throws {
        let screen = try Self.paintedDesktopWindow()
        let start = try XCTUnwrap(try paneStart(screen))
        XCTAssertTrue((335...340).contains(start), "chat pane from \(start)")
    }

    /// uTox draws the selected contact in the chat's own grey, joined to the chat it opened:
    /// the edge between the list and the chat stops along that row.
    func testASelectedContactInTheChatsColourStillEndsTheList() throws {
        let screen = try Self.paintedDesktopWindow()
        screen.paint(58, 155, 335 - 58, 68, 30, 30, 30)
        let start = try XCTUnwrap(try paneStart(screen))
        XCTAssertTrue((335...340).contains(start), "chat pane from \(start)")
    }

    /// A light window whose list and chat share the page's white, divided by a grey hairline.
    func testAHairlineBetweenTwoWhitePanesDividesThem() throws {
        let screen = try PaintedScreen(width: 1200, height: 900)
        screen.paint(0, 0, 1200, 900, 255, 255, 255)
        screen.paint(360, 0, 1, 900, 225, 225, 225)
        for top in stride(from: 80, to: 860, by: 72) {
            screen.paint(20, top, 44, 44, 120, 170, 220)
            screen.paint(76, top + 6, 200, 14, 30, 30, 30)
        }
        screen.paint(380, 300, 300, 60, 235, 235, 240)
        screen.paint(860, 420, 300, 60, 0, 132, 255)
        let start = try XCTUnwrap(try paneStart(screen))
        XCTAssertTrue((361...364).contains(start), "chat pane from \(start)")
    }

    /// A phone's screen is one pane even with a line down it (a thread's rule, a timeline).
    func testAPhoneScreenIsOnePane() throws {
        let screen = try PaintedScreen(width: 1080, height: 2280)
        screen.paint(0, 0, 1080, 2280, 255, 255, 255)
        screen.paint(300, 0, 2, 2280, 200, 200, 200)
        XCTAssertNil(try paneStart(screen))
    }

    /// A wide chat alone: bubbles on both sides, avatars down the left; nothing runs down the
    /// whole window.
    func testAWideChatWithoutAListIsOnePane() throws {
        let screen = try PaintedScreen(width: 1256, height: 1267)
        screen.paint(0, 0, 1256, 1267, 40, 40, 46)
        for (index, top) in stride(from: 120, to: 1150, by: 110).enumerated() {
            screen.paint(20, top, 48, 48, 230, 120, 80)
            let left = index.isMultiple(of: 2) ? 90 : 600
            screen.paint(left, top, 520, 80, 70, 70, 80)
        }
        XCTAssertNil(try paneStart(screen))
    }

    /// A photo behind the whole chat has an edge in every column, and no flat side.
    func testAPhotoWallpaperIsNoPane() throws {
        let screen = try PaintedScreen(width: 836, height: 845)
        var seed: UInt32 = 7
        for y in stride(from: 0, to: 845, by: 3) {
            for x in stride(from: 0, to: 836, by: 3) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let level = 40 + (seed >> 24) % 120
                screen.paint(x, y, 3, 3, level, level / 2 + 20, 90)
            }
        }
        XCTAssertNil(try paneStart(screen))
    }
}
