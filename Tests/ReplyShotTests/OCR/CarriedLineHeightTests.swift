import XCTest

@testable import ReplyShot

/// A bubble the shot before showed whole is read there only; the later shot keeps the heights
/// of its lines, so a shot that newly shows only small print (a sender's name over bubbles
/// read before) still knows how large the chat's text is.
final class CarriedLineHeightTests: XCTestCase {
    let layout = ScreenLayout(width: 1080, height: 2000, statusBarBottom: 80, contentTop: 200, contentBottom: 1800)
    let blue = RGB(r: 0, g: 122, b: 255), white = RGB(r: 255, g: 255, b: 255)

    func bubble(y: Int, lines: Int, earlier: Bool) -> TextRegion {
        let box = PixelRect(x: 500, y: y, width: 520, height: 40 + lines * 50)
        let read = (0..<lines).map { index in
            OCRLine(
                words: [
                    OCRWord(
                        text: "words", box: PixelRect(x: 520, y: y + 20 + index * 50, width: 300, height: 40),
                        confidence: 0.95)
                ],
                box: PixelRect(x: 520, y: y + 20 + index * 50, width: 300, height: 40))
        }
        return TextRegion(
            box: box, zone: .content, fill: blue, isFilled: true, lines: earlier ? [] : read,
            readInEarlierShot: earlier)
    }

    func name(y: Int) -> TextRegion {
        let box = PixelRect(x: 900, y: y, width: 100, height: 22)
        return TextRegion(
            box: box, zone: .content, fill: white, isFilled: false,
            lines: [OCRLine(words: [OCRWord(text: "Steve", box: box, confidence: 0.95)], box: box)])
    }

    func page(_ regions: [TextRegion]) -> OCRPage {
        OCRPage(source: "shot.png", layout: layout, background: white, regions: regions)
    }

    func testARegionReadInTheShotBeforeKeepsItsLinesHeightsThroughAChainOfShots() throws {
        // Each shot is scrolled 200 pixels further down than the one before.
        var pages: [Result<OCRPage, Error>] = [
            .success(page([bubble(y: 700, lines: 2, earlier: false)])),
            .success(page([name(y: 470), bubble(y: 500, lines: 2, earlier: true)])),
            .success(page([name(y: 270), bubble(y: 300, lines: 2, earlier: true)])),
        ]
        let map = ScrollMap(offsets: [[0, 200, 400], [-200, 0, 200], [-400, -200, 0]])
        let reader = BubbleReader()
        let second = try pages[1].get()
        XCTAssertEqual(reader.typicalLineHeight(second), 22, "the name is all the shot reads")
        RevealedRegionPlanner().carryLineHeights(into: &pages, scrollMap: map)
        for index in 1...2 {
            let page = try pages[index].get()
            XCTAssertEqual(page.regions[1].earlierLineHeights, [40, 40], "shot \(index)")
            XCTAssertEqual(reader.typicalLineHeight(page), 40, "shot \(index)")
        }
    }
}
