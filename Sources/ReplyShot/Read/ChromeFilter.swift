import Foundation

/// Recognises the text a phone draws around a conversation, which is not a message:
/// day and time stamps, read receipts, header status lines, an input field's placeholder.
/// English forms are built into the patterns below; other languages' words come from
/// prompts/languages (`ChromeWords`), so a language is added as data.
struct ChromeFilter {
    private let words: ChromeWords
    /// A stamp that starts with another language's day or month ("Heute", "Vie 20:14",
    /// "12. März"): the word alone, or followed by a date or time.
    private let localizedStamp: NSRegularExpression?

    /// With every shipped language's words (compiled once, however many readers are made).
    init() {
        (words, localizedStamp) = (Self.shippedWords, Self.shippedStamp)
    }

    init(words: ChromeWords) {
        self.words = words
        localizedStamp = Self.stampPattern(words.days)
    }

    /// Every shipped language's chrome words, loaded once.
    static let shippedWords = LanguageBook.shipped.chrome
    private static let shippedStamp = stampPattern(shippedWords.days)

    /// A day word alone ("Heute") or before a date or time ("Vie 20:14", "12. März 2024").
    /// Alone, it must have four letters or more: "Sam", "Dom" and "Vie" (French and Spanish
    /// day abbreviations) are also names in a chat's header.
    private static func stampPattern(_ days: Set<String>) -> NSRegularExpression? {
        func alternatives(_ words: [String]) -> String {
            words.sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        }
        let long = days.filter { $0.count >= minimumLoneDayWord }
        guard !days.isEmpty else { return nil }
        let dated = #"(?=.*\d)(?:\d{1,2}\.?\s+)?(?:"# + alternatives(Array(days)) + #")(?![\w])[\s\w,.:/]{0,24}"#
        let alone = long.isEmpty ? "" : #"|(?:"# + alternatives(Array(long)) + #")(?![\w])[\s,.]*"#
        return try? NSRegularExpression(pattern: "^(?i)(?:" + dated + alone + ")$")
    }

    static let minimumLoneDayWord = 4

    /// An English month as a whole word, in full or short ("Dec", "December", "Sept").
    private static let englishMonths =
        #"jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?"#

    private static let stamp = try! NSRegularExpression(
        pattern: [
            #"^(?i)(today|yesterday|now|mon(day)?|tue(s(day)?)?|wed(nesday)?|thu(r(s(day)?)?)?|fri(day)?|sat(urday)?|sun(day)?"#,
            "|" + englishMonths,
            #"|\d{1,2}[:.]\d{2}|\d{1,2}/\d{1,2}(/\d{2,4})?|\d{4}-\d{2}-\d{2}"#,
            // Day first, as British and European English write it: "24 December", "5 Jan 2024".
            #"|\d{1,2}(st|nd|rd|th)?\s+("# + englishMonths + #"))\b"#,
            #"[\s\w,.:/]{0,24}$"#,
        ].joined())
    private static let receipt = try! NSRegularExpression(
        pattern:
            #"^(?i)(delivered|read|seen|sent|edited|not delivered|opened|viewed)(\s+(at\s+)?[\d:.\s]+([ap]\.?m\.?)?)?(\s*[✓✔]+)?$"#
    )
    // (The colon of a time this small is often read as a dash: "12:20" as "42-20".)
    private static let bubbleTime = try! NSRegularExpression(
        pattern: #"^(?i)[\d]{1,2}[:.;\-][\d]{2}\s*([ap]\.?m\.?)?\s*[✓✔/\\v]*$"#)
    private static let headerNoise: Set<String> = [
        "online", "typing", "typing...", "active now", "details", "info", "call", "video", "search", "edit",
        "back", "chats", "messages", "inbox", "done", "cancel", "more",
        // What an encrypting app says of the conversation under its name (Deku SMS: "Secured").
        "secured", "encrypted", "end-to-end encrypted", "not secured", "unencrypted", "offline", "away",
        // The iOS simulator's status bar, when a capture's status bar was not told apart.
        "carrier",
    ]

    private static let placeholders: Set<String> = [
        "imessage", "message", "message...", "text message", "type a message", "send a message", "write a message",
        "aa", "reply", "reply all", "forward", "add a comment...", "start a message", "your message", "new message",
        "send message", "enter message", "say something", "write something", "signal message", "send a chat",
        "rcs message", "sms message", "chat message", "type a new message", "send an encrypted message",
        "send an unencrypted message", "start a new message",
        // An assistant's composer asks for a prompt.
        "prompt", "ask anything", "ask me anything", "type a prompt", "enter a prompt", "enter your prompt",
        "type your prompt",
    ]

    /// Buttons an app shows inside the conversation: not anyone's message.
    private static let controls: Set<String> = [
        "load earlier messages", "load more messages", "load more", "show earlier messages", "show more",
        "show older messages", "load older messages", "new messages", "unread messages", "jump to bottom",
        "scroll to bottom", "view more", "see more", "continue editing", "edit draft", "show quoted text",
        "show full message", "load images", "show images", "show pictures", "thread reply", "reply in thread",
        "view thread", "jump to latest", "jump to present", "jump to unread", "frequently used", "recently used",
    ]

    /// A control's wording with a few letters misread ("Load earher measages"): as many words,
    /// and as like as a composer's hint must be. Short controls ("new messages") must be read
    /// right: a word or two off makes another sentence ("few messages").
    private func isMisreadControl(_ lowered: String) -> Bool {
        guard lowered.count >= Self.shortestFuzzyControl else { return false }
        let words = lowered.split(separator: " ").count
        return Self.controls.contains {
            $0.count >= Self.shortestFuzzyControl && $0.split(separator: " ").count == words
                && TextSimilarity.similarity($0, lowered) >= Self.hintSimilarity
        }
    }
    private static let shortestFuzzyControl = 14
    /// The actions an app lists under a message ("Copy Share Edit" under an assistant's
    /// answer): a row of two or more of them and nothing else is a row of buttons.
    private static let actions: Set<String> = [
        "copy", "share", "edit", "reply", "forward", "delete", "retry", "resend", "react", "translate", "regenerate",
        "pin", "report", "save", "quote",
    ]

    /// A button, or a mail thread's count ("4 messages") under its subject.
    func isControl(_ text: String) -> Bool {
        let core = Self.withoutIconScraps(text)
        let lowered = core.lowercased().trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        let words = lowered.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return Self.controls.contains(lowered) || isMisreadControl(lowered)
            || Self.matches(Self.threadCount, trimmed) || Self.matches(Self.reactionCounts, trimmed)
            || isActionRow(words) || isMisreadActionRow(words)
            || isAnswerCounter(trimmed) || Self.matches(Self.branding, trimmed)
    }
    /// "Powered by Papercups": a support widget names its maker under the chat, one or two
    /// words after the phrase.
    private static let branding = try! NSRegularExpression(
        pattern: #"^(?i)(?:chat\s+)?powered\s+by\s+\S+(?:\s+\S+)?$"#)
    /// Two or more actions and nothing else ("Copy Share"; "Copy Text" is one). A stroke of
    /// the last button's outline may read as a letter at the row's end ("Copy Text Retry I").
    private func isActionRow(_ words: [String]) -> Bool {
        var actions = words
        if actions.count >= 3, let last = actions.last, last.count == 1 { actions.removeLast() }
        for index in actions.indices.dropLast().reversed()
        where actions[index] == "copy" && actions[index + 1] == "text" {
            actions.remove(at: index + 1)
        }
        return actions.count >= 2 && actions.allSatisfy { Self.actions.contains($0) }
    }
    /// A row of three or more actions in small print, some misread by a letter ("Cop) shart
    /// Edit"): one read right, each other within a letter of one.
    private func isMisreadActionRow(_ words: [String]) -> Bool {
        guard words.count >= 3, words.contains(where: { Self.actions.contains($0) }) else { return false }
        return words.allSatisfy { word in
            Self.actions.contains(word)
                || (word.count >= 3
                    && Self.actions.contains { TextSimilarity.similarity($0, word) >= Self.misreadActionSimilarity })
        }
    }
    /// One letter wrong or missing in a word of four or five.
    private static let misreadActionSimilarity = 0.75
    private static let threadCount = try! NSRegularExpression(pattern: #"^(?i)\d+\s+(messages|replies|emails)$"#)
    /// What a social post counts under it ("0 Boosts 3 Favourites", "12 Likes · 4 Reposts"):
    /// one count or more, each a number and what it counts, and nothing else.
    private static let reactionCounts = try! NSRegularExpression(
        pattern:
            #"^(?i)(?:[·•]?\s*\d+\s+(?:boosts?|favou?rites?|likes?|repl(?:y|ies)|reposts?|retweets?|quotes?|reactions?|comments?|shares?|bookmarks?|views?)\s*)+$"#
    )

    /// A row of buttons drawn as icons under a post (reply with its count, boost, favourite:
    /// "<@ 0 Ww"): three or more scraps of a few characters, at least half of them set apart
    /// by gaps of several letters' heights. The words of a sentence, however short, stand a
    /// space apart.
    static func isRowOfIcons(_ words: [OCRWord]) -> Bool {
        guard words.count >= minimumIconsInRow, words.allSatisfy({ $0.text.count <= longestIconScrap }) else {
            return false
        }
        guard let height = PostReader.median(words.map { Double($0.box.height) }) else { return false }
        let gaps = zip(words, words.dropFirst()).map { Double($1.box.x - $0.box.maxX) }
        return gaps.filter { $0 >= height * iconGapHeights }.count * 2 >= gaps.count
    }
    static let minimumIconsInRow = 3
    /// An icon read as text is a mark or two ("<@", "Ww"); a count beside it, a digit or three.
    static let longestIconScrap = 3
    /// Icons in a row stand this many of their heights apart and more; words, half of one.
    static let iconGapHeights = 2.0

    /// An assistant's counter of the answers it gave to one prompt ("2/3": the second of three,
    /// with arrows to the others) or of its messages ("#1"), alone on its line.
    func isAnswerCounter(_ text: String) -> Bool {
        if text.hasPrefix("#"), (2...4).contains(text.count), text.dropFirst().allSatisfy(\.isNumber) { return true }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2, let shown = parts[0], let count = parts[1] else { return false }
        return (1...Self.mostAnswers).contains(count) && (1...count).contains(shown)
    }
    /// Apps keep at most this many answers to one prompt.
    static let mostAnswers = 20

    /// An input field's placeholder ("iMessage", "Type a message...", "Message #channel").
    func isPlaceholder(_ text: String) -> Bool {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ".…")))
        return Self.placeholders.contains(lower) || words.placeholders.contains(lower) || lower.hasPrefix("message #")
            || lower.hasPrefix("message @")
    }

    /// The hint of a composer that the layout did not set apart ("Type a message...",
    /// "Write to Demo Channel", "Tap here to type", "reply here..", "Write message for direct
    /// delivery", an assistant's "Ask a question..."): the whole line is an
    /// invitation to write, in one of the forms apps use. Only asked of text at the bottom of
    /// the chat area, where a composer sits; the last message sits there too, so the forms
    /// are whole-line and narrow ("Write to me" is somebody's message, "Write to Bob" a hint).
    func isComposerHint(_ text: String) -> Bool {
        let core = Self.withoutIconScraps(text)
        func isHint(_ core: String) -> Bool {
            Self.matches(Self.composerHint, core) || isPlaceholder(core)
                || Self.commonHints.contains { TextSimilarity.similarity($0, core.lowercased()) >= Self.hintSimilarity }
        }
        // The composer's buttons may read as letters too ("Send a message... tT NN", "We SN
        // reply here.." after a picture and a sticker button): a hint between a few scraps of
        // one or two characters is still the hint.
        func withoutScraps(fromEnd: Bool) -> String? {
            var words = core.split(separator: " ")
            var scraps = 0
            while scraps < Self.maximumButtonScraps, words.count > 2,
                let edge = fromEnd ? words.last : words.first, edge.count <= 2
            {
                if fromEnd { words.removeLast() } else { words.removeFirst() }
                scraps += 1
            }
            return scraps > 0 ? words.joined(separator: " ") : nil
        }
        return isHint(core) || [true, false].contains { withoutScraps(fromEnd: $0).map(isHint) ?? false }
    }

    /// How many of a composer's buttons may stand before or after its hint as stray letters.
    static let maximumButtonScraps = 3

    /// The label in the middle of the line drawn where unread messages start.
    private static let unreadDividers: Set<String> = ["new", "unread"]

    static func isUnreadDivider(_ text: String) -> Bool {
        unreadDividers.contains(text.lowercased().trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)))
    }

    /// A composer's icons around its hint, as Tesseract reads them: "© Tap here to type (fo) ©".
    static func withoutIconScraps(_ text: String) -> String {
        var words = text.split(separator: " ").map(String.init)
        func isScrap(_ word: String) -> Bool {
            let letters = word.filter(\.isLetter)
            return letters.isEmpty || (word.hasPrefix("(") && word.hasSuffix(")") && letters.count <= 3)
        }
        while let first = words.first, isScrap(first) { words.removeFirst() }
        while let last = words.last, isScrap(last) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// A composer's hint wherever it stands (a mail's quick-reply box under the mail, far
    /// from the screen's bottom): one of the hint's forms, with the ellipsis placeholders are
    /// drawn with ("Write a quick reply..."); a message says so without one.
    func isEllipsizedComposerHint(_ text: String) -> Bool {
        let core = text.trimmingCharacters(in: .whitespaces)
        guard core.hasSuffix("...") || core.hasSuffix("…") else { return false }
        if Self.matches(Self.composerHint, core) { return true }
        // The user's picture in front of the box reads as a short scrap with a bracket in it
        // ("foe] Write a quick reply...").
        let words = core.split(separator: " ")
        guard words.count >= 3, let first = words.first, first.count <= BubbleReader.pictureScrapLength,
            first.contains(where: { "()[]{}|".contains($0) })
        else { return false }
        return Self.matches(Self.composerHint, words.dropFirst().joined(separator: " "))
    }

    /// A composer's hint at the composer (`atComposer`: text at the chat area's bottom) in any
    /// of its forms, elsewhere only with its ellipsis.
    func isComposerHint(_ text: String, atComposer: Bool) -> Bool {
        (atComposer && isComposerHint(text)) || isEllipsizedComposerHint(text)
    }

    /// Hints read with a letter wrong ("rap here to type") are still hints: a whole line this
    /// close to one of these, at the composer, is one.
    private static let commonHints = [
        "type a message", "tap here to type", "write a message", "send a message", "type your message",
        "enter a message", "reply here", "write a reply", "type message", "write here",
    ]
    static let hintSimilarity = 0.85

    private static let composerHint = try! NSRegularExpression(
        pattern:
            #"^(?:\W{0,2}\s*)(?:(?i:(?:type|write|send|enter|compose)\s+(?:a\s+|your\s+)?(?:(?:new|quick|short)\s+)?(?:message|reply|text|comment)(?:\s+here|\s+for\s+\S+(?:\s+\S+)?)?|ask\s+(?:a\s+question|(?:me\s+)?anything)|(?:tap|click)\s+here\s+to\s+(?:type|write|reply)|(?:write|reply|type)\s+here)|[Ww]rite\s+to\s+[#@A-Z]\S*(?:\s+[A-Z]\S*){0,3})\s*[.…]*$"#
    )

    func isStamp(_ text: String) -> Bool {
        Self.matches(Self.stamp, MessageMetadata.latinLookalikes(text))
            || localizedStamp.map { Self.matches($0, text) } == true || isReceipt(text)
    }

    /// A centered row is a stamp also when it is a short day name alone ("Vie", "Sáb": their
    /// time was set apart as small print); a header's "Sam" is a name.
    func isCenteredStamp(_ text: String) -> Bool {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        return isStamp(text) || words.days.contains(lowered) || isClippedDayWord(lowered)
    }

    /// An English day word alone with its first or last letter lost ("oday", "esterday"):
    /// Tesseract drops a capital pressed against the edge of a small pill. Only these words:
    /// clipped, other languages' month names come out as names ("nero", "lune", "gosto").
    private func isClippedDayWord(_ lowered: String) -> Bool { Self.clippedDayWords.contains(lowered) }
    private static let clippedDayWords: Set<String> = Set(
        ["today", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            .flatMap { [String($0.dropFirst()), String($0.dropLast())] })

    /// "Auto-translated from Portuguese to English", "Translated from German": an app's note
    /// under a message it translated for the reader. Tesseract may lose the note's fainter
    /// words between the languages' names ("Auto Portuguese English").
    func isTranslationNote(_ text: String) -> Bool { Self.matches(Self.translationNote, text) }
    /// Without the word "translated", both names must look like languages' ("Auto Repair" is
    /// a message).
    private static let translationNote = try! NSRegularExpression(
        pattern:
            #"^(?:(?i:(?:auto-?\s?)?translated)(?:\s+(?i:from))?\s+\p{Lu}\p{Ll}+(?:\s+(?i:to))?(?:\s+\p{Lu}\p{Ll}+)?|(?i:auto)\s+\p{Lu}\p{Ll}+"#
            + language + #"\s+\p{Lu}\p{Ll}+"# + language + ")$"
    )
    /// "Forwarded", "Forwarded message", "Forwarded from Alice": the label an app sets above
    /// or under a message passed on from another chat; it names where the words came from and
    /// is none of them. (A message of that word alone is a bubble of one row, kept.)
    func isForwardLabel(_ text: String) -> Bool { Self.matches(Self.forwardLabel, text) }
    private static let forwardLabel = try! NSRegularExpression(
        pattern: #"^\W{0,2}(?i:forwarded(?:\s+message)?)(?:\s+(?i:from)\s+\S.{0,40})?$"#)
    /// How the English names of most languages end: Portuguese, English, Ukrainian, German,
    /// French, Arabic, Greek, Thai, Hebrew, Hindi.
    private static let language = "(?:ese|ish|ian|an|ch|ic|ek|ai|ew|di)"

    /// A line the app writes about the conversation rather than a person's message: someone
    /// joined, left or connected, was added, removed or kicked, renamed the group, changed
    /// its picture or topic, or the chat's encryption. Apps left-align some of these beside
    /// an icon (Teams, IRC clients), so the wording tells them where centring does not.
    func isSystemNotice(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        return (words.count <= Self.maximumNoticeWords && Self.matches(Self.systemNotice, text))
            || Self.matches(Self.topicLine, text)
    }
    /// An IRC client's line about the channel's topic, as long as the topic is: "The topic
    /// is: …", "Topic set by bookworm on 18 June 2023" (an icon read as a scrap before it).
    private static let topicLine = try! NSRegularExpression(
        pattern: #"^(?i)(?:\S{1,2}\s+)?(?:the\s+)?topic\s+(?:is:|set\s+by\s+\S)"#)
    /// "fg Carlos joined the chat" → "Carlos joined the chat": the icon before a system line
    /// reads as a scrap of a letter or two in front of a capitalised name.
    static func withoutLeadingIcon(_ text: String) -> String {
        let words = text.split(separator: " ")
        guard words.count >= 3, words[0].count <= 2, !words[0].contains(where: \.isUppercase),
            words[1].first?.isUppercase == true
        else { return text }
        return words.dropFirst().joined(separator: " ")
    }

    /// System lines are short: a name or two and the event.
    static let maximumNoticeWords = 16
    private static let systemNotice = try! NSRegularExpression(
        pattern: [
            #"(?i)^(?:\S+\s+){0,4}?\S+\s+(?:has\s+|have\s+)?"#,
            #"(?:(?:joined|left)(?:\s+the)?\s+(?:chat|group|room|channel|conversation|call|meeting|server|#\S+)"#,
            #"|(?:joined|left|quit)(?:\s+\(.*\))?$|(?:joined|left)\s+#\S+"#,
            #"|(?:kicked|banned)\s+\S+|(?:added|removed|invited)\s+(?:(?-i:\p{Lu})\S*|you\b)"#,
            #"|changed\s+(?:the\s+)?(?:group\s+|room\s+|channel\s+|chat\s+)?(?:name|photo|picture|image|icon|avatar|topic|subject|description|title)"#,
            #"|created\s+(?:the\s+)?(?:group|room|channel|chat)|is\s+now\s+known\s+as\s+\S+$)"#,
            #"|^(?i)messages\s+(?:and\s+calls\s+)?are\s+end-to-end\s+encrypted"#,
            // An IRC client's lines: a nick's quit with its reason, a run of joins and parts
            // folded into one line. A member's handle alone before "connected" (SimpleX): a
            // sentence that ends so has more words before it ("is the printer connected").
            #"|^(?i)\S+\s+has\s+disconnected(?:\s+\(.*\))?$|^\S+\s+connected$|^(?i)\d+\s+users?\s+(?:joined|left)(?:,\s+\d+\s+users?\s+(?:joined|left))?\W*$"#,
        ].joined())

    /// "Read 14:02", "gelesen ✓✓", "Прочитано".
    func isReceipt(_ text: String) -> Bool {
        if Self.matches(Self.receipt, text) { return true }
        let parts = text.lowercased().split(separator: " ")
        guard let first = parts.first else { return false }
        return words.receipts.contains(first.trimmingCharacters(in: .punctuationCharacters))
            && parts.dropFirst().allSatisfy { $0.allSatisfy { $0.isNumber || ":.✓✔".contains($0) } }
    }

    /// The small time WhatsApp and others print inside a bubble's corner.
    func isBubbleTime(_ text: String) -> Bool { Self.matches(Self.bubbleTime, text) }

    /// A group's size under its name ("8 members", "3 participants, 1 online", "5 Mitglieder"):
    /// the conversation is a group chat.
    func isMemberCount(_ text: String) -> Bool { Self.matches(Self.memberCount, text) }
    private static let memberCount = try! NSRegularExpression(
        pattern:
            #"(?i)^\d+\s+(members?|participants?|people|membres|mitglieder|teilnehmer|miembros|participantes|участник\w*)\b"#
    )

    func isHeaderNoise(_ text: String) -> Bool {
        let lower = text.lowercased()
        return Self.headerNoise.contains(lower) || lower.hasPrefix("last seen") || lower.hasPrefix("active ")
            || words.status.contains(lower)
            || words.status.contains { $0.count >= Self.statusPrefixLength && lower.hasPrefix($0 + " ") }
    }

    /// A header's title and status on one row, read as a line of the chat where the header was
    /// not told apart (a wallpaper behind it): a capitalised name of up to three words, then
    /// the status ("Nur last seen today", "Anna online").
    func isNameAndStatus(_ text: String) -> Bool {
        let words = text.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return false }
        return (1..<min(4, words.count)).contains { count in
            words[..<count].allSatisfy { $0.first?.isUppercase == true }
                && isHeaderNoise(words[count...].joined(separator: " "))
        }
    }

    /// A status phrase this long starts a longer status line ("zuletzt online heute um 9:14").
    private static let statusPrefixLength = 6

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return regex.firstMatch(in: trimmed, range: NSRange(trimmed.startIndex..., in: trimmed)) != nil
    }
}
