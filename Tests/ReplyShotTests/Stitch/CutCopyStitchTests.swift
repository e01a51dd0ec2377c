import XCTest

@testable import ReplyShot

/// A bubble cut by the scroll's edge in one shot and seen whole in another is one message,
/// and what the whole view decided about those rows stands. The reader here took a composer
/// for part of the chat (its chat area runs to page row 700), so only the pixels can tell
/// where the scrolling view really ends (page row 600, where the composer's still rows start).
final class CutCopyStitchTests: XCTestCase {
    static let top = 100, height = 600, composerRows = 100

    /// Rows of a conversation, each unlike every other, as rows of real text are.
    let content: [UInt64] = {
        var state: UInt64 = 2026
        return (0..<2000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state | 1
        }
    }()
    let composer: [UInt64] = (0..<CutCopyStitchTests.composerRows).map { 0xC0DE_0000 + UInt64($0) }

    /// The shot scrolled to `scroll`, with these bubbles given by their content rows (what
    /// the composer hides is not part of their box).
    func shot(
        scroll: Int, index: Int, _ bubbles: [(Speaker, String, rows: Range<Int>)], unread: [Range<Int>] = []
    ) -> ScreenRead {
        var rows = Array(content[scroll..<(scroll + Self.height)])
        rows.replaceSubrange((Self.height - Self.composerRows)..<Self.height, with: composer)
        let visibleEnd = Self.top + Self.height - Self.composerRows
        let placed = bubbles.compactMap { speaker, text, range -> Bubble? in
            let y = Self.top + range.lowerBound - scroll
            let end = min(Self.top + range.upperBound - scroll, visibleEnd)
            guard y >= Self.top, end > y else { return nil }
            return Bubble(
                speaker: speaker, text: text, box: PixelRect(x: 60, y: y, width: 700, height: end - y),
                confidence: 0.9, source: "shot\(index)")
        }
        var read = ScreenRead(
            source: "shot\(index)", title: "Sam", bubbles: placed,
            rows: RowSignatures(top: Self.top, hashes: rows),
            layout: ScreenLayout(
                width: 1170, height: 900, statusBarBottom: 50, contentTop: Self.top,
                contentBottom: Self.top + Self.height))
        read.decisions = unread.map {
            ReadDecision(
                box: PixelRect(x: 60, y: Self.top + $0.lowerBound - scroll, width: 700, height: $0.count),
                role: .readEarlier, text: "")
        }
        return read
    }

    func testACopyCutWhereItsSpeakerShowedIsTheWholeBubble() {
        // The sender's picture sits at the bubble's foot: above the cut, the copy reads as
        // the user's, and it had come out as a message of its own.
        let earlier = shot(
            scroll: 0, index: 0,
            [(.them, "See you at eight then", 100..<160), (.me, "Thanks. Are you meeting up", 450..<570)])
        let later = shot(
            scroll: 300, index: 1,
            [
                (.them, "Thanks. Are you meeting up with us later tonight?", 450..<570),
                (.me, "Yes, I will bring the cake", 650..<720),
            ])
        let messages = AutoStitcher().stitch([earlier, later]).messages
        XCTAssertEqual(
            messages.map(\.text),
            [
                "See you at eight then", "Thanks. Are you meeting up with us later tonight?",
                "Yes, I will bring the cake",
            ])
        XCTAssertEqual(messages[1].speaker, .them)
    }

    func testRowsAnotherShotShowsWholeAndFoundNoMessageInStayWithout() {
        // A day stamp cut in half at the edge reads as a notice ("oday"); the other shot shows
        // the stamp whole and knows it for one, so it has no bubble there.
        var earlier = shot(scroll: 0, index: 0, [(.them, "See you at eight then", 100..<160)])
        earlier.bubbles.append(
            Bubble(
                speaker: .unknown, text: "oday", kind: .notice, box: PixelRect(x: 500, y: 570, width: 120, height: 30),
                confidence: 0.6, source: "shot0"))
        let later = shot(scroll: 300, index: 1, [(.me, "Yes, I will bring the cake", 650..<720)])
        let texts = AutoStitcher().stitch([earlier, later]).messages.map(\.text)
        XCTAssertEqual(texts, ["See you at eight then", "Yes, I will bring the cake"])
    }

    func testACutCopyStaysWhereTheOtherShotLeftThoseRowsUnread() {
        // The later shot skipped the rows because an earlier read showed them: it has no
        // verdict of its own on them, and the cut copy is all there is.
        let earlier = shot(
            scroll: 0, index: 0,
            [(.them, "See you at eight then", 100..<160), (.them, "Thanks. Are you meeting up", 450..<570)])
        let later = shot(
            scroll: 300, index: 1, [(.me, "Yes, I will bring the cake", 650..<720)], unread: [450..<570])
        let texts = AutoStitcher().stitch([earlier, later]).messages.map(\.text)
        XCTAssertEqual(texts, ["See you at eight then", "Thanks. Are you meeting up", "Yes, I will bring the cake"])
    }

    func testWholeBubblesOfTwoSpeakersOnTheSameRowsStayTwo() {
        // Whole copies must still agree on their speaker to be one: only a cut relaxes it.
        func sideBySide(scroll: Int, index: Int) -> ScreenRead {
            var read = shot(
                scroll: scroll, index: index, [(.them, "Left side", 200..<260), (.me, "Right side", 200..<260)])
            read.bubbles[0].box.width = 400
            read.bubbles[1].box.x = 640
            read.bubbles[1].box.width = 400
            return read
        }
        let texts = AutoStitcher().stitch([sideBySide(scroll: 0, index: 0), sideBySide(scroll: 100, index: 1)])
            .messages.map(\.text)
        XCTAssertEqual(texts.sorted(), ["Left side", "Right side"])
    }

    func testAQuoteOneShotReadAsAMessageIsTheQuoteTheOtherShotRead() {
        // The same pixels: one shot read the replied-to line as the quote of the reply under
        // it, the other as a message of its own (with the quoted sender's name in front).
        var earlier = shot(
            scroll: 0, index: 0,
            [(.them, "See you at eight then", 100..<160), (.them, "Well that's all we have for now", 330..<370)])
        earlier.bubbles[1].quote = "it works, yeah, but it isn't a native arm build"
        let later = shot(
            scroll: 200, index: 1,
            [
                (.them, "lexi it works, yeah, but it isn't a native arm build", 290..<325),
                (.them, "Well that's all we have for now", 330..<370), (.me, "Yes, I will bring the cake", 650..<720),
            ])
        let messages = AutoStitcher().stitch([later, earlier]).messages
        XCTAssertEqual(
            messages.map(\.text),
            ["See you at eight then", "Well that's all we have for now", "Yes, I will bring the cake"])
        XCTAssertEqual(messages[1].quote, "it works, yeah, but it isn't a native arm build")
    }

    func testAMessageThatQuotesTheOneAboveItKeepsBoth() {
        // One shot read both: a reply that quotes the message right above it is two messages.
        func read(scroll: Int, index: Int) -> ScreenRead {
            var read = shot(
                scroll: scroll, index: index,
                [
                    (.them, "it works, yeah, but it isn't a native arm build", 290..<325),
                    (.them, "Well that's all we have for now", 330..<370),
                ])
            read.bubbles[1].quote = "it works, yeah, but it isn't a native arm build"
            return read
        }
        let texts = AutoStitcher().stitch([read(scroll: 0, index: 0), read(scroll: 200, index: 1)]).messages.map(\.text)
        XCTAssertEqual(texts, ["it works, yeah, but it isn't a native arm build", "Well that's all we have for now"])
    }

    func testAMessageAboveAReplyStaysWhereTheShotThatReadTheQuoteDoesNotShowIt() {
        // The earlier shot read the message and the reply under it (missing the reply's
        // quote); the later one shows the reply with its quote, and the message only cut.
        let earlier = shot(
            scroll: 0, index: 0,
            [
                (.them, "it works, yeah, but it isn't a native arm build", 290..<325),
                (.them, "Well that's all we have for now", 330..<370),
            ])
        var later = shot(scroll: 310, index: 1, [(.them, "Well that's all we have for now", 330..<370)])
        later.bubbles[0].quote = "it works, yeah, but it isn't a native arm build"
        let texts = AutoStitcher().stitch([earlier, later]).messages.map(\.text)
        XCTAssertEqual(texts, ["it works, yeah, but it isn't a native arm build", "Well that's all we have for now"])
    }

    func testANameOneShotReadAsAMessageIsTheAuthorTheOtherShotRead() {
        // The earlier shot ends right under a sender's name, its bubble below the edge: the
        // name stood alone and came out as a message. The later shot shows the name over its
        // bubble and reads it as the bubble's author.
        let earlier = shot(
            scroll: 0, index: 0, [(.them, "See you at eight then", 100..<160), (.them, "Steve", 455..<478)])
        var later = shot(
            scroll: 300, index: 1, [(.them, "Steve", 455..<478), (.them, "Yeah sure, gimme 5", 482..<540)])
        later.bubbles.removeFirst()
        later.bubbles[0].author = "Steve"
        for order in [[earlier, later], [later, earlier]] {
            let messages = AutoStitcher().stitch(order).messages
            XCTAssertEqual(messages.map(\.text), ["See you at eight then", "Yeah sure, gimme 5"])
            XCTAssertEqual(messages.last?.author, "Steve")
        }
    }

    func testAMessageThatSaysTheNextSendersNameStaysWhereNoShotReadItAsAName() {
        // Both shots read "Steve" as a message over Steve's own: a message that happens to
        // be a name (answering "who's coming?"), which no shot took for a label.
        func read(scroll: Int, index: Int) -> ScreenRead {
            var read = shot(
                scroll: scroll, index: index, [(.me, "Steve", 300..<340), (.them, "Yeah sure, gimme 5", 344..<400)])
            read.bubbles[1].author = "Steve"
            return read
        }
        let texts = AutoStitcher().stitch([read(scroll: 0, index: 0), read(scroll: 100, index: 1)]).messages.map(\.text)
        XCTAssertEqual(texts, ["Steve", "Yeah sure, gimme 5"])
    }
}

extension CutCopyStitchTests {
    /// An assistant's answer taller than the view: the earlier shot shows its start, cut at
    /// the composer; the later shot, scrolled 420 rows, its end, cut at the header. The
    /// pieces share only 80 rows, and they are one message, its text both pieces' words.
    func testTwoCutPiecesOfATallMessageAreOneMessageWithBothPiecesText() throws {
        let earlier = shot(
            scroll: 0, index: 0,
            [(.them, "The petals are the colorful parts of a flower. 2. The stamens make the", 300..<850)])
        var later = shot(scroll: 420, index: 1, [(.me, "Thanks, and the stamens?", 880..<960)])
        later.bubbles.insert(
            Bubble(
                speaker: .them, text: "2. The stamens make the pollen. 3. The pistil holds the seeds.",
                box: PixelRect(x: 60, y: Self.top, width: 700, height: 850 - 420), confidence: 0.9, source: "shot1"),
            at: 0)
        let messages = AutoStitcher().stitch([earlier, later]).messages
        XCTAssertEqual(
            messages.map(\.text),
            [
                "The petals are the colorful parts of a flower. 2. The stamens make the pollen. 3. The pistil holds the seeds.",
                "Thanks, and the stamens?",
            ])
    }

    func testPiecesWhoseWordsDoNotMeetKeepTheBetterReading() {
        XCTAssertNil(
            CutCopySplice.spliced(upper: "See you at the station at eight", lower: "bring the cake and the candles"))
        // A list's number lost at a line's start is the same words.
        XCTAssertEqual(
            CutCopySplice.spliced(
                upper: "1. Petals are colorful. 2. Stamens make pollen for the bees",
                lower: "Stamens make pollen for the bees. 3. Pistil"),
            "1. Petals are colorful. 2. Stamens make pollen for the bees. 3. Pistil")
    }
}
