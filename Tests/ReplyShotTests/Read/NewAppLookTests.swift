import XCTest

@testable import ReplyShot

/// Looks met in the apps that came into the real corpus last: Twitch chat's "nick: text"
/// lines, bubbles of one colour for both sides, labels over the user's own bubbles, a row of
/// big emoji, cards that hold their sender's picture and a stamp set apart from the name.
extension RealLookReadingTests {
    func testLinesLedByANickAndAColonAreALogsMessages() {
        // Frosty (Twitch): "SnowSushi: DONT THROW IT", the chat's badges in front of some nicks
        // read as scraps ("qx", "(BB"), a line wrapped back to the margin, and an emote alone
        // after its nick ("Dokkku:") that reads as nothing.
        func row(_ text: String, y: Int) -> TextRegion { unframed(text, x: 20, y: y) }
        let read = read([
            row("meatballgodzilla: turf", y: 300),
            row("qx Dokkku:", y: 360),
            row("Fossabot: Ron is doing a subathon for 30 days", y: 420),
            row("seconds added to the timer", y: 480),
            row("(BB Vussago: ITS A HUGE DURAG", y: 540),
            row("gintaniOo?: rip turt", y: 600),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "turf", "[sticker]", "Ron is doing a subathon for 30 days seconds added to the timer",
                "ITS A HUGE DURAG",
                "rip turt",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), ["meatballgodzilla", "Dokkku", "Fossabot", "Vussago", "gintaniOo?"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.text, .media, .text, .text, .text])
    }

    func testAMailsHeaderFieldsAreNoNicks() {
        // "From:", "To:", "Date:" lead a mail's header rows as a nick and its colon would.
        XCTAssertNil(LogLineReader.colonNick(line("From: Sara Chen", x: 20, y: 300).words[...]))
        XCTAssertNil(LogLineReader.colonNick(line("Subject: Roadmap", x: 20, y: 300).words[...]))
        XCTAssertNil(LogLineReader.colonNick(line("Location: 43.54542, 7.03605", x: 20, y: 300).words[...]))
        // Text that merely holds a colon further on is no nick either.
        XCTAssertNil(LogLineReader.colonNick(line("Heads up: bridge is out", x: 20, y: 300).words[...]))
        XCTAssertEqual(LogLineReader.colonNick(line("qx Dokkku:", x: 20, y: 300).words[...])?.nick, "Dokkku")
    }

    func testAProfilePictureBesideAWideBubbleMakesItTheOthers() {
        // Knit draws both sides' bubbles in one colour; the others' reach almost across the
        // screen from beside their sender's picture, so their right edge says nothing.
        let photo = region(PixelRect(x: 30, y: 900, width: 110, height: 110), fill: Self.white, lines: [])
        let theirs = region(
            PixelRect(x: 170, y: 850, width: 880, height: 160), fill: Self.grey,
            lines: [line("Trail's clear up top, come join us!", x: 200, y: 880)])
        let mine = region(
            PixelRect(x: 500, y: 1100, width: 550, height: 90), fill: Self.grey,
            lines: [line("On my way", x: 530, y: 1120)])
        let read = read([photo, theirs, mine])
        XCTAssertEqual(read.bubbles.map(\.text), ["Trail's clear up top, come join us!", "On my way"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me])
    }

    func testALabelOverTheUsersOwnBubbleIsItsAuthor() {
        // Nightdrop heads both sides' bubbles with the sender's label, the user's own set at
        // the bubble's far side over the text; a first row of text starts where the rest does.
        func mine(_ y: Int, _ first: OCRLine, _ text: String) -> TextRegion {
            region(
                PixelRect(x: 600, y: y, width: 440, height: 160), fill: Self.blue,
                lines: [first, line(text, x: 630, y: y + 80)])
        }
        let labelled = mine(900, line("Anon", x: 900, y: 920, height: 30), "Hi! How are you?")
        let twoLines = mine(1200, line("Great", x: 630, y: 1220), "thanks for asking")
        let read = read([labelled, twoLines])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hi! How are you?", "Great thanks for asking"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Anon", nil])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .me])
    }

    func testARowOfBigEmojiIsOneMessage() {
        // Each big emoji ("🔥", taller than wide) is found as a shape of its own, side by
        // side: one message of emoji alone, whose text no reading spells. A shape alone under
        // them is a sticker, another message.
        func emoji(x: Int, y: Int) -> TextRegion {
            region(PixelRect(x: x, y: y, width: 100, height: 130), fill: Self.grey, lines: [])
        }
        let text = region(
            PixelRect(x: 440, y: 1500, width: 600, height: 90), fill: Self.blue, lines: [line("Look!", x: 470, y: 1520)]
        )
        let read = read([
            emoji(x: 40, y: 900), emoji(x: 160, y: 900), emoji(x: 280, y: 900), emoji(x: 40, y: 1200), text,
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["", "[sticker]", "Look!"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.text, .media, .text])
    }

    func testACardsPictureAndAStampApartFromTheNameLeaveTheName() {
        // Campfire in the dark: the card holds the sender's picture, read as a tall scrap on
        // rows of its own ("Af)"), and the name row's time and "more" button were taken off
        // the row as the card's corner time before the name was looked at.
        let picture = OCRWord(text: "Af)", box: PixelRect(x: 34, y: 420, width: 76, height: 71), confidence: 0.74)
        let name = line("Luna Rodriguez", x: 134, y: 450, height: 32)
        let stamp = line("3:50 PM eee", x: 380, y: 452, height: 26)
        let card = region(
            PixelRect(x: 30, y: 410, width: 700, height: 170), fill: Self.grey,
            lines: [
                OCRLine(words: [picture], box: picture.box), joined(name, stamp),
                line("great point, kurt", x: 134, y: 510),
            ])
        // (A post of a few lines under it gives the page its line height.)
        let post = region(
            PixelRect(x: 30, y: 700, width: 1000, height: 200), fill: Self.grey,
            lines: [
                line("Matthew Rogerson 3:51 PM", x: 134, y: 710, height: 32),
                line("I'm LOVING the rich tangerine color in the", x: 134, y: 760),
                line("second one!", x: 134, y: 820),
            ])
        let read = read([card, post])
        XCTAssertEqual(
            read.bubbles.map(\.text), ["great point, kurt", "I'm LOVING the rich tangerine color in the second one!"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Luna Rodriguez", "Matthew Rogerson"])
    }

    func testALocationCardOfLabelledFieldsIsAPlaceWhateverHeadsIt() {
        // Olvid: "Location: 43.54542, 7.03605" over "Accuracy: 100.0 m", "Altitude:", "Latest
        // update:"; its first row on a tint of its own may be taken for a heading.
        var paper = Array(repeating: Self.grey, count: 300)
        for row in 20..<80 { paper[row] = RGB(r: 200, g: 200, b: 210) }
        let card = region(
            PixelRect(x: 20, y: 1750, width: 950, height: 300), fill: Self.grey,
            lines: [
                line("Location: 43.54542, 7.03605", x: 280, y: 1780), line("Accuracy: 100.0 m", x: 280, y: 1830),
                line("Altitude:", x: 280, y: 1880), line("Latest update:", x: 280, y: 1930),
            ], paper: paper)
        XCTAssertEqual(read([card]).bubbles.map(\.text), ["[location]"])
    }

    func testAQuotesBarReadAsAStrokeIsNoWordOfTheQuote() {
        // BChat: the bar beside a one-line quote is read as "|" at the start of the quoted row,
        // taller than its words and a bar's gap before them; the reply under it starts where
        // the bar does, so the bar is no mark left of the text. A message that starts with
        // "I" a space before its next word keeps it.
        let box = PixelRect(x: 250, y: 1836, width: 818, height: 236)
        func word(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> OCRWord {
            OCRWord(text: text, box: PixelRect(x: x, y: y, width: width, height: height), confidence: 0.9)
        }
        func bubble(_ bar: OCRWord, barRows: Range<Int>) -> TextRegion {
            let words = [bar, word("not", 338, 1893, 57, 26), word("yet", 409, 1889, 60, 30)]
            let quoted = OCRLine(words: words, box: PixelRect(enclosing: words.map(\.box)))
            let reply = OCRLine(
                words: [word("hii", 285, 2006, 42, 32)], box: PixelRect(x: 285, y: 2006, width: 42, height: 32))
            let marks: [LeftMark?] = (box.y..<box.maxY).map { y in
                if barRows.contains(y) { return LeftMark(x: 282, width: 11) }
                return ([quoted, reply].first { ($0.box.y..<$0.box.maxY).contains(y) }).map {
                    LeftMark(x: $0.box.x, width: 4)
                }
            }
            return TextRegion(
                box: box, zone: .content, fill: Self.blue, isFilled: true, lines: [quoted, reply],
                anatomy: RegionAnatomy(
                    rowPaper: Array(repeating: Self.blue, count: box.height),
                    rowInk: Array(repeating: Self.white, count: box.height), rowLeftMark: marks))
        }
        let quoted = read([bubble(word("|", 282, 1873, 11, 62), barRows: 1873..<1935)]).bubbles
        XCTAssertEqual(quoted.map(\.text), ["hii"])
        XCTAssertEqual(quoted.first?.quote, "not yet")
        // A space after it, the stroke is the text's own.
        let own = read([bubble(word("I", 320, 1889, 12, 30), barRows: 0..<0)]).bubbles
        XCTAssertEqual(own.first?.text.hasPrefix("I not yet"), true, "\(own.map(\.text))")
    }

    func testAnOpenedMailsParagraphsAreTheSenderNamedInTheFixedHeader() {
        // Bulwark: the subject, the date and "Bob Developer <bob@demo.root.cloud>" stay in the
        // fixed header while the body scrolls under it; the body's paragraphs are Bob's.
        var sender = mailRow("Bob Developer <bob@demo.root.cloud>", y: 150)
        sender.zone = .header
        let body = [
            pageRow("Hey Alice,", y: 400, height: 40), pageRow("Want to grab lunch tomorrow?", y: 520, height: 40),
            pageRow("Bob", y: 640, height: 40),
        ]
        let read = read([sender] + body)
        XCTAssertEqual(read.bubbles.map(\.text), ["Hey Alice,", "Want to grab lunch tomorrow?", "Bob"])
        XCTAssertEqual(Set(read.bubbles.map(\.author)), ["Bob Developer"])
        XCTAssertEqual(Set(read.bubbles.map(\.speaker)), [.them])
        // Without an address beside it, a header row is no sender.
        var title = mailRow("Lunch tomorrow", y: 150)
        title.zone = .header
        XCTAssertEqual(Set(self.read([title] + body).bubbles.map(\.author)), [nil])
    }
}

extension RealLookReadingTests {
    func testNamesWithAColonAtTheStartOfSeveralBubblesAreTheirAuthors() {
        // SimpleX: each member's name in bold at the start of the bubble, with a colon, the
        // text wrapped under it; the sender's picture beside one of them read as a scrap ("S").
        func bubble(_ first: String, _ second: String, y: Int) -> TextRegion {
            region(
                PixelRect(x: 40, y: y, width: 800, height: 150), fill: Self.grey,
                lines: [line(first, x: 60, y: y + 20), line(second, x: 60, y: y + 80)])
        }
        let read = read([
            bubble("InfiniteArbiter: Hello! Let's confirm", "the plan for tomorrow", y: 400),
            bubble("EnlightenedOffer: Alice and I are", "handing out leaflets", y: 600),
            bubble("S cyberbob: Me and Winston hold", "the banner all day", y: 800),
            region(
                PixelRect(x: 440, y: 1000, width: 600, height: 90), fill: Self.blue,
                lines: [line("Sounds good to me", x: 470, y: 1020)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.author), ["InfiniteArbiter", "EnlightenedOffer", "cyberbob", nil])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "Hello! Let's confirm the plan for tomorrow", "Alice and I are handing out leaflets",
                "Me and Winston hold the banner all day", "Sounds good to me",
            ])
        // One bubble that starts with a word and a colon is a sentence, not a name.
        let one = self.read([
            greyBubble("Note: bring a pen tomorrow", x: 40, y: 400, width: 700),
            greyBubble("See you at nine then", x: 40, y: 550, width: 700),
        ])
        XCTAssertEqual(one.bubbles.map(\.author), [nil, nil])
        XCTAssertEqual(one.bubbles.first?.text, "Note: bring a pen tomorrow")
        // A bot's report, one label and its value in figures a bubble (Antidote's echo bot),
        // names no one.
        let report = self.read([
            greyBubble("Uptime: 0d 23h 20m", x: 40, y: 400, width: 500),
            greyBubble("Toxcore: 0.2.8", x: 40, y: 550, width: 500),
            greyBubble("Friends: 1387 (71 online)", x: 40, y: 700, width: 500),
        ])
        XCTAssertEqual(report.bubbles.map(\.author), [nil, nil, nil])
        XCTAssertEqual(report.bubbles.map(\.text).first, "Uptime: 0d 23h 20m")
    }
}
