import XCTest

@testable import ReplyShot

final class OCRCorrectorTests: XCTestCase {
    let corrector = OCRCorrector()

    func testMisreadCapitalIIsRestored() {
        XCTAssertEqual(corrector.correct("| have seen it"), "I have seen it")
        XCTAssertEqual(corrector.correct("Sorry l keep forgetting"), "Sorry I keep forgetting")
        XCTAssertEqual(corrector.correct("1 can only make it by 10"), "I can only make it by 10")
        XCTAssertEqual(corrector.correct("ls it your goat"), "Is it your goat")
        XCTAssertEqual(corrector.correct("Great. lt works"), "Great. It works")
        XCTAssertEqual(corrector.correct("l'm in"), "I'm in")
        XCTAssertEqual(corrector.correct("Oh lam so sorry"), "Oh I am so sorry")
    }

    func testNumbersNamesAndLinksAreLeftAlone() {
        XCTAssertEqual(corrector.correct("1 more thing at 10:15"), "1 more thing at 10:15")
        XCTAssertEqual(corrector.correct("see lsabel at https://x.io/l"), "see lsabel at https://x.io/l")
        XCTAssertEqual(corrector.correct("the ls command"), "the ls command")
        XCTAssertEqual(corrector.correct("Wow!"), "Wow!")
    }

    func testASymbolAloneAtAMessagesEdgeIsAnEmojiReadAsOne() {
        // Real corpus readings: "Hey 👋" as "Hey &", "🎉 Hey, I'm in Zurich too!" as "# Hey, …".
        XCTAssertEqual(corrector.correct("Hey &"), "Hey")
        XCTAssertEqual(corrector.correct("Yeah for sure &"), "Yeah for sure")
        XCTAssertEqual(corrector.correct("Hello Echo Bot! ¥"), "Hello Echo Bot!")
        XCTAssertEqual(corrector.correct("# Hey, I'm in Zurich too!"), "Hey, I'm in Zurich too!")
        XCTAssertEqual(corrector.correct("@ Does anyone have ideas?"), "Does anyone have ideas?")
        // Between words it is the sign itself; a price keeps its currency; a sign alone stays.
        XCTAssertEqual(corrector.correct("Tom & Jerry"), "Tom & Jerry")
        XCTAssertEqual(corrector.correct("Das kostet 5 €"), "Das kostet 5 €")
        XCTAssertEqual(corrector.correct("#1 fan"), "#1 fan")
        XCTAssertEqual(corrector.correct("&"), "&")
        XCTAssertEqual(corrector.correct("& 3"), "& 3", "no word with a letter beside it")
    }

    func testALinkWrappedOverTwoLinesIsOneLink() {
        XCTAssertEqual(
            corrector.correct("look https://v.redd.it /al0uhxnclg941"), "look https://v.redd.it/al0uhxnclg941")
        XCTAssertEqual(
            corrector.correct("well. https://www.youtube.com /watch?v=99_PwqdDkBw"),
            "well. https://www.youtube.com/watch?v=99_PwqdDkBw")
        XCTAssertEqual(
            corrector.correct("https://s.gravatar.com/avatar /8ff43?s=80&d=404"),
            "https://s.gravatar.com/avatar/8ff43?s=80&d=404")
        // A sentence goes on after a link with a space.
        XCTAssertEqual(corrector.correct("see https://x.io for more"), "see https://x.io for more")
        XCTAssertEqual(corrector.correct("at https://x.io, /me waves"), "at https://x.io, /me waves")
    }
}

final class EmojiTests: XCTestCase {
    func word(_ text: String, _ confidence: Double) -> OCRWord {
        OCRWord(text: text, box: PixelRect(x: 0, y: 0, width: 40, height: 40), confidence: confidence)
    }

    func testSymbolsMadeOfAnEmojiAreDroppedButPunctuationAndStrokesStay() {
        let reader = BubbleReader()
        XCTAssertTrue(reader.isEmojiGlyph(word("@&", 0.5)))
        XCTAssertTrue(reader.isEmojiGlyph(word("‘@", 0.1)))
        XCTAssertTrue(reader.isEmojiGlyph(word("#w", 0.4)))
        XCTAssertFalse(reader.isEmojiGlyph(word("&", 0.95)), "read with confidence: real punctuation")
        XCTAssertFalse(reader.isEmojiGlyph(word("|", 0.5)), "a stroke may be the pronoun I")
        XCTAssertFalse(reader.isEmojiGlyph(word("ok", 0.3)), "letters are text, however unsure")
        XCTAssertFalse(reader.isEmojiGlyph(word("#1", 0.4)), "numbers stay")
    }

    func testAWordDrawnInColoursNoLetterHasIsAnEmojiHoweverSurelyRead() {
        let reader = BubbleReader()
        func pictograph(_ text: String, _ confidence: Double) -> OCRWord {
            var word = word(text, confidence)
            word.isPictograph = true
            return word
        }
        XCTAssertTrue(reader.isEmojiGlyph(pictograph("@", 0.92)), "a winking face read as a sure @")
        XCTAssertTrue(reader.isEmojiGlyph(pictograph("a@y", 0.8)))
        XCTAssertFalse(reader.isEmojiGlyph(word("@", 0.92)), "a sure @ in one ink is the letter")
        XCTAssertFalse(
            reader.isEmojiGlyph(pictograph("latest", 0.94)), "a long word on a colourful backdrop is still a word")
    }

    func testAlignmentsOfEqualLengthPreferTheOneWhoseSpeakersAgree() {
        // Any picture matches any picture, so pairing the pictures across speakers aligns as
        // many messages as pairing "Hey" with "Hey"; only the second is the reading.
        func out(_ speaker: Speaker, _ text: String, _ kind: MessageKind = .text) -> Message {
            Message(speaker: speaker, text: text, kind: kind, confidence: 0.9, source: "IMG_1.PNG")
        }
        let output = [
            out(.them, "SHOT ON MI 9T"), out(.me, "Hey"), out(.me, "[photo]", .media),
            out(.them, "[sticker]", .media), out(.them, "[file a.pdf]", .media),
        ]
        let truth = [
            TruthMessage(speaker: .them, text: "[photo]", kind: .media), TruthMessage(speaker: .me, text: "Hey 👋"),
            TruthMessage(speaker: .me, text: "[photo]", kind: .media), TruthMessage(speaker: .them, text: "🔥🔥🔥"),
            TruthMessage(speaker: .them, text: "[file a.pdf]", kind: .media),
        ]
        let score = ConversationEvaluator().score(output: output, truth: truth)
        XCTAssertEqual(score.found, 3)
        XCTAssertEqual(score.speakersRight, 3)
        let hey = ConversationEvaluator().align(output: output, truth: truth).first { $0.output?.text == "Hey" }
        XCTAssertEqual(hey?.status, .found, "\"Hey\" is found, not a repeat")
    }

    func testTruthIsComparedWithoutEmojiTheOCRCannotRead() {
        XCTAssertEqual(ConversationEvaluator.removingEmoji("ok 👍"), "ok")
        XCTAssertEqual(ConversationEvaluator.removingEmoji("Thank you sweetheart ❤️"), "Thank you sweetheart")
        XCTAssertEqual(ConversationEvaluator.removingEmoji("👨‍👩‍👧 family day"), "family day")
        XCTAssertEqual(ConversationEvaluator.removingEmoji("#1 fan © 2026, 10*3"), "#1 fan © 2026, 10*3")
        // Symbols made up in an emoji's place still cost the reading.
        let score = ConversationEvaluator().score(
            output: [Message(speaker: .me, text: "ok @&", confidence: 0.5, source: "IMG_1.PNG")],
            truth: [TruthMessage(speaker: .me, text: "ok 👍")])
        XCTAssertEqual(score.found, 0)
        XCTAssertEqual(score.noise, 1)
    }
}

final class ChromeFilterTests: XCTestCase {
    let chrome = ChromeFilter()

    func testACenteredDayWordThatLostAnEndLetterIsStillAStamp() {
        for text in ["oday", "Toda", "esterday", "Yesterda", "unday", "riday"] {
            XCTAssertTrue(chrome.isCenteredStamp(text), text)
        }
        // More than one letter lost, or another language's month clipped into a name.
        for text in ["day", "oda", "Tod", "odays", "on it", "esterdays", "Nero", "Gosto", "Lune"] {
            XCTAssertFalse(chrome.isCenteredStamp(text), text)
        }
    }

    func testStampsAndReceiptsAreChrome() {
        for text in [
            "Today 6:05 PM", "Fri 8:02 PM", "TODAY", "Yesterday", "Nov 21, 9:48 PM", "11/21/2026 10:31 PM", "Delivered",
            "Read 9:41 PM", "Seen", "24 December", "5 Jan 2024", "1st March",
        ] {
            XCTAssertTrue(chrome.isStamp(text), text)
        }
        for text in [
            "Today was amazing, thank you!", "Are we still on for Friday?", "Monday works for me, does it for you?",
            "2 margaritas please", "3 mangoes and a melon",
        ] {
            XCTAssertFalse(chrome.isStamp(text), text)
        }
        XCTAssertTrue(chrome.isBubbleTime("11:46"))
        XCTAssertTrue(chrome.isBubbleTime("9:41 PM"))
        XCTAssertFalse(chrome.isBubbleTime("at 11:46"))
        // A corner time on a dark photo-compressed screen loses its colon to a dash.
        XCTAssertTrue(chrome.isBubbleTime("42-20"))
        XCTAssertFalse(chrome.isBubbleTime("42-200"))
    }

    func testAComposersHintWithItsButtonsReadAsLettersIsStillTheHint() {
        XCTAssertTrue(chrome.isComposerHint("Send a message... tT NN"))
        XCTAssertTrue(chrome.isComposerHint("Type a message"))
        XCTAssertTrue(chrome.isComposerHint("Prompt"))
        XCTAssertTrue(chrome.isComposerHint("Ask anything"))
        XCTAssertFalse(chrome.isComposerHint("Ask anything you like"))
        XCTAssertFalse(chrome.isComposerHint("Send a message to Bob"))
        XCTAssertFalse(chrome.isComposerHint("ok so do it"))
    }

    func testAThreadsCountAndButtonsInAMailAreControls() {
        for text in ["4 messages", "12 replies", "Continue editing", "Show quoted text", "Load more"] {
            XCTAssertTrue(chrome.isControl(text), text)
        }
        for text in ["4 messages left to answer", "I sent 3 messages", "Continue"] {
            XCTAssertFalse(chrome.isControl(text), text)
        }
    }

    func testASupportWidgetsMakersLineIsAControlButASentenceAboutPowerIsNot() {
        for text in ["Powered by Papercups", "Chat powered by Crisp", "powered by Chatwoot"] {
            XCTAssertTrue(chrome.isControl(text), text)
        }
        for text in ["Powered by coffee and a lot of hope today", "It was powered by the sun", "Powered up"] {
            XCTAssertFalse(chrome.isControl(text), text)
        }
    }

    func testAControlsWordingMisreadByAFewLettersIsStillTheControl() {
        for text in ["Load earher measages", "Jump to latest", "Shovv older messages", "Frequently Used"] {
            XCTAssertTrue(chrome.isControl(text), text)
        }
        for text in ["Load earlier than me", "few messages", "Show more love", "Jump to conclusions"] {
            XCTAssertFalse(chrome.isControl(text), text)
        }
    }

    func testAnAssistantsAnswerCounterAloneIsAControlButADateOrAFractionIsNot() {
        for text in ["1/1", "2/3", "#0", "#12"] {
            XCTAssertTrue(chrome.isControl(text), text)
        }
        for text in ["4/2", "3/4/2021", "1/2 cup", "#general", "24/7", "#"] {
            XCTAssertFalse(chrome.isControl(text), text)
        }
    }

    func testARowOfActionsUnderAMessageIsButtonsButOneActionWordOrASentenceIsText() {
        // GPTMobile's "Copy Text" and "Retry" buttons under an answer, a stroke of the row's
        // last outline read as "I".
        for text in [
            "Copy Share", "Copy Share Edit", "Thread Reply", "(©) Reply Forward", "Cop) shart Edit",
            "Copy Text Retry I",
        ] {
            XCTAssertTrue(chrome.isControl(text), text)
        }
        for text in [
            "Share", "Reply", "Copy that", "Please share the edit", "Copy this", "Save date", "Cop shot edit",
            "Copy text",
            "I reply", "Text Retry",
        ] {
            XCTAssertFalse(chrome.isControl(text), text)
        }
    }

    func testAPostsReactionCountsAreChromeButACountInASentenceIsText() {
        for text in ["1 Boost 2 Favourites", "0 Boosts 3 Favourites", "12 Likes · 4 Reposts", "3 comments"] {
            XCTAssertTrue(chrome.isControl(text), text)
        }
        for text in ["I got 3 likes", "2 likes and a comment", "Likes 3", "5 favourite songs?"] {
            XCTAssertFalse(chrome.isControl(text), text)
        }
    }

    func testSystemLinesAreToldByTheirWordingWhereverTheySit() {
        for text in [
            "Carlos Slattery joined the chat", "Johnnie McConnell left the chat", "foo (bar@baz) has joined #example",
            "alice has kicked q (your behavior is not conductive)", "Bob changed the group name",
            "Alice added Bob", "Vitaliy has added Vit Test1, Anna", "Messages are end-to-end encrypted",
            // Polari's quits with their reason, and its folded joins and parts.
            "nerozero has disconnected (Ping timeout: 240 seconds)", "superkuh has disconnected",
            "3 users joined, 3 users left", "1 user left",
            // SimpleX: a member whose link was made.
            "EnlightenedOffer connected",
        ] {
            XCTAssertTrue(chrome.isSystemNotice(text), text)
        }
        for text in [
            "I joined the gym today and it was great, you should come along with me some day soon ok",
            "Did you see who left?", "thanks for the invite", "I added salt",
            "the printer at my office has disconnected again", "3 users joined the beta and liked it",
            "Is the printer connected", "we finally got connected",
        ] {
            XCTAssertFalse(chrome.isSystemNotice(text), text)
        }
        XCTAssertEqual(ChromeFilter.withoutLeadingIcon("fg Carlos joined the chat"), "Carlos joined the chat")
        XCTAssertEqual(ChromeFilter.withoutLeadingIcon("Carlos joined the chat"), "Carlos joined the chat")
    }
}

final class SenderNameTests: XCTestCase {
    func testANameKeepsNeitherItsPunctuationNorTheTimeAtItsEnd() {
        // Fluux sets the time right after the sender's name ("you 9:45 AM"): the name, and so
        // whether it is the user, is the word before it.
        XCTAssertEqual(SenderNames.cleanName("you 9:45 AM"), "you")
        XCTAssertEqual(SenderNames.cleanName("Emma Wilson 14.02"), "Emma Wilson")
        XCTAssertEqual(SenderNames.cleanName("~ Bob:"), "Bob")
        // A number that is part of the name, and a time with nothing before it, stay.
        XCTAssertEqual(SenderNames.cleanName("EVA-01"), "EVA-01")
        XCTAssertEqual(SenderNames.cleanName("Room 101"), "Room 101")
        XCTAssertEqual(SenderNames.cleanName("9:45"), "9:45")
        // An initial's or a suffix's full stop is the name's; a sentence's is not.
        XCTAssertEqual(SenderNames.cleanName("Priya N."), "Priya N.")
        XCTAssertEqual(SenderNames.cleanName("Cleo Menezes Jr.:"), "Cleo Menezes Jr.")
        XCTAssertEqual(SenderNames.cleanName("Alice."), "Alice")
        XCTAssertEqual(SenderNames.cleanName("Not now."), "Not now")
    }

    func testATimeWhoseColonCameOutAsADashIsNoPartOfTheName() {
        // Rocket.Chat prints "21:16" small and grey after the name; it reads as "21-16".
        XCTAssertEqual(SenderNames.cleanName("sing.li 21-16"), "sing.li")
        XCTAssertEqual(SenderNames.cleanName("kentonv 21–17"), "kentonv")
        // A dash inside a word, or a year's range that is no time, stays.
        XCTAssertEqual(SenderNames.cleanName("EVA-01"), "EVA-01")
        XCTAssertEqual(SenderNames.cleanName("Class of 2019-2020"), "Class of 2019-2020")
    }
}

/// Dissent: a reply drawn as "Replying to naomi" over the quoted line, both above the reply.
final class ReplyHeadersTests: XCTestCase {
    func bubble(_ text: String, author: String? = nil, y: Int) -> Bubble {
        Bubble(
            speaker: .them, author: author, text: text, box: PixelRect(x: 100, y: y, width: 600, height: 40),
            confidence: 0.9, source: "shot.png")
    }

    func testTheQuotedLineUnderAReplyHeaderIsTheQuoteOfTheReplyUnderIt() {
        var log = DecisionLog()
        // The header read as the quoted line's sender, or as a line of its own.
        let named = ReplyHeaders().folding(
            [
                bubble("it just doesn't seem to be getting every message", author: "Replying to naomi", y: 100),
                bubble("well how are you doing it?", author: "Replying to naomi", y: 150),
                bubble("if you're using Messages(), don't", author: "Replying to naomi", y: 200),
            ], log: &log)
        // The messages under the reply, which took the phrase for their sender too, stay.
        XCTAssertEqual(named.map(\.text), ["well how are you doing it?", "if you're using Messages(), don't"])
        XCTAssertEqual(named.map(\.quote), ["it just doesn't seem to be getting every message", nil])
        XCTAssertEqual(named.map(\.author), [nil, nil])
        let alone = ReplyHeaders().folding(
            [
                bubble("In reply to @alice:example.org", y: 100), bubble("the power of open source", y: 150),
                bubble("what does that mean?", author: "bgt lover", y: 200),
            ], log: &log)
        XCTAssertEqual(alone.map(\.text), ["what does that mean?"])
        XCTAssertEqual(alone.first?.quote, "the power of open source")
        XCTAssertEqual(alone.first?.author, "bgt lover")
    }

    func testAReplyHeaderAtTheScreensEndWithItsReplyCutOffIsNoMessage() {
        // A scroll position that ends under the quoted line: the reply itself is in the next
        // shot, and the quoted line must not stand as a message repeating the one it quotes.
        var log = DecisionLog()
        let cut = ReplyHeaders().folding(
            [
                bubble("dw", y: 50), bubble("Replying to naomi", y: 100),
                bubble("it just doesn't seem to be getting every message", y: 150),
            ], log: &log)
        XCTAssertEqual(cut.map(\.text), ["dw"])
    }

    func testAMessageThatOnlyTalksOfReplyingStaysAMessage() {
        var log = DecisionLog()
        // The phrase inside a sentence, in a sentence of its own, or alone with nothing under it.
        let chat = [bubble("I'm replying to everyone tonight", y: 100), bubble("ok", y: 150)]
        XCTAssertEqual(ReplyHeaders().folding(chat, log: &log).map(\.text), chat.map(\.text))
        let last = [bubble("ok", y: 50), bubble("Reply to Sam", y: 100)]
        XCTAssertEqual(ReplyHeaders().folding(last, log: &log).map(\.text), ["ok", "Reply to Sam"])
        let asked = [bubble("Reply to me when you can!", y: 100), bubble("ok", y: 150), bubble("sure", y: 200)]
        XCTAssertEqual(ReplyHeaders().folding(asked, log: &log).map(\.text), asked.map(\.text))
    }
}
