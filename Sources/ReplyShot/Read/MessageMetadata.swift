import Foundation

/// The small print apps add to a message, which is not part of it: times ("2:11 PM",
/// "14:02", "5 min", "Now", "Yesterday", "Jan 5, 2021 10:51 PM"), delivery ticks, locks and
/// shields (which Tesseract reads as "@", "VY", "Ww", "+"), "edited", file sizes.
///
/// Times in a message's own words ("see you at 8:30") are kept: metadata is only stripped
/// from the end of a bubble's rows, never after a word that introduces a time.
struct MessageMetadata {
    /// Other languages' receipts, time suffixes ("Uhr") and prepositions ("um 8:30").
    private let words: ChromeWords
    private let introducesTimeWords: Set<String>
    /// Whether a time after this word belongs to the sentence ("at 8:30", "um 8:30").
    func introducesTime(_ lowered: String) -> Bool { introducesTimeWords.contains(lowered) }

    init(words: ChromeWords = ChromeFilter.shippedWords) {
        self.words = words
        introducesTimeWords = Self.englishTimePrepositions.union(words.timePrepositions)
    }

    /// A time, alone or with its am/pm; delivery ticks drawn right after it may read as one to
    /// three letters glued to it ("3.34pMwW", "5:11 AMw"; not "y" after a lone "am": "Amy").
    /// (A time's colon in small grey type may come out as "?" or "°": "14°35"; its leading
    /// zero as the letter: "O2:34".)
    private static let time = try! NSRegularExpression(
        pattern:
            #"^(?i)[^\w]{0,2}((?:o\d|\d{1,2})[:.;?°]\d{2}([:.]\d{2})?([ap]\.?m\.?)?[vwy]{0,3}|[ap]\.?m\.?[vw]{0,3}|\d{1,3}\s?(min|mins|m|h|hr|hrs|d|s|sec|w)|now|just\s?now|yesterday|today|just|min|mins|hr|hrs|sec|secs)(?:[^\w]|_){0,2}$"#
    )
    /// A word that starts like an English month ("Jan", "Sept", "December"); each pattern
    /// adds the punctuation it allows around it. Shared by the date patterns here and in
    /// PostReader.
    static let monthPrefix = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    private static let dateWord = try! NSRegularExpression(
        pattern:
            #"^(?i)(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?$|^(?i)"# + monthPrefix
            + #"\.?,?$|^(?:\d{1,2}(st|nd|rd|th)?|\d{4})[,.]?$|^\d{1,2}[/.-]\d{1,2}([/.-]\d{2,4})?,?$|^\d{4}-\d{2}-\d{2},?$|^(?i)(at|on|•|·|-|–|\|)$"#
    )
    /// "5 days ago", "about 3 hours ago", "less than a minute ago": relative stamps, small
    /// print only as a whole row ("two weeks ago" ends many a real sentence, so these are
    /// never stripped off the end of one).
    private static let relativeUnit = try! NSRegularExpression(
        pattern:
            #"^(?i)(seconds?|minutes?|hours?|days?|weeks?|months?|years?|ago|an?|one|about|over|almost|nearly|less|than)$"#
    )
    private static let marker = try! NSRegularExpression(
        pattern:
            #"^(?i)[(\[]?(edited|read|seen|sent|delivered|received|sending|failed|encrypted|unencrypted)[)\]]?(?:[.:]|\.{3}|…)?$"#
    )
    /// The units a file's size is printed in, shared by the size and its parts read apart.
    private static let sizeUnits = "(b|bytes|kb|kib|mb|mib|gb|gib)"
    private static let size = try! NSRegularExpression(
        pattern: #"^(?i)\d+([.,]\d+)?\s?"# + sizeUnits + #"$|^(?i)"# + sizeUnits + "$")
    private static let duration = try! NSRegularExpression(
        pattern: #"^[^\w]{0,2}(\d{1,2}:)?\d{1,2}:\d{2}[^\w]{0,2}$"#)
    /// Words after which a time belongs to the message: "at 8:30", "until 5 pm".
    private static let englishTimePrepositions: Set<String> = [
        "at", "by", "until", "till", "til", "from", "to", "around", "before", "after", "about", "since", "is", "it's",
        "its", "~", "@",
    ]

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static let englishMonth = try! NSRegularExpression(
        pattern: "^" + monthPrefix + "$")
    /// A month's name or short form, in English or a shipped language ("März", "марта").
    func isMonth(_ lowered: String) -> Bool {
        Self.matches(Self.englishMonth, Self.latinLookalikes(lowered).lowercased())
            || (lowered.count >= 3 && words.days.contains(lowered))
    }
    static func isYear(_ lowered: String) -> Bool {
        lowered.count == 4 && (lowered.hasPrefix("19") || lowered.hasPrefix("20")) && lowered.allSatisfy(\.isNumber)
    }

    func isTime(_ word: String) -> Bool { Self.matches(Self.time, Self.latinLookalikes(word)) }
    /// A time in figures ("9:29", "14:43:09"), not a word that can be one ("now", "AM").
    func isTimeInFigures(_ word: String) -> Bool { word.contains(where: \.isNumber) && isTime(word) }

    /// Read with Cyrillic or Greek data, a Latin stamp comes out in look-alike letters
    /// ("14 Мау 2017", "РМ"); the English patterns see it in Latin ones.
    static func latinLookalikes(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: { $0.value >= 0x370 }) else { return word }
        return String(word.map { lookalikes[$0] ?? $0 })
    }

    private static let lookalikes: [Character: Character] = [
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
        "У": "Y", "Х": "X", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "к": "k",
        // The capitals lowered: a stamp's words are matched lowercased ("Мау" → "мау").
        "м": "m", "т": "t", "н": "h", "в": "b",
        "Α": "A", "Β": "B", "Ε": "E", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y",
        "ο": "o",
    ]

    /// "Jan", "Monday," "12.", "2021", "on", or another language's day or month ("März",
    /// "вчера"; not its short forms, which are names as often: "Sam", "Dom"). A figure of three
    /// digits is neither a day nor a year: a message's own number ("234").
    func isDateWord(_ word: String) -> Bool {
        let lower = word.lowercased().trimmingCharacters(in: .punctuationCharacters)
        return Self.matches(Self.dateWord, Self.latinLookalikes(word))
            || (lower.count >= ChromeFilter.minimumLoneDayWord && words.days.contains(lower))
    }
    func isMarker(_ word: String) -> Bool {
        Self.matches(Self.marker, word)
            || words.receipts.contains(word.lowercased().trimmingCharacters(in: .punctuationCharacters))
    }

    /// "edited", "gelesen", "visto" at a row's end are small print only when they look it: in
    /// small type, beside a time, or in brackets. In the message's own type they are its last
    /// word ("Have you read", "Hast du das gesehen", "Ya lo he visto").
    func isSmallPrintMarker(_ word: OCRWord, small: Bool, besideTime: Bool) -> Bool {
        isMarker(word.text) && (small || besideTime || word.text.hasPrefix("(") || word.text.hasPrefix("["))
    }

    /// A word with no figures that is neither a time nor a date's word ("suppose"; "|", an
    /// "I" misread).
    private func isPlainWord(_ text: String) -> Bool {
        !text.contains(where: \.isNumber) && !isTime(text) && !(text.contains(where: \.isLetter) && isDateWord(text))
    }

    /// "Uhr" in "14:02 Uhr": a word that belongs to the time before it.
    func isTimeSuffix(_ words: [OCRWord], at index: Int) -> Bool {
        index > 0
            && self.words.timeSuffixes.contains(
                words[index].text.lowercased().trimmingCharacters(in: .punctuationCharacters))
            && isTime(words[index - 1].text)
    }
    func isFileSize(_ word: String) -> Bool { Self.matches(Self.size, word) }
    /// The row's word at `index` is a file's size, or its unit read apart after the figure
    /// ("92" "KiB"): a unit alone is a letter or a word ("b", "plan B"), no size.
    func isFileSize(_ words: [OCRWord], at index: Int) -> Bool {
        let text = words[index].text
        guard isFileSize(text) else { return false }
        return text.contains(where: \.isNumber) || (index > 0 && isSizeFigure(words, at: index - 1))
    }
    /// "92" in "92 KiB": a figure read apart from the unit after it is part of the size.
    func isSizeFigure(_ words: [OCRWord], at index: Int) -> Bool {
        index + 1 < words.count && Self.matches(Self.sizeFigure, words[index].text)
            && Self.matches(Self.sizeUnit, words[index + 1].text)
    }
    private static let sizeFigure = try! NSRegularExpression(pattern: #"^\d+([.,]\d+)?$"#)
    private static let sizeUnit = try! NSRegularExpression(pattern: "^(?i)" + sizeUnits + "$")
    /// A voice message's bubble holds nothing to read but small print: its length ("0:04",
    /// "00:03") and the time it was sent, beside a play button and a waveform. Two figures
    /// that read as times and no word: one of them is the length (a bubble's own stamp is one).
    /// Where the bubble prints no stamp, its play button leads a lone length ("> 00:00:12").
    func isVoiceNote(_ words: [OCRWord]) -> Bool {
        let marked = words.filter { $0.text.contains { $0.isLetter || $0.isNumber } }
        guard marked.allSatisfy({ isTime($0.text) || isTickScrap($0) }) else { return false }
        let figures = marked.filter { isTimeInFigures($0.text) }
        if figures.count >= 2 && figures.contains(where: { isDuration($0.text) }) { return true }
        guard marked.count == 1, isDuration(marked[0].text), let first = words.first else { return false }
        return !first.text.isEmpty && first.text.allSatisfy { Self.playGlyphs.contains($0) }
    }
    /// A recording's bubble whose rows were all small print, some of it words (Conversations
    /// signs it "Voicemail Recording just now · 5 KiB" under "0:10"): a length in figures on
    /// a row of its own and a time on another. A bubble of text keeps a row to read; one of an
    /// emoji has one time; a time with its "PM" or its date ("Feb 24 3:57 AM") is one stamp.
    func holdsLengthAndStamp(_ words: [OCRWord]) -> Bool {
        guard let length = words.firstIndex(where: { isDuration($0.text) }) else { return false }
        let besideLength = words.filter { $0.box.sharesRows(with: words[length].box) }
        return besideLength.count == 1
            && words.contains { !$0.box.sharesRows(with: words[length].box) && isTime($0.text) }
    }
    /// What Tesseract makes of a play button's triangle.
    private static let playGlyphs: Set<Character> = [">", "»", "›", "▶", "►", "▷", "▸"]
    func isDuration(_ text: String) -> Bool { Self.matches(Self.duration, text) }
    /// A recording's length whose first figure is zero ("0:04", "00:17"): a stamp reads so
    /// only for a message sent in the first hour after midnight.
    static func isLengthFromZero(_ text: String) -> Bool { matches(lengthFromZero, text) }
    private static let lengthFromZero = try! NSRegularExpression(pattern: #"^[^\w]{0,2}0{1,2}:\d{2}[^\w]{0,2}$"#)

    /// Reactions under a message: chips of an emoji, which Tesseract reads as a scrap ("es"
    /// for a thumbs-up, read unsurely) or not at all, and the count of people who chose it
    /// ("👍 11"). Every word is a scrap or a count. With one count, a scrap comes before it
    /// ("at 5" is a message); with several, each emoji may have gone unread ("B20) ye 13 9
    /// 984" for Zulip's five chips), as long as no word was read surely as a word.
    func isReactionRow(_ words: [OCRWord]) -> Bool {
        let counts = words.filter(Self.isReactionCount).count
        guard counts >= 1, words.count <= ReadingTuning.maximumReactions * 2 else { return false }
        if counts >= 2 {
            return words.allSatisfy { word in
                let alnum = word.text.filter { $0.isLetter || $0.isNumber }
                return Self.isReactionCount(word) || alnum.isEmpty
                    || (alnum.count <= 3 && word.confidence < Self.reactionScrapConfidence)
            }
        }
        for (index, word) in words.enumerated() {
            if Self.isReactionCount(word) {
                guard index > 0 else { return false }
            } else if !isGlyph(word) {
                return false
            }
        }
        return true
    }
    /// How many people chose a reaction: one to three figures.
    static func isReactionCount(_ word: OCRWord) -> Bool {
        (1...3).contains(word.text.count) && word.text.allSatisfy(\.isNumber)
    }
    /// Emoji each followed by a count, and nothing else: the reactions under a message
    /// ("🥰 1", "👍 2 ❤️ 1"). A count is read surely, so it is only known for one by the emoji
    /// right before it; a count alone ("5") is a message.
    static func isReactionChip(_ words: [OCRWord], isEmoji: (OCRWord) -> Bool) -> Bool {
        guard words.contains(where: isReactionCount) else { return false }
        for (index, word) in words.enumerated() {
            if isReactionCount(word) {
                guard index > 0, isEmoji(words[index - 1]) else { return false }
            } else if !isEmoji(word) {
                return false
            }
        }
        return true
    }
    /// A scrap beside several counts is read less surely than this (an emoji read as "ye").
    static let reactionScrapConfidence = 0.8

    /// An icon or tick as Tesseract reads it: no letter or digit, or a scrap of one or two
    /// letters it is unsure of.
    func isGlyph(_ word: OCRWord) -> Bool {
        let alnum = word.text.filter { $0.isLetter || $0.isNumber }
        if alnum.isEmpty { return true }
        return alnum.count <= 3 && word.confidence < 0.6 && !OCRCorrector.isStroke(word.text)
    }

    /// A scrap beside a name: no letters at all, or at most two letters read unsurely
    /// (an avatar as "aa)", an arrow as "€").
    func isScrap(_ word: OCRWord) -> Bool {
        // A number ("+44", "2") is never a scrap: unknown senders are shown by number.
        guard !word.text.contains(where: \.isNumber) else { return false }
        let letters = word.text.filter(\.isLetter)
        if letters.isEmpty { return true }
        return letters.count <= 2
            && (word.confidence < 0.8 || !word.text.allSatisfy { $0.isLetter || "'’-.".contains($0) })
    }

    /// A lock, pin or shield before a time: no letter or digit at all, or a scrap read with
    /// little confidence.
    func isIcon(_ word: OCRWord) -> Bool {
        word.text.allSatisfy { !$0.isLetter && !$0.isNumber } || (isGlyph(word) && word.confidence < 0.5)
    }

    /// Every word is small print: the row under a bubble ("Jan 5, 2021 10:51 PM", "Read 14:02",
    /// "215 KiB", "✓✓ 9:41").
    func isMetadataRow(_ words: [OCRWord]) -> Bool {
        guard !words.isEmpty else { return false }
        if Self.isGenerationStats(words.map(\.text).joined(separator: " ")) { return true }
        if let stamp = fullStampLength(words), stamp < words.count,
            isStampAttributes(words[stamp...]) || isDisclosure(words[stamp...])
        {
            return true
        }
        return isStampWords(words)
    }

    /// Every word is a time, a date word, a receipt, a size, a tick or a mark, with a time,
    /// a receipt or a size among them, or a whole date.
    private func isStampWords(_ words: [OCRWord]) -> Bool {
        var evidence = false
        let lowered = words.map { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        // "5 days ago", "Vor 6 Tagen", "Hace 2 horas", "3 дня назад"; "1 minute ago, 8:26 AM".
        let relative =
            lowered.contains("ago")
            || (lowered.contains(where: self.words.relativeMarkers.contains)
                && lowered.contains(where: self.words.relativeUnits.contains))
        for (index, word) in words.enumerated() {
            let text = word.text
            let isRelativeMarker = lowered[index] == "ago" || self.words.relativeMarkers.contains(lowered[index])
            if isTime(text) || isMarker(text) || isFileSize(words, at: index) || isSizeFigure(words, at: index)
                || (relative && isRelativeMarker) || isTimeSuffix(words, at: index)
            {
                evidence = true
                continue
            }
            if relative, Self.matches(Self.relativeUnit, text) || self.words.relativeUnits.contains(lowered[index]) {
                continue
            }
            // A menu's dots beside the stamp read as ":" or "|": a mark with nothing to read.
            let isMark = !text.contains { $0.isLetter || $0.isNumber }
            if isDateWord(text) || isTickScrap(word) || isMark || Self.stateLabels.contains(lowered[index])
                || isTickLetter(words, at: index)
            {
                continue
            }
            return false
        }
        // "14 May 2017 2115": a whole date (a month and a year) is a stamp even when the
        // time beside it lost its colon; so is a date in figures with its year ("2016-12-16",
        // the day's divider in a log).
        return evidence || (lowered.contains(where: isMonth) && lowered.contains(where: Self.isYear))
            || words.contains { Self.matches(Self.dateInFigures, $0.text) }
    }
    /// A day in figures with its year, ISO's order or the day (or month) first.
    private static let dateInFigures = try! NSRegularExpression(
        pattern: #"^(?:19|20)\d{2}-\d{1,2}-\d{1,2},?$|^\d{1,2}[/.]\d{1,2}[/.](?:19|20)\d{2},?$"#)

    /// How many words a complete stamp at the row's start takes: a month and a year (a day
    /// may stand with them) and a time, with its "PM" ("2 Jul 2024 19:27"); nil when the row
    /// does not start so.
    private func fullStampLength(_ words: [OCRWord]) -> Int? {
        guard let time = words.prefix(Self.maximumStampWords).firstIndex(where: { isTime($0.text) }) else {
            return nil
        }
        let lowered = words[...time].map { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        guard lowered.contains(where: isMonth), lowered.contains(where: Self.isYear),
            isStampWords(Array(words[...time]))
        else { return nil }
        var end = time + 1
        if end < words.count, isTime(words[end].text), !words[end].text.contains(where: \.isNumber) { end += 1 }
        return end
    }
    /// The time comes within this many words: "Jan 5, 2021 10:51", one word to spare.
    private static let maximumStampWords = 5

    /// What a social post prints after its stamp, set apart by dots: its visibility, its
    /// language and the app it was sent from ("• EN • Web"); a few short words and marks
    /// (a dot may read as "+").
    private func isStampAttributes(_ words: ArraySlice<OCRWord>) -> Bool {
        let named = words.filter { $0.text.contains(where: \.isLetter) }
        return named.count <= Self.maximumStampAttributes
            && words.allSatisfy { word in
                Self.signatureSeparators.contains(word.text) || word.text == "+"
                    || (word.text.count <= Self.maximumAttributeLength && word.text.allSatisfy(\.isLetter))
            }
            && words.contains { Self.signatureSeparators.contains($0.text) || $0.text == "+" }
    }
    /// A mail's button after when it was sent, that shows its addresses ("Details ⌄",
    /// "Show details"; the chevron reads as "v" or a mark).
    private func isDisclosure(_ words: ArraySlice<OCRWord>) -> Bool {
        let lowered = words.map { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        return lowered.contains("details")
            && lowered.allSatisfy { $0.isEmpty || Self.disclosureWords.contains($0) }
    }
    private static let disclosureWords: Set<String> = ["details", "show", "hide", "v"]

    /// Visibility, language and app: at most three words, each a short one ("Tusky").
    private static let maximumStampAttributes = 3
    private static let maximumAttributeLength = 8

    /// An assistant's report of how fast it wrote an answer ("35ms per token, 28.58 tokens
    /// per second", "28.94 sec, 7.81 t/s"): figures with their units, a rate among them.
    static func isGenerationStats(_ text: String) -> Bool {
        matches(generationStats, text) && matches(generationRate, text)
    }
    private static let generationUnit = #"(?:ms|s|se[cs]s?|seconds?|tokens?|tok|t)"#
    private static let generationStats = try! NSRegularExpression(
        pattern: #"^(?i)(?:\s*[\d.,]+\s*"# + generationUnit + #"(?:\s*(?:per|/)\s*"# + generationUnit
            + #")?[\s,;·•|]*)+$"#)
    private static let generationRate = try! NSRegularExpression(
        pattern: #"(?i)(?:per|/)\s*(?:token|tokens|s|sec|second)\b"#)

    /// The label a delivery report puts before the state ("State Delivered", "Status: Read"):
    /// small print beside a state, never evidence of one alone.
    static let stateLabels: Set<String> = ["state", "status"]

    /// Marks that set a stamp apart from the sender's name on one row ("2:11 PM · Alice").
    /// (A middle dot in small grey type may read as "+".)
    static let signatureSeparators: Set<String> = ["·", "•", "‧", "∙", "|", "-", "–", "—", "+"]
    /// Separators OCR may glue to the end of the name before them ("Jae-", "seb:").
    static let gluedSeparators: Set<Character> = ["·", "•", "-", "–", "—", ":"]

    /// The sender's name when the row is a stamp and a name set apart by a separator, in
    /// either order ("2:11 PM · Alice", "Alice • Yesterday 9:41 PM"), as group chats sign a
    /// message under its text; nil for any other row. The name is a few words of letters,
    /// digits and the marks nicknames use, with a letter in it.
    /// A row in small print may have lost its separator to OCR (a middle dot is a few pixels):
    /// `smallPrint` lets the stamp end or begin anywhere.
    func signature(_ words: [OCRWord], maximumNameWords: Int, smallPrint: Bool = false) -> String? {
        // Movim's "Jae · 11:19" read "Jae- 11:19": the separator goes back to a word of its own.
        // (A colon only in small print: "Start: 9:30" is a sentence's.)
        if let cut = words.firstIndex(where: { word in
            guard word.text.count > 1, let last = word.text.last else { return false }
            return Self.gluedSeparators.contains(last) && (smallPrint || last != ":")
        }), cut + 1 < words.count, isStamp(Array(words[(cut + 1)...])) {
            var name = words[cut]
            name.text.removeLast()
            var separator = words[cut]
            separator.text = "·"
            let split = Array(words[..<cut]) + [name, separator] + Array(words[(cut + 1)...])
            return signature(split, maximumNameWords: maximumNameWords, smallPrint: smallPrint)
        }
        func name(_ part: [OCRWord]) -> String? {
            guard !part.isEmpty, part.count <= maximumNameWords, part.allSatisfy({ Self.isNameWord($0.text) }),
                part.contains(where: { $0.text.contains(where: \.isLetter) }), !isMetadataRow(part)
            else { return nil }
            return part.map(\.text).joined(separator: " ")
        }
        // Without a separator a name needs three letters: a lock or a tick beside the time
        // reads as one or two ("aH").
        func nameInSmallPrint(_ part: [OCRWord]) -> String? {
            guard part.map({ $0.text.filter(\.isLetter).count }).reduce(0, +) >= 3,
                !part.allSatisfy(isTickScrap)
            else { return nil }
            return name(part)
        }
        if let cut = words.firstIndex(where: { Self.signatureSeparators.contains($0.text) }) {
            let before = Array(words[..<cut]), after = Array(words[(cut + 1)...])
            // The part before the separator may itself be a name and a stamp ("Bob just now ·
            // 5 KiB"): the stamp is no part of the name.
            if isStamp(before), let signed = name(after) { return signed }
            if isStamp(after),
                let signed = signature(before, maximumNameWords: maximumNameWords, smallPrint: smallPrint)
                    ?? name(before)
            {
                return signed
            }
            return nil
        }
        guard smallPrint, words.count >= 2 else { return nil }
        // The longest stamp: "2:11 PM Alice" is signed by Alice, not by "PM Alice".
        for cut in (1..<words.count).reversed() where isStamp(Array(words[..<cut])) {
            return nameInSmallPrint(Array(words[cut...]))
        }
        for cut in 1..<words.count where isStamp(Array(words[cut...])) {
            return nameInSmallPrint(Array(words[..<cut]))
        }
        return nil
    }

    /// A word of a person's name or nickname: letters, digits and the marks nicknames use
    /// ("matrix_boi2", "O'Neil", "j.doe").
    static func isNameWord(_ text: String) -> Bool {
        text.allSatisfy { $0.isLetter || $0.isNumber || "._-'’".contains($0) }
    }

    /// Time words that are also ordinary words at the end of a message ("see you now").
    static let ambiguousTimes: Set<String> = ["now", "just", "today", "yesterday"]
    /// Small print is drawn smaller than the message: its words are at most this share of
    /// the screen's usual line height (digits and capitals of body text reach about 0.7).
    static let smallPrintShare = 0.62

    /// Words that are a stamp by themselves: small print not opened by a word that makes a
    /// time the sentence's ("at 9:30 - Alice" ends a sentence; a stamp does not start with "at").
    func isStamp(_ part: [OCRWord]) -> Bool {
        guard let first = part.first, !introducesTime(first.text.lowercased()) else { return false }
        return isMetadataRow(part)
    }

    /// A lone capital closing the row right after its time: the tick drawn there, read
    /// surely as a letter ("9:21AM A"). Not the pronoun "I", which may follow a time in text.
    func isTickLetter(_ words: [OCRWord], at index: Int) -> Bool {
        let text = words[index].text
        return index == words.count - 1 && index > 0 && isTimeInFigures(words[index - 1].text) && text.count == 1
            && text.first?.isUppercase == true && text != "I"
    }

    /// A tick or icon after a time, as Tesseract reads it: no letters or digits, or a scrap
    /// of at most three without a vowel or read with little confidence ("VY", "Ww", "OY").
    func isTickScrap(_ word: OCRWord) -> Bool {
        let alnum = word.text.filter { $0.isLetter || $0.isNumber }
        if alnum.isEmpty { return true }
        let vowels = alnum.lowercased().filter { "aeiou".contains($0) }
        // "5m" and "2h" have no vowel either, and are times; ticks read as figures make one
        // or two ("4"), and three figures are a number ("234").
        return alnum.count <= 3 && (vowels.isEmpty || word.confidence < 0.6) && !OCRCorrector.isStroke(word.text)
            && !isTime(word.text) && !(alnum.count == 3 && alnum.allSatisfy(\.isNumber))
    }

    /// A message's "more" button, three dots, as Tesseract reads them: three of one round
    /// letter ("eee", "ooo"). Where a message's own words could end the row, callers ask for
    /// small type too: "ooo" in the message's type is a word.
    static func isOverflowDots(_ text: String) -> Bool {
        let letters = text.lowercased().filter(\.isLetter)
        return letters.count == 3 && Set(letters).count == 1 && "eoc".contains(letters.first!)
            && text.allSatisfy { $0.isLetter || $0.isPunctuation }
    }

    /// A time in small print whose colon OCR lost ("10:20" as "1020" or "120"): three or four
    /// digits. In the message's own type such a number is the message's.
    private static let colonlessTime = try! NSRegularExpression(pattern: #"^[^\w]{0,2}\d{3,4}[^\w]{0,2}$"#)
    static func isTimeWithoutColon(_ word: String) -> Bool { matches(colonlessTime, word) }
    /// A lapse in figures and a one-letter unit ("23h", "20m"), as a stamp or a measure writes it.
    private static let compactLapse = try! NSRegularExpression(pattern: #"^\d{1,3}[smhdw]$"#)
    /// "pm", "AM", "a.m." alone: the second half of a time.
    static func isMeridiem(_ word: String) -> Bool { matches(meridiem, word) }
    private static let meridiem = try! NSRegularExpression(pattern: #"^(?i)[ap]\.?m\.?$"#)

    /// The row without the metadata at its end. The row is untouched unless a time, marker or
    /// file size is at its end (after any ticks); a glyph just before it (a lock, a pin) goes too.
    /// `continuing`: the last word of the row above in the same message, which the row goes on
    /// from ("my train gets in at" / "18:50 18:22").
    func strippingTrailing(
        _ words: [OCRWord], lineHeight: Double, wholeRow: Bool = false, continuing: String? = nil
    ) -> (
        kept: [OCRWord], removed: [OCRWord]
    ) {
        func isSmall(_ word: OCRWord) -> Bool { Double(word.box.height) < lineHeight * Self.smallPrintShare }
        var tail = words.count
        while tail > 0,
            isTickScrap(words[tail - 1]) || (isSmall(words[tail - 1]) && Self.isOverflowDots(words[tail - 1].text)),
            !(isSmall(words[tail - 1]) && Self.isTimeWithoutColon(words[tail - 1].text))
        {
            tail -= 1
        }
        var start = tail
        var sawTime = false
        while start > 0 {
            let word = words[start - 1]
            let lower = word.text.lowercased().trimmingCharacters(in: .punctuationCharacters)
            let small = isSmall(word)
            if isTime(word.text) || isTimeSuffix(words, at: start - 1) || (small && Self.isTimeWithoutColon(word.text))
            {
                // "see you now" keeps its word; a small "Now" or one alone on its row is a stamp.
                if Self.ambiguousTimes.contains(lower), !small, !(wholeRow && start == 1) { break }
                // "I suppose I am.": a meridiem after a word without figures that is no time
                // or date is the message's word, when in the message's type or in lower case
                // (whose letters measure as small as a stamp's). Alone, after "Yesterday," or
                // figures that lost their colon ("918 am"), or a small "PM" whose time was read
                // apart, it is a stamp's.
                if Self.isMeridiem(word.text), !small || word.text.contains(where: \.isLowercase), start >= 2,
                    isPlainWord(words[start - 2].text)
                {
                    break
                }
                sawTime = true
            } else if sawTime, introducesTime(lower) {
                // "Jan 5 at 10:51" is a stamp; "meet me at 18:30" is the message's own time.
                let before = start >= 2 ? words[start - 2].text : ""
                guard isDateWord(before) || isTime(before) else { break }
            } else if !(isSmallPrintMarker(word, small: small, besideTime: sawTime) || isFileSize(words, at: start - 1)
                || (start < tail && isDateWord(word.text)) || isSizeFigure(words, at: start - 1))
            {
                break
            }
            start -= 1
        }
        guard start < tail else { return (words, []) }
        // "Uptime: 0d 23h 20m": a lapse told in two units or more, in the message's own type,
        // is what the message measures; a stamp is one figure ("23h", "5 min").
        let run = words[start..<tail]
        if run.filter({ !isSmall($0) && Self.matches(Self.compactLapse, $0.text) }).count >= 2 {
            return (words, [])
        }
        // "Okay, 3:30 PM.": a time in the message's own type that ends its sentence is the
        // message's; no app prints a full stop after its stamp.
        if !run.contains(where: isSmall), let end = run.last?.text.last, ".!?".contains(end) {
            return (words, [])
        }
        // "at 8:30": the time belongs to the message; a stamp after it still goes ("at 18:50
        // 18:22"), the time with its "pm" staying.
        let before = start > 0 ? words[start - 1].text : continuing
        if sawTime, let before, introducesTime(before.lowercased()) {
            guard isTime(words[start].text) else { return (words, []) }
            start += 1
            while start < tail, isTimeSuffix(words, at: start) || Self.isMeridiem(words[start].text) { start += 1 }
            guard start < tail, words[start..<tail].contains(where: { isTime($0.text) }) else { return (words, []) }
        }
        while start > 0, isIcon(words[start - 1]) { start -= 1 }
        return (Array(words[..<start]), Array(words[start...]))
    }
}
