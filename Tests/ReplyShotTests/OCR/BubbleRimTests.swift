import XCTest

@testable import ReplyShot

/// An ink map `width`×`height` with the strokes given as (x, y, width, height) painted at
/// full ink, nothing elsewhere.
func paintedInk(width: Int, height: Int, strokes: [(Int, Int, Int, Int)]) -> [UInt8] {
    var ink = [UInt8](repeating: 0, count: width * height)
    for (x0, y0, w, h) in strokes {
        for y in y0..<(y0 + h) {
            for x in x0..<(x0 + w) { ink[y * width + x] = 255 }
        }
    }
    return ink
}

/// The outline a bubble is drawn with is no ink to read; the letters inside it are.
final class BubbleRimTests: XCTestCase {
    /// An ink map `width`×`height`, nothing outside the box, with the strokes given as
    /// (x, y, width, height) painted at full ink.
    func ink(width: Int, height: Int, strokes: [(Int, Int, Int, Int)]) -> [UInt8] {
        paintedInk(width: width, height: height, strokes: strokes)
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

/// A link's underline is no ink to read; letters touching along a row, and a bubble's outline, are.
final class UnderlineTests: XCTestCase {
    let eraser = UnderlineEraser(minimumRun: 65, maximumThickness: 4)

    func ink(width: Int, height: Int, strokes: [(Int, Int, Int, Int)]) -> [UInt8] {
        paintedInk(width: width, height: height, strokes: strokes)
    }

    func testALinksUnderlineGoesAndItsLettersStay() {
        // Zulip's link at 1080 pixels: letters 20 rows tall, a 3-row rule two rows under
        // them, a descender (the p) crossing the rule.
        let width = 400, height = 40
        var map = ink(
            width: width, height: height,
            strokes: [(10, 24, 380, 3)]
                + stride(from: 12, to: 380, by: 14).map { ($0, 2, 4, 20) }
                + [(40, 2, 4, 34)])  // the p's stem, down through the rule
        eraser.erase(&map, width: width, height: height)
        XCTAssertEqual(map[25 * width + 100], 0, "the rule between letters is gone")
        XCTAssertEqual(map[25 * width + 200], 0)
        XCTAssertGreaterThan(map[10 * width + 13], 0, "the letters stay")
        XCTAssertGreaterThan(map[32 * width + 41], 0, "the descender under the rule stays")
    }

    func testABubblesOutlineStays() {
        // An outlined bubble (MessengerKit): its top and bottom edges run on, but only padding
        // lies inside them; cut there, its sides read as "(" and ")".
        let width = 300, height = 90
        var map = ink(
            width: width, height: height,
            strokes: [(20, 0, 260, 3), (20, 87, 260, 3), (0, 20, 3, 50), (297, 20, 3, 50)]
                + stride(from: 40, to: 260, by: 14).map { ($0, 35, 4, 20) })
        let before = map
        eraser.erase(&map, width: width, height: height)
        XCTAssertEqual(zip(map, before).filter { $0 != $1 }.count, 0, "pixels erased")
    }

    func testTightLettersTouchingAlongTheirTopsStay() {
        // Small bold type whose x-height tops join along two rows, ascenders over them: the
        // letters' bodies stand under that row, as they never stand under an underline.
        let width = 300, height = 30
        var map = ink(
            width: width, height: height,
            strokes: [(10, 8, 280, 2)] + stride(from: 10, to: 285, by: 9).map { ($0, 0, 5, 24) })
        let before = map
        eraser.erase(&map, width: width, height: height)
        XCTAssertEqual(zip(map, before).filter { $0 != $1 }.count, 0, "pixels erased")
    }
}
