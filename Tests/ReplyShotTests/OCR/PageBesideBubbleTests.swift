import XCTest

@testable import ReplyShot

/// A bubble's region often takes in some page beside it (an avatar, a time): the page's
/// colour there is a second paper, not a photo's colour, and a line of text beside it is no
/// picture (Smoke's yellow bubbles with the sender's ringed initial at their right).
final class PageBesideBubbleTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    static let page: (UInt32, UInt32, UInt32) = (255, 255, 255)

    /// A white page with a yellow bubble (x 30..<630, y 300..<400) and a grey ring (an
    /// avatar's) at its right, on the page.
    func bubbleBesideAnAvatar() throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 800, height: 800)
        screen.paint(0, 0, 800, 800, Self.page.0, Self.page.1, Self.page.2)
        screen.paint(30, 300, 600, 100, 255, 230, 120)
        screen.paint(680, 300, 80, 4, 118, 118, 118)
        screen.paint(680, 376, 80, 4, 118, 118, 118)
        screen.paint(680, 300, 4, 80, 118, 118, 118)
        screen.paint(756, 300, 4, 80, 118, 118, 118)
        return screen
    }

    /// The region's box: the bubble and the avatar beside it.
    let region = PixelRect(x: 30, y: 300, width: 740, height: 100)

    func anatomy(of screen: PaintedScreen) throws -> RegionAnatomy {
        RegionAnatomist().anatomy(
            try screen.image(), box: region, screenHeight: screen.height, page: RGB(r: 255, g: 255, b: 255))
    }

    func testTwoLinesOfTextInABubbleBesideThePageAreNoPicture() throws {
        let screen = try bubbleBesideAnAvatar()
        // Two lines of grey "letters" (2-pixel strokes every 6 pixels), 20 rows tall.
        for top in [318, 350] {
            for x in stride(from: 50, to: 600, by: 6) { screen.paint(x, top, 2, 20, 118, 118, 118) }
        }
        XCTAssertEqual(try anatomy(of: screen).pictureRows, [])
    }

    func testAPhotoInABubbleBesideThePageStaysAPicture() throws {
        let screen = try bubbleBesideAnAvatar()
        var seed: UInt32 = 7
        for y in stride(from: 300, to: 400, by: 4) {
            for x in stride(from: 30, to: 630, by: 4) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                screen.paint(x, y, 4, 4, (seed >> 24) % 256, (seed >> 16) % 256, (seed >> 8) % 256)
            }
        }
        let rows = try anatomy(of: screen).pictureRows
        XCTAssertEqual(rows.count, 1)
        XCTAssertGreaterThanOrEqual(rows.first?.count ?? 0, 90)
    }

    /// A photo whose first pixel happens to be the page's colour keeps its edges: what would
    /// be cut off past its commonest colour is the photo's, not the page.
    func testAPhotosOwnEdgesAreNotCutOff() {
        let white = RGB(r: 255, g: 255, b: 255)
        let sky = RGB(r: 90, g: 150, b: 220).bucket
        let row = [white.bucket, RGB(r: 200, g: 40, b: 40).bucket, RGB(r: 30, g: 120, b: 40).bucket, sky, sky, sky]
        XCTAssertEqual(RegionAnatomist.withoutPageBeside(row, page: white), row)
        // Where the cut-off part is mostly the page, it goes.
        let beside = [white.bucket, white.bucket, RGB(r: 118, g: 118, b: 118).bucket, sky, sky, sky]
        XCTAssertEqual(RegionAnatomist.withoutPageBeside(beside, page: white), [sky, sky, sky])
    }
}
