import XCTest

@testable import ReplyShot

/// The region finder on painted screens: a sender's photo touching its bubble.
final class AttachedPictureTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// A photo: small squares of many colours (a face's shades), `side` pixels square.
    func paintPhoto(_ screen: PaintedScreen, x: Int, y: Int, side: Int) {
        for row in stride(from: 0, to: side, by: 6) {
            for column in stride(from: 0, to: side, by: 6) {
                let seed = UInt32((row * 7 + column * 13) % 97)
                screen.paint(x + column, y + row, 6, 6, 60 + seed * 2, 40 + (seed * 5) % 180, 30 + (seed * 11) % 200)
            }
        }
    }

    /// A bubble with rows of white strokes standing for its words.
    func paintBubble(_ screen: PaintedScreen, x: Int, y: Int, width: Int, height: Int, fill: (UInt32, UInt32, UInt32)) {
        screen.paint(x, y, width, height, fill.0, fill.1, fill.2)
        for (index, row) in stride(from: y + 30, to: y + height - 30, by: 40).enumerated() {
            for word in stride(from: x + 30, to: x + width - 80, by: 70 + index * 3) {
                screen.paint(word, row, 50, 16, 255, 255, 255)
            }
        }
    }

    func testASendersPhotoTouchingItsBubbleIsSplitFromIt() throws {
        let screen = try PaintedScreen(width: 1080, height: 2280)
        screen.paint(0, 0, screen.width, screen.height, 242, 242, 242)
        paintPhoto(screen, x: 40, y: 600, side: 150)
        paintBubble(screen, x: 190, y: 610, width: 560, height: 130, fill: (255, 90, 90))
        let found = try screen.regions()
        let content = found.regions.filter { $0.zone == .content }
        XCTAssertEqual(content.count, 2, "\(content.map(\.box))")
        let photo = try XCTUnwrap(content.min { $0.box.x < $1.box.x })
        let bubble = try XCTUnwrap(content.max { $0.box.x < $1.box.x })
        XCTAssertLessThanOrEqual(photo.box.maxX, 192)
        XCTAssertGreaterThanOrEqual(bubble.box.x, 186)
        XCTAssertTrue(bubble.isFilled)
        XCTAssertTrue(bubble.anatomy.pictureRows.isEmpty, "the bubble alone is no picture")
    }

    /// A resized or compressed face has a smooth cheek: a band of columns a few pixels wide
    /// with too few colours to count as picture. The picture goes on past it.
    func testASendersPhotoWithASmoothBandAcrossItIsStillSplitFromItsBubble() throws {
        let screen = try PaintedScreen(width: 1080, height: 2280)
        screen.paint(0, 0, screen.width, screen.height, 242, 242, 242)
        paintPhoto(screen, x: 40, y: 600, side: 150)
        screen.paint(100, 600, 6, 150, 200, 160, 140)
        paintBubble(screen, x: 190, y: 610, width: 560, height: 130, fill: (255, 90, 90))
        let found = try screen.regions()
        let content = found.regions.filter { $0.zone == .content }
        XCTAssertEqual(content.count, 2, "\(content.map(\.box))")
        let bubble = try XCTUnwrap(content.max { $0.box.x < $1.box.x })
        XCTAssertGreaterThanOrEqual(bubble.box.x, 186)
        XCTAssertTrue(bubble.anatomy.pictureRows.isEmpty, "the bubble alone is no picture")
    }

    func testABubbleShadedFromEndToEndOrAPhotoMessageIsNotSplit() throws {
        let screen = try PaintedScreen(width: 1080, height: 2280)
        screen.paint(0, 0, screen.width, screen.height, 242, 242, 242)
        // A bubble shaded from blue to violet, every column another colour: no end of it is
        // more colourful than the other.
        for column in stride(from: 0, to: 600, by: 3) {
            let step = UInt32(column / 3)
            screen.paint(300 + column, 600, 3, 130, 30 + step / 2, 120 - step / 4, 240)
        }
        for row in [630, 670] {
            for word in stride(from: 330, to: 860, by: 70) { screen.paint(word, row, 50, 16, 255, 255, 255) }
        }
        // A photo message, picture from end to end.
        paintPhoto(screen, x: 40, y: 900, side: 420)
        let found = try screen.regions()
        let content = found.regions.filter { $0.zone == .content }
        XCTAssertEqual(content.count, 2, "\(content.map(\.box))")
    }
}
