import XCTest

@testable import ReplyShot

/// Assistant apps (ChatterUI, Maid) head every message, the user's as much as the bot's, with
/// the sender's picture and name; the messages all stand on one side, so the name, not the
/// side, tells whose a message is.
extension RealLookReadingTests {
    /// A square picture of a sender at the left, its rows `y..<y+130`.
    func senderPicture(y: Int) -> TextRegion {
        region(PixelRect(x: 30, y: y, width: 130, height: 130), fill: Self.white, lines: [], pictures: [y..<(y + 130)])
    }

    func testANameAndTimeBesideThePictureHeadTheWideBubbleUnderThem() {
        // ChatterUI: the name and the time stacked beside the picture; the bubble under them
        // starts where the name does and runs to the right edge.
        func message(_ name: String, _ text: String, y: Int) -> [TextRegion] {
            [
                senderPicture(y: y),
                region(
                    PixelRect(x: 187, y: y, width: 300, height: 110), fill: Self.white,
                    lines: [line(name, x: 187, y: y), line("2:22:19 PM", x: 187, y: y + 66, height: 26)]),
                region(
                    PixelRect(x: 187, y: y + 130, width: 870, height: 110), fill: Self.grey,
                    lines: [line(text, x: 210, y: y + 160)]),
            ]
        }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: message("AI Bot", "Hello! How can I help?", y: 800)
                + message("User", "What is fire? Explain briefly.", y: 1150)
                + message("AI Bot", "Fire is a rapid chemical reaction.", y: 1500))
        let read = BubbleReader().read(page, options: ReadOptions(myName: "User"))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Hello! How can I help?", "What is fire? Explain briefly.", "Fire is a rapid chemical reaction."])
        XCTAssertEqual(read.bubbles.map(\.author), ["AI Bot", "User", "AI Bot"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me, .them])
    }
}
