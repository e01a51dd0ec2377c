import XCTest

@testable import ReplyShot

/// A message the app highlights (a mention in Quasseldroid, the post under the pointer in
/// Cinny) is drawn on a band of its own colour that runs from edge to edge, as an app's bars
/// are. It is still a message: its sender's picture at the start, its words beside it.
final class HighlightBandTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// A dark page with a header bar, a message above and below, and a brown band across rows
    /// 700..<1000 holding three lines of words; `start` paints what the band shows first.
    func screen(start: (PaintedScreen) -> Void) throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 1080, height: 1920)
        screen.paint(0, 0, screen.width, screen.height, 48, 48, 48)
        screen.paint(0, 0, screen.width, 210, 10, 112, 192)
        for y in [400, 1200] { words(screen, y: y) }
        screen.paint(0, 700, screen.width, 300, 100, 80, 51)
        start(screen)
        for y in [760, 830, 900] { words(screen, y: y) }
        return screen
    }

    /// A line of light words from x = 140: letters as thin strokes, words a space apart.
    func words(_ screen: PaintedScreen, y: Int) {
        for word in stride(from: 140, to: 900, by: 90) {
            for x in stride(from: word, to: word + 80, by: 10) { screen.paint(x, y, 4, 30, 230, 230, 230) }
        }
    }

    func paintPicture(_ screen: PaintedScreen) {
        screen.paint(20, 740, 90, 90, 200, 140, 60)
        screen.paint(40, 760, 50, 30, 20, 20, 20)
    }

    func testWordsOnABandThatStartsWithASendersPictureAreRegionsOnItsPaper() throws {
        let found = try screen(start: paintPicture).regions()
        let onBand = found.regions.filter { $0.zone == .content && $0.box.y >= 700 && $0.box.maxY <= 1000 }
        let lines = onBand.filter { $0.box.x >= 130 }
        XCTAssertEqual(lines.count, 3, "\(onBand.map(\.box))")
        // The band is the page the words are written on, not a bubble that frames them.
        for line in lines { XCTAssertFalse(line.isFilled, "\(line.box) \(line.fill)") }
        XCTAssertTrue(onBand.contains { $0.box.x < 130 && $0.box.height >= 80 }, "the sender's picture")
        // The chat runs on under the band: the band is no header bar.
        XCTAssertLessThan(found.layout.contentTop, 400)
    }

    func testABandWithNoSendersPictureIsStillChrome() throws {
        // A pinned message's banner or a day's bar: a thin icon, then words.
        let found = try screen(start: { screen in
            screen.paint(30, 760, 6, 40, 230, 230, 230)
            screen.paint(30, 760, 40, 6, 230, 230, 230)
        }).regions()
        let onBand = found.regions.filter { $0.zone == .content && $0.box.y >= 700 && $0.box.maxY <= 1000 }
        XCTAssertEqual(onBand, [])
    }
}
