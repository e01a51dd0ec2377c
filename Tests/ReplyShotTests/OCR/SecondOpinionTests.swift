import XCTest

@testable import ReplyShot

/// Which regions with nothing read get a second reading, enlarged and as one block.
final class SecondOpinionTests: XCTestCase {
    let white = RGB(r: 255, g: 255, b: 255)
    let screenHeight = 1350

    func emptyRegion(width: Int, height: Int, pictureRows: [Range<Int>] = []) -> TextRegion {
        TextRegion(
            box: PixelRect(x: 30, y: 600, width: width, height: height), zone: .content, fill: white, isFilled: false,
            anatomy: RegionAnatomy(pictureRows: pictureRows))
    }

    func testAnUnreadLineTallEnoughToBeTakenForAStickerIsReadAgain() {
        // Meshtastic: the sender's name and time beside a dark badge, 75 pixels tall on a
        // 1350-pixel screen; sparse reading finds none of it.
        XCTAssertTrue(
            RegionScreenRecognizer.isUnreadLineOfGraphicSize(
                emptyRegion(width: 500, height: 75), screenHeight: screenHeight))
    }

    func testStickersIconsAndPicturesAreNot() {
        // A sticker or an avatar: about as wide as tall.
        XCTAssertFalse(
            RegionScreenRecognizer.isUnreadLineOfGraphicSize(
                emptyRegion(width: 200, height: 180), screenHeight: screenHeight))
        // A row of small icons or doodles: line-shaped, but too small to be taken for a sticker.
        XCTAssertFalse(
            RegionScreenRecognizer.isUnreadLineOfGraphicSize(
                emptyRegion(width: 400, height: 30), screenHeight: screenHeight))
        // A wide photo is shown as a photo, never read.
        XCTAssertFalse(
            RegionScreenRecognizer.isUnreadLineOfGraphicSize(
                emptyRegion(width: 600, height: 150, pictureRows: [600..<750]), screenHeight: screenHeight))
        // A region something was read in has had its reading.
        var read = emptyRegion(width: 500, height: 75)
        read.lines = [
            OCRLine(
                words: [OCRWord(text: "Minnie", box: read.box, confidence: 0.9)], box: read.box)
        ]
        XCTAssertFalse(RegionScreenRecognizer.isUnreadLineOfGraphicSize(read, screenHeight: screenHeight))
    }
}
