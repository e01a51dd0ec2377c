import XCTest

@testable import ReplyShot

/// An emoji in a line of text is a small picture in many colours; letters are one ink on one
/// paper and the blends between them, whatever that ink is and however they are rendered.
final class PictographTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen
    let finder = PictographFinder()
    let word = PixelRect(x: 20, y: 20, width: 24, height: 24)

    func screen() throws -> PaintedScreen {
        // (Wide enough not to be enlarged as a small screen is.)
        let screen = try PaintedScreen(width: 600, height: 80)
        screen.paint(0, 0, 600, 80, 255, 255, 255)
        return screen
    }

    /// Letters of `count` vertical strokes `thickness` wide, with `fringe` painted beside
    /// each stroke (subpixel rendering's coloured edges), inside `word`.
    func paintStrokes(_ screen: PaintedScreen, ink: (UInt32, UInt32, UInt32), thickness: Int) {
        for x in stride(from: word.x + 2, to: word.maxX - 3, by: 5) {
            screen.paint(x, word.y + 4, thickness, 16, ink.0, ink.1, ink.2)
        }
        // A crossbar, as an "e" or a "t" has.
        screen.paint(word.x + 2, word.y + 12, 18, thickness, ink.0, ink.1, ink.2)
    }

    /// An emoji face filling `word`: a disc shaded from yellow at its middle to orange at its
    /// rim, with brown eyes and mouth, on the white page.
    func paintFace(_ screen: PaintedScreen) {
        let centre = Double(word.width) / 2
        for y in 0..<word.height {
            for x in 0..<word.width {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let r = (dx * dx + dy * dy).squareRoot() / centre
                guard r <= 1 else { continue }
                screen.paint(word.x + x, word.y + y, 1, 1, 255, UInt32(225 - 80 * r), UInt32(100 - 70 * r))
            }
        }
        screen.paint(word.x + 7, word.y + 7, 3, 5, 102, 69, 0)
        screen.paint(word.x + 14, word.y + 7, 3, 5, 102, 69, 0)
        screen.paint(word.x + 7, word.y + 16, 10, 2, 102, 69, 0)
    }

    func testAFaceDrawnInYellowOrangeAndBrownIsAPictograph() throws {
        let screen = try screen()
        paintFace(screen)
        XCTAssertTrue(finder.isPictograph(word, in: try screen.image()))
    }

    func testBlackLettersAreNone() throws {
        let screen = try screen()
        paintStrokes(screen, ink: (20, 20, 20), thickness: 2)
        XCTAssertFalse(finder.isPictograph(word, in: try screen.image()))
    }

    func testALinksBlueLettersAreNone() throws {
        let screen = try screen()
        paintStrokes(screen, ink: (30, 90, 230), thickness: 3)
        XCTAssertFalse(finder.isPictograph(word, in: try screen.image()))
    }

    func testSubpixelFringesBesideBlackStrokesAreNone() throws {
        let screen = try screen()
        paintStrokes(screen, ink: (20, 20, 20), thickness: 2)
        for x in stride(from: word.x + 2, to: word.maxX - 3, by: 5) {
            screen.paint(x - 1, word.y + 4, 1, 16, 230, 120, 60)
            screen.paint(x + 2, word.y + 4, 1, 16, 60, 120, 230)
        }
        XCTAssertFalse(finder.isPictograph(word, in: try screen.image()))
    }

    func testTheLineAboveInAnotherInkOverlappingTheBoxIsNone() throws {
        // Emacs sets lines tight and colours each sender's: the box of a word in black takes
        // in the feet of the brown line above.
        let screen = try screen()
        paintStrokes(screen, ink: (20, 20, 20), thickness: 2)
        for x in stride(from: word.x + 1, to: word.maxX - 2, by: 3) {
            screen.paint(x, word.y, 2, 6, 160, 82, 45)
        }
        XCTAssertFalse(finder.isPictograph(word, in: try screen.image()))
    }

    func testOnlyContentWordsAreMarked() throws {
        let screen = try screen()
        paintFace(screen)
        let line = OCRLine(words: [OCRWord(text: "@", box: word, confidence: 0.9)], box: word)
        func region(_ zone: ScreenZone) -> TextRegion {
            TextRegion(box: word, zone: zone, fill: RGB(r: 255, g: 255, b: 255), isFilled: false, lines: [line])
        }
        let marked = finder.marking([region(.content), region(.header)], in: try screen.image())
        XCTAssertEqual(marked.map { $0.lines[0].words[0].isPictograph }, [true, false])
    }

    /// A bubble's line of white letters on teal from x 20 to 250, with `paintWord` painting the
    /// word at its end (`lastWord`); the line's box takes in both.
    let lastWord = PixelRect(x: 260, y: 20, width: 24, height: 24)
    var wholeLine: PixelRect { PixelRect(x: 20, y: 20, width: 264, height: 24) }

    func bubbleLine(paintWord: (PaintedScreen) -> Void) throws -> RGBImage {
        let screen = try screen()
        screen.paint(10, 10, 290, 44, 0, 128, 105)
        for x in stride(from: 22, to: 250, by: 6) { screen.paint(x, 24, 2, 16, 255, 255, 255) }
        paintWord(screen)
        return try screen.image()
    }

    func testAWordThatIsAllOneYellowEmojiIsAPictographAgainstItsLinesInk() throws {
        // The waving hand at the end of "Helloooo 👋", read as "Ww": a flat yellow hand with a
        // thin orange edge. Its own commonest colours make yellow its ink, so alone it looks
        // like one ink on one paper; its line's ink is the letters' white.
        let image = try bubbleLine { screen in
            screen.paint(262, 22, 20, 20, 232, 120, 20)
            screen.paint(263, 23, 18, 18, 255, 205, 60)
        }
        XCTAssertFalse(finder.isPictograph(lastWord, in: image), "alone, the hand is one ink")
        XCTAssertTrue(finder.isPictograph(lastWord, on: wholeLine, in: image))
    }

    func testANameInAnotherColourAtTheEndOfTheLineIsNone() throws {
        // "@Al" in a mention's red among the white letters: off the line's axis, but strokes.
        let image = try bubbleLine { screen in
            for x in stride(from: 262, to: 282, by: 5) { screen.paint(x, 24, 3, 16, 230, 60, 60) }
            screen.paint(262, 32, 20, 3, 230, 60, 60)
        }
        XCTAssertFalse(finder.isPictograph(lastWord, on: wholeLine, in: image))
    }

    func testASmallDotInAnotherColourIsNone() throws {
        // A tick's dot far shorter than the type: no emoji, however solid.
        let dot = PixelRect(x: 262, y: 34, width: 8, height: 8)
        let image = try bubbleLine { screen in screen.paint(262, 34, 8, 8, 255, 205, 60) }
        XCTAssertFalse(finder.isPictograph(dot, on: wholeLine, in: image))
    }
}
