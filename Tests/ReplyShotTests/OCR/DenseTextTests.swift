import XCTest

@testable import ReplyShot

/// Dense small text (a desktop assistant's long answer, white on dark grey) makes each line's
/// middle rows mostly ink in many greys, as busy as a photo's; its rhythm tells it apart.
final class DenseTextTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// Paints `lines` lines of "letters" (1-pixel strokes in eight greys from the paper's to
    /// white, on three columns of every five) `pitch` rows apart.
    func paintLines(_ screen: PaintedScreen, x: Int, y: Int, width: Int, lines: Int, pitch: Int, height: Int) {
        for line in 0..<lines {
            for column in stride(from: x, to: x + width, by: 5) {
                for stroke in 0..<3 {
                    let level = UInt32(80 + ((column / 5 + stroke) % 8) * 22)
                    screen.paint(column + stroke, y + line * pitch, 1, height, level, level, level)
                }
            }
        }
    }

    func anatomy(of screen: PaintedScreen, box: PixelRect) throws -> RegionAnatomy {
        RegionAnatomist().anatomy(try screen.image(), box: box, screenHeight: screen.height)
    }

    func testLinesOfDenseTextInABubbleAreNoPicture() throws {
        let screen = try PaintedScreen(width: 974, height: 792)
        screen.paint(0, 0, 974, 792, 28, 30, 33)
        screen.paint(10, 590, 630, 110, 41, 49, 49)
        paintLines(screen, x: 30, y: 606, width: 590, lines: 5, pitch: 16, height: 9)
        let found = try anatomy(of: screen, box: PixelRect(x: 10, y: 590, width: 630, height: 110))
        XCTAssertEqual(found.pictureRows, [])
    }

    func testAPhotoStaysAPicture() throws {
        let screen = try PaintedScreen(width: 974, height: 792)
        screen.paint(0, 0, 974, 792, 28, 30, 33)
        // A photo: blocks of many colours, 150 rows tall.
        var seed: UInt32 = 11
        for y in stride(from: 300, to: 450, by: 4) {
            for x in stride(from: 400, to: 640, by: 4) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                screen.paint(x, y, 4, 4, (seed >> 24) % 256, (seed >> 16) % 256, (seed >> 8) % 256)
            }
        }
        let found = try anatomy(of: screen, box: PixelRect(x: 400, y: 300, width: 240, height: 150))
        XCTAssertEqual(found.pictureRows.count, 1)
        XCTAssertGreaterThanOrEqual(found.pictureRows.first?.count ?? 0, 140)
    }

    func testTheRhythmOfLinesIsWhatTellsThem() {
        func rows(_ bands: [Range<Int>], count: Int) -> ArraySlice<Bool> {
            ArraySlice((0..<count).map { y in bands.contains { $0.contains(y) } })
        }
        // Five lines, 8 rows each, 16 apart; a sampled row short inside one of them.
        let text = rows([0..<4, 6..<8, 16..<24, 32..<40, 48..<56, 64..<72], count: 72)
        XCTAssertTrue(RegionAnatomist.isLinesOfText(text, screenHeight: 792))
        // A photo's busy rows broken where it is dark, unevenly.
        let photo = rows([0..<10, 14..<40, 46..<52, 70..<100], count: 100)
        XCTAssertFalse(RegionAnatomist.isLinesOfText(photo, screenHeight: 792))
        // Bands taller than a line of text are a picture's, however even.
        let stripes = rows([0..<30, 40..<70, 80..<110], count: 110)
        XCTAssertFalse(RegionAnatomist.isLinesOfText(stripes, screenHeight: 792))
        // Two lines are too few to tell by.
        XCTAssertFalse(RegionAnatomist.isLinesOfText(rows([0..<8, 16..<24], count: 24), screenHeight: 792))
    }
}
