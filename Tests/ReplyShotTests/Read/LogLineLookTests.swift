import XCTest

@testable import ReplyShot

/// IRC-style logs as OCR reads them off real clients: times in small monospaced type whose
/// colons were lost or whose digits were misread, and lines whose lead (the time, the nick)
/// was not read at all.
extension RealLookReadingTests {
    func testALogsTimesWithTheirColonsLostOrADigitMisreadStillLeadTheirLines() {
        // Halloy: "21:55:52" read as three words, or with a seconds digit misread; the lines
        // wrap under the text, past the nick.
        func row(_ text: String, x: Int = 20, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                row("21 55 52 FavoritoHJS sorry for mentioning you cross", y: 300),
                row("21 56 03 nusio :-*", y: 360),
                row("21:56 39 vanfanel64 Ok, sorry, but we seem to be", y: 420),
                row("on a tangent, I just wanted to know", x: 420, y: 480),
                row("22:11:87 BillTorvalds2 table: Hexchat, but not mine", y: 540),
                row("22 82 7 jim but ok", y: 600),
            ])
        let read = BubbleReader().read(page, options: ReadOptions())
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "sorry for mentioning you cross", ":-*",
                "Ok, sorry, but we seem to be on a tangent, I just wanted to know", "table: Hexchat, but not mine",
                "but ok",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), ["FavoritoHJS", "nusio", "vanfanel64", "BillTorvalds2", "jim"])
        XCTAssertEqual(Set(read.bubbles.map(\.speaker)), [.them])
    }

    func testALogsJoinAndTopicLinesInTheNicksPlaceAreTheClientsNotices() {
        // The Lounge: a join, the topic and who set it stand where a nick and its message
        // would, with no arrow before them; the wording tells them. A message that mentions
        // a topic is still a message.
        let read = read([
            unframed("14 22 thelounge981 (~thelounge@kpn.net) has joined the channel", x: 20, y: 300),
            unframed(
                "14 22 The topic is: Modern web IRC client | Latest release: v4.4.1 | https://thelounge.chat",
                x: 20, y: 360),
            unframed("14 22 Topic set by bookworm on 18 June 2023, 14:22:53", x: 20, y: 420),
            unframed("14 25 bookworm nice topic, right?", x: 20, y: 480),
        ])
        XCTAssertEqual(read.bubbles.map(\.kind), [.notice, .notice, .notice, .text], "\(read.bubbles.map(\.text))")
        XCTAssertEqual(read.bubbles.first?.text, "thelounge981 (~thelounge@kpn.net) has joined the channel")
        XCTAssertEqual(read.bubbles.map(\.author), [nil, nil, nil, "bookworm"])
    }

    func testCentredDayStampsMisreadAsAWordAndPMAreNoLogsNicks() {
        // NMessenger: "TUE 1:37 PM" centred over each run of bubbles, in faint small type,
        // read as "TUE Tis? PM" or "TUE 1:40 PM": a word in one column and text after it, like
        // a nick and its message. The screen is bubbles, and each is read.
        func stamp(_ text: String, y: Int) -> TextRegion {
            var row = line(text, x: 440, y: y, height: 30)
            for index in row.words.indices.dropFirst() { row.words[index].box.x += 40 }
            return region(PixelRect(x: 440, y: y, width: 200, height: 30), fill: Self.white, lines: [row])
        }
        func bubble(_ text: String, x: Int, y: Int, fill: RGB) -> TextRegion {
            region(
                PixelRect(x: x, y: y, width: 300, height: 100), fill: fill, lines: [line(text, x: x + 30, y: y + 28)])
        }
        let read = read([
            stamp("TUE Tis? PM", y: 300), bubble("hi", x: 140, y: 360, fill: Self.grey),
            stamp("TUE 1:40 PM", y: 500), bubble("Hey!", x: 740, y: 560, fill: Self.blue),
            bubble("What's up?", x: 740, y: 680, fill: Self.blue), stamp("TUE T4486 PM", y: 820),
            stamp("TUE Schl PR", y: 1100),
        ])
        for text in ["hi", "Hey!", "What's up?"] {
            XCTAssertTrue(read.bubbles.contains { $0.text == text }, "\(text) in \(read.bubbles.map(\.text))")
        }
    }

    func testTimeLikeWordsOnlyLeadALineWhenTheyCouldBeATime() {
        let reader = LogLineReader(chrome: ChromeFilter(), metadata: MessageMetadata())
        func rest(_ text: String) -> String? {
            let row = line(text, x: 20, y: 300)
            return reader.timeLed(row).map { $0.map(\.text).joined(separator: " ") }
        }
        XCTAssertEqual(rest("18:26 <alice> oh?"), "<alice> oh?")
        XCTAssertEqual(rest("[16: 07] <alice> oh?"), "<alice> oh?")
        XCTAssertEqual(rest("11: 51:26 casperstorm still"), "casperstorm still")
        XCTAssertEqual(rest("7 14 84 aryak_ I used to"), "aryak_ I used to")
        // A "1" in front read as a bar (DankChat's "12:45" in grey on black).
        XCTAssertEqual(rest("|2:45 besics: italy"), "besics: italy")
        XCTAssertNil(rest("| 2 cats came"))
        // No hour 31, a year, a count, a lone number: no time.
        XCTAssertNil(rest("31 12 05 oh?"))
        XCTAssertNil(rest("1999 was a year"))
        XCTAssertNil(rest("3 cats came"))
        XCTAssertNil(rest("12"))
    }

    func testALogLineWhoseLeadWasNotReadStillStartsAMessageOfItsOwn() {
        // WeeChat: lines wrap back to the left margin; a nick OCR lost ("<q>" in a faint
        // colour, "<foo>" on a highlight read as "<") leaves its text where the lines' starts
        // stand, and that row starts a message, no wrapped rest of the line above.
        func row(_ text: String, x: Int = 150, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let margin = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                row("<ernk> hm. I've lost a machine, literally", y: 300),
                row("it responds to ping, it works", x: 20, y: 360),
                row("<alice> oh?", y: 420),
                row("get up", x: 260, y: 480),
                row("<", y: 540),
                row("hey alice. saw a funny dog today", x: 270, y: 600),
                row("<owen> oh my", y: 660),
            ])
        let read = BubbleReader().read(margin, options: ReadOptions())
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "hm. I've lost a machine, literally it responds to ping, it works", "oh?", "get up",
                "hey alice. saw a funny dog today", "oh my",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), ["ernk", "alice", nil, nil, "owen"])
        // Whose line it was is not known when the user's own nick is.
        let mine = BubbleReader().read(margin, options: ReadOptions(myName: "alice"))
        XCTAssertEqual(mine.bubbles.map(\.speaker), [.them, .me, .unknown, .unknown, .them])

        // Halloy: lines wrap under their text, so a row at the times' edge whose time was not
        // read starts a line; the arrow before a join, read as a dash, marks a notice.
        let hanging = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                row("22:11:36 bill These things just keep", x: 20, y: 300),
                row("happening so often", x: 320, y: 360),
                row("22:11:45 ursa bill: /join ##fix", x: 20, y: 420),
                row("— Thuryn has joined the channel", x: 20, y: 480),
                row("22:12:04 ursa it's making it harder", x: 20, y: 540),
                row("for everyone else", x: 320, y: 600),
            ])
        let joined = BubbleReader().read(hanging, options: ReadOptions())
        XCTAssertEqual(
            joined.bubbles.map(\.text),
            [
                "These things just keep happening so often", "bill: /join ##fix", "Thuryn has joined the channel",
                "it's making it harder for everyone else",
            ])
        XCTAssertEqual(joined.bubbles.map(\.kind), [.text, .text, .notice, .text])
    }

    func testALineWhoseLeadOCRSawButCouldNotReadStartsAMessageWithNoWrappedRestInView() {
        // WeeChat scrolled so that no wrapped rest shows how its lines wrap: a nick in a faint
        // colour ("<q>") is dropped from the row, but the row's box still starts where the
        // nicks do, a nick's width before its first word. That row is a line of its own.
        func row(_ text: String, y: Int) -> TextRegion { unframed(text, x: 150, y: y) }
        func leadUnread(_ text: String, y: Int) -> TextRegion {
            var lost = unframed(text, x: 270, y: y)
            lost.lines[0].box = PixelRect(x: 150, y: y, width: lost.box.maxX - 150, height: lost.box.height)
            lost.box = lost.lines[0].box
            return lost
        }
        let read = read([
            row("<foo> just look at this smile", y: 300), row("<alice> that's a very cute dog", y: 360),
            leadUnread("get up", y: 420), leadUnread("get on up", y: 480), row("<owen> oh my", y: 540),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["just look at this smile", "that's a very cute dog", "get up", "get on up", "oh my"])
        XCTAssertEqual(read.bubbles.map(\.author), ["foo", "alice", nil, nil, "owen"])
    }

    func testAWrappedLineThatStartsAtTheMarginStaysWithItsLine() {
        // WeeChat's plain look: times and wrapped lines share the left edge; an untimed row
        // there is the line above going on.
        func row(_ text: String, y: Int) -> TextRegion { unframed(text, x: 20, y: y) }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                row("18:26 <ernk> hm. I've lost a machine, it works", y: 300),
                row("and then, I just can't find it.", y: 360), row("18:26 <alice> oh?", y: 420),
                row("18:27 <foo> get up", y: 480),
            ])
        XCTAssertEqual(
            BubbleReader().read(page, options: ReadOptions()).bubbles.map(\.text),
            ["hm. I've lost a machine, it works and then, I just can't find it.", "oh?", "get up"])
    }

    func testAChannelsMemberListBesideTheLogIsNoPartOfItsLines() {
        // Halloy: the channel's nicks stand in a column at the right, each read onto the end
        // of the log's row beside it, one after a scroll bar read as "|".
        func row(_ text: String, x: Int = 20, y: Int, member: String?) -> [TextRegion] {
            [unframed(text, x: x, y: y)] + (member.map { [unframed($0, x: 880, y: y)] } ?? [])
        }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: row("11:51:26 casper rough edges", y: 300, member: "[Ristovski]")
                + row("marked as alpha", x: 356, y: 360, member: "abby")
                + row("17:14:33 aryak and none of them", y: 420, member: "aj")
                + row("17:14:37 aryak any clue why?", y: 480, member: nil)
                + [unframed("|", x: 840, y: 480), unframed("amk", x: 880, y: 480)]
                + row("19:09:16 aryak i already did that", y: 540, member: "anjan")
                + row("19:13:51 alex short of dumping the db", y: 600, member: nil))
        let read = BubbleReader().read(page, options: ReadOptions())
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "rough edges marked as alpha", "and none of them", "any clue why?",
                "i already did that", "short of dumping the db",
            ])
    }
}

extension RealLookReadingTests {
    func testEachRowStampedInATimesColumnAtTheRightIsALineEvenWhereItsNickWentUnread() {
        // uTox: nicks right-aligned in a column, each line's time in a column at the right. The
        // user's nick, in a script OCR does not read, leaves its lines where a wrapped rest
        // would stand; their times say they are lines of their own. A wrapped rest has none.
        func row(_ nick: String?, _ text: String, y: Int, time: String?) -> [TextRegion] {
            (nick.map { [unframed($0, x: 60, y: y)] } ?? []) + [unframed(text, x: 200, y: y)]
                + (time.map { [unframed($0, x: 950, y: y)] } ?? [])
        }
        let read = read(
            row("CSbot", "Error: map doesn't exist", y: 300, time: "21:46")
                + row(nil, "start de_dust2", y: 360, time: "21:36")
                + row("CSbot", "Started server", y: 420, time: "21:36") + row(nil, "stop", y: 480, time: "THAZ")
                + row("CSbot", "52B0DA5D04C1D3 E", y: 540, time: "18:41") + row(nil, "A7E3", y: 600, time: nil)
                + row(nil, "who?", y: 660, time: "18:41"))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Error: map doesn't exist", "start de_dust2", "Started server", "stop", "52B0DA5D04C1D3 E A7E3", "who?"])
        XCTAssertEqual(read.bubbles.map(\.author), ["CSbot", nil, "CSbot", nil, "CSbot", nil])
    }

    func testNicksThatOnlyLeadTheirLinesAreToldByLeadingManyOfThem() {
        // Discordo: "jorropo both" in one monospaced run, the nick set apart by its colour
        // alone. Each nick leads several lines; a row not led by one is the line above going
        // on. A reply's quote ("╭ santiago.aballeros fair enough") is set in over the reply.
        // The channel's name on the pane's frame stands left of every line.
        func row(_ text: String, x: Int = 40, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let read = read([
            row("#go-chat", x: 10, y: 260), row("jorropo both", y: 300),
            row("jorropo the compiler has the concept of a shape", y: 360), row("each shape gets compiled", y: 420),
            row("santiago.aballeros fair enough", y: 480), row("santiago.aballeros i enjoy short builds", y: 540),
            row("¢ santiago.aballeros fair enough", x: 46, y: 600), row("slinkywee don't do this", y: 660),
            row("jorropo there is not", y: 720), row("sLinkywee oh am i dumb", y: 780),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "both", "the compiler has the concept of a shape each shape gets compiled", "fair enough",
                "i enjoy short builds", "don't do this", "there is not", "oh am i dumb",
            ])
        XCTAssertEqual(
            read.bubbles.map(\.author),
            ["jorropo", "jorropo", "santiago.aballeros", "santiago.aballeros", "slinkywee", "jorropo", "sLinkywee"])
        XCTAssertEqual(read.bubbles.map(\.quote), [nil, nil, nil, nil, "fair enough", nil, nil])

        // Prose whose rows start with the same common words is no log: those words stand
        // inside its rows more often than they lead them.
        let prose = self.read([
            row("I think we should go early", y: 300), row("the plan is good and I like it", y: 360),
            row("I will bring the snacks and the", y: 420), row("the snacks are in the car", y: 480),
            row("we leave at noon if I can", y: 540),
        ])
        XCTAssertEqual(prose.bubbles.compactMap(\.author), [], "\(prose.bubbles.map(\.text))")
    }
}

extension RealLookReadingTests {
    /// Quasseldroid: each message's first row ends in its time, in a column at the right that
    /// the text wraps before. A wrapped row that ends short of the times' column still ends
    /// where the text may run, and the post goes on under it.
    func testAPostsWrappedRowIsMeasuredAgainstTheTextsWidthNotTheTimesColumn() {
        func row(_ text: String, y: Int) -> TextRegion { unframed(text, x: 136, y: y, height: 36) }
        func time(_ text: String, y: Int) -> TextRegion { unframed(text, x: 983, y: y, height: 25) }
        let regions = [
            row("Exterminador Exterminador <droider.pc@gmail.com>", y: 336),
            row("justJanne: now that sendermodes sorting has", y: 385), time("19:34", y: 385),
            row("been pushed to the git PPA, I've found that", y: 428),
            row("and the rest goes on", y: 471),
            row("romibi romibi (Gravatar: <noreply@romibi.ch>)", y: 560),
            row("ah ... adding an email is not enough", y: 605), time("19:40", y: 605),
            row("Now it does", y: 660), time("19:41", y: 660),
        ]
        let texts = read(regions).bubbles.map(\.text)
        XCTAssertTrue(
            texts.contains { $0.hasPrefix("justJanne") && $0.hasSuffix("and the rest goes on") }, "\(texts)")
    }
}
