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

    func testEmojiTesseractSawNothingInBeforeTheTimeAreStillAMessage() {
        // Qiscus: "🤣🤣🤣🤣😂" and "09:30 AM ✓✓" in the user's bubble; no word was read for
        // the emoji, so only what is drawn before the time shows they are there.
        let theirs = greyBubble("lol", x: 40, y: 600)
        let box = PixelRect(x: 400, y: 800, width: 620, height: 110)
        func bubble(drawnFrom x: Int?, stamp: String = "09:30 AM") -> TextRegion {
            var marks = [LeftMark?](repeating: nil, count: box.height)
            if let x { for row in 25..<85 { marks[row] = LeftMark(x: x, width: 60) } }
            // Its rounded corners show the page right at its side.
            for row in Array(0..<12) + Array(98..<110) { marks[row] = LeftMark(x: box.x + 3, width: 8) }
            return TextRegion(
                box: box, zone: .content, fill: Self.blue, isFilled: true,
                lines: [line(stamp, x: 820, y: 850, height: 24)],
                anatomy: RegionAnatomy(
                    rowPaper: Array(repeating: Self.blue, count: box.height),
                    rowInk: Array(repeating: Self.white, count: box.height), rowLeftMark: marks))
        }
        let read = read([theirs, bubble(drawnFrom: 430)])
        XCTAssertEqual(read.bubbles.map(\.text), ["lol", ""])
        XCTAssertEqual(read.bubbles.last?.speaker, .me)
        // Nothing drawn before the time (the rest of a bubble whose words lie past a cut): no
        // message; nor is a bubble whose time stands at its start.
        XCTAssertEqual(self.read([theirs, bubble(drawnFrom: nil)]).bubbles.map(\.text), ["lol"])
        let stampOnly = region(
            PixelRect(x: 820, y: 800, width: 200, height: 70), fill: Self.blue,
            lines: [line("09:30 AM", x: 830, y: 820, height: 24)])
        XCTAssertEqual(self.read([theirs, stampOnly]).bubbles.map(\.text), ["lol"])
        // mChat: a play button before a lone length from zero ("00:17") is a recording's.
        let played = self.read([theirs, bubble(drawnFrom: 430, stamp: "00:17")])
        XCTAssertEqual(played.bubbles.map(\.text), ["lol", MediaLabel.voice])
        XCTAssertEqual(played.bubbles.last?.kind, .media)
    }

    func testALoneShadedEmojiAFewLinesTallIsAnEmojiNotAPhoto() {
        // iMessage: 😮 sent alone, drawn about three lines tall, shaded in many colours (so
        // its rows are picture rows), nothing to read in it.
        let theirs = greyBubble("Cool, can I see it?", x: 40, y: 600)
        let emoji = region(
            PixelRect(x: 50, y: 800, width: 130, height: 130), fill: Self.white, lines: [], pictures: [800..<930])
        let read = read([theirs, emoji])
        XCTAssertEqual(read.bubbles.map(\.text), ["Cool, can I see it?", ""])
        XCTAssertEqual(read.bubbles.last?.kind, .text)
        // A photo of the same shape many lines tall stays a photo.
        let photo = region(
            PixelRect(x: 50, y: 800, width: 500, height: 500), fill: Self.white, lines: [], pictures: [800..<1300])
        XCTAssertEqual(self.read([theirs, photo]).bubbles.map(\.text), ["Cool, can I see it?", MediaLabel.photo])
    }

    func testTheUnreadDividersLabelIsNoMessage() {
        // Axichat: "New" in the middle of a line across the chat, where unread messages start.
        let before = greyBubble("Hi, is this Ben?", x: 40, y: 600)
        let divider = unframed("New", x: 505, y: 760, height: 30)
        let after = greyBubble("Here are the templates", x: 40, y: 860)
        XCTAssertEqual(
            read([before, divider, after]).bubbles.map(\.text), ["Hi, is this Ben?", "Here are the templates"])
        // "New" said in a bubble is a message.
        XCTAssertEqual(read([before, greyBubble("New", x: 40, y: 760, width: 150)]).bubbles.map(\.text).last, "New")
    }

    func testAFilesMenuDotsFarAfterItsNameAreNoPartOfIt() {
        // Axichat: a file's card, its overflow menu's dots at the far right read as "eee".
        let name = line("document2.txt", x: 200, y: 620)
        let dots = line("eee", x: 760, y: 630, height: 20, confidence: 0.5)
        let card = region(
            PixelRect(x: 20, y: 600, width: 820, height: 160), fill: Self.grey,
            lines: [joined(name, dots), line("83 B", x: 200, y: 680, height: 26)])
        XCTAssertEqual(read([card]).bubbles.map(\.text), ["[file document2.txt]"])
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

    func testARecordingSignedInItsSmallPrintIsAVoiceMessageNamedForItsSender() {
        // Cheogram: the length alone at the top, the play button read as a scrap, and a
        // footer that names the sender before the time and the file's size.
        let voice = region(
            PixelRect(x: 40, y: 600, width: 900, height: 210), fill: Self.grey,
            lines: [
                line("0:10", x: 860, y: 620, height: 26),
                line("Voicemail Recording just now · 5 KiB", x: 200, y: 760, height: 28),
            ])
        let read = read([voice])
        XCTAssertEqual(read.bubbles.map(\.text), [MediaLabel.voice])
        XCTAssertEqual(read.bubbles.map(\.author), ["Voicemail Recording"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them])
    }

    func testANameInTheMessagesTypeWithASmallStampUnderTheTextSignsIt() {
        // Cheogram: "Voicemail Transcription just now" under "Where are you?", the name and
        // "just" as tall as the text (capitals, a "j"), only "now" smaller, and no separator.
        func footer(_ text: String, y: Int) -> OCRLine {
            let words = line(text, x: 200, y: y, height: 30).words.map { word -> OCRWord in
                guard MessageMetadata().isTime(word.text), word.text != "just" else { return word }
                var small = word
                small.box = PixelRect(x: word.box.x, y: word.box.y + 12, width: word.box.width, height: 17)
                return small
            }
            return OCRLine(words: words, box: words.map(\.box).reduce(words[0].box) { $0.union($1) })
        }
        func bubble(_ last: String) -> TextRegion {
            region(
                PixelRect(x: 40, y: 600, width: 700, height: 150), fill: Self.grey,
                lines: [line("Where are you?", x: 200, y: 620, height: 30), footer(last, y: 680)])
        }
        let signed = read([bubble("Voicemail Transcription just now")])
        XCTAssertEqual(signed.bubbles.map(\.text), ["Where are you?"])
        XCTAssertEqual(signed.bubbles.map(\.author), ["Voicemail Transcription"])
        // The message's own last row with its small time signs nothing.
        let own = read([bubble("see you there 10:42")])
        XCTAssertEqual(own.bubbles.map(\.text), ["Where are you? see you there"])
        XCTAssertEqual(own.bubbles.map(\.author), [nil])
    }

    func testADateChipWithItsTimeIsNoRecording() {
        // QuickBlox: "February 24 3:57 AM" on a chip over the messages: one stamp, its time in
        // figures and its "AM" on one row, whatever "3:57" might measure.
        let chip = region(
            PixelRect(x: 240, y: 500, width: 600, height: 60), fill: Self.grey,
            lines: [line("February 24 3:57 AM", x: 280, y: 510, height: 30)])
        let theirs = greyBubble("Would you like to chat?", x: 40, y: 700)
        let read = read([chip, theirs])
        XCTAssertFalse(read.bubbles.contains { $0.text == MediaLabel.voice })
        XCTAssertEqual(read.bubbles.map(\.text), ["Would you like to chat?"])
    }

    func testAOneLetterMessageInAWideBubbleIsReadWithItsSide() {
        // MeshLink: bubbles of one letter ("a", "b") as wide as other apps' long ones, and no
        // other bubble on the screen to say it is a chat. "b" is a letter, not a size's unit.
        let mine = region(
            PixelRect(x: 265, y: 450, width: 740, height: 160), fill: Self.blue, lines: [line("a", x: 310, y: 500)])
        let theirs = region(
            PixelRect(x: 70, y: 660, width: 740, height: 160), fill: Self.grey, lines: [line("b", x: 115, y: 710)])
        let read = read([mine, theirs])
        XCTAssertEqual(read.bubbles.map(\.text), ["a", "b"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .them])
    }

    func testTheTypedDraftUnderAFloatingHintIsNoMessage() {
        // Babble: Material's label ("Enter message") floats over the words being typed, in a
        // composer the layout did not set apart; the messages above are posts under names.
        let read = read([
            unframed("Anonymous Magnanimous", x: 40, y: 1500, height: 34),
            unframed("Will Sunday 5 pm work for you guys", x: 40, y: 1545),
            unframed("Enter message", x: 200, y: 1960, height: 28),
            unframed("Try keeping it at around 4 pm", x: 200, y: 2000),
            unframed("though, I might be busy", x: 200, y: 2050),
        ])
        XCTAssertTrue(read.bubbles.contains { $0.text.contains("Will Sunday") })
        XCTAssertFalse(read.bubbles.contains { $0.text.contains("keeping") || $0.text.contains("busy") })
        XCTAssertTrue(read.decisions.contains { $0.role == .inputBar && $0.text.contains("busy") })
    }
}

extension RealLookReadingTests {
    func testAMailsSenderOverItsAddressNamesTheParagraphs() {
        // Bulwark: the sender's name beside the picture, the address under it in smaller
        // type (read with a garbled twin in front), the recipients, then the body.
        var address = line("ennhiaMeaiirntar sophie@eurotech.example", x: 100, y: 445, height: 20)
        address.words[0].confidence = 0.4
        let rows = [
            line("Sophie Müller", x: 100, y: 400, height: 30), address,
            line("To: me Show details", x: 100, y: 480, height: 20),
            line("Hallo!", x: 40, y: 560), line("This is a sample email to help you get started.", x: 40, y: 660),
            line("Feel free to explore the UI.", x: 40, y: 760),
        ]
        let read = read(
            rows.map {
                region(
                    PixelRect(x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height), fill: Self.white,
                    lines: [$0])
            })
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Hallo!", "This is a sample email to help you get started.", "Feel free to explore the UI."])
        XCTAssertEqual(Set(read.bubbles.map(\.author)), ["Sophie Müller"])
    }

    func testAMailsLabelledHeaderFieldsNameTheSenderAndSubjectAndAreNoMessage() {
        // Simple Mail: the subject as a heading, then a card of labelled fields (label and
        // value read as separate lines), then the body's paragraphs.
        let card = region(
            PixelRect(x: 40, y: 300, width: 900, height: 330), fill: Self.grey,
            lines: [
                line("From", x: 60, y: 320, height: 30), line("Sara Chen <sara.chen@company.com>", x: 220, y: 320),
                line("To", x: 60, y: 390, height: 30), line("You <you@company.com>", x: 220, y: 390),
                line("Date", x: 60, y: 460, height: 30), line("Sunday, April 19, 2026 at 9:30 AM", x: 220, y: 460),
                line("Subject Product Roadmap Review", x: 60, y: 530),
            ])
        let read = read([
            pageRow("Product Roadmap Review", y: 200, height: 56), card,
            mailRow("Hi team,", y: 700), mailRow("I wanted to share the updated roadmap.", y: 800),
            mailRow("Best,", y: 900), mailRow("Sara", y: 950),
        ])
        XCTAssertEqual(read.title, "Product Roadmap Review")
        XCTAssertEqual(read.bubbles.map(\.text), ["Hi team,", "I wanted to share the updated roadmap.", "Best, Sara"])
        XCTAssertEqual(Set(read.bubbles.map(\.author)), ["Sara Chen"])
        XCTAssertEqual(Set(read.bubbles.map(\.speaker)), [.them])
    }

    func testHeaderFieldsWhoseValuesAreBoxesOfTheirOwnNameTheSenderAndAreNoMessage() {
        // A desktop mail viewer lays the header out as a grid: each label on the page, each
        // value in a box of its own beside it. Rows taken across the regions are the fields.
        func field(_ label: String, _ value: String, y: Int) -> [TextRegion] {
            [
                unframed(label, x: 40, y: y, height: 30),
                region(
                    PixelRect(x: 200, y: y - 10, width: 700, height: 50), fill: Self.grey,
                    lines: [line(value, x: 210, y: y, height: 30)]),
            ]
        }
        let header =
            field("From:", "John Doe <john@moon.space>", y: 300) + field("To:", "Lucas <lucas@mercure.space>", y: 370)
            + field("Subject:", "Lorem ipsum", y: 440)
        // A body row that starts like a field is the body's.
        let body = [
            mailRow("Hello Lucas,", y: 560), mailRow("Lorem ipsum dolor sit amet.", y: 660),
            mailRow("Date night at 8 works.", y: 760),
        ]
        let read = read(header + body)
        XCTAssertEqual(read.title, "Lorem ipsum")
        XCTAssertEqual(
            read.bubbles.map(\.text), ["Hello Lucas,", "Lorem ipsum dolor sit amet.", "Date night at 8 works."])
        XCTAssertEqual(Set(read.bubbles.map(\.author)), ["John Doe"])
        // Field-like rows with a message between them are no header: nothing is taken away.
        let apart =
            field("From:", "John Doe <john@moon.space>", y: 300) + body + field("To:", "Lucas", y: 860)
            + field("Subject:", "Lorem ipsum", y: 960)
        XCTAssertNil(MailHeaderFields(spreadOver: apart))
    }

    func testTwoFieldLikeLinesInABubbleAreStillAMessage() {
        // "To: me" under a sender and a "Date" in a message are no mail header: a header shows
        // the sender's field and at least two more.
        let bubble = region(
            PixelRect(x: 40, y: 400, width: 700, height: 160), fill: Self.grey,
            lines: [line("To do: buy milk", x: 60, y: 420), line("Date night at 8", x: 60, y: 480)])
        XCTAssertNil(MailHeaderFields(region: bubble))
    }

    func testAQuickReplyBoxAfterTheUsersPictureIsNoMessage() {
        // Bulwark: the user's initials before the box read as "foe]".
        let read = read([
            mailRow("Thanks for the update on the roadmap.", y: 600),
            mailRow("foe] Write a quick reply...", y: 1000),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Thanks for the update on the roadmap."])
    }
}

extension MessageMetadataTests {
    func testASignatureBeforeASizeKeepsItsStampOutOfTheName() {
        // Conversations' footer: the sender, the time and the file's size ("Bob just now · 5 KiB").
        XCTAssertEqual(
            metadata.signature(
                words("Voicemail Recording just now · 5 KiB", height: 24), maximumNameWords: 4, smallPrint: true),
            "Voicemail Recording")
        XCTAssertEqual(metadata.signature(words("Alice Cooper · 12:30"), maximumNameWords: 4), "Alice Cooper")
    }

    func testASeparatorReadGluedToTheNameStillSetsTheStampApart() {
        // Movim signs a bubble "Jae · 11:19" in small grey type; the dot reads as a dash or a
        // colon on the name, or as a plus of its own.
        XCTAssertEqual(metadata.signature(words("Jae- 11:19"), maximumNameWords: 4), "Jae")
        XCTAssertEqual(
            metadata.signature(words("seb: 11:18", height: 24), maximumNameWords: 4, smallPrint: true), "seb")
        XCTAssertEqual(metadata.signature(words("Zatalyz + 11:21"), maximumNameWords: 4), "Zatalyz")
        // In the message's own type a colon is the sentence's: "Start: 9:30" signs nothing.
        XCTAssertNil(metadata.signature(words("Start: 9:30"), maximumNameWords: 4))
        XCTAssertNil(metadata.signature(words("see you- 9:30 then"), maximumNameWords: 4))
    }

    func testAUnitAloneIsNoFileSize() {
        XCTAssertFalse(metadata.isMetadataRow(words("b")))
        XCTAssertEqual(
            metadata.strippingTrailing(words("Then plan B"), lineHeight: 44).kept.map(\.text), ["Then", "plan", "B"])
        XCTAssertTrue(metadata.isMetadataRow(words("5 KiB · 12:30", height: 24)))
    }

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

    func testAnAmAfterAPlainWordIsTheMessagesWordNotAStamp() {
        // Flutter UI Challenges: "I suppose I am." read with "|" for the "I": a meridiem after a
        // plain word is the message's; after figures or "Yesterday," (its time read apart) and
        // alone on its row it is a stamp's.
        var line = words("I suppose I am.")
        line[3].box.height = 24  // x-height letters only: as short as small print
        XCTAssertEqual(metadata.strippingTrailing(line, lineHeight: 44).kept.count, 4)
        XCTAssertEqual(metadata.strippingTrailing(words("See you 10:30 PM", height: 24), lineHeight: 44).kept.count, 2)
        var misread = words("I suppose | am.")
        misread[3].box.height = 24
        XCTAssertEqual(metadata.strippingTrailing(misread, lineHeight: 44).kept.count, 4)
        XCTAssertEqual(
            metadata.strippingTrailing(words("Hey Yesterday, PM", height: 24), lineHeight: 44).kept.map(\.text), ["Hey"]
        )
        XCTAssertEqual(
            metadata.strippingTrailing(words("Hi PM", height: 24), lineHeight: 44).kept.map(\.text), ["Hi"])
        XCTAssertTrue(metadata.isMetadataRow(words("PM", height: 24)))
        XCTAssertTrue(metadata.isMetadataRow(words("Yesterday, 1:25 PM", height: 24)))
    }
}
