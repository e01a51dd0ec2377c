import XCTest

@testable import ReplyShot

/// The reader on hand-built pages with the looks of real apps: no Tesseract involved, so
/// each rule is checked on exactly the evidence it is meant to use.
final class RealLookReadingTests: XCTestCase {
    static let width = 1080, height = 2400
    static let layout = ScreenLayout(
        width: width, height: height, statusBarBottom: 80, contentTop: 250, contentBottom: 2150)
    static let white = RGB(r: 255, g: 255, b: 255), black = RGB(r: 20, g: 20, b: 20)
    static let grey = RGB(r: 233, g: 233, b: 235), blue = RGB(r: 0, g: 122, b: 255)

    /// Words laid out left to right from `x` on one row, each `height` pixels tall.
    func line(_ text: String, x: Int, y: Int, height: Int = 44, confidence: Double = 0.92) -> OCRLine {
        var words: [OCRWord] = []
        var cursor = x
        for word in text.split(separator: " ") {
            let width = word.count * height / 2
            words.append(
                OCRWord(
                    text: String(word), box: PixelRect(x: cursor, y: y, width: width, height: height),
                    confidence: confidence))
            cursor += width + height / 3
        }
        return OCRLine(words: words, box: PixelRect(x: x, y: y, width: cursor - x, height: height))
    }

    /// One row of two lines' words (a name and the stamp far off beside it).
    func joined(_ first: OCRLine, _ second: OCRLine) -> OCRLine {
        OCRLine(words: first.words + second.words, box: first.box.union(second.box), baseline: first.baseline)
    }

    func region(
        _ box: PixelRect, fill: RGB, lines: [OCRLine], ink: [RGB?]? = nil, paper: [RGB]? = nil,
        pictures: [Range<Int>] = []
    ) -> TextRegion {
        let filled = fill != Self.white
        return TextRegion(
            box: box, zone: .content, fill: fill, isFilled: filled, lines: lines,
            anatomy: RegionAnatomy(
                rowPaper: paper ?? Array(repeating: fill, count: box.height),
                rowInk: ink ?? Array(repeating: Self.black, count: box.height), pictureRows: pictures))
    }

    /// One line on the page's own colour, in a region of its own just its size.
    func unframed(_ text: String, x: Int, y: Int, height: Int = 44) -> TextRegion {
        let row = line(text, x: x, y: y, height: height)
        return region(PixelRect(x: x, y: y, width: row.box.width, height: height), fill: Self.white, lines: [row])
    }

    /// A one-line bubble in the other side's grey, its text 20 pixels in.
    func greyBubble(_ text: String, x: Int, y: Int, width: Int = 500) -> TextRegion {
        region(
            PixelRect(x: x, y: y, width: width, height: 90), fill: Self.grey, lines: [line(text, x: x + 20, y: y + 20)])
    }

    /// A mail's line: a page-wide region right of a profile picture's column.
    func mailRow(_ text: String, y: Int) -> TextRegion {
        region(PixelRect(x: 170, y: y, width: 860, height: 50), fill: Self.white, lines: [line(text, x: 180, y: y)])
    }

    /// A post on the page: a first row in `firstInk` over a line of text in black, both
    /// starting at `textX`, in one region starting at `regionX`.
    func unframedPost(y: Int, first: String, _ text: String, firstInk: RGB, regionX: Int, textX: Int) -> TextRegion {
        let box = PixelRect(x: regionX, y: y, width: 800, height: 110)
        var ink = [RGB?](repeating: Self.black, count: box.height)
        for row in 0..<50 { ink[row] = firstInk }
        return region(
            box, fill: Self.white, lines: [line(first, x: textX, y: y), line(text, x: textX, y: y + 55)], ink: ink)
    }

    /// A line of `height` set across the page (a heading's, a body's).
    func pageRow(_ text: String, y: Int, height: Int) -> TextRegion {
        region(
            PixelRect(x: 30, y: y, width: 1000, height: height), fill: Self.white,
            lines: [line(text, x: 40, y: y, height: height)])
    }

    func read(_ regions: [TextRegion]) -> ScreenRead {
        BubbleReader().read(OCRPage(source: "shot.png", layout: Self.layout, background: Self.white, regions: regions))
    }

    func testTimesAndTicksInsideABubbleAreNotPartOfTheMessage() {
        var ticked = line("Sure, when? @ 2:11PM", x: 60, y: 400)
        ticked.words[2].confidence = 0.3
        ticked.words[3].box.height = 26
        let read = read([
            region(PixelRect(x: 40, y: 380, width: 600, height: 90), fill: Self.grey, lines: [ticked]),
            region(
                PixelRect(x: 440, y: 600, width: 600, height: 150), fill: Self.blue,
                lines: [line("Thanks a lot!", x: 470, y: 620), line("20:49 VY", x: 800, y: 680, height: 26)]),
            region(
                PixelRect(x: 440, y: 800, width: 600, height: 90), fill: Self.blue,
                lines: [line("See you at 8:30", x: 470, y: 820)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Sure, when?", "Thanks a lot!", "See you at 8:30"])
        XCTAssertTrue(read.decisions.contains { $0.role == .metadata && $0.text.contains("2:11PM") })
    }

    func testAVoiceMessagesWaveformIsARecordingNamedForItsSender() {
        // Unigram: the sender's name, the waveform (its bars read as "cell ALIN"), the
        // recording's length under it and the time.
        let box = PixelRect(x: 40, y: 600, width: 700, height: 200)
        var voice = region(
            box, fill: Self.grey,
            lines: [
                line("Johann Sebastian Bach", x: 200, y: 610, height: 36), line("cell ALIN", x: 240, y: 660),
                line("00:14", x: 240, y: 720, height: 30), line("18:08", x: 620, y: 760, height: 30),
            ])
        voice.anatomy.waveform = PixelRect(x: 240, y: 655, width: 460, height: 50)
        let read = read([voice])
        XCTAssertEqual(read.bubbles.map(\.text), [MediaLabel.voice])
        XCTAssertEqual(read.bubbles.map(\.kind), [.media])
        XCTAssertEqual(read.bubbles.map(\.author), ["Johann Sebastian Bach"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them])
    }

    func testAPlayButtonBeforeALoneLengthIsARecording() {
        // Falcon: a play button and the recording's length, no waveform and no time.
        func bubble(_ text: String, y: Int = 700) -> TextRegion {
            region(
                PixelRect(x: 600, y: y, width: 420, height: 90), fill: Self.blue,
                lines: [line(text, x: 630, y: y + 20)])
        }
        let asked = bubble("Hey, nice picture!", y: 500)
        let played = read([asked, bubble("> 00:00:12")])
        XCTAssertEqual(played.bubbles.map(\.text), ["Hey, nice picture!", MediaLabel.voice])
        XCTAssertEqual(played.bubbles.map(\.speaker), [.me, .me])
        // A figure alone, with no play button before it, is no recording.
        XCTAssertFalse(read([asked, bubble("00:00:12")]).bubbles.contains { $0.text == MediaLabel.voice })
    }

    func testAReplysPreviewBarOverTheComposerIsNoMessage() {
        // vue-advanced-chat: answering "What's up?", the bar over the composer repeats it across
        // the screen; the bubble above is the message.
        let bottom = Self.layout.contentBottom
        func bubble(_ text: String, y: Int, width: Int) -> TextRegion {
            region(
                PixelRect(x: 40, y: y, width: width, height: 90), fill: Self.grey, lines: [line(text, x: 60, y: y + 20)]
            )
        }
        let asked = bubble("What's up?", y: bottom - 400, width: 300)
        let draft = bubble("What's up?", y: bottom - 100, width: 900)
        let texts = read([bubble("Hey there", y: bottom - 600, width: 300), asked, draft]).bubbles.map(\.text)
        XCTAssertEqual(texts, ["Hey there", "What's up?"])
        // The same words again in a bubble of their own width (or about it) are a real repeat,
        // and a wide bubble away from the composer is a message.
        let repeated = bubble("What's up?", y: bottom - 100, width: 300)
        XCTAssertEqual(read([asked, repeated]).bubbles.map(\.text), ["What's up?", "What's up?"])
        let wideAsked = bubble("What's up?", y: bottom - 400, width: 700)
        XCTAssertEqual(read([wideAsked, draft]).bubbles.map(\.text), ["What's up?", "What's up?"])
        let wide = bubble("What's up?", y: bottom - 300, width: 900)
        XCTAssertEqual(read([asked, wide]).bubbles.map(\.text), ["What's up?", "What's up?"])
    }

    func testAShapeWithoutWordsIsAStickerOnlyWhenItIsWhole() {
        // Cut by the chat area's top, the same shape may be the end of a bubble whose text lies
        // above the edge: the shot before shows it.
        let shape = { (y: Int) in
            self.region(PixelRect(x: 40, y: y, width: 300, height: 260), fill: Self.grey, lines: [])
        }
        let text = region(
            PixelRect(x: 440, y: 1400, width: 600, height: 90), fill: Self.blue, lines: [line("Look!", x: 470, y: 1420)]
        )
        XCTAssertEqual(read([shape(900), text]).bubbles.map(\.text), ["[sticker]", "Look!"])
        // A reaction's pill (an emoji and its count, the count not read) is as tall and
        // twice as wide as tall.
        let pill = region(PixelRect(x: 40, y: 900, width: 220, height: 100), fill: Self.grey, lines: [])
        XCTAssertEqual(read([pill, text]).bubbles.map(\.text), ["Look!"])
        XCTAssertEqual(read([shape(Self.layout.contentTop), text]).bubbles.map(\.text), ["Look!"])
        XCTAssertEqual(read([text, shape(Self.layout.contentBottom - 260)]).bubbles.map(\.text), ["Look!"])
        // A patch of one flat colour with nothing drawn on it is a wallpaper's glow.
        let patch = region(
            PixelRect(x: 40, y: 900, width: 300, height: 260), fill: Self.grey, lines: [],
            ink: Array(repeating: nil, count: 260))
        XCTAssertEqual(read([patch, text]).bubbles.map(\.text), ["Look!"])
    }

    func testAShapeInTheFillOfReadBubblesIsABubbleWhoseWordsWereNotRead() {
        // SOMessaging: ":D" in a small round blue bubble, among blue bubbles whose words were
        // read; Tesseract reads nothing in it, and the fill is the commonest colour on four rows
        // in five (its round ends show the page). A like thumb in the same blue leaves the page
        // showing on more than a third of its rows (JetMessenger) and stays a sticker.
        let text = region(
            PixelRect(x: 440, y: 1400, width: 600, height: 90), fill: Self.blue, lines: [line("Look!", x: 470, y: 1420)]
        )
        func shape(pageRows: Int) -> TextRegion {
            region(
                PixelRect(x: 800, y: 900, width: 200, height: 200), fill: Self.blue, lines: [],
                paper: Array(repeating: Self.white, count: pageRows)
                    + Array(repeating: Self.blue, count: 200 - pageRows))
        }
        XCTAssertEqual(read([shape(pageRows: 40), text]).bubbles.map(\.text), ["Look!"])
        XCTAssertEqual(read([shape(pageRows: 76), text]).bubbles.map(\.text), ["[sticker]", "Look!"])
    }

    func testAPictureFoundAsTwoRegionsOneUnderTheOtherIsOnePicture() {
        // QUIK: a photo's lower band, under a line drawn across it, is a region of its own with
        // the same left and right edges, right under the rest. Two photos sent one after the
        // other keep a bubble's spacing between them.
        func photo(y: Int, height: Int) -> TextRegion {
            region(
                PixelRect(x: 110, y: y, width: 500, height: height), fill: Self.grey, lines: [],
                pictures: [y..<(y + height)])
        }
        let text = region(
            PixelRect(x: 440, y: 1700, width: 600, height: 90), fill: Self.blue, lines: [line("Wow", x: 470, y: 1720)])
        let split = read([photo(y: 600, height: 400), photo(y: 1004, height: 130), text])
        XCTAssertEqual(split.bubbles.map(\.text), ["[photo]", "Wow"])
        XCTAssertEqual(split.bubbles.first?.box, PixelRect(x: 110, y: 600, width: 500, height: 534))
        let two = read([photo(y: 600, height: 400), photo(y: 1030, height: 300), text])
        XCTAssertEqual(two.bubbles.map(\.text), ["[photo]", "[photo]", "Wow"])
    }

    func testAThinStripOfPictureAcrossTheScreenIsNoPhoto() {
        // Mirage: a photo wallpaper seen round a translucent notice makes a band of picture
        // rows from edge to edge, eight times as wide as tall. Photos are at most panoramas.
        let strip = region(
            PixelRect(x: 20, y: 600, width: 1040, height: 130), fill: Self.grey, lines: [], pictures: [600..<730])
        let text = region(
            PixelRect(x: 440, y: 1700, width: 600, height: 90), fill: Self.blue, lines: [line("Wow", x: 470, y: 1720)])
        XCTAssertEqual(read([strip, text]).bubbles.filter { $0.kind == .media }.map(\.text), [])
        let panorama = region(
            PixelRect(x: 20, y: 600, width: 1000, height: 250), fill: Self.grey, lines: [], pictures: [600..<850])
        XCTAssertEqual(read([panorama, text]).bubbles.filter { $0.kind == .media }.map(\.text), ["[photo]"])
    }

    func testARoundPhotoWithNothingToReadBesideANameIsAnAvatarNotASticker() {
        // Jetchat: the sender's photo in a ring on the page's colour, beside the row with the
        // name, is no message; a sticker alone on its rows, as small, still is one.
        let white = Self.white
        let photo = region(PixelRect(x: 40, y: 900, width: 116, height: 116), fill: white, lines: [])
        let name = region(
            PixelRect(x: 200, y: 910, width: 120, height: 44), fill: white, lines: [line("Taylor", x: 200, y: 910)])
        let bubble = region(
            PixelRect(x: 190, y: 970, width: 600, height: 90), fill: Self.grey,
            lines: [line("Take a look", x: 220, y: 990)])
        let sticker = region(PixelRect(x: 200, y: 1200, width: 140, height: 140), fill: white, lines: [])
        let read = read([photo, name, bubble, sticker])
        XCTAssertEqual(read.bubbles.map(\.text), ["Take a look", "[sticker]"])
        XCTAssertEqual(read.bubbles.first?.author, "Taylor")
        XCTAssertEqual(read.decisions.filter { $0.role == .avatar }.map(\.box), [photo.box])
    }

    func testOutlinedBubblesThatHugEitherSideHaveTheirSidesSpeakers() {
        // MessengerKit's dark style draws bubbles as outlines in the page's colour: nothing is
        // filled, yet lines that hug the right are mine, and a line set in from the left by the
        // sender's picture, well clear of the right, is theirs.
        let dark = RGB(r: 30, g: 30, b: 34)
        func outlined(_ text: String, x: Int, y: Int) -> TextRegion {
            let row = line(text, x: x + 30, y: y + 20)
            return TextRegion(
                box: PixelRect(x: x, y: y, width: row.box.width + 60, height: 84), zone: .content, fill: dark,
                isFilled: false, lines: [row],
                anatomy: RegionAnatomy(
                    rowPaper: Array(repeating: dark, count: 84), rowInk: Array(repeating: Self.white, count: 84)))
        }
        func read(_ regions: [TextRegion]) -> ScreenRead {
            BubbleReader().read(OCRPage(source: "shot.png", layout: Self.layout, background: dark, regions: regions))
        }
        let mine = [
            outlined("Yeah sure, gimme 5", x: 560, y: 400), outlined("Okay ready when you are", x: 450, y: 520),
        ]
        let theirs = outlined("Awesome", x: 200, y: 640)
        let chat = read(mine + [theirs])
        XCTAssertEqual(chat.bubbles.map(\.speaker), [.me, .me, .them])
        // A single line at the right (a date, a button) beside posts makes no conversation.
        let posts = read([outlined("Okay ready when you are", x: 450, y: 520), theirs])
        XCTAssertEqual(posts.bubbles.map(\.speaker), [.unknown, .unknown])
        // The user's messages alone on the screen (Proxer's, white on a near-white page),
        // three down the right, are the user's; two may be a heading's words set right.
        let alone = read(mine + [outlined("Yeah sure, gimme 5", x: 560, y: 640)])
        XCTAssertEqual(alone.bubbles.map(\.speaker), [.me, .me, .me])
        XCTAssertEqual(read(mine).bubbles.map(\.speaker), [.unknown, .unknown])
    }

    func testATimestampRowUnderABubbleIsNotAMessage() {
        let read = read([
            region(
                PixelRect(x: 40, y: 380, width: 600, height: 90), fill: Self.grey,
                lines: [line("Are we still on?", x: 60, y: 400)]),
            region(
                PixelRect(x: 40, y: 480, width: 500, height: 40), fill: Self.white,
                lines: [line("Jan 5, 2021 10:51 PM", x: 40, y: 480, height: 28)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Are we still on?"])
    }

    func testAGroupSenderNameInItsOwnColourBecomesTheAuthor() {
        let box = PixelRect(x: 40, y: 400, width: 620, height: 160)
        var ink = [RGB?](repeating: Self.black, count: box.height)
        for row in 0..<60 { ink[row] = RGB(r: 230, g: 80, b: 40) }
        let read = read([
            region(
                box, fill: Self.grey, lines: [line("Alice", x: 60, y: 405), line("Anyone at home?", x: 60, y: 480)],
                ink: ink)
        ])
        XCTAssertEqual(read.bubbles.count, 1)
        XCTAssertEqual(read.bubbles.first?.author, "Alice")
        XCTAssertEqual(read.bubbles.first?.text, "Anyone at home?")
        XCTAssertEqual(read.bubbles.first?.speaker, .them)
        // A first row that holds a sentence's end is the text wrapped, whatever its ink
        // (Mangiare's low-resolution grey shades its rows apart).
        let wrapped = self.read([
            region(
                box, fill: Self.grey,
                lines: [line("Hey! Everything is ok", x: 60, y: 405), line("here.", x: 60, y: 480)], ink: ink)
        ])
        XCTAssertEqual(wrapped.bubbles.map(\.author), [nil])
        XCTAssertEqual(wrapped.bubbles.first?.text, "Hey! Everything is ok here.")
    }

    func testMyOwnBubbleIsNeverHeadedByAName() {
        // Element X: my reply quotes Blaire, and her name heads the quote in its own ink; the
        // quote's tint is too close to the page to be told as a tint.
        let box = PixelRect(x: 400, y: 400, width: 640, height: 160)
        var ink = [RGB?](repeating: Self.white, count: box.height)
        for row in 0..<60 { ink[row] = RGB(r: 230, g: 80, b: 40) }
        let read = read([
            region(
                box, fill: Self.blue, lines: [line("Blaire", x: 430, y: 405), line("Absolutely, B!", x: 430, y: 480)],
                ink: ink)
        ])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me])
        XCTAssertEqual(read.bubbles.map(\.author), [nil])
    }

    func testANameBesideItsSendersPictureInTheTextsOwnInkBecomesTheAuthor() {
        // Amethyst: a small profile picture, then the name in the text's own ink and size; the
        // message under it starts at the bubble's edge. The app's translation note is no text.
        let box = PixelRect(x: 40, y: 400, width: 800, height: 260)
        let read = read([
            region(
                box, fill: Self.grey,
                lines: [
                    line("natoshisakamoto1312", x: 130, y: 410),
                    line("Someone manja how to create a relay?", x: 60, y: 480),
                    line("Auto Portuguese English", x: 60, y: 550),
                ])
        ])
        XCTAssertEqual(read.bubbles.map(\.author), ["natoshisakamoto1312"])
        XCTAssertEqual(read.bubbles.map(\.text), ["Someone manja how to create a relay?"])
        // Without the picture the first row starts where the others do: it is the message's.
        let plain = self.read([
            region(
                box, fill: Self.grey,
                lines: [line("Good morning", x: 60, y: 410), line("Have a good day", x: 60, y: 480)])
        ])
        XCTAssertEqual(plain.bubbles.map(\.author), [nil])
        XCTAssertEqual(plain.bubbles.map(\.text), ["Good morning Have a good day"])
        XCTAssertFalse(ChromeFilter().isTranslationNote("Auto parts are cheaper there"))
        XCTAssertFalse(ChromeFilter().isTranslationNote("Auto Repair"))
        XCTAssertTrue(ChromeFilter().isTranslationNote("Auto Portuguese English"))
        XCTAssertTrue(ChromeFilter().isTranslationNote("Auto-translated from Portuguese to English"))
    }

    func testAProfilePictureReadAsALetterInFrontOfTheTextIsNoWord() {
        // Siskin draws the sender's picture inside the bubble's region; Tesseract reads it as
        // "F", well apart from the first word. "I" a word's gap before "think" stays.
        let avatar = OCRWord(text: "F", box: PixelRect(x: 50, y: 410, width: 24, height: 44), confidence: 0.8)
        let hello = line("Hello", x: 150, y: 410)
        let read = read([
            region(
                PixelRect(x: 40, y: 400, width: 600, height: 70), fill: Self.grey,
                lines: [OCRLine(words: [avatar] + hello.words, box: avatar.box.union(hello.box))]),
            region(
                PixelRect(x: 40, y: 600, width: 600, height: 70), fill: Self.grey,
                lines: [line("I think so", x: 60, y: 610)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hello", "I think so"])
    }

    func testAPictureCloseToTheTextIsNoWordWhenReadUnsurelyAndTallerThanTheText() {
        // A tiger avatar right beside "Great!" is read as "WF", unsure and taller than the text,
        // under a line before it. A capital "I" as unsure and as far before "do" stays.
        func bubble(_ scrap: OCRWord, _ rest: String, y: Int) -> TextRegion {
            let text = line(rest, x: scrap.box.maxX + 40, y: y)
            return region(
                PixelRect(x: 40, y: y - 10, width: 600, height: 70), fill: Self.grey,
                lines: [OCRLine(words: [scrap] + text.words, box: scrap.box.union(text.box))])
        }
        let tiger = OCRWord(text: "WF", box: PixelRect(x: 70, y: 390, width: 60, height: 70), confidence: 0.35)
        let capital = OCRWord(text: "I", box: PixelRect(x: 70, y: 600, width: 14, height: 60), confidence: 0.35)
        let hello = region(
            PixelRect(x: 40, y: 1000, width: 600, height: 70), fill: Self.grey,
            lines: [line("Hello there", x: 60, y: 1010)])
        let read = read([hello, bubble(tiger, "Great!", y: 404), bubble(capital, "do", y: 614)])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hello there", "Great!", "I do"])
    }

    func testEmojiInFrontOfTheTextReadAsTallUnsureLettersAreNoWords() {
        // Threema: three emoji before "Cool!" read as "eds @4-§", unsure and far taller than
        // the line's words, a space from the text. A word typed large and read surely stays.
        func bubble(_ first: [(String, Double)], _ rest: String, y: Int) -> TextRegion {
            var x = 60
            var words: [OCRWord] = []
            for (text, confidence) in first {
                words.append(
                    OCRWord(text: text, box: PixelRect(x: x, y: y - 15, width: 60, height: 75), confidence: confidence))
                x += 68
            }
            let text = line(rest, x: x, y: y)
            return region(
                PixelRect(x: 40, y: y - 20, width: 700, height: 90), fill: Self.grey,
                lines: [OCRLine(words: words + text.words, box: words[0].box.union(text.box))])
        }
        let read = read([
            bubble([("eds", 0.6), ("@4-§", 0)], "Cool! I know the place.", y: 400),
            bubble([("WOW", 0.95)], "that is big news", y: 700),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Cool! I know the place.", "WOW that is big news"])
    }

    func testASenderNamePrintedAboveTheBubbleBecomesItsAuthor() {
        // iMessage and Messenger groups: the name sits just above the bubble, outside it; in
        // JSQMessages the bubble's region also holds the avatar, so the name starts further in.
        let white = Self.white
        let read = read([
            region(
                PixelRect(x: 70, y: 400, width: 200, height: 34), fill: white,
                lines: [line("Alice", x: 70, y: 400, height: 30)]),
            region(
                PixelRect(x: 40, y: 450, width: 620, height: 90), fill: Self.grey,
                lines: [line("Anyone at home?", x: 70, y: 470)]),
            region(
                PixelRect(x: 150, y: 600, width: 300, height: 34), fill: white,
                lines: [line("Bob Stone", x: 150, y: 600, height: 30)]),
            region(
                PixelRect(x: 30, y: 650, width: 700, height: 90), fill: Self.grey,
                lines: [line("I am, come over", x: 140, y: 670)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Anyone at home?", "I am, come over"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Alice", "Bob Stone"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .them])
        XCTAssertEqual(read.decisions.filter { $0.role == .author }.count, 2)
    }

    func testBubblesAnAppNamesMeAreTheUsersWhateverSideTheyHugAndSoAreOthersOfTheirFill() {
        // Jetchat: every bubble hugs the left under its sender's name; the user's is "me".
        func named(_ name: String, _ text: String, y: Int, fill: RGB) -> [TextRegion] {
            [
                region(
                    PixelRect(x: 70, y: y, width: 200, height: 34), fill: Self.white,
                    lines: [line(name, x: 70, y: y, height: 30)]),
                region(
                    PixelRect(x: 40, y: y + 50, width: 620, height: 90), fill: fill,
                    lines: [line(text, x: 70, y: y + 70)]),
            ]
        }
        let mine = RGB(r: 200, g: 220, b: 255)
        let read = read(
            named("Taylor Brooks", "Take a look at the APIs", y: 400, fill: Self.grey)
                + named("me", "Thank you!", y: 600, fill: mine)
                + [
                    region(
                        PixelRect(x: 40, y: 760, width: 620, height: 90), fill: mine,
                        lines: [line("Check it out!", x: 70, y: 780)])
                ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Take a look at the APIs", "Thank you!", "Check it out!"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me, .me])
    }

    func testANameOverAPictureOrOverTheUsersBubbleWhereOthersAreNamedTooIsTheAuthor() {
        // JSQMessages and MessengerKit print a name over a photo or a sticker; MessengerKit and
        // ChatMessageView also label the user's own bubbles, at the right, where they label
        // everyone's.
        let white = Self.white
        let read = read([
            region(
                PixelRect(x: 70, y: 300, width: 200, height: 34), fill: white,
                lines: [line("Tim Cook", x: 70, y: 300, height: 30)]),
            region(
                PixelRect(x: 40, y: 350, width: 620, height: 500), fill: Self.grey, lines: [],
                pictures: [350..<850]),
            region(
                PixelRect(x: 840, y: 900, width: 200, height: 34), fill: white,
                lines: [line("Michael", x: 868, y: 900, height: 34)]),
            region(
                PixelRect(x: 700, y: 945, width: 340, height: 90), fill: Self.blue,
                lines: [line("Thanks!", x: 730, y: 965)], ink: [Self.white]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["[photo]", "Thanks!"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Tim Cook", "Michael"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me])
    }

    func testANameInsideAPhotosBubbleOverThePictureIsItsAuthor() {
        // Gapopa's group: "Bob" in his colour at the top of the card his photo fills; a
        // caption goes under a photo, so a lone name over it names the sender.
        let read = read([
            region(
                PixelRect(x: 40, y: 500, width: 720, height: 700), fill: Self.grey,
                lines: [line("Bob", x: 70, y: 515)], pictures: [570..<1200]),
            greyBubble("Ha-ha, true", x: 40, y: 1300),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["[photo]", "Ha-ha, true"])
        XCTAssertEqual(read.bubbles.first?.author, "Bob")
        XCTAssertEqual(read.bubbles.first?.speaker, .them)
    }

    func testASendersRoundPhotoWhoseSidesFadeIntoThePageIsAnAvatar() {
        // AirMessage: the photo's pale sides blend into the page, so only its middle is found,
        // a region taller than wide (61 × 101) beside the bubble; a photo message is larger.
        let photo = region(
            PixelRect(x: 41, y: 500, width: 61, height: 101), fill: Self.white, lines: [], pictures: [502..<594])
        let bubble = region(
            PixelRect(x: 120, y: 500, width: 600, height: 110), fill: Self.grey,
            lines: [line("My dog got stuck in the doorway", x: 150, y: 520, height: 34)])
        let read = read([photo, bubble])
        XCTAssertEqual(read.bubbles.map(\.text), ["My dog got stuck in the doorway"])
        XCTAssertEqual(read.decisions.filter { $0.role == .avatar }.map(\.box), [photo.box])
        // A tall narrow picture the size of a photo message stays a photo.
        let tall = region(
            PixelRect(x: 41, y: 500, width: 200, height: 330), fill: Self.white, lines: [], pictures: [502..<828])
        XCTAssertEqual(self.read([tall, bubble]).bubbles.map(\.text), ["[photo]", "My dog got stuck in the doorway"])
    }

    func testARoundPhotoReadAsUnsureScrapsIsAnAvatarButASureShortWordBesideOneIsAMessage() {
        // FriendlyChat's dark round picture, after a resize, reads as "oe" over "@" at 0.4
        // and 0.7: the scraps of a picture, not a message of its own beside the bubble.
        let photo = region(
            PixelRect(x: 77, y: 500, width: 89, height: 89), fill: Self.black,
            lines: [
                line("oe", x: 95, y: 510, height: 30, confidence: 0.39), line("@", x: 100, y: 545, confidence: 0.76),
            ])
        let bubble = greyBubble("Hello", x: 199, y: 480)
        let read = read([photo, bubble])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hello"])
        XCTAssertEqual(read.decisions.filter { $0.role == .avatar }.map(\.box), [photo.box])
        // The same square bubble read surely ("ok") is a message.
        let sure = region(
            PixelRect(x: 77, y: 500, width: 89, height: 89), fill: Self.blue,
            lines: [line("ok", x: 95, y: 520, height: 40, confidence: 0.93)])
        XCTAssertEqual(self.read([sure, bubble]).bubbles.map(\.text).sorted(), ["Hello", "ok"])
        // An icon on the page's paper read as a scrap (Maid's copy button as "Cc") is no
        // sender's picture: the row of buttons it stands in is not a bubble with an avatar.
        let icon = region(
            PixelRect(x: 687, y: 500, width: 43, height: 43), fill: Self.white,
            lines: [line("Cc", x: 690, y: 505, height: 30, confidence: 0.57)])
        let beside = greyBubble("4", x: 750, y: 490, width: 60)
        XCTAssertEqual(self.read([icon, beside]).decisions.filter { $0.role == .avatar }.map(\.box), [])
    }

    func testACaptionUnderAPhotoStaysItsOwnMessage() {
        // A caption under the picture in its bubble is a message, whatever its shape.
        let read = read([
            region(
                PixelRect(x: 40, y: 500, width: 720, height: 700), fill: Self.grey,
                lines: [line("Golden Gate", x: 70, y: 1150, height: 36)], pictures: [500..<1130])
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["[photo]", "Golden Gate"])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, nil])
    }

    func testASmallNameOverTheUsersBubbleIsItsAuthorWhenNoOtherNameIsInView() {
        // ChatMessageView scrolled so that the others' names are out of view: the user's name
        // in small type over the user's bubble still labels it. A short message of the user's
        // in the text's size over the next bubble stays a message.
        let white = Self.white
        let read = read([
            greyBubble("et dolore magna aliqua.", x: 40, y: 300),
            region(
                PixelRect(x: 880, y: 430, width: 160, height: 28), fill: white,
                lines: [line("Michael", x: 880, y: 430, height: 28)]),
            region(
                PixelRect(x: 800, y: 465, width: 240, height: 90), fill: Self.blue,
                lines: [line("hey", x: 830, y: 485)], ink: [Self.white]),
            region(
                PixelRect(x: 740, y: 560, width: 300, height: 44), fill: white,
                lines: [line("Sounds Good", x: 740, y: 560)]),
            region(
                PixelRect(x: 700, y: 615, width: 340, height: 90), fill: Self.blue,
                lines: [line("Thanks!", x: 730, y: 635)], ink: [Self.white]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["et dolore magna aliqua.", "hey", "Sounds Good", "Thanks!"])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, "Michael", nil, nil])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me, .me, .me])
    }

    func testALineCutAcrossOverBarePageIsSlicedButAWholeShortLastLineStays() {
        // A scroll position past the chat's end shows bare page under the last message; the
        // line a composer had cut in the earlier capture ends there, short and garbled. At
        // the other end, a window pushed down shows bare page over its first line.
        func cut(_ text: String, y: Int) -> TextRegion {
            let row = line(text, x: 60, y: y, height: 20, confidence: 0.4)
            return region(PixelRect(x: 60, y: y, width: row.box.width, height: 20), fill: Self.white, lines: [row])
        }
        let bottom = read([
            greyBubble("See you at nine then", x: 40, y: 400), greyBubble("Bring the tickets", x: 40, y: 520),
            greyBubble("and the map", x: 40, y: 640), cut("Awnthara avn tha mala vanendiiativnnn", y: 800),
            // The composer's hint, read as chat: bare page still lies between.
            greyBubble("Ask a question", x: 40, y: 1100),
        ])
        XCTAssertEqual(
            bottom.bubbles.map(\.text), ["See you at nine then", "Bring the tickets", "and the map", "Ask a question"])
        let top = read([
            cut("tvnically hrinhtlv colnred and mav", y: 900), greyBubble("See you at nine then", x: 40, y: 960),
            greyBubble("Bring the tickets", x: 40, y: 1080), greyBubble("and the map", x: 40, y: 1200),
        ])
        XCTAssertEqual(top.bubbles.map(\.text), ["See you at nine then", "Bring the tickets", "and the map"])
        // "ok" alone is as short, but read surely: the chat's last message.
        let shortLast = read([
            greyBubble("See you at nine then", x: 40, y: 400), greyBubble("Bring the tickets", x: 40, y: 520),
            region(
                PixelRect(x: 60, y: 800, width: 40, height: 24), fill: Self.white,
                lines: [line("ok", x: 60, y: 800, height: 24, confidence: 0.95)]),
        ])
        XCTAssertEqual(shortLast.bubbles.map(\.text), ["See you at nine then", "Bring the tickets", "ok"])
        // A bubble's time in small print, read poorly, under its last line is whole (aTalk).
        let stamped = read([
            greyBubble("See you at nine then", x: 40, y: 400),
            region(
                PixelRect(x: 40, y: 520, width: 500, height: 120), fill: Self.grey,
                lines: [
                    line("Message received ok", x: 60, y: 535),
                    line("Jan 03,2O16 14:15:O5", x: 60, y: 590, height: 20, confidence: 0.6),
                ]),
        ])
        XCTAssertTrue(stamped.decisions.allSatisfy { $0.role != .sliced }, "\(stamped.decisions)")
        XCTAssertEqual(stamped.bubbles.last?.text.hasPrefix("Message received ok"), true)
    }

    func testASenderNameInSmallTypeUnderTheBubbleBecomesItsAuthor() {
        // Pulse prints a group sender's name under the bubble, in small type beside the time;
        // Papercups prints its agent's, "Eduardo M.", whose full stop is an initial's. A short
        // reply of ordinary size as close under a bubble stays a message, and so does a
        // sentence in small type there ("Not me.").
        let white = Self.white
        for (label, isName) in [("Jacob Klinker", true), ("Eduardo M.", true), ("Not me.", false)] {
            let read = read([
                region(
                    PixelRect(x: 40, y: 400, width: 620, height: 90), fill: Self.grey,
                    lines: [line("Looks nice!", x: 70, y: 420)]),
                region(
                    PixelRect(x: 70, y: 500, width: 240, height: 28), fill: white,
                    lines: [line(label, x: 70, y: 500, height: 26)]),
                region(
                    PixelRect(x: 40, y: 700, width: 620, height: 90), fill: Self.grey,
                    lines: [line("Who is coming?", x: 70, y: 720)]),
                region(
                    PixelRect(x: 70, y: 800, width: 300, height: 44), fill: white,
                    lines: [line("Sounds Good", x: 70, y: 800)]),
            ])
            let texts = ["Looks nice!"] + (isName ? [] : [label]) + ["Who is coming?", "Sounds Good"]
            XCTAssertEqual(read.bubbles.map(\.text), texts, label)
            XCTAssertEqual(read.bubbles.first?.author, isName ? label : nil, label)
            XCTAssertEqual(read.bubbles.dropFirst().compactMap(\.author), [], label)
            XCTAssertEqual(read.decisions.filter { $0.role == .author }.count, isName ? 1 : 0, label)
        }
    }

    func testALoneNameInSmallPrintIsNoMessageAndNamesThePhotoAboveIt() {
        // Messenger kits print the sender's name in small type over an emoji-only bubble the
        // reader cannot read, and Friendly Chat prints it under the sender's photo. Neither
        // name is a message; under a photo it is the photo's sender. A short line of the
        // body's size is a message.
        let white = Self.white
        let read = read([
            region(
                PixelRect(x: 40, y: 300, width: 620, height: 90), fill: Self.grey,
                lines: [line("How are you?", x: 70, y: 320)]),
            region(
                PixelRect(x: 70, y: 600, width: 80, height: 24), fill: white,
                lines: [line("Tim", x: 70, y: 600, height: 24)]),
            region(
                PixelRect(x: 40, y: 800, width: 620, height: 460), fill: Self.grey, lines: [], pictures: [800..<1260]),
            region(
                PixelRect(x: 70, y: 1275, width: 200, height: 24), fill: white,
                lines: [line("Jane Doe", x: 70, y: 1275, height: 24)]),
            region(
                PixelRect(x: 70, y: 1500, width: 200, height: 44), fill: white, lines: [line("Sure", x: 70, y: 1500)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["How are you?", "[photo]", "Sure"])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, "Jane Doe", nil])
    }

    func testANicknameWithTheTimeFarOffHeadsAChatPostAndEachLineItsSenderEndedIsAMessage() {
        // Matrix and Discord-like clients: a nickname in any case, the time at the row's far
        // end in a region of its own, then one message a line; a line that wrapped goes on.
        func plain(_ text: String, x: Int = 110, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let read = read([
            plain("luna", y: 400), plain("7:48 PM", x: 880, y: 400),
            plain("i dont want a tunnel", y: 460),
            plain("flying machine needs less of everything", y: 520),  // the widest line
            plain("pluto", y: 600), plain("7:49 PM", x: 880, y: 600),
            plain("very true", y: 660),
            plain("but this is so much faster think of", y: 720), plain("time", y: 770),
            plain("sure 9:41 PM", y: 830),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "i dont want a tunnel", "flying machine needs less of everything", "very true",
                "but this is so much faster think of time", "sure 9:41 PM",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), ["luna", "luna", "pluto", "pluto", "pluto"])
    }

    func testANicknameWithTimeAndDateRightAfterItHeadsAChatPost() {
        // Dissent (Discord): "naomi 14:43:09 31/01/24", the stamp close to the name; a time
        // alone close after a word ends that message instead ("sure 9:41 PM").
        func plain(_ text: String, x: Int = 110, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        // The stamp in smaller grey type, a word's gap after the name.
        func header(_ name: String, _ stamp: String, y: Int) -> [TextRegion] {
            [plain(name, y: y), unframed(stamp, x: 110 + name.count * 22 + 24, y: y + 8, height: 30)]
        }
        let read = read(
            header("naomi", "14:43:09 31/01/24", y: 400) + [plain("great", y: 460)]
                + header("Diamond", "14:52:32 31/01/24", y: 540)
                + [plain("there's nothing you can do about this", y: 600)] + [plain("sure 9:41 PM", y: 700)])
        XCTAssertEqual(read.bubbles.map(\.text), ["great", "there's nothing you can do about this", "sure 9:41 PM"])
        XCTAssertEqual(read.bubbles.map(\.author), ["naomi", "Diamond", "Diamond"])
    }

    func testAPostTheAppSignsAsSystemIsANotice() {
        // Mattermost posts what happens to the channel under the name "System": notices, not
        // a member's messages; a member's post under it stays theirs.
        func plain(_ text: String, x: Int = 110, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let read = read([
            plain("System", y: 400), plain("7:48 PM", x: 880, y: 400),
            plain("@theinvincible and 5 others were added to the channel by you.", y: 460),
            plain("luna", y: 560), plain("7:49 PM", x: 880, y: 560),
            plain("welcome everyone", y: 620),
        ])
        XCTAssertEqual(read.bubbles.map(\.kind), [.notice, .text], "\(read.bubbles.map(\.text))")
        XCTAssertEqual(read.bubbles.map(\.speaker), [.unknown, .them])
        XCTAssertEqual(read.bubbles.map(\.author), ["System", "luna"])
    }

    func testAShortUnframedLineFarFromTheNextBubbleOrAboveMineStaysWhatItIs() {
        let white = Self.white
        let read = read([
            // A line of their own, far above the next bubble: not a name.
            region(
                PixelRect(x: 60, y: 300, width: 200, height: 44), fill: white, lines: [line("Hi there", x: 60, y: 300)]),
            region(
                PixelRect(x: 40, y: 500, width: 620, height: 90), fill: Self.grey,
                lines: [line("How are you?", x: 70, y: 520)]),
            // Just above my bubble: my name is never printed over my messages.
            region(
                PixelRect(x: 440, y: 700, width: 200, height: 34), fill: white,
                lines: [line("Later", x: 440, y: 700, height: 30)]),
            region(
                PixelRect(x: 440, y: 745, width: 600, height: 90), fill: Self.blue,
                lines: [line("Fine thanks", x: 470, y: 765)]),
        ])
        XCTAssertTrue(read.bubbles.allSatisfy { $0.author == nil }, "\(read.bubbles.map(\.author))")
        XCTAssertTrue(read.bubbles.contains { $0.text == "Hi there" })
    }

    func testACaptionUnderAPhotoOrANameOverABubbleReadBeforeIsNoMessageOfItsOwn() {
        // A short caption under their photo, just above their next bubble, is the photo's caption.
        let photo = region(
            PixelRect(x: 40, y: 300, width: 620, height: 560), fill: Self.grey,
            lines: [line("Our new puppy", x: 70, y: 800)], pictures: [310..<780])
        let next = region(
            PixelRect(x: 40, y: 880, width: 620, height: 90), fill: Self.grey, lines: [line("Cute!", x: 70, y: 900)])
        // A name over a bubble the shot before already read (a scroll): not a message either.
        let name = region(
            PixelRect(x: 70, y: 1100, width: 200, height: 34), fill: Self.white,
            lines: [line("Alice", x: 70, y: 1100, height: 30)])
        var readBefore = region(
            PixelRect(x: 40, y: 1150, width: 620, height: 90), fill: Self.grey, lines: [])
        readBefore.readInEarlierShot = true
        let read = read([photo, next, name, readBefore])
        XCTAssertEqual(read.bubbles.map(\.text), ["[photo]", "Our new puppy", "Cute!"])
        XCTAssertTrue(read.bubbles.allSatisfy { $0.author == nil }, "\(read.bubbles.map(\.author))")
    }

    func testAPlaceSharedAsCoordinatesOrAMapIsALocation() {
        let card = region(
            PixelRect(x: 40, y: 300, width: 700, height: 150), fill: Self.grey,
            lines: [line("Location: 43.54542, 7.03605", x: 80, y: 320), line("Accuracy: 100.0 m", x: 80, y: 380)])
        // A pale map: a big filled area whose only words are its maker's, in a corner.
        let map = region(
            PixelRect(x: 40, y: 500, width: 700, height: 500), fill: RGB(r: 236, g: 232, b: 222),
            lines: [line("Legal", x: 620, y: 950, height: 26)])
        let words = region(
            PixelRect(x: 40, y: 1100, width: 700, height: 90), fill: Self.grey,
            lines: [line("Legal advice at 5.30, ok?", x: 80, y: 1120)])
        let prices = region(
            PixelRect(x: 40, y: 1250, width: 700, height: 90), fill: Self.grey,
            lines: [line("Angebot 12.500, 13.000", x: 80, y: 1270)])
        // The maker's name in small print over one more scrap of the map looks like a sender's
        // name over a message; it is still the map's.
        let labelled = region(
            PixelRect(x: 40, y: 1400, width: 700, height: 500), fill: RGB(r: 236, g: 232, b: 222),
            lines: [line("Legal", x: 620, y: 1850, height: 26), line("I", x: 300, y: 1860)])
        let read = read([card, map, words, prices, labelled])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["[location]", "[location]", "Legal advice at 5.30, ok?", "Angebot 12.500, 13.000", "[location]"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.media, .media, .text, .text, .media])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, nil, nil, nil, nil])
    }

    func testInAGroupChatAFirstRowShapedLikeANameIsTheSendersEvenInTheTextsInk() {
        // Telegram X: a photo avatar shares the rows of the name and the text, so the ink cannot
        // tell them apart; another bubble's coloured name says the chat is a group.
        let coloured = PixelRect(x: 40, y: 300, width: 620, height: 160)
        var ink = [RGB?](repeating: Self.black, count: coloured.height)
        for row in 0..<60 { ink[row] = RGB(r: 230, g: 80, b: 40) }
        let named = region(
            coloured, fill: Self.grey,
            lines: [line("Angela Merkel", x: 60, y: 305), line("Hallo alle!", x: 60, y: 380)],
            ink: ink)
        let sameInk = region(
            PixelRect(x: 40, y: 600, width: 700, height: 160), fill: Self.grey,
            lines: [line("Julian Assange", x: 60, y: 605), line("Sorry, I'll have to publish this.", x: 60, y: 680)])
        let sentence = region(
            PixelRect(x: 40, y: 900, width: 700, height: 160), fill: Self.grey,
            lines: [line("Good morning", x: 60, y: 905), line("have a good day", x: 60, y: 980)])
        let mine = region(
            PixelRect(x: 400, y: 1200, width: 640, height: 160), fill: Self.blue,
            lines: [line("Julian Assange", x: 430, y: 1205), line("is on the news again", x: 430, y: 1280)])
        let group = read([named, sameInk, sentence, mine])
        XCTAssertEqual(group.bubbles.map(\.author), ["Angela Merkel", "Julian Assange", nil, nil])
        XCTAssertEqual(
            group.bubbles.map(\.text),
            [
                "Hallo alle!", "Sorry, I'll have to publish this.", "Good morning have a good day",
                "Julian Assange is on the news again",
            ])
        // Without a name told apart by its ink the screen is no group: the row is text.
        let alone = read([sameInk])
        XCTAssertEqual(alone.bubbles.map(\.author), [nil])
        XCTAssertEqual(alone.bubbles.map(\.text), ["Julian Assange Sorry, I'll have to publish this."])
        // Unless the header counts the group's members.
        let header = TextRegion(
            box: PixelRect(x: 0, y: 80, width: Self.width, height: 170), zone: .header, fill: Self.white,
            isFilled: false,
            lines: [line("Weekend Plans", x: 200, y: 100), line("8 members", x: 200, y: 160, height: 30)])
        let counted = read([header, sameInk])
        XCTAssertEqual(counted.bubbles.map(\.author), ["Julian Assange"])
        XCTAssertEqual(counted.title, "Weekend Plans")
    }

    func testARowOfShortWordsReadUnsurelyIsAPictureNotText() {
        let read = read([
            region(
                PixelRect(x: 40, y: 300, width: 600, height: 90), fill: Self.grey,
                lines: [line("Ok", x: 60, y: 320, confidence: 0.9)]),
            region(
                PixelRect(x: 40, y: 500, width: 600, height: 90), fill: Self.grey,
                lines: [line("a Tah", x: 60, y: 520, confidence: 0.4)]),
            region(
                PixelRect(x: 40, y: 700, width: 600, height: 90), fill: Self.grey,
                lines: [line("Great news", x: 60, y: 720, confidence: 0.5)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Ok", "Great news"])
        XCTAssertTrue(read.decisions.contains { $0.role == .noise && $0.text == "a Tah" })
    }

    func testAFilesNameAndSizeIsTheFile() {
        let read = read([
            region(
                PixelRect(x: 40, y: 300, width: 600, height: 90), fill: Self.grey,
                lines: [line("rare_bird.webp 50.99 kB", x: 60, y: 320)]),
            region(
                PixelRect(x: 40, y: 500, width: 600, height: 90), fill: Self.grey,
                lines: [line("Thanks.Bye", x: 60, y: 520)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["[file rare_bird.webp]", "Thanks.Bye"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.media, .text])
        XCTAssertEqual(MediaLabel.file(in: "Enquete_impact_2021.pdf (6.08 MB)"), "[file Enquete_impact_2021.pdf]")
        XCTAssertEqual(MediaLabel.file(in: "report.pdf"), "[file report.pdf]")
        XCTAssertEqual(MediaLabel.file(in: "notes.draft 12 KiB"), "[file notes.draft]")
        // A name with spaces in it is a file's when its size follows (Xabber's card, its icon
        // read as scraps in front and its button after the size).
        XCTAssertEqual(MediaLabel.file(in: "First Impression.pdf 11.2 KB"), "[file First Impression.pdf]")
        XCTAssertEqual(MediaLabel.file(in: "Market analysis.odt, 172.4 KB Download"), "[file Market analysis.odt]")
        XCTAssertEqual(
            MediaLabel.file(in: "w 201212 Market analysis.odt, 172.4 KB Download"), "[file Market analysis.odt]")
        for text in [
            "v2.0", "It costs 12.50", "see report.pdf", "Ok.Sure", "12.pdf",
            "I sent you the report.pdf yesterday 12 KB",
        ] {
            XCTAssertNil(MediaLabel.file(in: text), text)
        }
        // A long name a narrow bubble wraps (Agora's video, shown by its name alone): its
        // rows, joined by a space, are one name; a word before a name is a sentence's.
        XCTAssertEqual(
            MediaLabel.file(in: "v12044gd0000ch4ahsrc77u5k6lh2e 00.mp4"), "[file v12044gd0000ch4ahsrc77u5k6lh2e00.mp4]")
        XCTAssertEqual(MediaLabel.file(in: "IMG_20210105_ 225100.jpg"), "[file IMG_20210105_225100.jpg]")
        for text in ["download report.pdf", "Attached quarterly report.pdf", "versions2 notes.draft"] {
            XCTAssertNil(MediaLabel.file(in: text), text)
        }
    }

    func testAStampThatSignsAGroupMessageNamesItsAuthor() {
        // Conversations signs a group message under its text: "2:11 PM · Alice"; a middle dot
        // in small print may be lost to OCR.
        func bubble(_ y: Int, _ text: String, _ stamp: String, x: Int = 40, stampHeight: Int = 28) -> TextRegion {
            region(
                PixelRect(x: x, y: y, width: 600, height: 130), fill: x > 100 ? Self.blue : Self.grey,
                lines: [line(text, x: x + 20, y: y + 10), line(stamp, x: x + 20, y: y + 70, height: stampHeight)])
        }
        let read = read([
            bubble(300, "Anyone at home?", "11:35 AM · Romeo"),
            bubble(500, "On my way", "Juliet • Yesterday 9:41 PM"),
            bubble(700, "Wait for me", "2:11 PM Alice", stampHeight: 24),
            bubble(900, "Meet me at the door", "at 9:30 - Alice"),
            bubble(1100, "Sure", "11:40 AM · Romeo", x: 440),
        ])
        XCTAssertEqual(read.bubbles.map(\.author), ["Romeo", "Juliet", "Alice", nil, nil])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Anyone at home?", "On my way", "Wait for me", "Meet me at the door at 9:30 - Alice", "Sure"])
    }

    func testAFirstRowThatHeadsSeveralBubblesIsTheSendersName() {
        // Syphon: every bubble of the other side starts with the same user name, in the text's
        // own ink and type; a lock read as "aH" sits beside the small time under the text.
        func bubble(_ y: Int, _ first: String, _ text: String) -> TextRegion {
            region(
                PixelRect(x: 40, y: y, width: 600, height: 190), fill: Self.grey,
                lines: [
                    line(first, x: 60, y: y + 10), line(text, x: 60, y: y + 70),
                    line("aH 8m", x: 60, y: y + 140, height: 24),
                ])
        }
        let read = read([
            bubble(300, "matrix_boi2", "hey! how have you been?"),
            bubble(600, "matrix_boi2", "glad to see you"),
            bubble(900, "see_you_at", "the station"),
            region(
                PixelRect(x: 40, y: 1200, width: 600, height: 90), fill: Self.grey,
                lines: [line("Ok", x: 60, y: 1220), line("5m", x: 200, y: 1240, height: 24)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.author), ["matrix_boi2", "matrix_boi2", nil, nil])
        XCTAssertEqual(
            read.bubbles.map(\.text), ["hey! how have you been?", "glad to see you", "see_you_at the station", "Ok"])
    }

    func testOnAScreenOfPostsANameAloneInItsOwnColourHeadsThePostsUnderIt() {
        // Element: the sender's name in a colour of its own, over the messages, with no time.
        func post(_ y: Int, _ name: String, _ text: String, nameInk: RGB) -> TextRegion {
            unframedPost(y: y, first: name, text, firstInk: nameInk, regionX: 130, textX: 130)
        }
        let pink = RGB(r: 220, g: 60, b: 130), blue = RGB(r: 40, g: 90, b: 230)
        let read = read([
            post(300, "Matthew", "that's great, lgtm", nameInk: pink),
            post(500, "Steve", "hmm, which one is that?", nameInk: blue),
            // A link in the link colour over a line of text is the post's, not a name.
            post(700, "https://example.org/menu", "have a look", nameInk: blue),
            // The same ink: a short line of Steve's, not a name; its sender ended it there, so
            // it is a message of its own.
            post(900, "Good news", "we are on", nameInk: Self.black),
        ])
        XCTAssertEqual(read.bubbles.map(\.author), ["Matthew", "Steve", "Steve", "Steve", "Steve"])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "that's great, lgtm", "hmm, which one is that?", "https://example.org/menu have a look",
                "Good news", "we are on",
            ])
    }

    func testOnAScreenOfPostsANameBesideTheSendersPictureHeadsThePostInAnyInk() {
        // Neo (Matrix): the name in the text's own ink, its only mark the profile picture
        // level with it; "Jr." ends a name, not a sentence.
        func post(_ y: Int, _ name: String, _ text: String, avatar: Bool = true) -> [TextRegion] {
            let box = PixelRect(x: 150, y: y, width: 800, height: 110)
            let words = region(box, fill: Self.white, lines: [line(name, x: 150, y: y), line(text, x: 150, y: y + 55)])
            let picture = region(PixelRect(x: 30, y: y, width: 90, height: 90), fill: Self.blue, lines: [])
            return avatar ? [picture, words] : [words]
        }
        let read = read(
            post(300, "Cleo Menezes Jr.", "null updated his PC to GNOME 47")
                + post(500, "Daniel Sheeler", "Is it possible?")
                // Without a picture beside it, a short first row in the same ink is the post's.
                + post(700, "Good news", "we are on", avatar: false))
        XCTAssertEqual(
            read.bubbles.map(\.author), ["Cleo Menezes Jr.", "Daniel Sheeler", "Daniel Sheeler", "Daniel Sheeler"])
        XCTAssertEqual(
            read.bubbles.map(\.text), ["null updated his PC to GNOME 47", "Is it possible?", "Good news", "we are on"])
        XCTAssertEqual(Set(read.bubbles.map(\.speaker)), [.them])
    }

    func testANameRowKeepsItsNameWithoutTheTimeAndTheMoreButtonBesideIt() {
        // Campfire: each post a grey card beside the sender's picture, headed by the name, the
        // time and a "more" button of three dots that Tesseract reads as a small "eee"; the
        // time's "9:29" may come apart from its "AM_".
        func post(_ y: Int, _ header: String, _ text: String) -> [TextRegion] {
            var heading = line(header, x: 150, y: y)
            if let last = heading.words.indices.last, heading.words[last].text == "eee" {
                heading.words[last].box = PixelRect(x: heading.words[last].box.x, y: y + 18, width: 40, height: 20)
            }
            let box = PixelRect(x: 130, y: y - 10, width: 800, height: 120)
            let card = region(box, fill: Self.grey, lines: [heading, line(text, x: 150, y: y + 55)])
            let picture = region(PixelRect(x: 20, y: y, width: 90, height: 90), fill: Self.blue, lines: [])
            return [picture, card]
        }
        let read = read(
            post(300, "Luna Rodriguez AM_ eee", "morning!") + post(500, "Matthew Rogerson 3:16 PM", "This is Campfire")
                // A first row that is a sentence stays the post's, time or not.
                + post(700, "see you at 9:30", "bring the slides"))
        XCTAssertEqual(read.bubbles.map(\.author), ["Luna Rodriguez", "Matthew Rogerson", nil])
        XCTAssertEqual(read.bubbles.map(\.text), ["morning!", "This is Campfire", "see you at 9:30 bring the slides"])
    }

    func testANameRowKeepsItsNameWithoutARelativeStampSetApartBesideIt() {
        // Nostros: each post a card beside the sender's picture, headed by the name and, at
        // the card's far end, "about 3 hours ago"; OpenCord sets "Today" a dot apart after it.
        func post(_ y: Int, _ name: String, _ stamp: String, stampX: Int, _ text: String) -> [TextRegion] {
            let heading = joined(line(name, x: 150, y: y), line(stamp, x: stampX, y: y))
            let box = PixelRect(x: 130, y: y - 10, width: 760, height: 120)
            let card = region(box, fill: Self.grey, lines: [heading, line(text, x: 150, y: y + 55)])
            let picture = region(PixelRect(x: 20, y: y, width: 90, height: 90), fill: Self.blue, lines: [])
            return [picture, card]
        }
        let read = read(
            post(300, "Pyre", "about 3 hours ago", stampX: 480, "Hello there")
                + post(500, "KoalaSat @", "about 2 hours ago", stampX: 480, "100% public")
                + post(700, "Zet", "Today", stampX: 260, "guh")
                // A first row that ends in such words with a word's space before them is a sentence.
                + post(900, "Call me", "today", stampX: 310, "bring the slides"))
        XCTAssertEqual(read.bubbles.map(\.author), ["Pyre", "KoalaSat", "Zet", nil])
        XCTAssertEqual(
            read.bubbles.map(\.text), ["Hello there", "100% public", "guh", "Call me today bring the slides"])
        // A card set in at the right, where the user's own bubbles stand, is headed the same.
        let right = self.read(
            post(300, "Pyre", "about 3 hours ago", stampX: 480, "Ty.").map {
                var moved = $0
                moved.box = moved.box.offsetBy(dx: 180, dy: 0)
                moved.lines = moved.lines.map { line in
                    var line = line
                    line.box = line.box.offsetBy(dx: 180, dy: 0)
                    line.words = line.words.map {
                        OCRWord(text: $0.text, box: $0.box.offsetBy(dx: 180, dy: 0), confidence: $0.confidence)
                    }
                    return line
                }
                return moved
            })
        XCTAssertEqual(right.bubbles.map(\.text), ["Ty."])
        XCTAssertEqual(right.bubbles.map(\.author), ["Pyre"])
        // The user's own bubble whose first row opens with a time is the user's sentence.
        let mine = self.read([
            region(
                PixelRect(x: 500, y: 300, width: 540, height: 140), fill: Self.blue,
                lines: [line("4:30 and it was absolutely", x: 530, y: 320), line("worth it", x: 530, y: 375)])
        ])
        XCTAssertEqual(mine.bubbles.map(\.text), ["4:30 and it was absolutely worth it"])
        XCTAssertEqual(mine.bubbles.map(\.author), [nil])
    }

    func testANicknameWithItsDaySetApartByADotHeadsAPostInAnyInk() {
        // OpenCord: posts on the bare page beside round pictures, each headed by the nickname,
        // "Today" a dot after it (read as "-", or lost) and the time: "Wing · Today at 09:29AM".
        // A role's name is coloured, a plain member's is in the text's own ink.
        let pink = RGB(r: 230, g: 80, b: 160)
        func post(_ y: Int, _ header: String, _ text: String, ink: RGB) -> [TextRegion] {
            // "|": where a lost dot leaves a gap (a dot and its spaces) between name and day.
            let parts = header.split(separator: "|").map(String.init)
            var heading = line(parts[0], x: 150, y: y, height: 34)
            if parts.count == 2 {
                heading = joined(heading, line(parts[1], x: heading.box.maxX + 30, y: y, height: 34))
            }
            let box = PixelRect(x: 150, y: y, width: 800, height: 100)
            var inks = [RGB?](repeating: Self.black, count: box.height)
            for row in 0..<40 { inks[row] = ink }
            let body = region(box, fill: Self.white, lines: [heading, line(text, x: 150, y: y + 50)], ink: inks)
            return [body, region(PixelRect(x: 30, y: y, width: 90, height: 90), fill: Self.blue, lines: [])]
        }
        let read = read(
            post(300, "Zet|Today at 09:29AM", "guh", ink: pink)
                + post(480, "Wing - Today at 09:29AM", "i think i made it as simple as possible", ink: Self.black)
                + post(660, "rushii · Today at 09:34AM", "nop", ink: pink)
                + post(840, "Wing - Today at 09:30AM", "how", ink: Self.black))
        XCTAssertEqual(read.bubbles.map(\.author), ["Zet", "Wing", "rushii", "Wing"])
        XCTAssertEqual(read.bubbles.map(\.text), ["guh", "i think i made it as simple as possible", "nop", "how"])
        XCTAssertEqual(Set(read.bubbles.map(\.speaker)), [.them])
    }

    func testARowOfIconsUnderAPostIsButtonsWhileALineOfShortWordsIsText() {
        // Tusky: reply (with its count), boost, favourite and bookmark under each post, the
        // icons read as scraps of marks spread across the row.
        func icons(y: Int) -> TextRegion {
            let scraps = [("<@", 150), ("0", 215), ("Ww", 420), ("oo", 640)].map { text, x in
                OCRWord(
                    text: text, box: PixelRect(x: x, y: y, width: text.count * 22, height: 44), confidence: 0.6)
            }
            let row = OCRLine(words: scraps, box: PixelRect(enclosing: scraps.map(\.box)))
            return region(row.box, fill: Self.white, lines: [row])
        }
        func post(_ y: Int, _ name: String, _ text: String) -> [TextRegion] {
            let box = PixelRect(x: 150, y: y, width: 800, height: 110)
            let words = region(box, fill: Self.white, lines: [line(name, x: 150, y: y), line(text, x: 150, y: y + 55)])
            let picture = region(PixelRect(x: 30, y: y, width: 90, height: 90), fill: Self.blue, lines: [])
            return [picture, words, icons(y: y + 150)]
        }
        let read = read(
            post(300, "Conny Duck", "Comment below and you might be included")
                + post(600, "Steffo Weber", "ok so do it at 5 or 6")
                + post(900, "Tamitha Lee", "Hi there!"))
        XCTAssertEqual(
            read.bubbles.map(\.text), ["Comment below and you might be included", "ok so do it at 5 or 6", "Hi there!"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Conny Duck", "Steffo Weber", "Tamitha Lee"])
    }

    func testAFirstRowInTheSameInkIsText() {
        let box = PixelRect(x: 40, y: 400, width: 620, height: 160)
        let read = read([
            region(box, fill: Self.grey, lines: [line("Alice", x: 60, y: 405), line("is at home", x: 60, y: 480)])
        ])
        XCTAssertNil(read.bubbles.first?.author)
        XCTAssertEqual(read.bubbles.first?.text, "Alice is at home")
    }

    func testAQuotedReplyOnATintedBlockIsTheQuote() {
        let box = PixelRect(x: 400, y: 400, width: 640, height: 240)
        var paper = [RGB](repeating: Self.blue, count: box.height)
        for row in 10..<150 { paper[row] = RGB(r: 30, g: 90, b: 200) }
        var ink = [RGB?](repeating: Self.white, count: box.height)
        for row in 10..<70 { ink[row] = RGB(r: 150, g: 220, b: 255) }
        let read = read([
            region(
                box, fill: Self.blue,
                lines: [
                    line("Bob", x: 430, y: 20 + 400), line("Dinner at six?", x: 430, y: 480),
                    line("Works for me", x: 430, y: 570),
                ], ink: ink, paper: paper)
        ])
        XCTAssertEqual(read.bubbles.first?.text, "Works for me")
        XCTAssertEqual(read.bubbles.first?.quote, "Dinner at six?")
        XCTAssertEqual(read.bubbles.first?.speaker, .me)
    }

    func testLightLettersCrowdingTheirRowsOnADarkBubbleAreNoQuotesTint() {
        // WhatsApp in the dark: white letters set close on a fill that shades over two colour
        // steps, so on the first line's rows white is the commonest colour (and the fill the
        // ink). The page is darker still.
        let dark = RGB(r: 11, g: 20, b: 26), fill = RGB(r: 31, g: 44, b: 52), white = RGB(r: 252, g: 252, b: 252)
        let box = PixelRect(x: 13, y: 700, width: 827, height: 200)
        var paper = [RGB](repeating: fill, count: box.height)
        var ink = [RGB?](repeating: white, count: box.height)
        for row in 30..<74 {
            paper[row] = white
            ink[row] = fill
        }
        func read(tint: RGB) -> ScreenRead {
            var paper = paper, ink = ink
            for row in 30..<74 where tint != white {
                paper[row] = tint
                ink[row] = white
            }
            let bubble = region(
                box, fill: fill,
                lines: [line("I was thinking of a condo", x: 74, y: 730), line("near the beach", x: 74, y: 790)],
                ink: ink, paper: paper)
            return BubbleReader().read(
                OCRPage(source: "shot.png", layout: Self.layout, background: dark, regions: [bubble]))
        }
        let letters = read(tint: white)
        XCTAssertEqual(letters.bubbles.map(\.text), ["I was thinking of a condo near the beach"])
        XCTAssertNil(letters.bubbles.first?.quote)
        // A block in a lighter shade of the fill is a quote's tint.
        let quoted = read(tint: RGB(r: 70, g: 90, b: 100))
        XCTAssertEqual(quoted.bubbles.map(\.text), ["near the beach"])
        XCTAssertEqual(quoted.bubbles.first?.quote, "I was thinking of a condo")
    }

    func testAQuotedReplyBesideABarIsTheQuote() {
        // Element X: no tint, a bar at the left; the quoted sender's name in its own ink and
        // the quoted line are set in from the reply's own rows by the bar.
        let box = PixelRect(x: 400, y: 400, width: 640, height: 240)
        var ink = [RGB?](repeating: Self.white, count: box.height)
        for row in 10..<70 { ink[row] = RGB(r: 150, g: 220, b: 255) }
        let quoted = [line("Bob", x: 460, y: 420), line("Dinner at six?", x: 460, y: 480)]
        let reply = region(box, fill: Self.blue, lines: quoted + [line("Works for me", x: 430, y: 570)], ink: ink)
        let replied = read([reply])
        XCTAssertEqual(replied.bubbles.first?.text, "Works for me")
        XCTAssertEqual(replied.bubbles.first?.quote, "Dinner at six?")
        // Rows set in alike under a first row in the text's own ink are the message's.
        let list = region(
            box, fill: Self.blue,
            lines: [line("Shopping", x: 460, y: 420), line("milk and eggs", x: 460, y: 480)]
                + [line("and bread", x: 430, y: 570)])
        XCTAssertEqual(read([list]).bubbles.first?.quote, nil)
    }

    func testAQuotedReplyBesideADrawnBarIsTheQuoteEvenWhenNotSetIn() {
        // Telegram-like: the quote's name and line start where the reply's own line does; only
        // the bar drawn left of them, through the gap between them, tells them apart.
        let box = PixelRect(x: 400, y: 400, width: 640, height: 260)
        let name = line("Charlie", x: 440, y: 420), quoted = line("Homework for today?", x: 440, y: 480)
        let reply = line("It's just a test", x: 440, y: 580)
        func marks(barRows: Range<Int>) -> [LeftMark?] {
            (box.y..<box.maxY).map { y in
                if barRows.contains(y) { return LeftMark(x: 420, width: 6) }
                return [name, quoted, reply].first { ($0.box.y..<$0.box.maxY).contains(y) }
                    .map { LeftMark(x: $0.box.x, width: 8) }
            }
        }
        func bubble(_ marks: [LeftMark?]) -> TextRegion {
            TextRegion(
                box: box, zone: .content, fill: Self.grey, isFilled: true, lines: [name, quoted, reply],
                anatomy: RegionAnatomy(
                    rowPaper: Array(repeating: Self.grey, count: box.height),
                    rowInk: Array(repeating: Self.black, count: box.height), rowLeftMark: marks))
        }
        let barred = read([bubble(marks(barRows: 410..<530))]).bubbles
        XCTAssertEqual(barred.map(\.text), ["It's just a test"])
        XCTAssertEqual(barred.first?.quote, "Homework for today?")
        XCTAssertNil(barred.first?.author, "the quoted sender is not the bubble's")
        // A border down the whole bubble is no quote's bar; nor is a letter's mark, which
        // leaves the gaps between rows empty.
        for marks in [marks(barRows: 400..<660), marks(barRows: 0..<0)] {
            XCTAssertNil(read([bubble(marks)]).bubbles.last?.quote)
            XCTAssertEqual(read([bubble(marks)]).bubbles.last?.text.contains("Homework"), true)
        }
    }

    func testRowsSideBySideBesideAQuoteBarAreMeasuredWithoutATrap() {
        // Olvid-like: two small marks right of a row (an icon read as "e", twice) are lines of
        // their own within that row's height, so the gap from the row before runs backwards:
        // no range of rows. The bar beside all three is still measured.
        let box = PixelRect(x: 200, y: 350, width: 720, height: 120)
        let lines = [
            line("1 contact is sharing their location", x: 258, y: 358, height: 37),
            line("e", x: 876, y: 368, height: 10), line("e", x: 876, y: 384, height: 11),
            line("Here it is", x: 258, y: 420, height: 37),
        ]
        let marks: [LeftMark?] = (box.y..<box.maxY).map { $0 < 410 ? LeftMark(x: 230, width: 6) : nil }
        let bubble = TextRegion(
            box: box, zone: .content, fill: Self.grey, isFilled: true, lines: lines,
            anatomy: RegionAnatomy(
                rowPaper: Array(repeating: Self.grey, count: box.height),
                rowInk: Array(repeating: Self.black, count: box.height), rowLeftMark: marks))
        XCTAssertEqual(BubbleReader().barredQuoteCount(lines, in: bubble, screenWidth: 1080), 3)
    }

    func testTheLinesOfABubbleTooPaleToSeeAreOneMessageAndTheNextBubbleAnother() {
        // Stream's own bubbles are a grey the page nearly shares: each line is a region of
        // its own. Close, aligned lines of one size are one message; a wider gap starts the
        // next, and a smaller line (a time) is no line of the paragraph.
        let lines = [
            unframed("Astonished set expression", x: 560, y: 500),
            unframed("solicitude way admiration", x: 560, y: 556),
            unframed("undefined", x: 560, y: 612), unframed("So narrow formal length my", x: 560, y: 760),
            unframed("highly longer afford oh", x: 560, y: 816),
        ]
        let framed = region(
            PixelRect(x: 40, y: 900, width: 500, height: 90), fill: Self.grey,
            lines: [line("Hard do me sigh", x: 60, y: 920)])
        let read = read(lines + [framed])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "Astonished set expression solicitude way admiration undefined",
                "So narrow formal length my highly longer afford oh",
                "Hard do me sigh",
            ])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .me, .them])
    }

    func testALineWithoutTallLettersLeavesAWiderGapButStaysInItsParagraph() {
        // An assistant's answer on the page (Maid): lines at one pitch, but a line with no
        // descenders ("villain from DC Comics. He wears the mask for") has a box a fifth
        // shorter, and the gap under it is nearly three quarters of a line. The next answer,
        // two line heights further down, is a message of its own.
        func plain(_ text: String, y: Int, height: Int) -> TextRegion { unframed(text, x: 60, y: y, height: height) }
        let lines = [
            plain("I believe you may be referring", y: 400, height: 42),
            plain("villain from DC Comics", y: 463, height: 33),
            plain("several reasons, primarily for", y: 526, height: 42),
            plain("his identity and strength", y: 589, height: 42),
            plain("Catwoman, another famous", y: 740, height: 42),
        ]
        let framed = greyBubble("Why a whip", x: 540, y: 900)
        let read = read(lines + [framed])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "I believe you may be referring villain from DC Comics several reasons, primarily for his identity and strength",
                "Catwoman, another famous", "Why a whip",
            ])
    }

    func testAPostsNextLinesJoinItsFirstEvenWhereThePictureBesideTheNameWidensItsRegion() {
        // Cinny: the sender's picture, the name and the post's first line are one region that
        // starts at the picture; the post's next lines start where its first line does.
        let first = line("A simple explanation for that rule", x: 114, y: 445, height: 26)
        let head = region(
            PixelRect(x: 30, y: 404, width: 565, height: 68), fill: Self.white,
            lines: [line("tk", x: 114, y: 404, height: 20), first])
        func plain(_ text: String, y: Int) -> TextRegion { unframed(text, x: 114, y: y, height: 26) }
        let framed = greyBubble("Thanks", x: 540, y: 900)
        let read = read([head, plain("traits is that you can't", y: 488), plain("for a given type", y: 530), framed])
        XCTAssertEqual(read.bubbles.count, 2, "\(read.bubbles.map(\.text))")
        XCTAssertEqual(
            read.bubbles.first?.text.hasSuffix(
                "A simple explanation for that rule traits is that you can't for a given type"),
            true, "\(read.bubbles.map(\.text))")
    }

    func testANumberedListWithHangingLinesIsOneAnswerFlushLeftAndSoTheirs() {
        // SmolChat's answer: items "9." and "10." on the page, each item's wrapped lines hung
        // right of its number; the answer spans the screen, its lines flush left and ragged
        // at the right, where the longest ends nearer the edge than the first starts.
        func plain(_ text: String, x: Int, y: Int) -> TextRegion { unframed(text, x: x, y: y, height: 40) }
        let answer = [
            plain("Petals are the abcdefgh abcdefgh abcdefgh abc", x: 110, y: 400),
            plain("9. Stamenss abcdefgh abcdefgh", x: 110, y: 460),
            plain("abcdefgh abcdefgh abcdefgh", x: 165, y: 520),
            plain("10. Ovaries abcdefgh", x: 100, y: 580),
            plain("abcdefgh abcdefgh", x: 165, y: 640),
        ]
        XCTAssertLessThan(
            Self.layout.width - answer[0].box.maxX, answer[0].box.x, "the longest line ends nearer its edge")
        let framed = greyBubble("What are anthers?", x: 640, y: 800, width: 400)
        let read = read(answer + [framed])
        XCTAssertEqual(read.bubbles.count, 2, "\(read.bubbles.map(\.text))")
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me])
    }

    func testTwoBubblesFoundAsOneRegionAreCutAtTheTimeThatClosesTheFirst() {
        // Threema: a text bubble and a location card under it, one fill, close enough on the
        // doodle wallpaper to be found as one region. The first bubble's time closes it.
        let green = RGB(r: 210, g: 240, b: 225)
        let region = region(
            PixelRect(x: 300, y: 800, width: 720, height: 400), fill: green,
            lines: [
                line("Sure, sounds great! Let's", x: 330, y: 820),
                line("at Caffe Cellini.", x: 330, y: 874),
                line("Yesterday, 1:41 PM", x: 700, y: 930, height: 28),
                line("Zurich Hauptbahnhof", x: 430, y: 1030),
                line("Yesterday, 1:43 PM", x: 700, y: 1150, height: 28),
            ])
        let other = greyBubble("Coffee at 9?", x: 40, y: 500)
        let two = read([other, region])
        XCTAssertEqual(
            two.bubbles.map(\.text),
            ["Coffee at 9?", "Sure, sounds great! Let's at Caffe Cellini.", "Zurich Hauptbahnhof"])
        XCTAssertEqual(two.bubbles.map(\.speaker), [.them, .me, .me])
        // A time on a line of the text ("9:30 PM" wrapped), at the text's own spacing, or under
        // the last row closes nothing.
        let one = read([
            other,
            self.region(
                PixelRect(x: 300, y: 800, width: 720, height: 240), fill: green,
                lines: [
                    line("Let's meet at", x: 330, y: 820), line("9:30 PM", x: 330, y: 874),
                    line("at the station", x: 330, y: 928), line("Yesterday, 1:41 PM", x: 700, y: 990, height: 28),
                ]),
        ])
        XCTAssertEqual(one.bubbles.count, 2, "\(one.bubbles.map(\.text))")
        // Element X: a reaction chip under the bubble's time ("👍 11" read as "es 11").
        let reacted = read([
            other,
            self.region(
                PixelRect(x: 300, y: 800, width: 720, height: 260), fill: green,
                lines: [
                    line("Absolutely, we'll need data", x: 330, y: 820),
                    line("12:34", x: 900, y: 874, height: 28),
                    line("es 11", x: 330, y: 960, height: 36, confidence: 0.45),
                ]),
        ])
        XCTAssertEqual(reacted.bubbles.count, 2, "\(reacted.bubbles.map(\.text))")
        XCTAssertEqual(one.bubbles.last?.text.hasSuffix("at the station"), true)
    }

    func testANameBesideTheSendersPictureOverAMessageIsItsAuthor() {
        // Maid: each message is headed by the sender's picture and name, side by side, and
        // buttons at the row's end (a pencil read as "4"); the text starts under the picture.
        // The name is no message but the message's author, and the buttons are nothing.
        let pink = RGB(r: 230, g: 60, b: 150)
        func picture(y: Int) -> TextRegion {
            region(PixelRect(x: 30, y: y, width: 90, height: 90), fill: pink, lines: [])
        }
        func name(_ text: String, y: Int) -> TextRegion { unframed(text, x: 150, y: y + 23) }
        let read = read([
            picture(y: 300), name("Avery", y: 300), unframed("4", x: 900, y: 323),
            unframed("Tell me about the show", x: 50, y: 420),
            picture(y: 560), name("Maid", y: 560),
            unframed("I believe you may be referring", x: 50, y: 680), unframed("to the show", x: 50, y: 736),
            region(
                PixelRect(x: 600, y: 900, width: 440, height: 90), fill: Self.blue,
                lines: [line("Thanks", x: 620, y: 920)]),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Tell me about the show", "I believe you may be referring to the show", "Thanks"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Avery", "Maid", nil])
        // MessengerKit: a short message beside its sender's picture, the next bubble (the
        // user's) far right of the picture, is a message.
        let beside = self.read([
            picture(y: 300), name("Awesome", y: 300),
            region(
                PixelRect(x: 300, y: 440, width: 740, height: 90), fill: Self.blue,
                lines: [line("Ugh, gotta sit through these", x: 320, y: 460)]),
        ])
        XCTAssertEqual(beside.bubbles.map(\.text), ["Awesome", "Ugh, gotta sit through these"])
    }

    func testAnIconFarOffAtTheEndOfARowIsNoWordButAShortLastWordIs() {
        // Azure's chat: a read receipt at the bubble's far end reads as "I".
        var receipt = line("Hey!!! I", x: 460, y: 420)
        receipt.words[1].box.x += 200
        let read = read([
            region(PixelRect(x: 440, y: 400, width: 600, height: 90), fill: Self.blue, lines: [receipt]),
            region(
                PixelRect(x: 40, y: 600, width: 500, height: 90), fill: Self.grey,
                lines: [line("So do I", x: 60, y: 620)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hey!!!", "So do I"])
    }

    func testAGroupedBubbleSetInByAMissingPictureIsItsSidesNotANoticeAndANameLabelMayEndInAColon() {
        // grouped_list: "Michael Jackson:" over the first bubble of a run; the next bubble of
        // the run, set in as far as the picture beside the first, looks centered.
        let white = RGB(r: 252, g: 252, b: 252)
        let grouped = read([
            unframed("Michael Jackson:", x: 120, y: 380),
            region(
                PixelRect(x: 110, y: 440, width: 600, height: 90), fill: white,
                lines: [line("Can you send it?", x: 130, y: 460)]),
            region(
                PixelRect(x: 110, y: 560, width: 860, height: 90), fill: white,
                lines: [line("I dont understand", x: 130, y: 580)]),
            region(
                PixelRect(x: 420, y: 700, width: 640, height: 90), fill: Self.blue,
                lines: [line("Yeah sure", x: 440, y: 720)]),
        ])
        XCTAssertEqual(grouped.bubbles.map(\.text), ["Can you send it?", "I dont understand", "Yeah sure"])
        XCTAssertEqual(grouped.bubbles.map(\.kind), [.text, .text, .text])
        XCTAssertEqual(grouped.bubbles.map(\.speaker), [.them, .them, .me])
        XCTAssertEqual(grouped.bubbles.first?.author, "Michael Jackson")
        // A pill of a colour no side's bubbles share, centered, is a notice.
        let notice = read([
            region(
                PixelRect(x: 40, y: 440, width: 600, height: 90), fill: white,
                lines: [line("Can you send it?", x: 60, y: 460)]),
            region(
                PixelRect(x: 240, y: 600, width: 600, height: 80), fill: Self.grey,
                lines: [line("Alice joined", x: 400, y: 618)]),
        ])
        XCTAssertEqual(notice.bubbles.last?.kind, .notice)
    }

    func testAForwardedLabelOnABubbleIsNoPartOfItsText() {
        let read = read([
            region(
                PixelRect(x: 40, y: 400, width: 600, height: 160), fill: Self.grey,
                lines: [
                    line("It looks so relaxed!!", x: 60, y: 420), line("Forwarded message", x: 60, y: 490, height: 30),
                ]),
            region(
                PixelRect(x: 40, y: 700, width: 600, height: 160), fill: Self.grey,
                lines: [line("Forwarded from Alice", x: 60, y: 720, height: 30), line("See you there", x: 60, y: 780)]),
            region(
                PixelRect(x: 40, y: 1000, width: 600, height: 90), fill: Self.grey,
                lines: [line("Forwarded", x: 60, y: 1020)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["It looks so relaxed!!", "See you there", "Forwarded"])
    }

    func testPostHeadersWithTheTicksOfOnesOwnPostsStillNameTheAuthor() {
        // Telegram X without bubbles: a name, the ticks of one's own post (read as a scrap),
        // the time at the far right, then the post on the page's own colour.
        func post(_ header: String, _ text: String, y: Int) -> [TextRegion] {
            [
                region(
                    PixelRect(x: 230, y: y, width: 800, height: 50), fill: Self.white,
                    lines: [line(header, x: 240, y: y)]),
                region(
                    PixelRect(x: 230, y: y + 70, width: 800, height: 50), fill: Self.white,
                    lines: [line(text, x: 240, y: y + 70)]),
            ]
        }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: post("Bender W 22:23", "So, why is Telegram cool?", y: 400)
                + post("Eileen 22:23", "Well, look. Telegram is superfast", y: 600)
                + post("Bender VY 22:24", "End encryption to what end??", y: 800))
        let read = BubbleReader().read(page, options: ReadOptions(myName: "Bender"))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["So, why is Telegram cool?", "Well, look. Telegram is superfast", "End encryption to what end??"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Bender", "Eileen", "Bender"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .them, .me])
        // A sentence that merely ends in a time is no header: its first words are not a name.
        let posts = PostReader(chrome: ChromeFilter(), metadata: MessageMetadata())
        for sentence in [
            "Thanks a lot! + 20:49", "See you at 9:30", "Lunch at 12:30", "Home by 6:00", "Yesterday at 9:41 PM",
            "Read 14:02", "Meet Me At 5 pm", "Ok now", "Free now?", "Yes 5 min", "Party on Dec 12",
        ] {
            XCTAssertNil(posts.author(inHeader: line(sentence, x: 240, y: 400)), sentence)
        }
        // A sender with no name is shown by address; an address in a sentence is no sender.
        XCTAssertEqual(posts.author(inHeader: line("hello@tutao.de SHOW MORE v", x: 240, y: 400)), "hello@tutao.de")
        XCTAssertNil(posts.author(inHeader: line("bob@example.com is my address", x: 240, y: 400)))
    }

    func testAMailsSenderLineNamesTheAuthorOfTheParagraphsUnderIt() {
        // A mail client's thread: sender and date on one line, the recipients under it, then
        // the body on the page's own colour. A profile picture beside the sender is as tall
        // as the three lines and read as letters.
        func plain(_ text: String, y: Int) -> TextRegion { mailRow(text, y: y) }
        let avatar = region(
            PixelRect(x: 40, y: 400, width: 110, height: 150), fill: Self.white,
            lines: [line("ri", x: 50, y: 400, height: 150, confidence: 0.6)])
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                avatar, plain("Dave Cridland Dec 12", y: 400), plain("to standards", y: 460),
                plain("Many moons past, we had a clever idea.", y: 560),
                plain("Allison Trabucco 4 hrs ago", y: 800), plain("To Jeff,", y: 860),
                plain("Here are some great shots from my trip", y: 960),
                plain("Fri 6 Jul 22:07", y: 1200), plain("To be honest, they are lovely", y: 1300),
            ])
        let read = BubbleReader().read(page)
        // A date alone is dropped; "To be honest" is no recipients line.
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "Many moons past, we had a clever idea.", "Here are some great shots from my trip",
                "To be honest, they are lovely",
            ])
        XCTAssertEqual(read.bubbles.prefix(2).map(\.author), ["Dave Cridland", "Allison Trabucco"])
        XCTAssertEqual(read.bubbles.prefix(2).map(\.speaker), [.them, .them])
    }

    func testASenderBesideTheButtonForTheAddressesHeadsTheSubjectAndTheDateUnderIt() {
        // Tutanota: the sender's name with a warning icon and SHOW MORE, the subject, the date,
        // then the body; the subject is the mail's title, not a paragraph. A sentence before a
        // button is no sender.
        let posts = PostReader(chrome: ChromeFilter(), metadata: MessageMetadata())
        XCTAssertEqual(
            posts.author(inHeader: line("Leo Babauta - Zen Habits A SHOW MORE v", x: 40, y: 400)),
            "Leo Babauta - Zen Habits")
        XCTAssertNil(posts.author(inHeader: line("Tap here to see it SHOW MORE", x: 40, y: 400)))
        let read = read([
            mailRow("Leo Babauta - Zen Habits A SHOW MORE v", y: 300),
            mailRow("A Guide to Letting Go of Shame & Fear", y: 350), mailRow("Fri 6 Jul 22:07", y: 400),
            mailRow("Many of us are so often in a state of shame.", y: 600),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Many of us are so often in a state of shame."])
        XCTAssertEqual(read.bubbles.first?.author, "Leo Babauta - Zen Habits")
        XCTAssertEqual(read.title, "A Guide to Letting Go of Shame & Fear")
    }

    func testTheNameAboveTheSendersAddressAndAToLineIsTheAuthor() {
        // Cabalmail: the sender's name, the address in angle brackets, "To:" and an address,
        // then the body.
        let read = read([
            mailRow("Chris Carr", y: 300), mailRow("<tester@needshelp.ccarr.com>", y: 350),
            mailRow("To: daily@qa0722.cabal-mail.com", y: 400),
            mailRow("I have co-assigned one of my addresses to you.", y: 600),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["I have co-assigned one of my addresses to you."])
        XCTAssertEqual(read.bubbles.first?.author, "Chris Carr")
        XCTAssertTrue(PostReader.isRecipientsLine("to me"))
        XCTAssertFalse(PostReader.isRecipientsLine("To: do list for Friday"))
    }

    func testTheSendersAddressAndRecipientsUnderAThreadsHeaderAreNoParagraph() {
        // Postbox: "Mara Hendricks 1:53" heads a mail in a thread, the sender's address and the
        // recipients under it.
        func plain(_ text: String, y: Int) -> TextRegion { mailRow(text, y: y) }
        let read = BubbleReader().read(
            OCRPage(
                source: "shot.png", layout: Self.layout, background: Self.white,
                regions: [
                    plain("Mara Hendricks 1:53", y: 400), plain("mara@hendricks.studio · to Joy Okafor", y: 460),
                    plain("Joy, two more in the typographic direction.", y: 560),
                    plain("mara@hendricks.studio · to Joy Okafor", y: 700),
                ]))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Joy, two more in the typographic direction.", "mara@hendricks.studio · to Joy Okafor"])
        XCTAssertEqual(read.bubbles.first?.author, "Mara Hendricks")
        XCTAssertEqual(read.bubbles.first?.speaker, .them)
        // "Draft" beside the name marks the user's own unsent reply.
        let draft = self.read([
            plain("Joy Okafor 1:49", y: 400), plain("joy@okafor.net · to Mara Hendricks", y: 460),
            plain("Mara, three of the four routes landed.", y: 560), plain("Mara Draft 1:53", y: 700),
            plain("mara@hendricks.studio · to Joy Okafor", y: 760),
            plain("Joy, two more in the typographic direction.", y: 860),
        ])
        XCTAssertEqual(draft.bubbles.map(\.author), ["Joy Okafor", "Mara"])
        XCTAssertEqual(draft.bubbles.map(\.speaker), [.them, .me])
    }

    func testSystemLinesOfOnePostAreOneNoticeButLinesWithTimesOfTheirOwnAreNot() {
        // Mattermost combines a join and a leave in one "System" post, one line each at the
        // line pitch; a client that times each event writes one line an event.
        func plain(_ text: String, x: Int = 130, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let combined = read([
            plain("Kim Dawson 3:17 PM", y: 300), plain("Lunch at noon? Let us meet at the usual place", y: 360),
            plain("System 5:14 AM", y: 500), plain("You joined the channel.", y: 560),
            plain("You left the channel.", y: 616),
        ])
        XCTAssertEqual(
            combined.bubbles.map(\.text),
            ["Lunch at noon? Let us meet at the usual place", "You joined the channel. You left the channel."])
        XCTAssertEqual(combined.bubbles.last?.kind, .notice)
        let timed = read([
            plain("Kim Dawson 3:17 PM", y: 300), plain("Lunch at noon?", y: 360),
            plain("Carlos joined the room", y: 500), plain("9:43 AM", x: 900, y: 500),
            plain("Johnnie left the room", y: 556), plain("9:44 AM", x: 900, y: 556),
        ])
        XCTAssertEqual(
            timed.bubbles.map(\.text), ["Lunch at noon?", "Carlos joined the room", "Johnnie left the room"])
    }

    func testAnIRCLogIsOneMessageALineLedByItsTimeOrNick() {
        // WeeChat: "<nick> text" lines wrapping to the left margin, a join line, an action.
        func plain(_ text: String, x: Int = 20, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                plain("18:26 --> foo (bar@baz) has joined #example", y: 300),
                plain("18:26 <ernk> hm. I've lost a machine, it works", y: 360),
                plain("completely, I just can't find it.", y: 420),
                plain("18:26 <alice> oh?", y: 480),
                plain("18:27 * owen slaps q around", y: 540),
                plain("18:27 <foo> get up", y: 600),
            ])
        let read = BubbleReader().read(page, options: ReadOptions(myName: "alice"))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "foo (bar@baz) has joined #example",
                "hm. I've lost a machine, it works completely, I just can't find it.",
                "oh?", "slaps q around", "get up",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, "ernk", "alice", "owen", "foo"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.unknown, .them, .me, .them, .them])
        XCTAssertEqual(read.bubbles.first?.kind, .notice)
    }

    func testNicksInAColumnOfTheirOwnLeadAnIRCLogsLinesAndWrappedLinesGoOn() {
        // WeeChat's aligned look: the times too faint to read, the nick right-aligned in a
        // column, wrapped lines starting where the text does.
        func row(_ nick: String, _ text: String, y: Int) -> [TextRegion] {
            [unframed(nick, x: 260 - nick.count * 22, y: y), unframed(text, x: 290, y: y)]
        }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: row("foo", "hey alice. saw a funny", y: 360) + [unframed("dog today", x: 290, y: 420)]
                + row("ali", "oh?", y: 480) + row("foo", "just look at this", y: 540) + row("q", "get up", y: 600))
        let read = BubbleReader().read(page, options: ReadOptions(myName: "ali"))
        XCTAssertEqual(
            read.bubbles.map(\.text), ["hey alice. saw a funny dog today", "oh?", "just look at this", "get up"])
        XCTAssertEqual(read.bubbles.map(\.author), ["foo", "ali", "foo", "q"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me, .them, .them])
    }

    func testAnIRCClientsPostsHeadedByNickAndAddressWithTimesDownTheRight() {
        // Quassel: "nick Real Name <address>" heads the posts; each message's first row ends in
        // its time, in a column at the right edge; a one-word message under the header is no
        // header of its own.
        func plain(_ text: String, x: Int = 130, y: Int) -> [TextRegion] {
            var words = text.split(separator: " ").map(String.init)
            var regions: [TextRegion] = []
            if let time = words.last, time.contains(":") {
                words.removeLast()
                regions.append(unframed(time, x: 960, y: y))
            }
            return [unframed(words.joined(separator: " "), x: x, y: y)] + regions
        }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: plain("@justJanne Janne K <janne@ku.de>", y: 300)
                + plain("Your avatar doesn't exist yet 19:40", y: 360) + plain("Neat 19:40", y: 420)
                + plain("romibi romibi (G: <r@romibi.ch>)", y: 500)
                + plain("ah, adding an email is not 19:40", y: 560) + plain("enough, i had to", y: 620))
        let read = BubbleReader().read(page, options: ReadOptions(myName: "justJanne"))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Your avatar doesn't exist yet", "Neat", "ah, adding an email is not enough, i had to"])
        XCTAssertEqual(read.bubbles.map(\.author), ["justJanne", "justJanne", "romibi"])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .me, .them])
    }

    func testLowercaseNicknamesWithTheTimeRightAfterHeadPostsWhereSeveralDo() {
        // Quiet: "wookie 12:46" over each post. One such row alone on a screen is a message.
        let posts = BubbleReader().read(
            OCRPage(
                source: "shot.png", layout: Self.layout, background: Self.white,
                regions: [
                    unframed("wookie 12:46", x: 130, y: 400), unframed("Wrough!", x: 130, y: 460),
                    unframed("luke 12:47", x: 130, y: 560), unframed("The more messages the better", x: 130, y: 620),
                ]))
        XCTAssertEqual(posts.bubbles.map(\.text), ["Wrough!", "The more messages the better"])
        XCTAssertEqual(posts.bubbles.map(\.author), ["wookie", "luke"])
        let one = BubbleReader().read(
            OCRPage(
                source: "shot.png", layout: Self.layout, background: Self.white,
                regions: [unframed("lunch 12:30", x: 130, y: 400), unframed("see you there", x: 130, y: 560)]))
        XCTAssertTrue(one.bubbles.allSatisfy { $0.author == nil }, "\(one.bubbles.map(\.author))")
    }

    func testAHeadingsLargeLinesAreOneParagraph() {
        // A newsletter's title set large in the mail's body: its lines follow each other at
        // their own pitch, more than the body's break distance, and are still one paragraph.
        func plain(_ text: String, y: Int, height: Int) -> TextRegion { pageRow(text, y: y, height: height) }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                plain("Many of us are so often", y: 400, height: 44), plain("in a state of shame", y: 460, height: 44),
                plain("or fear that we often", y: 520, height: 44), plain("do not see them.", y: 580, height: 44),
                plain("A Guide to Letting", y: 900, height: 110), plain("Go of Shame &", y: 1040, height: 110),
                plain("Fear", y: 1180, height: 110),
                plain("It was written", y: 1400, height: 44), plain("on Monday at 10:00.", y: 1460, height: 44),
            ])
        XCTAssertEqual(
            BubbleReader().read(page).bubbles.map(\.text),
            [
                "Many of us are so often in a state of shame or fear that we often do not see them.",
                "A Guide to Letting Go of Shame & Fear", "It was written on Monday at 10:00.",
            ])
    }

    func testABodysLinesAreOneParagraphUnderAListOfSmallerPreviews() {
        // A mail thread: each earlier mail folded to its sender line and a one-line preview in
        // small type, close together; the open mail's body in larger type at a wider pitch.
        // The screen's usual pitch is the previews': the body's lines are still one paragraph
        // each, and a blank line still breaks them.
        func plain(_ text: String, y: Int, height: Int) -> TextRegion { pageRow(text, y: y, height: height) }
        var regions: [TextRegion] = []
        for (index, y) in [400, 540, 680].enumerated() {
            regions.append(plain("Joy Okafor 1:4\(index)", y: y, height: 25))
            regions.append(plain("Three of the four cover routes landed well\(index)", y: y + 36, height: 21))
        }
        regions += [
            plain("Joy, two more in the typographic direction", y: 900, height: 28),
            plain("with the series mark at the bottom left.", y: 950, height: 28),
            plain("Deadline Friday is fine.", y: 1050, height: 28),
        ]
        let read = BubbleReader().read(
            OCRPage(source: "shot.png", layout: Self.layout, background: Self.white, regions: regions))
        XCTAssertEqual(
            read.bubbles.suffix(2).map(\.text),
            [
                "Joy, two more in the typographic direction with the series mark at the bottom left.",
                "Deadline Friday is fine.",
            ])
        XCTAssertEqual(read.bubbles.count, 5)
    }

    func testAPictureReadAsLettersDoesNotGlueTheLinesBesideItIntoOneRow() {
        let rows = BubbleReader.rows(of: [
            line("ri", x: 40, y: 400, height: 150), line("Allison Trabucco", x: 180, y: 400),
            line("To Jeff,", x: 180, y: 452), line("Here are some", x: 180, y: 504),
        ])
        XCTAssertEqual(rows.count, 4)
        // Fragments of one row still join, left to right.
        let joined = BubbleReader.rows(of: [line("to you", x: 600, y: 402), line("Hello", x: 180, y: 400)])
        XCTAssertEqual(joined.map(\.text), ["Hello to you"])
    }

    func testACenteredSystemLineIsANoticeAndADayStampIsDropped() {
        let read = read([
            region(
                PixelRect(x: 290, y: 400, width: 500, height: 60), fill: Self.white,
                lines: [line("Alice joined the group", x: 300, y: 405)]),
            region(
                PixelRect(x: 440, y: 500, width: 200, height: 50), fill: Self.grey,
                lines: [line("Yesterday", x: 450, y: 505)]),
            region(
                PixelRect(x: 40, y: 600, width: 500, height: 90), fill: Self.grey,
                lines: [line("Welcome Alice!", x: 60, y: 620)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Alice joined the group", "Welcome Alice!"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.notice, .text])
        XCTAssertEqual(read.bubbles.first?.speaker, .unknown)
    }

    func testAHeadersNameAndStatusAtTheTopOfTheChatAreNoMessage() {
        // A WhatsApp clone on a wallpaper: the header was not told apart, so its name and
        // "last seen" open the chat area; further down, a message may say the same words.
        let top = Self.layout.contentTop
        let read = read([
            unframed("Nur last seen today", x: 150, y: top + 10),
            greyBubble("Hi", x: 40, y: top + 300),
            greyBubble("Anna online", x: 40, y: top + 600),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hi", "Anna online"])
        XCTAssertTrue(ChromeFilter().isNameAndStatus("Anna Li online"))
        // An encrypting app's word for the conversation stands where the status does.
        XCTAssertTrue(ChromeFilter().isNameAndStatus("Emulator Secured"))
        XCTAssertFalse(ChromeFilter().isNameAndStatus("Are you online"), "a question, not a name")
    }

    func testABubbleOfALengthAndATimeAloneIsAVoiceMessage() {
        // Qiscus: a play button, a waveform and "00:03" over the time it was sent, all small
        // print; a bubble whose only words are its time, with nothing before them, is no
        // message at all.
        let voice = region(
            PixelRect(x: 440, y: 400, width: 600, height: 200), fill: Self.blue,
            lines: [line("00:03", x: 560, y: 440, height: 26), line("09:28 AM", x: 860, y: 540, height: 26)])
        let stampOnly = region(
            PixelRect(x: 840, y: 700, width: 200, height: 90), fill: Self.blue,
            lines: [line("09:30 AM", x: 860, y: 740, height: 26)])
        let read = read([voice, stampOnly, greyBubble("See you at 10:30", x: 40, y: 900)])
        XCTAssertEqual(read.bubbles.map(\.text), ["[voice]", "See you at 10:30"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.media, .text])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .them])
    }

    func testAVoiceMessagesPlayButtonReadAsASignLeavesItAVoiceMessage() {
        // Chat UI Kit: the play button reads as ">" on a row of its own beside the length;
        // a sign without letters or figures is an icon, not words to read.
        let voice = region(
            PixelRect(x: 150, y: 720, width: 760, height: 190), fill: Self.grey,
            lines: [
                line(">", x: 205, y: 775, height: 60), line("00:03", x: 300, y: 855, height: 26),
                line("9:18 PM", x: 780, y: 855, height: 26),
            ])
        let read = read([voice, greyBubble("I heard you without a problem", x: 150, y: 940)])
        XCTAssertEqual(read.bubbles.map(\.text), ["[voice]", "I heard you without a problem"])
        XCTAssertEqual(read.bubbles.first?.kind, .media)
    }

    func testAVoiceMessageHeadedByItsSendersNameIsAVoiceMessageByThem() {
        // ChatApp: the sender's name over a play button and a slider, the time and the length
        // on the row under them. A text bubble headed the same way keeps its text.
        let voice = region(
            PixelRect(x: 380, y: 440, width: 640, height: 200), fill: Self.grey,
            lines: [
                line("Admin", x: 740, y: 455, height: 30), line("10:40 AM", x: 440, y: 590, height: 26),
                line("00:04", x: 900, y: 590, height: 26),
            ])
        let read = read([voice, greyBubble("Nice to hear you", x: 40, y: 700)])
        XCTAssertEqual(read.bubbles.map(\.text), [MediaLabel.voice, "Nice to hear you"])
        XCTAssertEqual(read.bubbles.first?.author, "Admin")
        let text = region(
            PixelRect(x: 380, y: 440, width: 640, height: 200), fill: Self.grey,
            lines: [line("Admin", x: 440, y: 455, height: 30), line("Hello 10:40 AM", x: 440, y: 540)])
        XCTAssertFalse(self.read([text]).bubbles.contains { $0.kind == .media })
    }

    func testAVoiceMessageThatNamesItselfIsAVoiceMessage() {
        // LoRa Messenger: "Voice Message" over "[Voice message] 1.0s" beside a microphone.
        let voice = region(
            PixelRect(x: 500, y: 400, width: 540, height: 180), fill: Self.blue,
            lines: [line("Voice Message", x: 640, y: 420), line("[Voice message] 1.0s", x: 640, y: 480, height: 28)])
        let read = read([voice, greyBubble("Got it, loud and clear", x: 40, y: 700)])
        XCTAssertEqual(read.bubbles.map(\.text), [MediaLabel.voice, "Got it, loud and clear"])
        XCTAssertEqual(read.bubbles.first?.kind, .media)
        // A sentence about a voice message is a message.
        XCTAssertFalse(MediaLabel.isRecordingCaption("Send me a voice message"))
        XCTAssertTrue(MediaLabel.isRecordingCaption("Audio 0:04"))
        XCTAssertFalse(MediaLabel.isRecordingCaption("Message 0:04"))
    }

    func testACentredNoticeWhoseSubjectStandsApartOverItStartsWithTheName() {
        // GNUnet Messenger: the member's name in its own colour and smaller type, centred over
        // "joined the chat", on a box of its own; the name is the notice's subject.
        let box = PixelRect(x: 340, y: 400, width: 400, height: 110)
        var ink = [RGB?](repeating: Self.white, count: box.height)
        for row in 0..<40 { ink[row] = RGB(r: 220, g: 60, b: 130) }
        let dark = RGB(r: 60, g: 60, b: 66)
        let notice = region(
            box, fill: dark,
            lines: [line("Simon", x: 490, y: 405, height: 30), line("joined the chat", x: 380, y: 450)],
            ink: ink)
        let read = read([notice, greyBubble("Hi Jacki, can you read this?", x: 40, y: 700, width: 700)])
        XCTAssertEqual(read.bubbles.map(\.text), ["Simon joined the chat", "Hi Jacki, can you read this?"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.notice, .text])
        XCTAssertEqual(read.bubbles.first?.author, nil)
    }

    func testAnUnframedPostWhosePictureJoinedItsRegionIsHeadedByTheNameInItsOwnInk() {
        // Cinny: a photo as dark as the page, close to the text, is part of the post's region,
        // so no picture stands beside the name; the name is in the sender's colour.
        func post(_ y: Int, _ first: String, _ text: String, firstInk: RGB) -> TextRegion {
            unframedPost(y: y, first: first, text, firstInk: firstInk, regionX: 30, textX: 114)
        }
        let purple = RGB(r: 120, g: 100, b: 230)
        let read = read([
            greyBubble("Thanks", x: 40, y: 400),
            post(800, "AlenPaulVarghese", "Any idea how to share a resource?", firstInk: purple),
            // A link in its own colour over the text is the post's first line, not a name.
            post(1200, "https://example.org/menu", "have a look", firstInk: Self.blue),
        ])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, "AlenPaulVarghese", nil])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            ["Thanks", "Any idea how to share a resource?", "https://example.org/menu have a look"])
    }

    func testASystemLineBesideAnIconIsANoticeWhereverItSits() {
        // Teams-like chats set "joined the chat" at the left, after an icon read as letters.
        let read = read([
            region(
                PixelRect(x: 40, y: 400, width: 500, height: 90), fill: Self.grey,
                lines: [line("Hey all", x: 60, y: 420)]),
            region(
                PixelRect(x: 30, y: 550, width: 700, height: 50), fill: Self.white,
                lines: [line("fg Carlos Slattery joined the chat", x: 30, y: 553)]),
            region(
                PixelRect(x: 30, y: 650, width: 700, height: 50), fill: Self.white,
                lines: [line("I added salt", x: 30, y: 653)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Hey all", "Carlos Slattery joined the chat", "I added salt"])
        XCTAssertEqual(read.bubbles.map(\.kind), [.text, .notice, .text])
        XCTAssertEqual(read.bubbles[1].speaker, .unknown)
    }

    func testOnAScreenOfPostsANameOverAPictureHeadsItAndTheComposerIsNoPost() {
        // Element iOS: names in their own ink over posts and over a photo; the composer, beside
        // the user's avatar, is not set apart by the layout, and its buttons read as letters.
        func post(_ y: Int, _ name: String, _ text: String) -> TextRegion {
            let box = PixelRect(x: 130, y: y, width: 800, height: 110)
            var ink = [RGB?](repeating: Self.black, count: box.height)
            for row in 0..<50 { ink[row] = RGB(r: 220, g: 60, b: 130) }
            return region(
                box, fill: Self.white, lines: [line(name, x: 130, y: y), line(text, x: 130, y: y + 55)], ink: ink)
        }
        let read = read([
            post(300, "Matthew", "that's great, lgtm"),
            region(
                PixelRect(x: 130, y: 500, width: 200, height: 44), fill: Self.white,
                lines: [line("Steve", x: 130, y: 500)]),
            region(
                PixelRect(x: 130, y: 560, width: 500, height: 400), fill: Self.grey, lines: [],
                pictures: [560..<960]),
            post(1000, "Matthew", "city barge?"),
            region(
                PixelRect(x: 130, y: 2080, width: 800, height: 50), fill: Self.white,
                lines: [line("Send a message... tT NN", x: 130, y: 2082)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["that's great, lgtm", "[photo]", "city barge?"])
        XCTAssertEqual(read.bubbles.map(\.author), ["Matthew", "Steve", "Matthew"])
    }

    func testAMenuOpenedOverTheConversationIsNoMessageAndTheTextBesideItStays() {
        // A mail app's menu over the mail: a column of actions, icons read as letters in front
        // of some; on one row the mail's own text shows left of the menu.
        var rows: [TextRegion] = []
        for (index, label) in ["Reply", "Reply all", "Forward", "EB Delete", "Archive"].enumerated() {
            let y = 400 + index * 150
            let item = line(label, x: 540, y: y)
            rows.append(region(PixelRect(x: 500, y: y, width: 560, height: 44), fill: Self.white, lines: [item]))
        }
        let page = line("Dear Maily,", x: 20, y: 850)
        rows.append(region(PixelRect(x: 20, y: 850, width: 300, height: 44), fill: Self.white, lines: [page]))
        let menu = read(rows)
        XCTAssertEqual(menu.bubbles.map(\.text), ["Dear Maily,"])
        XCTAssertEqual(menu.decisions.filter { $0.role == .menu }.count, 1)
        // Two actions one under the other are no menu: people write "Copy" and "Delete" too.
        let two = read(Array(rows.prefix(2)))
        XCTAssertEqual(two.bubbles.map(\.text), ["Reply", "Reply all"])
    }

    func testAComposerHintAtTheBottomIsNotAMessageButTheSameWordsHigherUpAre() {
        // The layout did not set the composer apart (no bar rows above it): its hint sits at
        // the chat area's bottom, in the page's colour.
        let read = read([
            region(
                PixelRect(x: 40, y: 600, width: 600, height: 90), fill: Self.grey,
                lines: [line("Write to me here", x: 60, y: 620)]),
            region(
                PixelRect(x: 700, y: 800, width: 340, height: 90), fill: Self.blue,
                lines: [line("Tap here to start", x: 720, y: 820)], ink: [Self.white]),
            // The last message sits just above the composer: an invitation in it is a message.
            region(
                PixelRect(x: 40, y: 1900, width: 300, height: 60), fill: Self.grey,
                lines: [line("Write to me", x: 60, y: 1905)]),
            region(
                PixelRect(x: 40, y: 2080, width: 500, height: 60), fill: Self.white,
                lines: [line("Type a message...", x: 60, y: 2085)]),
            region(
                PixelRect(x: 40, y: 2000, width: 300, height: 50), fill: Self.white,
                lines: [line("Tap here to type", x: 60, y: 2005)]),
            // Threema's floating composer: its icons around the hint, and one letter misread.
            region(
                PixelRect(x: 420, y: 1962, width: 620, height: 36), fill: Self.white,
                lines: [line("© rap here to type (fo) ©", x: 430, y: 1964, height: 30)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.text), ["Write to me here", "Tap here to start", "Write to me"])
        XCTAssertEqual(read.decisions.filter { $0.role == .placeholder }.count, 3)
    }

    func testAPhotoIsMediaAndItsCaptionIsText() {
        let box = PixelRect(x: 40, y: 400, width: 700, height: 700)
        let read = read([
            region(
                box, fill: Self.grey,
                lines: [
                    line("tau im ii", x: 80, y: 600, confidence: 0.4),
                    line("Look at this view", x: 60, y: 1030),
                ],
                pictures: [400..<1000])
        ])
        XCTAssertEqual(read.bubbles.map(\.kind), [.media, .text])
        XCTAssertEqual(read.bubbles.map(\.text), ["[photo]", "Look at this view"])
    }

    func testAQuotedMessagesAuthorBelongsToTheQuoteNotToTheBubble() {
        // Threema: the quoted author heads the tinted block, in a bold ink of its own (first
        // bubble) or in the quote's ink (second); the quoted text starts after an emoji the
        // reader drops, so it starts right of the name.
        func bubble(y: Int, nameInk: RGB) -> TextRegion {
            let box = PixelRect(x: 40, y: y, width: 700, height: 250)
            var paper = [RGB](repeating: Self.grey, count: box.height)
            for row in 5..<150 { paper[row] = RGB(r: 200, g: 200, b: 210) }
            var ink = [RGB?](repeating: Self.black, count: box.height)
            for row in 5..<65 { ink[row] = nameInk }
            return region(
                box, fill: Self.grey,
                lines: [
                    line("Eva Anonymous", x: 70, y: y + 10), line("Hey, I'm in Zurich too!", x: 110, y: y + 80),
                    line("How about coffee at 9?", x: 60, y: y + 180),
                ], ink: ink, paper: paper)
        }
        let read = read([bubble(y: 300, nameInk: RGB(r: 40, g: 120, b: 60)), bubble(y: 700, nameInk: Self.black)])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, nil])
        XCTAssertEqual(read.bubbles.map(\.quote), ["Hey, I'm in Zurich too!", "Hey, I'm in Zurich too!"])
        XCTAssertEqual(read.bubbles.map(\.text), ["How about coffee at 9?", "How about coffee at 9?"])
    }

    func testABubbleOfUnclearSideTakesTheSideWhoseEdgeItShares() {
        let pink = RGB(r: 240, g: 200, b: 200), green = RGB(r: 200, g: 240, b: 200), sand = RGB(r: 240, g: 230, b: 190)
        let read = read([
            region(
                PixelRect(x: 40, y: 300, width: 500, height: 90), fill: Self.grey,
                lines: [line("Hi there", x: 60, y: 320)]),
            region(
                PixelRect(x: 500, y: 450, width: 540, height: 90), fill: Self.blue,
                lines: [line("Hello back", x: 520, y: 470)]),
            // Wide, in colours of their own: both gaps are small, and neither is 2.5 times the other.
            region(
                PixelRect(x: 40, y: 600, width: 960, height: 90), fill: pink,
                lines: [line("a long message from them that fills the row", x: 60, y: 620)]),
            region(
                PixelRect(x: 70, y: 750, width: 970, height: 90), fill: green,
                lines: [line("a long message of mine that fills the row", x: 90, y: 770)]),
            region(
                PixelRect(x: 60, y: 900, width: 950, height: 90), fill: sand,
                lines: [line("a long message that lines up with nobody", x: 80, y: 920)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me, .them, .me, .unknown])
    }

    func testAWideBubbleTakesTheSpeakerOfItsColour() {
        let read = read([
            region(
                PixelRect(x: 500, y: 400, width: 560, height: 90), fill: Self.blue,
                lines: [line("short one", x: 520, y: 420)]),
            region(
                PixelRect(x: 150, y: 600, width: 910, height: 90), fill: Self.blue,
                lines: [line("a long message that fills the screen", x: 170, y: 620)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.me, .me])
    }

    /// Threema: wide bubbles reach within the side margin of both edges, and no bubble of
    /// their colour tells their side; the gap they keep on each side does.
    func testAWideBubbleNearBothSidesBelongsToTheSideItHugs() {
        let green = RGB(r: 217, g: 250, b: 233)
        let read = read([
            region(
                PixelRect(x: 24, y: 400, width: 940, height: 90), fill: Self.grey,
                lines: [line("a long one from them", x: 44, y: 420)]),
            region(
                PixelRect(x: 96, y: 600, width: 960, height: 90), fill: green,
                lines: [line("and a long answer from me", x: 116, y: 620)]),
            region(
                PixelRect(x: 60, y: 800, width: 960, height: 90), fill: RGB(r: 255, g: 244, b: 200),
                lines: [line("centred in a colour of its own", x: 80, y: 820)]),
        ])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me, .unknown])
    }

    func testAMailsRecipientsOverItsChipsAreNeitherAMessageNorASendersName() {
        // Cabal Mail: the sender's address, then "To: …" in grey small print, then the mail's
        // check results in pills. The recipients line had headed the pills as their sender.
        let recipients = unframed("To: daily@example.com", x: 60, y: 600, height: 30)
        let chips = greyBubble("SPF pass", x: 60, y: 650, width: 260)
        let body = greyBubble("Hope it helps!", x: 60, y: 900)
        let read = read([recipients, chips, body])
        XCTAssertEqual(read.bubbles.map(\.text), ["SPF pass", "Hope it helps!"])
        XCTAssertEqual(read.bubbles.map(\.author), [nil, nil])
        // A name there is still the sender's.
        let named = self.read([unframed("Chris Carr", x: 60, y: 600, height: 30), chips, body])
        XCTAssertEqual(named.bubbles.first?.author, "Chris Carr")
    }

    func testALargeTitleOverTheChatWithNoBarIsTheTitleNotAMessage() {
        // An iOS assistant with no bar: its title, twice the text's height, set wide as two
        // regions, stands over the bubbles on the page (enough of them that the text's height
        // is theirs).
        let bubbles = [
            region(
                PixelRect(x: 600, y: 520, width: 400, height: 80), fill: Self.blue,
                lines: [line("Hello there!", x: 640, y: 540)]),
            region(
                PixelRect(x: 40, y: 640, width: 600, height: 80), fill: Self.grey,
                lines: [line("Hello! How can I help?", x: 60, y: 660)]),
            region(
                PixelRect(x: 500, y: 760, width: 500, height: 130), fill: Self.blue,
                lines: [line("What is the meaning", x: 540, y: 775), line("of life?", x: 540, y: 825)]),
            region(
                PixelRect(x: 40, y: 920, width: 600, height: 130), fill: Self.grey,
                lines: [line("A question pondered", x: 60, y: 935), line("for centuries.", x: 60, y: 985)]),
            region(
                PixelRect(x: 500, y: 1080, width: 500, height: 130), fill: Self.blue,
                lines: [line("And what do you", x: 540, y: 1095), line("think it is?", x: 540, y: 1145)]),
        ]
        let titled = read(
            [unframed("Chat", x: 40, y: 330, height: 96), unframed("(287 tokens)", x: 260, y: 330, height: 96)]
                + bubbles)
        XCTAssertEqual(titled.title, "Chat (287 tokens)")
        XCTAssertEqual(
            titled.bubbles.map(\.text),
            [
                "Hello there!", "Hello! How can I help?", "What is the meaning of life?",
                "A question pondered for centuries.", "And what do you think it is?",
            ])
        // Text of the messages' own size there is no title, and a tall line beside a bubble
        // is none either.
        let small = read([unframed("Chat about tokens", x: 40, y: 330)] + bubbles)
        XCTAssertNil(small.title)
        let beside = read(
            [
                unframed("Chat", x: 40, y: 330, height: 96),
                region(
                    PixelRect(x: 600, y: 320, width: 400, height: 110), fill: Self.blue,
                    lines: [line("Sure thing", x: 640, y: 350)]),
            ] + bubbles)
        XCTAssertNil(beside.title)
    }

    func testABarInThePagesOwnColourIsFoundByItsBackButtonAndItsAction() {
        // Molly Light, black on black: a back chevron at the far left, the contact's name over
        // "Verified", a call icon read as "Ch" at the far right; then the messages.
        let back = region(PixelRect(x: 60, y: 270, width: 42, height: 70), fill: Self.white, lines: [])
        let call = region(
            PixelRect(x: 880, y: 280, width: 66, height: 52), fill: Self.white, lines: [line("Ch", x: 885, y: 285)])
        let name = [unframed("Jabberbox", x: 400, y: 285), unframed("Verified", x: 402, y: 345, height: 34)]
        let messages = [
            greyBubble("Hey how are you?", x: 40, y: 600), greyBubble("App looks great :)", x: 40, y: 760),
        ]
        let read = read([back, call] + name + messages)
        XCTAssertEqual(read.title, "Jabberbox")
        XCTAssertEqual(read.bubbles.map(\.text), ["Hey how are you?", "App looks great :)"])
        // Without an action across from the back button, a first line may be a message.
        XCTAssertNil(self.read([back] + name + messages).title)
    }
}

final class MessageMetadataTests: XCTestCase {
    let metadata = MessageMetadata()

    func words(_ text: String, height: Int = 44, confidence: Double = 0.9) -> [OCRWord] {
        text.split(separator: " ").enumerated().map {
            OCRWord(
                text: String($0.element), box: PixelRect(x: $0.offset * 100, y: 0, width: 90, height: height),
                confidence: confidence)
        }
    }

    func testTimesInEveryCommonFormatAreSmallPrint() {
        for row in [
            "2:11 PM", "14:02", "5 min", "Jan 5, 2021 10:51 PM", "Read 14:02", "215 KiB", "Yesterday 9:41",
            "edited 10:02", "1 minute ago, 8:26 AM", "about 3 hours ago", "less than a minute ago",
            // Double ticks right after "AM" read as letters glued to it (a WhatsApp clone).
            "5:11 AMw", "3:11 AMWw",
            // A tick after the time read as a capital of its own (ChatQL).
            "9:21AM A",
            // A delivery report's lines: ISO dates, times to the second, the state's label.
            // An assistant's speed under its answer.
            "35ms per token, 28.58 tokens per second", "28.94 ses, 7.81 t/s",
            "Sent 2022-10-04 01:23:39 State Delivered :", "Received 2022-10-04 01:24:12", "Status: Read 14:02:11",
            // A small time whose colon was read as a question mark or a degree sign.
            "14?35", "14°35",
            // A leading zero read as the letter (ChatLoop's "02:34 PM").
            "O2:34 PM",
        ] {
            XCTAssertTrue(metadata.isMetadataRow(words(row)), row)
        }
        for row in [
            "See you at 8", "Now or never", "ok", "Jan said hi", "I left 5 minutes ago, at 8:26", "5:30 Amy",
            "State of the art", "Status update 2022-10-04", "3 tokens per person", "20 per second is fast",
            "Why?", "14? 35?", "It is 14° outside", "9:21 I", "O2 sensor",
        ] {
            XCTAssertFalse(metadata.isMetadataRow(words(row)), row)
        }
    }

    func testASocialPostsStampWithItsLanguageAndAppSetApartByDotsIsSmallPrint() {
        // Tusky under a post: when, then "• EN • Web" (the dots may read as "+").
        for row in ["2 Jul 2024 19:27 • EN • Web", "17 Apr 2024 20:53 + EN Tusky", "Jan 5, 2021 10:51 PM · Web"] {
            XCTAssertTrue(metadata.isMetadataRow(words(row)), row)
        }
        for row in [
            "2 Jul 2024 19:27 we meet at the station", "2 Jul 2024 19:27 • see you at the station",
            "19:27 • EN • Web",
            "2 Jul 2024 19:27 EN Web",
        ] {
            XCTAssertFalse(metadata.isMetadataRow(words(row)), row)
        }
    }

    /// Relative stamps in the shipped languages, with and without a time after them.
    func testAMailsSendingStampWithItsDetailsButtonIsSmallPrint() {
        // Zero's mail thread: under each sender, when it was sent and a "Details" disclosure
        // (its chevron read as "v").
        for row in [
            "Mar 4, 2025, 8:55 PM Details v", "Mar 4, 2025, 8:55 PM Details", "Jan 5, 2021 10:51 PM Show details",
        ] {
            XCTAssertTrue(metadata.isMetadataRow(words(row)), row)
        }
        for row in ["Mar 4, 2025, 8:55 PM more details to come", "Details v"] {
            XCTAssertFalse(metadata.isMetadataRow(words(row)), row)
        }
    }

    func testRelativeStampsInOtherLanguagesAreSmallPrint() {
        for row in [
            "5 days ago", "Vor 6 Tagen, 13:25", "vor 2 Stunden", "Hace 3 días", "hace una hora, 09:12",
            "Il y a 2 jours", "3 дня назад", "5 минут назад 14:02",
        ] {
            XCTAssertTrue(metadata.isMetadataRow(words(row)), row)
        }
        // A Latin stamp read with Cyrillic data comes out in look-alike letters.
        XCTAssertTrue(metadata.isMetadataRow(words("14 Мау 2017 21:15")))
        // A whole date is a stamp even when its time lost the colon.
        XCTAssertTrue(metadata.isMetadataRow(words("14 May 2017 2115")))
        XCTAssertTrue(metadata.isMetadataRow(words("14 Мау 2017 2115")), "look-alike letters and no colon")
        XCTAssertFalse(metadata.isMetadataRow(words("14 May")), "a day and a month without year or time")
        XCTAssertFalse(metadata.isMetadataRow(words("Мама 21:15 придёт")))
        for row in ["Vor dem Kino?", "Hace frío", "Il y a du monde", "Treffen vor 9 Uhr morgen"] {
            XCTAssertFalse(metadata.isMetadataRow(words(row)), row)
        }
    }

    func testTrailingTimeGoesButATimeInTheSentenceStays() {
        XCTAssertEqual(
            metadata.strippingTrailing(words("Thanks a lot! + 20:49"), lineHeight: 44).kept.map(\.text),
            ["Thanks", "a", "lot!"])
        XCTAssertEqual(metadata.strippingTrailing(words("Meet me at 18:30"), lineHeight: 44).kept.count, 4)
        XCTAssertEqual(
            metadata.strippingTrailing(words("Let's go now"), lineHeight: 44).kept.count, 3,
            "a full-size 'now' is a word")
        var small = words("Silence is awesome! Now Ww")
        small[3].box.height = 20
        small[4].confidence = 0.3
        XCTAssertEqual(
            metadata.strippingTrailing(small, lineHeight: 44).kept.map(\.text), ["Silence", "is", "awesome!"])
        // The ticks right after a time read as letters glued to it (a Flutter WhatsApp clone).
        XCTAssertEqual(
            metadata.strippingTrailing(words("How are you? 3.34pMwW"), lineHeight: 44).kept.map(\.text),
            ["How", "are", "you?"])
        XCTAssertEqual(metadata.strippingTrailing(words("Meet me at 3:34pm"), lineHeight: 44).kept.count, 4)
    }

    func testATimeTheSentenceIntroducesKeepsItsPlaceBeforeTheStamp() {
        // "my train gets in at" / "18:50   18:22": the row goes on from "at" on the row above,
        // so its first time is the sentence's and only the bubble's stamp after it goes.
        var stamp = words("18:50 18:22")
        stamp[1].box.height = 26
        XCTAssertEqual(
            metadata.strippingTrailing(stamp, lineHeight: 44, continuing: "at").kept.map(\.text), ["18:50"])
        XCTAssertEqual(metadata.strippingTrailing(stamp, lineHeight: 44).kept.map(\.text), [])
        // On one row: "in at 18:50 18:22".
        var row = words("in at 18:50 18:22")
        row[3].box.height = 26
        XCTAssertEqual(metadata.strippingTrailing(row, lineHeight: 44).kept.map(\.text), ["in", "at", "18:50"])
        XCTAssertEqual(metadata.strippingTrailing(words("Meet me at 18:30"), lineHeight: 44).kept.count, 4)
    }
}
