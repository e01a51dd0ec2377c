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

    func testARoleLabelBesideThePictureHeadsTheParagraphUnderIt() {
        // Chatbox: a round picture, the role in small capitals beside its middle, and the
        // message on the page under the label. The user is "USER" (no name was configured);
        // the standing instructions under "SYSTEM" are neither side's.
        func message(_ role: String, _ text: String, y: Int) -> [TextRegion] {
            [
                region(PixelRect(x: 40, y: y, width: 70, height: 70), fill: RGB(r: 190, g: 170, b: 210), lines: []),
                unframed(role, x: 130, y: y + 30, height: 20),
                unframed(text, x: 130, y: y + 80, height: 30),
            ]
        }
        let read = read(
            message("SYSTEM", "I want you to act as an English translator.", y: 400)
                + message("ASSISTANT", "Istanbul is a city that I hold dear.", y: 700)
                + message("USER", "Be the master of your work please", y: 1000)
                + message("ASSISTANT", "Be the master of your work.", y: 1300))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "I want you to act as an English translator.", "Istanbul is a city that I hold dear.",
                "Be the master of your work please", "Be the master of your work.",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), ["SYSTEM", "ASSISTANT", "USER", "ASSISTANT"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.unknown, .them, .me, .them])
        // Seaglass: the name over a message went unread; the message itself, in the text's
        // size beside the picture's middle, names no one.
        let unnamed = self.read([
            region(PixelRect(x: 40, y: 400, width: 70, height: 70), fill: RGB(r: 190, g: 170, b: 210), lines: []),
            unframed("yay", x: 130, y: 442, height: 30),
            unframed("Matthew: Oh, please call it that", x: 130, y: 490, height: 30),
        ])
        XCTAssertFalse(unnamed.bubbles.contains { $0.author == "yay" }, "\(unnamed.bubbles)")
        XCTAssertTrue(unnamed.bubbles.contains { $0.text.contains("yay") }, "\(unnamed.bubbles)")
    }

    func testAnAnswersParagraphsOnThePageBetweenTwoFramedPromptsAreOneAnswer() {
        // PocketPal: the prompts in bubbles at the right, the answers on the page at the left,
        // a blank line between an answer's paragraphs.
        func paragraph(_ lines: [String], y: Int) -> TextRegion {
            let rows = lines.enumerated().map { line($1, x: 60, y: y + $0 * 55) }
            return region(
                PixelRect(x: 60, y: y, width: 800, height: lines.count * 55 - 11), fill: Self.white, lines: rows)
        }
        func prompt(_ text: String, y: Int) -> TextRegion {
            region(
                PixelRect(x: 560, y: y, width: 480, height: 90), fill: Self.grey, lines: [line(text, x: 590, y: y + 20)]
            )
        }
        let read = read([
            prompt("What is Choripan?", y: 300),
            paragraph(["Choripan is a popular street food", "from Argentina."], y: 450),
            prompt("Give me the recipe.", y: 700),
            paragraph(["Sure! Here is a simple recipe for", "making Choripan:"], y: 850),
            paragraph(["Ingredients:"], y: 1010),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "What is Choripan?", "Choripan is a popular street food from Argentina.", "Give me the recipe.",
                "Sure! Here is a simple recipe for making Choripan: Ingredients:",
            ])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .them, .me, .them])
    }

    func testMessagesOnAWallpaperThatEachEndInTheirTimeStayApart() {
        // A WhatsApp clone: the other side's white bubbles cannot be told from the light
        // wallpaper, so they read as text on the page; each ends in its time.
        func message(_ text: String, y: Int) -> [TextRegion] {
            [unframed(text, x: 60, y: y), unframed("5:12 AM", x: 480, y: y + 30, height: 26)]
        }
        let read = read(
            [
                region(
                    PixelRect(x: 560, y: 300, width: 480, height: 90), fill: Self.grey,
                    lines: [line("Hi", x: 590, y: 320)])
            ]
                + message("Hello", y: 450) + message("Give the error text", y: 560))
        XCTAssertEqual(read.bubbles.map(\.text), ["Hi", "Hello", "Give the error text"])
    }
}
