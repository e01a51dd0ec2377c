import XCTest

@testable import ReplyShot

/// Messages of emoji alone, which Tesseract cannot spell, and the small print of XMPP clients
/// of the Conversations family ("just now", "92 KiB · just now ✓", a profile picture beside a
/// photo).
extension RealLookReadingTests {
    /// A word Tesseract made of an emoji: a scrap of signs, read unsurely.
    func emojiScrap(x: Int, y: Int) -> OCRLine {
        let word = OCRWord(text: "©)", box: PixelRect(x: x, y: y, width: 60, height: 60), confidence: 0.4)
        return OCRLine(words: [word], box: word.box)
    }

    func testABubbleOfAnEmojiAndItsTimeIsAMessageWithNoText() {
        // vue-advanced-chat: the user's bubble holds 😀 and "14:36" in small print.
        let theirs = greyBubble("What's up?", x: 40, y: 600)
        let emoji = region(
            PixelRect(x: 760, y: 800, width: 280, height: 130), fill: Self.blue,
            lines: [emojiScrap(x: 790, y: 820), line("14:36", x: 930, y: 890, height: 24)])
        let read = read([theirs, emoji])
        XCTAssertEqual(read.bubbles.map(\.text), ["What's up?", ""])
        XCTAssertEqual(read.bubbles.map(\.kind), [.text, .text])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me])
    }

    func testAReactionsChipUnderABubbleIsNoMessage() {
        // Monogram: "🔥 M" (the emoji and its reactor's letter) under a bubble, with no time.
        let theirs = greyBubble("Hi, how are you?", x: 40, y: 600)
        let chip = region(
            PixelRect(x: 40, y: 700, width: 200, height: 90), fill: Self.grey,
            lines: [emojiScrap(x: 60, y: 715)])
        XCTAssertEqual(read([theirs, chip]).bubbles.map(\.text), ["Hi, how are you?"])
    }

    func testBigEmojiSideBySideAreOneMessageNotTwoProfilePictures() {
        // MessengerKit: 🙄😭 sent by the user, two squares of one size at the right, nothing
        // else on their rows. Profile pictures never stand in pairs beside a message.
        func square(x: Int) -> TextRegion {
            region(PixelRect(x: x, y: 1300, width: 110, height: 110), fill: RGB(r: 250, g: 200, b: 40), lines: [])
        }
        let theirs = greyBubble("Every. Single. Time.", x: 40, y: 1100)
        let read = read([theirs, square(x: 800), square(x: 930)])
        XCTAssertEqual(read.bubbles.map(\.text), ["Every. Single. Time.", ""])
        XCTAssertEqual(read.bubbles.last?.speaker, .me)
        // One shape alone (a like's thumb) is still a sticker.
        XCTAssertEqual(self.read([theirs, square(x: 930)]).bubbles.map(\.text), ["Every. Single. Time.", "[sticker]"])
    }

    func testAnEmojiOnlyMessageIsShownToTheModelAsSent() {
        let message = Message(speaker: .them, text: "", confidence: 1, source: "shot.png")
        XCTAssertEqual(PromptBuilder.shown(message), "(sent an emoji)")
        XCTAssertTrue(message.kind.isAnswerable, "an emoji is a message to answer")
    }

    func testAProfilePictureBesideAPhotoSaysWhoseItIs() {
        // Conversations-like: the user's photo in a bubble that reaches across the middle,
        // the user's picture right of it; the other side's text bubble at the left.
        let theirs = greyBubble("Where are you?", x: 40, y: 400)
        let photo = region(
            PixelRect(x: 60, y: 600, width: 820, height: 700), fill: Self.grey, lines: [], pictures: [620..<1280])
        let avatar = region(PixelRect(x: 900, y: 1180, width: 120, height: 120), fill: Self.grey, lines: [])
        let read = read([theirs, photo, avatar])
        XCTAssertEqual(read.bubbles.map(\.text), ["Where are you?", "[photo]"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me])
    }
}

extension MessageMetadataTests {
    func testJustNowAndAFileSizeReadApartAreSmallPrint() {
        // Cheogram: "Meow" over "just now ✓" read as one row, "justnow 4"; a photo's footer
        // "92 KiB · just now ✓", the size's figure read apart from its unit.
        var mine = words("Meow justnow 4")
        mine[1].box.height = 24
        mine[2].confidence = 0.5
        XCTAssertEqual(metadata.strippingTrailing(mine, lineHeight: 44).kept.map(\.text), ["Meow"])
        XCTAssertTrue(metadata.isMetadataRow(words("92 KiB - justnow", height: 24)))
        XCTAssertEqual(
            metadata.strippingTrailing(words("Bring 92 KiB - 12:05", height: 24), lineHeight: 44).kept.map(\.text),
            ["Bring"])
        // A figure in the message's own words is kept: "I have 2" has no unit after it.
        XCTAssertEqual(metadata.strippingTrailing(words("I have 2"), lineHeight: 44).kept.count, 3)
    }
}
