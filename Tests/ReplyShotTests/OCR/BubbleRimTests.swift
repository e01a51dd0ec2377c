import XCTest

@testable import ReplyShot

/// The outline a bubble is drawn with is no ink to read; the letters inside it are.
final class BubbleRimTests: XCTestCase {
    /// An ink map `width`×`height`, nothing outside the box, with the strokes given as
    /// (x, y, width, height) painted at full ink.
    func ink(width: Int, height: Int, strokes: [(Int, Int, Int, Int)]) -> [UInt8] {
        var ink = [UInt8](repeating: 0, count: width * height)
        for (x0, y0, w, h) in strokes {
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) { ink[y * width + x] = 255 }
            }
        }
        return ink
    }

    func inked(_ ink: [UInt8], _ x: Int, _ y: Int, width: Int) -> Bool { ink[y * width + x] > 0 }

    func testAnOutlinedBubblesEdgesGoAndItsShortWordStays() {
        // ivanovchat's "Ok": a green bubble with a darker rim, 150×99 at its reading size;
        // the rim's left side alone read as "[" glued to the word ("[om").
        let width = 150, height = 99
        let outside = [Bool](repeating: false, count: width * height)
        var map = ink(
            width: width, height: height,
            strokes: [
                (0, 10, 3, 79),  // left edge
                (147, 10, 3, 79),  // right edge
                (10, 0, 130, 3),  // top edge
                (10, 96, 130, 3),  // bottom edge
                (26, 35, 4, 30), (26, 35, 20, 4), (42, 35, 4, 30), (26, 61, 20, 4),  // "O"
                (52, 30, 4, 35), (56, 48, 12, 4),  // "k"
            ])
        ImagePreparer.eraseRim(&map, touching: outside, width: width, height: height)
        for (x, y) in [(1, 50), (148, 50), (70, 1), (70, 97)] {
            XCTAssertFalse(inked(map, x, y, width: width), "the rim at (\(x), \(y)) is gone")
        }
        for (x, y) in [(27, 50), (44, 50), (53, 40), (60, 49)] {
            XCTAssertTrue(inked(map, x, y, width: width), "the letters at (\(x), \(y)) stay")
        }
    }

    func testLettersThatReachTheEdgeOfATightRegionStay() {
        // A region as tight as its line (26 rows): its tall letters touch the top and the
        // bottom, but they are as broad as long, no rim.
        let width = 128, height = 26
        let outside = [Bool](repeating: false, count: width * height)
        var map = ink(width: width, height: height, strokes: [(4, 0, 18, 26), (30, 0, 26, 26)])
        let before = map
        ImagePreparer.eraseRim(&map, touching: outside, width: width, height: height)
        XCTAssertEqual(map, before)
    }

    func testANameOnThePageBesideTheBubbleStays() {
        // A name written on the page in the bubble's region: each letter touches the page
        // at a point of its stroke, not along it.
        let width = 300, height = 120
        var outside = [Bool](repeating: false, count: width * height)
        for y in 0..<30 {
            for x in 0..<width { outside[y * width + x] = true }
        }
        // Letters standing in the page's rows, a tall thin "l" among them.
        var map = ink(width: width, height: height, strokes: [(20, 5, 4, 20), (30, 5, 12, 3), (60, 2, 3, 26)])
        for y in 0..<30 {
            for x in 0..<width where outside[y * width + x] { map[y * width + x] = 0 }
        }
        // ... and their feet in the bubble's top rows.
        map = zip(map, ink(width: width, height: height, strokes: [(60, 30, 3, 40)])).map { max($0, $1) }
        ImagePreparer.eraseRim(&map, touching: outside, width: width, height: height)
        XCTAssertTrue(inked(map, 61, 50, width: width), "a letter's stroke that only starts at the page stays")
    }

    func testAWholeOutlineIsLeftToKeepAPictureApartFromTheText() {
        // aTalk: one outline round the bubble, the sender's picture just outside it in the
        // same region; without the outline Tesseract joins the picture to the name line.
        let width = 200, height = 100
        let outside = [Bool](repeating: false, count: width * height)
        var map = ink(
            width: width, height: height,
            strokes: [(0, 0, 200, 3), (0, 97, 200, 3), (0, 0, 3, 100), (197, 0, 3, 100)])
        let before = map
        ImagePreparer.eraseRim(&map, touching: outside, width: width, height: height)
        XCTAssertEqual(map, before)
    }
}
