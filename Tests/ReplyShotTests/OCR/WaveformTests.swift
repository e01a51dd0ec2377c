import XCTest

@testable import ReplyShot

/// A voice message shows its recording as a waveform: a row of bars at one pitch, of many
/// heights. Tesseract reads the bars as scraps of letters; the region says it holds one.
final class WaveformTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    static let paper = RGB(r: 31, g: 44, b: 54)
    /// Heights that rise and fall as speech does.
    static let heights = [4, 4, 6, 10, 22, 30, 18, 8, 4, 12, 26, 34, 20, 10, 6, 4, 16, 28, 14, 6]

    /// A dark bubble (x 100..<900, y 400..<520) with a play button at its left.
    func bubble() throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 1000, height: 1600)
        screen.paint(0, 0, 1000, 1600, 255, 255, 255)
        screen.paint(100, 400, 800, 120, 31, 44, 54)
        screen.paint(130, 430, 60, 60, 20, 130, 230)
        return screen
    }

    let region = PixelRect(x: 100, y: 400, width: 800, height: 120)

    func waveform(on screen: PaintedScreen) throws -> PixelRect? {
        WaveformFinder().waveform(in: try screen.image(), box: region, paper: Self.paper, screenHeight: screen.height)
    }

    /// Bars `width` wide every `pitch` pixels from x 230, standing on y 480 or centred on 460.
    func paintBars(on screen: PaintedScreen, heights: [Int], width: Int = 6, pitch: Int = 10, centred: Bool = false) {
        for (index, height) in heights.enumerated() {
            let top = centred ? 460 - height / 2 : 480 - height
            screen.paint(230 + index * pitch, top, width, height, 250, 190, 20)
        }
    }

    func testBarsStandingOnOneLineAreAWaveform() throws {
        let screen = try bubble()
        paintBars(on: screen, heights: Self.heights)
        let found = try XCTUnwrap(try waveform(on: screen))
        XCTAssertEqual(found.x, 230)
        XCTAssertEqual(found.maxX, 230 + 19 * 10 + 6)
        XCTAssertEqual(found.maxY, 480)
    }

    func testBarsCentredOnOneLineAreAWaveform() throws {
        let screen = try bubble()
        paintBars(on: screen, heights: Self.heights.map { $0 / 2 * 2 }, width: 4, pitch: 7, centred: true)
        XCTAssertNotNil(try waveform(on: screen))
    }

    func testAStylisedWaveformOfThreeHeightsIsOne() throws {
        // A Flutter messenger draws its waveform as a pattern of three heights, the tallest
        // 2.4 times the shortest, centred on one line; a row of letters of two heights ("lilili")
        // is 1.3 at most.
        let screen = try bubble()
        paintBars(on: screen, heights: (0..<20).map { [48, 20, 34, 20][$0 % 4] }, width: 4, pitch: 9, centred: true)
        XCTAssertNotNil(try waveform(on: screen))
        let letters = try bubble()
        paintBars(on: letters, heights: (0..<20).map { $0.isMultiple(of: 2) ? 30 : 23 }, width: 4, pitch: 9)
        XCTAssertNil(try waveform(on: letters))
    }

    func testBarsOfOneHeightAreNone() throws {
        // "llllllllllll", or a row of "1": thin strokes on a baseline, all one height.
        let screen = try bubble()
        paintBars(on: screen, heights: Array(repeating: 24, count: 20))
        XCTAssertNil(try waveform(on: screen))
    }

    func testHollowMarksAreNone() throws {
        // Letters are strokes round holes: the same row drawn as outlines is text-like.
        let screen = try bubble()
        for (index, height) in Self.heights.enumerated() where height >= 10 {
            let x = 230 + index * 14, top = 480 - height
            screen.paint(x, top, 10, 2, 250, 190, 20)
            screen.paint(x, 478, 10, 2, 250, 190, 20)
            screen.paint(x, top, 2, height, 250, 190, 20)
            screen.paint(x + 8, top, 2, height, 250, 190, 20)
        }
        XCTAssertNil(try waveform(on: screen))
    }

    func testBarsAtUnevenPitchOrTooFewAreNone() throws {
        let uneven = try bubble()
        var x = 230
        for (index, height) in Self.heights.enumerated() {
            uneven.paint(x, 480 - height, 6, height, 250, 190, 20)
            x += index.isMultiple(of: 2) ? 8 : 19
        }
        XCTAssertNil(try waveform(on: uneven))
        let few = try bubble()
        paintBars(on: few, heights: Array(Self.heights.prefix(WaveformFinder.minimumBars - 1)))
        XCTAssertNil(try waveform(on: few))
    }
}
