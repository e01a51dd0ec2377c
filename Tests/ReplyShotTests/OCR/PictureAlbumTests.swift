import XCTest

@testable import ReplyShot

/// Several photos sent at once stand in one block with thin gutters between them (Reply's
/// attachments in a row, Status's big photo beside two stacked ones, a WhatsApp-like 2×2
/// grid): one photo message each, from the region's pixels through the reader to the
/// transcript.
final class PictureAlbumTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen
    static let page: (UInt32, UInt32, UInt32) = (242, 242, 242)

    /// A photo of `width` × `height`: squares of `block` pixels in many colours, `seed`
    /// making each photo its own.
    func paintPhoto(_ screen: PaintedScreen, x: Int, y: Int, width: Int, height: Int, seed: Int = 0, block: Int = 6) {
        for row in stride(from: 0, to: height, by: block) {
            for column in stride(from: 0, to: width, by: block) {
                let value = UInt32((row * 7 + column * 13 + seed * 31) % 97)
                screen.paint(
                    x + column, y + row, min(block, width - column), min(block, height - row), 60 + value * 2,
                    40 + (value * 5) % 180, 30 + (value * 11) % 200)
            }
        }
    }

    func screen() throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 1080, height: 2280)
        screen.paint(0, 0, screen.width, screen.height, Self.page.0, Self.page.1, Self.page.2)
        return screen
    }

    /// The tiles of the one content region that holds a picture.
    func tiles(_ screen: PaintedScreen) throws -> [PixelRect] {
        let pictures = try screen.regions().regions.filter { $0.zone == .content && !$0.anatomy.pictureRows.isEmpty }
        XCTAssertEqual(pictures.count, 1, "\(pictures.map(\.box))")
        return try XCTUnwrap(pictures.first).anatomy.pictureTiles
    }

    func testThreePhotosInARowWithThePageBetweenThemAreThreeTiles() throws {
        let screen = try screen()
        for index in 0..<3 { paintPhoto(screen, x: 60 + index * 306, y: 800, width: 300, height: 420, seed: index) }
        let found = try tiles(screen)
        XCTAssertEqual(found.count, 3, "\(found)")
        XCTAssertEqual(found.map(\.x), found.map(\.x).sorted(), "left to right")
        for (tile, x) in zip(found, [60, 366, 672]) {
            XCTAssertLessThanOrEqual(abs(tile.x - x), 3, "\(found)")
            XCTAssertLessThanOrEqual(abs(tile.width - 300), 4, "\(found)")
        }
    }

    func testABigPhotoBesideTwoStackedInABubbleAreThreeTiles() throws {
        let screen = try screen()
        // The bubble's green shows round the block and in its gutters.
        screen.paint(200, 700, 820, 620, 220, 248, 198)
        paintPhoto(screen, x: 210, y: 710, width: 500, height: 600, seed: 1)
        paintPhoto(screen, x: 714, y: 710, width: 296, height: 298, seed: 2)
        paintPhoto(screen, x: 714, y: 1012, width: 296, height: 298, seed: 3)
        let found = try tiles(screen)
        XCTAssertEqual(found.count, 3, "\(found)")
        XCTAssertEqual(found.map(\.height).max().map { abs($0 - 600) <= 4 }, true, "\(found)")
    }

    func testACollageDrawingItsOwnLinesOrOnePhotoIsNoAlbum() throws {
        // The lines between a collage's pictures are white, on a grey page: the picture's
        // own drawing, not the page showing through.
        let collage = try screen()
        collage.paint(60, 800, 606, 420, 255, 255, 255)
        paintPhoto(collage, x: 60, y: 800, width: 300, height: 420, seed: 4)
        paintPhoto(collage, x: 366, y: 800, width: 300, height: 420, seed: 5)
        XCTAssertEqual(try tiles(collage), [])
        let single = try screen()
        paintPhoto(single, x: 60, y: 800, width: 606, height: 420, seed: 6)
        XCTAssertEqual(try tiles(single), [])
    }

    func testAThumbnailBesideWordsInABubbleIsNoAlbum() throws {
        // A place's map at the left of a bubble, two long words on the bubble's fill beside
        // it: the gap between the words is a thin flat column in the bubble's colour, but
        // what it would cut off is words, no picture.
        let screen = try screen()
        screen.paint(40, 800, 1000, 440, 255, 255, 255)
        paintPhoto(screen, x: 60, y: 820, width: 400, height: 400, seed: 7, block: 50)
        for word in [500, 730] { screen.paint(word, 1000, 220, 30, 30, 30, 30) }
        let pictures = try screen.regions().regions.filter { $0.zone == .content && !$0.anatomy.pictureRows.isEmpty }
        XCTAssertFalse(pictures.isEmpty, "the map is a picture")
        XCTAssertEqual(pictures.flatMap(\.anatomy.pictureTiles), [])
    }

    static let layout = ScreenLayout(
        width: 1080, height: 2400, statusBarBottom: 80, contentTop: 250, contentBottom: 2150)
    static let white = RGB(r: 255, g: 255, b: 255)

    /// A region holding an album, as the OCR stage hands it over: its picture rows and photos.
    func albumRegion(_ box: PixelRect, fill: RGB, pictureRows: Range<Int>, tiles: [PixelRect]) -> TextRegion {
        TextRegion(
            box: box, zone: .content, fill: fill, isFilled: fill != Self.white, lines: [],
            anatomy: RegionAnatomy(
                rowPaper: Array(repeating: fill, count: box.height), rowInk: Array(repeating: nil, count: box.height),
                pictureRows: [pictureRows], pictureTiles: tiles))
    }

    func testTheReaderGivesEachPhotoOfAnAlbumItsOwnMessage() {
        let layout = Self.layout
        let album = albumRegion(
            PixelRect(x: 60, y: 800, width: 912, height: 420), fill: Self.white, pictureRows: 800..<1220,
            tiles: [0, 1, 2].map { PixelRect(x: 60 + $0 * 306, y: 800, width: 300, height: 420) })
        let bubbles = BubbleReader().read(
            OCRPage(source: "shot.png", layout: layout, background: Self.white, regions: [album])
        )
        .bubbles
        XCTAssertEqual(bubbles.map(\.text), ["[photo]", "[photo]", "[photo]"])
        XCTAssertEqual(bubbles.map(\.box.x), [60, 366, 672])
        // Through the stitcher, which had taken two pictures on the same rows of one shot for
        // two copies of one picture.
        let read = ScreenRead(source: "shot.png", title: nil, bubbles: bubbles, layout: layout)
        XCTAssertEqual(AutoStitcher().stitch([read]).messages.map(\.text), ["[photo]", "[photo]", "[photo]"])
    }

    func testTwoPhotosStackedInOneBubbleAreNotJoinedAsOnePictureCutByALine() {
        // Among bubbles, pictures one right under the other with the same edges are joined
        // when they are two regions (a line drawn across one photo); an album's two photos,
        // cut apart inside one region, stay two.
        let album = albumRegion(
            PixelRect(x: 500, y: 600, width: 500, height: 700), fill: RGB(r: 220, g: 248, b: 198),
            pictureRows: 610..<1290,
            tiles: [
                PixelRect(x: 510, y: 610, width: 480, height: 336), PixelRect(x: 510, y: 952, width: 480, height: 338),
            ])
        let words = OCRLine(
            words: [OCRWord(text: "Lovely", box: PixelRect(x: 100, y: 1420, width: 130, height: 44), confidence: 0.93)],
            box: PixelRect(x: 100, y: 1420, width: 130, height: 44))
        let reply = TextRegion(
            box: PixelRect(x: 80, y: 1400, width: 400, height: 90), zone: .content,
            fill: RGB(r: 233, g: 233, b: 235), isFilled: true, lines: [words],
            anatomy: RegionAnatomy(
                rowPaper: Array(repeating: RGB(r: 233, g: 233, b: 235), count: 90),
                rowInk: Array(repeating: RGB(r: 20, g: 20, b: 20), count: 90)))
        let bubbles = BubbleReader().read(
            OCRPage(source: "shot.png", layout: Self.layout, background: Self.white, regions: [album, reply])
        ).bubbles
        XCTAssertEqual(bubbles.map(\.text), ["[photo]", "[photo]", "Lovely"])
        XCTAssertEqual(bubbles.prefix(2).map(\.speaker), [.me, .me])
    }
}
