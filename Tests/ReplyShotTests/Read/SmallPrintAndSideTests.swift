import XCTest

@testable import ReplyShot

/// Looks of apps first met on real screens after the corpus grew: a bubble set in by its
/// sender's photo, status lines in small type under a message's text, times whose colon OCR
/// lost, and IRC times split at their colon.
extension RealLookReadingTests {
    func testABubbleSetInBySendersPhotoBesideItIsOnThePhotosSide() {
        // A dating-app clone: the round photo against the bubble's end sets the bubble in past
        // the side margin; the same bubble, as far from both sides, is on the photo's side.
        func photo(x: Int) -> TextRegion {
            region(PixelRect(x: x, y: 400, width: 150, height: 150), fill: Self.white, lines: [], pictures: [400..<550])
        }
        let bubble = region(
            PixelRect(x: 260, y: 420, width: 560, height: 110), fill: RGB(r: 255, g: 90, b: 90),
            lines: [line("The Chat is working realtime", x: 290, y: 450)])
        let left = read([photo(x: 100), bubble])
        XCTAssertEqual(left.bubbles.map(\.text), ["The Chat is working realtime"])
        XCTAssertEqual(left.bubbles.map(\.speaker), [.them])
        XCTAssertEqual(read([bubble, photo(x: 830)]).bubbles.map(\.speaker), [.me])
    }

    func testALongBubbleInTheOthersColourReachingAcrossIsTheirs() {
        // QKSMS, Pix-Art: the others' grey bubbles start after the column of their senders'
        // pictures; a long one without its picture (the first of a run, or one the top edge
        // cuts) starts as far in and ends near the right edge, where the user's blue bubbles
        // end. Its colour, not its margins, says whose it is.
        func bubble(_ text: String, x: Int, y: Int, width: Int, fill: RGB) -> TextRegion {
            region(
                PixelRect(x: x, y: y, width: width, height: 90), fill: fill, lines: [line(text, x: x + 20, y: y + 20)])
        }
        let others = [
            bubble("And the Material Design", x: 40, y: 450, width: 600, fill: Self.grey),
            bubble("Hey dude are you coming", x: 40, y: 600, width: 600, fill: Self.grey),
        ]
        let mine = bubble("I can send pictures", x: 560, y: 750, width: 480, fill: Self.blue)
        let long = bubble("I just downloaded it and I love it", x: 190, y: 300, width: 850, fill: Self.grey)
        XCTAssertEqual(read([long] + others + [mine]).bubbles.map(\.speaker), [.them, .them, .them, .me])
        // A short bubble far from the left in that colour stays the user's (SimpleX draws both
        // sides in one grey), and so does a long one where the user's bubbles share it too.
        let short = bubble("Look forward", x: 620, y: 300, width: 420, fill: Self.grey)
        XCTAssertEqual(read([short] + others + [mine]).bubbles.map(\.speaker), [.me, .them, .them, .me])
        let greyMine = bubble("I can send pictures", x: 560, y: 750, width: 480, fill: Self.grey)
        XCTAssertEqual(read([long] + others + [greyMine]).bubbles.map(\.speaker), [.me, .them, .them, .me])
    }

    func testBubblesThatLineUpOnTheLeftAndEndRaggedlyAreTheOthersWhateverTheirMargins() {
        // motd, Telegram's groups: the others' long bubbles start after the column of their
        // senders' pictures, past the side margin, and end nearer the right edge; only the
        // first of a run has the picture. They line up on the left and end where their text
        // does: the user's would line up on the right.
        func bubble(_ text: String, x: Int, y: Int, width: Int) -> TextRegion {
            region(
                PixelRect(x: x, y: y, width: width, height: 90), fill: Self.grey,
                lines: [line(text, x: x + 20, y: y + 20)])
        }
        let run = [
            bubble("Small systems reproducible builds and helpful", x: 140, y: 300, width: 900),
            bubble("the sprite avatars look great in here", x: 140, y: 450, width: 820),
        ]
        XCTAssertEqual(read(run).bubbles.map(\.speaker), [.them, .them])
        // The user's bubbles line up on the right, however their starts fall.
        let mine = [
            bubble("Small systems reproducible builds and helpful", x: 300, y: 300, width: 740),
            bubble("the sprite avatars look great", x: 400, y: 450, width: 640),
        ]
        XCTAssertEqual(read(mine).bubbles.map(\.speaker), [.me, .me])
        // Bubbles of one width line up on both sides: they say nothing.
        let even = [run[0], bubble("the sprite avatars look great in here", x: 140, y: 450, width: 900)]
        XCTAssertEqual(read(even).bubbles.map(\.speaker), [.me, .me])
    }

    func testAScrapAtTheBubblesEdgeSetApartFromItsTextIsTheSendersPicture() {
        // CometChat: the sender's round picture lies over the bubble's lower left corner, in
        // its region, and reads as a letter or two right at the region's edge, well apart
        // from the text ("Bp Cool...").
        func bubble(_ lines: [OCRLine]) -> TextRegion {
            region(PixelRect(x: 30, y: 400, width: 600, height: 90), fill: Self.grey, lines: lines)
        }
        let text = line("Cool see you there", x: 100, y: 420)
        XCTAssertEqual(read([bubble([joined(line("Bp", x: 28, y: 420), text)])]).bubbles.map(\.text), [text.text])
        // The message's own first word, even one right at the edge, is a space from the next.
        XCTAssertEqual(read([bubble([line("We are there", x: 32, y: 420)])]).bubbles.map(\.text), ["We are there"])
        XCTAssertEqual(read([bubble([line("I am there", x: 60, y: 420)])]).bubbles.map(\.text), ["I am there"])
    }

    func testAnAddressAloneOverARunOfBubblesNamesItsSenderAtAnySize() {
        // A Flutter chat names each run by its sender's e-mail, in the message's own size, on
        // the page over the run's first bubble, the user's runs too.
        let label = unframed("heng@gmail.com", x: 700, y: 400)
        let bubble = region(
            PixelRect(x: 640, y: 460, width: 400, height: 90), fill: Self.blue,
            lines: [line("Hello there", x: 660, y: 480)])
        let named = read([label, bubble])
        XCTAssertEqual(named.bubbles.map(\.text), ["Hello there"])
        XCTAssertEqual(named.bubbles.map(\.author), ["heng@gmail.com"])
        // A line of words on the page there is a message of its own.
        let words = read([unframed("see you soon", x: 700, y: 400), bubble])
        XCTAssertEqual(words.bubbles.map(\.text), ["see you soon", "Hello there"])
    }

    func testCardsOfTwoSendersAtTheUsersSideAreTheOthers() {
        // Nostros: every message a card of one width, set in from the left by the senders'
        // pictures, so each card hugs the right, where the user's bubbles would stand. Each is
        // headed by its sender's name; two names there cannot both be the user's.
        func card(_ y: Int, _ name: String, _ text: String) -> TextRegion {
            let heading = joined(line(name, x: 330, y: y), line("about 3 hours ago", x: 640, y: y, height: 36))
            return region(
                PixelRect(x: 310, y: y - 10, width: 740, height: 130), fill: Self.grey,
                lines: [heading, line(text, x: 330, y: y + 60)])
        }
        let twoNames = read([card(400, "Pyre", "Hello there"), card(600, "KoalaSat", "100% public")])
        XCTAssertEqual(twoNames.bubbles.map(\.author), ["Pyre", "KoalaSat"])
        XCTAssertEqual(twoNames.bubbles.map(\.speaker), [.them, .them])
        // One name over every card at the right may be the user's own (an app that names
        // the user too): the side stands.
        let oneName = read([card(400, "Jacki", "Hello there"), card(600, "Jacki", "100% public")])
        XCTAssertEqual(oneName.bubbles.map(\.speaker), [.me, .me])
    }

    func testACaptionUnderAPhotoInOneBubbleIsOnThePhotosSide() {
        // Tammy: a wide bubble holds a photo and, under it, its caption; the bubble keeps
        // clear of neither side by much, and the caption's own rows keep clear of both. The
        // photo starts where the others' bubbles do, and the caption goes with it.
        let theirs = greyBubble("Does anyone have ideas?", x: 34, y: 300, width: 900)
        let green = RGB(r: 213, g: 239, b: 209)
        let photo = region(
            PixelRect(x: 47, y: 500, width: 933, height: 900), fill: green,
            lines: [line("Great, I'll bring my cake again.", x: 75, y: 1320, height: 40)],
            pictures: [510..<1290])
        let read = read([theirs, photo])
        XCTAssertEqual(read.bubbles.map(\.kind), [.text, .media, .text])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .them, .them])
    }

    func testARoundButtonWhoseChevronReadsAsTicksIsNoMessage() {
        // Stream's WhatsApp sample: the round "scroll to the latest" button at the right,
        // its chevron read surely as "Vv". A short message in as round a bubble stays one.
        func round(_ text: String) -> TextRegion {
            region(
                PixelRect(x: 900, y: 1500, width: 110, height: 120), fill: Self.grey,
                lines: [line(text, x: 925, y: 1535, height: 44)])
        }
        let theirs = greyBubble("I love this movie mate", x: 40, y: 1300)
        XCTAssertEqual(read([theirs, round("Vv")]).bubbles.map(\.text), ["I love this movie mate"])
        XCTAssertEqual(read([theirs, round("ty")]).bubbles.map(\.text), ["I love this movie mate", "ty"])
    }

    func testBubblesInAColumnCentredInAWideWindowTakeTheirSideFromTheColumn() {
        // WhatsApp Web: the chat is a column in the middle of the window, wide margins of
        // wallpaper either side; the others' bubbles start at its left edge, the user's end at
        // its right, neither near the window's own edges.
        let green = RGB(r: 217, g: 253, b: 211)
        func bubble(_ text: String, x: Int, y: Int, width: Int, fill: RGB) -> TextRegion {
            region(
                PixelRect(x: x, y: y, width: width, height: 80), fill: fill,
                lines: [line(text, x: x + 20, y: y + 18, height: 40)])
        }
        let column = [
            bubble("Hey! How has your day been?", x: 160, y: 400, width: 420, fill: Self.grey),
            bubble("That's great! I'd love to look", x: 470, y: 500, width: 450, fill: green),
            bubble("Sure! I shared the file", x: 160, y: 600, width: 380, fill: Self.grey),
            bubble("Sounds perfect.", x: 640, y: 700, width: 280, fill: green),
        ]
        XCTAssertEqual(read(column).bubbles.map(\.speaker), [.them, .me, .them, .me])
        // On a phone, the user's bubbles alone hug the screen's right edge: the column they
        // make is no centred one, and the leftmost of them is no other's.
        let mine = [
            bubble("Sounds perfect.", x: 760, y: 400, width: 280, fill: green),
            bubble("See you at nine", x: 560, y: 500, width: 480, fill: green),
            bubble("Bring the slides", x: 700, y: 600, width: 340, fill: green),
        ]
        XCTAssertEqual(read(mine).bubbles.map(\.speaker), [.me, .me, .me])
    }

    func testADeliveryReportOverACardsTextIsSmallPrint() {
        // Sideband: each card opens with when it was sent and its state, the menu's dots beside
        // them read as ":".
        func card(_ rows: [String], y: Int) -> TextRegion {
            region(
                PixelRect(x: 40, y: y, width: 1000, height: 60 * rows.count + 40), fill: Self.blue,
                lines: rows.enumerated().map { line($1, x: 60, y: y + 20 + 60 * $0) })
        }
        let read = read([
            card(["Sent 2022-10-04 01:23:39 State Delivered :", "Hi Alice"], y: 400),
            card(["Sent 2022-10-04 01:24:12", "Received 2022-10-04 01:24:12", "Hey Bob, on our way"], y: 700),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hi Alice", "Hey Bob, on our way"])
        // A message of dates and times alone stays a message.
        XCTAssertEqual(self.read([card(["2022-10-04 01:23:39 or later?"], y: 400)]).bubbles.count, 1)
    }

    func testABubblesLastRowInSmallerTypeWithAFigureOrReceiptIsSmallPrint() {
        // Meshtastic: a signal report (its icon read as "ab") and a delivery status under the
        // text, set smaller.
        func bubble(_ rows: [OCRLine], y: Int) -> TextRegion {
            region(PixelRect(x: 40, y: y, width: 700, height: 200), fill: Self.grey, lines: rows)
        }
        let read = read([
            bubble(
                [
                    line("Parking lot is full, use the overflow", x: 60, y: 420),
                    line("ab SNR 5.50 dB RSSI 88 dBm", x: 60, y: 480, height: 26),
                ], y: 400),
            bubble(
                [line("Copy that", x: 60, y: 720), line("Delivered to recipient", x: 60, y: 780, height: 24)], y: 700),
            bubble([line("Omw", x: 60, y: 1020), line("@ Sending...", x: 60, y: 1080, height: 26)], y: 1000),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Parking lot is full, use the overflow", "Copy that", "Omw"])
    }

    /// A grey bubble of two rows, the second ending in its small stamp far off at the right.
    func bubbleEnding(_ first: String, _ last: OCRLine, stamp: String) -> TextRegion {
        region(
            PixelRect(x: 40, y: 400, width: 720, height: 130), fill: Self.grey,
            lines: [line(first, x: 60, y: 420, height: 30), joined(last, line(stamp, x: 520, y: 488, height: 22))])
    }

    func testALastRowOfLowLettersBesideItsTimeStaysTheMessages() {
        // Telegram: "seven" (no tall letter, as high as its x-height) ends the message on the
        // row of its time and ticks, both set smaller; the row is the message's, not small
        // print, and only the time and ticks go.
        let bubble = bubbleEnding(
            "Sounds great, I'll book a table for", line("seven", x: 60, y: 488, height: 22), stamp: "18:09 vv")
        XCTAssertEqual(read([bubble]).bubbles.map(\.text), ["Sounds great, I'll book a table for seven"])
    }

    func testATimeOnTheRowAfterAtIsTheMessagesAndTheStampBesideItIsNot() {
        // Telegram: "my train gets in at" wraps, and "18:50" opens the last row, the bubble's
        // own time "18:22" set small beside it.
        let bubble = bubbleEnding("my train gets in at", line("18:50", x: 60, y: 480, height: 30), stamp: "18:22")
        XCTAssertEqual(read([bubble]).bubbles.map(\.text), ["my train gets in at 18:50"])
    }

    func testASmallerLastRowOfWordsAloneOrAllInOneTypeStaysTheMessages() {
        // A sender's name set larger over the message (Fractal); "are you on" has no tall
        // letter; a bubble set all in one small type has no smaller print in it.
        let read = read([
            region(
                PixelRect(x: 40, y: 400, width: 700, height: 140), fill: Self.grey,
                lines: [line("Hey Sam", x: 60, y: 420), line("are you on", x: 60, y: 480, height: 24)]),
            region(
                PixelRect(x: 40, y: 700, width: 700, height: 140), fill: Self.grey,
                lines: [line("Small talk", x: 60, y: 720, height: 24), line("Tiny Type", x: 60, y: 760, height: 24)]),
            region(
                PixelRect(x: 40, y: 1000, width: 900, height: 140), fill: Self.grey,
                lines: [
                    line("Tobias Bernard", x: 60, y: 1020),
                    line("open Inspector and remove the devel class", x: 60, y: 1080, height: 28),
                ]),
        ])
        XCTAssertEqual(read.bubbles.prefix(2).map(\.text), ["Hey Sam are you on", "Small talk Tiny Type"])
        XCTAssertEqual(read.bubbles.count, 3)
        XCTAssertTrue(read.bubbles.last?.text.hasSuffix("open Inspector and remove the devel class") == true)
    }

    func testASmallTimeWhoseColonWasLostIsSmallPrintButANumberInTheMessageStays() {
        // "10:20" in small grey type read as "120"; "120" in the message's own type is its own.
        var stamped = line("Hello! 120", x: 60, y: 420)
        stamped.words[1].box.height = 24
        let read = read([
            region(PixelRect(x: 40, y: 400, width: 500, height: 90), fill: Self.grey, lines: [stamped]),
            region(
                PixelRect(x: 40, y: 600, width: 500, height: 90), fill: Self.grey,
                lines: [line("I owe you 120", x: 60, y: 620)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hello!", "I owe you 120"])
    }

    func testAnIRCTimeSplitAtItsColonStillLeadsItsLine() {
        // Atomic: "[16:07]" read as "[16: 07]" or "[16 07]", two words.
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                unframed("[16:05] <QUACKERZ> buy the g4 and give me the g3", x: 20, y: 300),
                unframed("[16: 07] <D4LEK> and development on XDA was painful", x: 20, y: 360),
                unframed("[16 07] <bytemeoftn> solid phone", x: 20, y: 420),
                unframed("[16:08] <D4LEK> did it feel heavy?", x: 20, y: 480),
            ])
        let read = BubbleReader().read(page, options: ReadOptions(myName: nil))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "buy the g4 and give me the g3", "and development on XDA was painful", "solid phone",
                "did it feel heavy?",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), ["QUACKERZ", "D4LEK", "bytemeoftn", "D4LEK"])
    }
}

final class ComposerHintTests: XCTestCase {
    func testMoreAppsComposerHintsAreHintsButSentencesWithTheirWordsAreNot() {
        let chrome = ChromeFilter()
        // chat_ui_kit's "Your message..." beside its emoji button; the Tinder clones' "Send Message...".
        XCTAssertTrue(chrome.isComposerHint("(Oo) Your message..."))
        XCTAssertTrue(chrome.isComposerHint("Send Message..."))
        XCTAssertTrue(chrome.isComposerHint("Say something"))
        XCTAssertFalse(chrome.isComposerHint("Your message made my day"))
        XCTAssertFalse(chrome.isComposerHint("Send message to Bob tomorrow"))
    }

    func testAQuickReplysHintIsAHintButASentenceWithItsWordsIsNot() {
        let chrome = ChromeFilter()
        // Bulwark's web mail: a quick-reply box under the mail.
        XCTAssertTrue(chrome.isComposerHint("Write a quick reply..."))
        XCTAssertTrue(chrome.isComposerHint("Type a short message"))
        XCTAssertFalse(chrome.isComposerHint("Write a quick reply to Anna and go"))
        XCTAssertFalse(chrome.isComposerHint("I'll write a quick reply"))
        // Away from the chat's bottom (a mail's reply box under the mail), only a hint with
        // its ellipsis, as placeholders are drawn, is one.
        XCTAssertTrue(chrome.isEllipsizedComposerHint("Write a quick reply..."))
        XCTAssertTrue(chrome.isEllipsizedComposerHint("Type a message…"))
        XCTAssertFalse(chrome.isEllipsizedComposerHint("Write a quick reply"))
        XCTAssertFalse(chrome.isEllipsizedComposerHint("I'll write a reply..."))
    }

    func testAHintAfterButtonsReadAsShortScrapsIsStillTheHint() {
        let chrome = ChromeFilter()
        // Amethyst: a picture button and a sticker button before "reply here..".
        XCTAssertTrue(chrome.isComposerHint("We SN reply here.."))
        XCTAssertFalse(chrome.isComposerHint("We can reply here later"))
    }
}

extension RealLookReadingTests {
    /// The author a post's header row names, read by itself.
    func author(_ text: String) -> String? {
        PostReader(chrome: ChromeFilter(), metadata: MessageMetadata()).author(inHeader: line(text, x: 200, y: 600))
    }

    func testASocialPostsHeaderNamesTheAuthorBeforeTheHandle() {
        // Tusky: the display name (pronouns in brackets, a custom emoji read as a mark), the
        // handle perhaps cut short, and how long ago.
        XCTAssertEqual(author("Ben Lubar (any pronouns) @ben@lubar.... 8m"), "Ben Lubar (any pronouns)")
        XCTAssertEqual(author("retiolus @retiolus@mamot.fr 8m"), "retiolus")
        XCTAssertEqual(author("Steffo @ @steffo@junimo.party 3m"), "Steffo")
        XCTAssertEqual(author("Ana @ana"), "Ana")
        // A sentence that mentions someone is no header.
        XCTAssertNil(author("Thanks @ana for the tip"))
        XCTAssertNil(author("@ana see you at 8"))
    }

    func testATerminalsHeaderWithTheDateInBracketsNamesTheAuthor() {
        // nchat: the sender, the date and time in brackets, the delivery tick read as a "v".
        XCTAssertEqual(author("Michael (25 Mar 2009 14:15) v"), "Michael")
        XCTAssertEqual(author("Jim (14:16)"), "Jim")
        XCTAssertEqual(author("Mary Ann (Mar 25, 2009 2:16 PM) ©"), "Mary Ann")
        // A sentence with a time in brackets is no header.
        XCTAssertNil(author("See you there (at 14:15)"))
        XCTAssertNil(author("Michael said (25 Mar 2009 14:15) that he would come"))
    }
}

extension RealLookReadingTests {
    func testANickColumnLogHoldsWithAnUnreadNickAndScrapsOffAPreviewAtTheRight() {
        // WeeChat scrolled: a nick whose line (in another script) was not read stands alone,
        // and a link preview's picture at the far right reads as scraps; the log is still
        // one message a nick, and the scraps are no part of it.
        func row(_ nick: String, _ text: String, y: Int) -> [TextRegion] {
            [unframed(nick, x: 260 - nick.count * 22, y: y), unframed(text, x: 290, y: y)]
        }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                unframed("can't figure out where in", x: 290, y: 300), unframed("my apartment it is.", x: 290, y: 360),
            ]
                + row("ali", "well https://www.youtube.com/watch", y: 420) + [unframed("a) at", x: 900, y: 480)]
                + row("foo", "what's up slappers", y: 540) + [unframed("foo", x: 194, y: 600)]
                + row("ali", "oh?", y: 660))
        let read = BubbleReader().read(page, options: ReadOptions(myName: "ali"))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "can't figure out where in my apartment it is.", "well https://www.youtube.com/watch",
                "what's up slappers", "oh?",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, "ali", "foo", "ali"])
    }

    func testANameOverTheSendersPictureBesideTheBubbleIsTheBubblesAuthor() {
        // The Signal clone: the name stands over the photo, which stands against the bubble's
        // left end; the bubble starts further in than the name.
        let name = unframed("Martin Velkov", x: 16, y: 1000)
        let photo = region(
            PixelRect(x: 16, y: 1060, width: 84, height: 84), fill: Self.white, lines: [], pictures: [1060..<1144])
        let bubble = region(
            PixelRect(x: 104, y: 1060, width: 300, height: 84), fill: Self.grey,
            lines: [line("Awesome", x: 130, y: 1080)])
        let read = read([name, photo, bubble])
        XCTAssertEqual(read.bubbles.map(\.text), ["Awesome"])
        XCTAssertEqual(read.bubbles.first?.author, "Martin Velkov")
    }

    func testEventLinesAndEditedMarksAmongPostsAreNoticesAndNothing() {
        // Cinny: "(edited)" under a post, then the room's join lines with their times.
        let read = read([
            unframed("Martin Dougiamas 08:50 AM", x: 110, y: 400),
            unframed("I made my own MacOS app for Cinny in a couple of minutes", x: 110, y: 460),
            unframed("(edited)", x: 110, y: 540),
            unframed("tuhana joined the room 11:38 AM", x: 110, y: 620),
            unframed("Nadia Lopez 09:12 AM", x: 110, y: 720),
            unframed("Welcome aboard", x: 110, y: 780),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["I made my own MacOS app for Cinny in a couple of minutes", "tuhana joined the room", "Welcome aboard"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.text, .notice, .text])
        XCTAssertEqual(read.bubbles.map(\.author), ["Martin Dougiamas", nil, "Nadia Lopez"])
    }

    func testALoneClosingBracketBeforeTheTextIsAPicturesEdge() {
        let corrector = OCRCorrector()
        XCTAssertEqual(corrector.correct(") Awesome"), "Awesome")
        XCTAssertEqual(corrector.correct(")"), ")")
        XCTAssertEqual(corrector.correct("Awesome :)"), "Awesome :)")
    }
}

extension RealLookReadingTests {
    /// RChat: a card heads its message with the sender's name and, at the row's far end, the
    /// date; the row is the name alone, and a card that starts right under the header keeps
    /// its small name row (it is inside the card, not cut by the edge).
    func testANameRowWithTheDateAtItsEndNamesTheAuthorWithoutTheDate() {
        let top = Self.layout.contentTop
        func card(nameAt nameTop: Int) -> ScreenRead {
            let box = PixelRect(x: 40, y: top, width: 760, height: 160)
            var ink = [RGB?](repeating: Self.black, count: box.height)
            for row in 0..<50 { ink[row] = RGB(r: 110, g: 110, b: 110) }
            return read([
                region(
                    box, fill: Self.grey,
                    lines: [
                        line("Jane December 14, 2020", x: 60, y: nameTop, height: 28),
                        line("Oops, caught out, I'm already here", x: 60, y: top + 80),
                    ],
                    ink: ink)
            ])
        }
        let whole = card(nameAt: top + 20)
        XCTAssertEqual(whole.bubbles.map(\.author), ["Jane"])
        XCTAssertEqual(whole.bubbles.map(\.text), ["Oops, caught out, I'm already here"])
        // Cut by the edge, the same row is a sliver: it goes, and names no one.
        let cut = card(nameAt: top + 8)
        XCTAssertEqual(cut.bubbles.map(\.author), [nil])
        XCTAssertEqual(cut.bubbles.map(\.text), ["Oops, caught out, I'm already here"])
    }
}

extension RealLookReadingTests {
    /// Element X: a thumbs-up with its count under the text ("es 11": the emoji read as an
    /// unsure scrap). A last row that says "Room 11" or "at 5" is the message's.
    func testAReactionWithItsCountUnderTheTextIsNoPartOfIt() {
        func bubble(lastRow: String, confidence: Double) -> ScreenRead {
            var reaction = line(lastRow, x: 60, y: 560, height: 40)
            reaction.words[0].confidence = confidence
            return read([
                region(
                    PixelRect(x: 40, y: 480, width: 700, height: 140), fill: Self.grey,
                    lines: [line("I am very excited about this.", x: 60, y: 495), reaction])
            ])
        }
        XCTAssertEqual(
            bubble(lastRow: "es 11", confidence: 0.53).bubbles.map(\.text), ["I am very excited about this."])
        XCTAssertEqual(
            bubble(lastRow: "Room 11", confidence: 0.95).bubbles.map(\.text),
            ["I am very excited about this. Room 11"])
    }
}

extension RealLookReadingTests {
    /// Zulip: a row of reaction chips under a post, some emoji read as unsure scraps and
    /// some not at all ("B20) ye 13 9 984"). It is nobody's message; a post that says "at 5
    /// or 6", read surely, is.
    func testARowOfReactionChipsUnderAPostIsNoMessage() {
        func post(lastRow: String, confidence: Double) -> ScreenRead {
            var reactions = line(lastRow, x: 250, y: 700, height: 33)
            for index in reactions.words.indices where reactions.words[index].text.contains(where: \.isLetter) {
                reactions.words[index].confidence = confidence
            }
            return read([
                unframed("Tim Abbott 9:59 AM", x: 130, y: 400),
                unframed("Discussion is encouraged in #general,", x: 130, y: 470),
                unframed("since only moderators can post here.", x: 130, y: 520),
                region(
                    PixelRect(x: 130, y: 690, width: 500, height: 60), fill: Self.white, lines: [reactions]),
            ])
        }
        XCTAssertEqual(
            post(lastRow: "B20) ye 13 9 984", confidence: 0.5).bubbles.map(\.text),
            ["Discussion is encouraged in #general, since only moderators can post here."])
        XCTAssertEqual(
            post(lastRow: "at 5 or 6", confidence: 0.95).bubbles.map(\.text).last, "at 5 or 6")
    }

    func testReactionsWhoseEmojiWentUnreadAreNoPartOfTheBubble() {
        // Two counts under the text, the emoji before each read as nothing or an unsure scrap.
        var reaction = line("2 oe 1", x: 60, y: 560, height: 40)
        reaction.words[1].confidence = 0.4
        let read = read([
            region(
                PixelRect(x: 40, y: 480, width: 700, height: 140), fill: Self.grey,
                lines: [line("I am very excited about this.", x: 60, y: 495), reaction])
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["I am very excited about this."])
    }
}

extension RealLookReadingTests {
    /// vue-advanced-chat: a chip of its own under "So beautiful", a face emoji and its count
    /// ("🥰 1"). The emoji is seen for a picture (`isPictograph`) and read surely as "Sy";
    /// dropped as an emoji, it left "1" to stand as a message. A bubble that says "5" is one.
    func testAReactionChipWhoseEmojiIsSeenForAPictureLeavesNoCountBehind() {
        func chip(_ text: String, emojiFirst: Bool) -> ScreenRead {
            var chip = line(text, x: 690, y: 590, height: 30)
            chip.words[0].isPictograph = emojiFirst
            return read([
                region(
                    PixelRect(x: 560, y: 480, width: 200, height: 90), fill: Self.blue,
                    lines: [line("So beautiful", x: 580, y: 500, height: 40)]),
                region(PixelRect(x: 680, y: 580, width: 80, height: 50), fill: Self.white, lines: [chip]),
            ])
        }
        XCTAssertEqual(chip("Sy 1", emojiFirst: true).bubbles.map(\.text), ["So beautiful"])
        XCTAssertEqual(chip("5", emojiFirst: false).bubbles.map(\.text), ["So beautiful", "5"])
    }
}

extension RealLookReadingTests {
    /// Meshtastic: over a group of bubbles, a row of the sender's badge (a square with her
    /// short name in it, taller than the text and read unsurely), her name and the time. The
    /// name is the next bubble's author, not a message of its own.
    func testANameRowWithABadgeBeforeItAndATimeAfterItNamesTheBubbleUnderIt() {
        let row = PixelRect(x: 40, y: 400, width: 600, height: 80)
        let read = read([
            region(
                row, fill: Self.white,
                lines: [
                    line("MiMo", x: 40, y: 400, height: 80, confidence: 0.3),
                    line("Minnie Mouse", x: 150, y: 420, height: 40),
                    line("09:12", x: 560, y: 424, height: 30),
                ]),
            region(
                PixelRect(x: 40, y: 500, width: 600, height: 90), fill: Self.grey,
                lines: [line("Trailhead in 10", x: 60, y: 520)]),
        ])
        XCTAssertEqual(read.bubbles.filter { $0.kind == .text }.map(\.text), ["Trailhead in 10"])
        XCTAssertEqual(read.bubbles.filter { $0.kind == .text }.map(\.author), ["Minnie Mouse"])
    }
}

extension ComposerHintTests {
    func testMessengersNamedHintsAreHints() {
        let chrome = ChromeFilter()
        XCTAssertTrue(chrome.isComposerHint("Signal Message"))
        XCTAssertTrue(chrome.isComposerHint("Send an encrypted message..."))
        XCTAssertFalse(chrome.isComposerHint("Signal message me when you land"))
    }

    func testAHintThatSaysWhatTheMessageIsForOrAsksAQuestionIsAHint() {
        let chrome = ChromeFilter()
        // Sideband's composer; an assistant's (GPTMobile).
        XCTAssertTrue(chrome.isComposerHint("Write message for direct delivery"))
        XCTAssertTrue(chrome.isComposerHint("Ask a question..."))
        XCTAssertTrue(chrome.isComposerHint("Ask anything"))
        XCTAssertFalse(chrome.isComposerHint("Ask a question about the trip"))
        XCTAssertFalse(chrome.isComposerHint("Write message for direct delivery and ask Bob to sign it"))
        XCTAssertFalse(chrome.isComposerHint("Ask anyone"))
    }
}

extension RealLookReadingTests {
    func testAPostsFirstRowRepeatingAnEarlierPostAfterANameIsTheRepliesQuote() {
        // Cinny: a reply shows the quoted sender's name and words, smaller, over its own text;
        // Nadia's words that begin like lexi's are her own.
        let read = read([
            unframed("Lozenge 05:40 AM", x: 110, y: 400),
            unframed("current app.tar.gz or dmg should work on Apple silicon", x: 110, y: 460),
            unframed("lexi 05:46 AM", x: 110, y: 560),
            pageRow("Lozenge current app.tar.gz or dmg should work on Apple silicon", y: 620, height: 30),
            unframed("it works, yeah, but it isn't a native arm build", x: 110, y: 700),
            unframed("Nadia 05:50 AM", x: 110, y: 800),
            unframed("it works, yeah", x: 110, y: 860),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "current app.tar.gz or dmg should work on Apple silicon",
                "it works, yeah, but it isn't a native arm build", "it works, yeah",
            ])
        XCTAssertEqual(read.bubbles.map(\.quote), [nil, "current app.tar.gz or dmg should work on Apple silicon", nil])
    }
}

extension RealLookReadingTests {
    /// Quasseldroid: a sender's picture drawn on the page's own paper (a cartoon face, no
    /// fill) is read as one letter as tall as the picture, beside the nick line and the post.
    func testADrawnProfilePictureReadAsOneTallLetterIsNoMessage() {
        let face = line("x", x: 28, y: 345, height: 72)
        let regions = [
            unframed("Exterminador Exterminador <droider.pc@gmail.com>", x: 136, y: 336, height: 36),
            region(PixelRect(x: 28, y: 344, width: 78, height: 73), fill: Self.white, lines: [face]),
            unframed("justJanne: now that sendermodes sorting has", x: 134, y: 385, height: 36),
            unframed("been pushed to the git PPA", x: 136, y: 428, height: 36),
            unframed("romibi romibi (Gravatar: <noreply@romibi.ch>)", x: 136, y: 560, height: 36),
            unframed("ah ... adding an email is not enough", x: 136, y: 605, height: 36),
        ]
        let texts = read(regions).bubbles.map(\.text)
        XCTAssertFalse(texts.contains { $0 == "x" || $0.hasPrefix("x ") }, "\(texts)")
        XCTAssertTrue(texts.contains { $0.hasPrefix("justJanne") }, "\(texts)")
    }
}

extension RealLookReadingTests {
    /// Cinny: "tk" is a nickname, though it reads like delivery ticks ("tk 09:47 AM" as small
    /// print). Standing where the other post headers stand, it heads its post.
    func testANicknameThatReadsLikeTicksHeadsItsPostWhereTheOtherHeadersStand() {
        func header(_ name: String, _ time: String, y: Int) -> [TextRegion] {
            [unframed(name, x: 114, y: y, height: 24), unframed(time, x: 520, y: y + 2, height: 20)]
        }
        let regions =
            header("AlenPaulVarghese", "09:44 AM", y: 278) + [unframed("Hello mates", x: 115, y: 320, height: 26)]
            + header("tk", "09:47 AM", y: 404)
            + [unframed("A simple explanation for that rule about", x: 114, y: 445, height: 26)]
            + header("AlenPaulVarghese", "09:50 AM", y: 560)
            + [unframed("Any idea how to share a common resource", x: 114, y: 600, height: 26)]
        let bubbles = read(regions).bubbles
        let post = bubbles.first { $0.text.hasPrefix("A simple explanation") }
        XCTAssertEqual(post?.author, "tk", "\(bubbles.map { ($0.author, $0.text) })")
    }
}

extension RealLookReadingTests {
    /// Cabal Mail: the sender's checks as a row of small green pills ("SPF pass", "DKIM
    /// pass", "DMARC pass") under the mail's date. Pills side by side are chips (badges,
    /// suggested replies), never messages: two bubbles do not share a row. The screen stays a
    /// mail read as paragraphs under its sender.
    func testARowOfPillsIsChipsNotBubblesAndTheMailIsReadUnderItsSender() {
        let green = RGB(r: 220, g: 245, b: 225)
        func pill(_ text: String, x: Int) -> TextRegion {
            let label = line(text, x: x + 14, y: 550, height: 30)
            return region(
                PixelRect(x: x, y: 542, width: label.box.width + 28, height: 46), fill: green, lines: [label])
        }
        let regions = [
            mailRow("Chris Carr", y: 300), mailRow("<tester@needshelp.ccarr.com>", y: 360),
            mailRow("To: daily@qa0722.cabal-mail.com", y: 420), mailRow("Aug 6, 2026 at 11:49 AM", y: 480),
            pill("SPF pass", x: 170), pill("DKIM pass", x: 360), pill("DMARC pass", x: 570),
            pageRow("I have co-assigned one of my addresses to you and also one", y: 660, height: 44),
            pageRow("of your addresses to me:", y: 716, height: 44),
            pageRow("Hope it helps!", y: 840, height: 44),
        ]
        let bubbles = read(regions).bubbles
        XCTAssertFalse(bubbles.contains { $0.text.contains("pass") }, "\(bubbles.map(\.text))")
        XCTAssertEqual(
            bubbles.map(\.text),
            ["I have co-assigned one of my addresses to you and also one of your addresses to me:", "Hope it helps!"])
        XCTAssertEqual(bubbles.map(\.author), ["Chris Carr", "Chris Carr"])

        // One pill alone in its row may be a short bubble ("Ok").
        let alone = read([greyBubble("Ok", x: 40, y: 400, width: 120), greyBubble("See you then", x: 40, y: 540)])
        XCTAssertEqual(alone.bubbles.map(\.text), ["Ok", "See you then"])
        // A pill alone that holds an emoji (read as a symbol, however surely) and a name is a
        // reaction (Zulip's "👍 You" under a post).
        var reaction = greyBubble("& You", x: 40, y: 640, width: 190)
        reaction.lines[0].words[0].confidence = 0.8
        let reacted = read([greyBubble("See you then", x: 40, y: 500), reaction])
        XCTAssertEqual(reacted.bubbles.map(\.text), ["See you then"])
        // A bubble whose time was found as a region of its own beside its text (a wallpaper
        // broke the fill between them), and one beside the sender's square picture.
        let split = read([
            region(
                PixelRect(x: 40, y: 400, width: 150, height: 70), fill: Self.grey,
                lines: [line("Hello", x: 50, y: 410, height: 40)]),
            region(
                PixelRect(x: 200, y: 410, width: 150, height: 60), fill: Self.grey,
                lines: [line("6:21 AM", x: 205, y: 430, height: 26)]),
            region(
                PixelRect(x: 500, y: 600, width: 380, height: 90), fill: Self.blue,
                lines: [line("Sure, you welcome", x: 520, y: 620)]),
            region(
                PixelRect(x: 900, y: 590, width: 110, height: 110), fill: Self.grey,
                lines: [line("Ady", x: 920, y: 620, height: 50)]),
        ])
        let texts = split.bubbles.map(\.text)
        XCTAssertTrue(texts.contains("Hello") && texts.contains("Sure, you welcome"), "\(texts)")
    }
}

extension RealLookReadingTests {
    /// A drawn profile picture read as a tall letter is on the page's paper; a short bubble
    /// ("Ok") is filled, and stands as tall beside its time (KakaoTalk sets it outside).
    func testAShortFilledBubbleBesideItsTimeIsNoDrawnPicture() {
        let timed = read([
            region(
                PixelRect(x: 45, y: 490, width: 100, height: 96), fill: Self.grey,
                lines: [line("Ok", x: 70, y: 516, height: 44)]),
            unframed("9:41 PM", x: 160, y: 550, height: 26),
            greyBubble("See you at the station", x: 45, y: 640, width: 600),
        ])
        XCTAssertEqual(timed.bubbles.map(\.text), ["Ok", "See you at the station"])
    }
}

extension RealLookReadingTests {
    /// Sideband: cards as wide as the chat, one colour for each side, headed by a delivery
    /// report in small print. The card's place cannot tell whose it is; its report does: the
    /// user's cards say only when they were sent and that they were delivered, the other's
    /// also when they were received.
    func testACardAsWideAsTheChatIsTheSideItsDeliveryReportSays() {
        func card(_ reports: [String], _ text: String, y: Int, fill: RGB) -> TextRegion {
            let small = reports.enumerated().map { line($1, x: 70, y: y + 16 + $0 * 34, height: 28) }
            let body = line(text, x: 70, y: y + 20 + reports.count * 34, height: 44)
            return region(
                PixelRect(x: 40, y: y, width: 1000, height: 40 + reports.count * 34 + 44), fill: fill,
                lines: small + [body])
        }
        let green = RGB(r: 140, g: 170, b: 70)
        let read = read([
            card(["Sent 2022-10-04 01:23:39 State Delivered"], "Hi Alice", y: 400, fill: Self.blue),
            card(
                ["Sent 2022-10-04 01:24:12", "Received 2022-10-04 01:24:12"], "Hey Bob, we're on our way", y: 600,
                fill: green),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hi Alice", "Hey Bob, we're on our way"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .them])
    }

    func testANameHeadingSeveralOfTheUsersBubblesIsTheirLabel() {
        // SocketChat: "Nima" in the text's ink and type over each of the user's bubbles.
        func mine(_ text: String, y: Int) -> TextRegion {
            region(
                PixelRect(x: 440, y: y, width: 600, height: 130), fill: Self.blue,
                lines: [line("Nima", x: 460, y: y + 10), line(text, x: 460, y: y + 70)])
        }
        let read = read([mine("Hey", y: 300), mine("Can you bring me a glass of water pls?", y: 600)])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hey", "Can you bring me a glass of water pls?"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Nima", "Nima"])
        // ChatQL: a lowercase nickname, "jdoe", over each of the user's bubbles.
        let nicknamed = self.read([
            region(
                PixelRect(x: 440, y: 300, width: 600, height: 130), fill: Self.blue,
                lines: [line("jdoe", x: 460, y: 310), line("Right back at ya!", x: 460, y: 370)]),
            region(
                PixelRect(x: 440, y: 600, width: 600, height: 130), fill: Self.blue,
                lines: [line("jdoe", x: 460, y: 610), line("Got it... Back online!", x: 460, y: 670)]),
        ])
        XCTAssertEqual(nicknamed.bubbles.map(\.text), ["Right back at ya!", "Got it... Back online!"])
        XCTAssertEqual(nicknamed.bubbles.map(\.author), ["jdoe", "jdoe"])
    }
}
