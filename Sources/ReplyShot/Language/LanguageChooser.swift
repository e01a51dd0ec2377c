import Foundation

/// The language a screenshot was read in, as the OCR stage settled it.
public struct PageLanguage: Equatable, Sendable {
    /// The language of its text as far as replyshot can tell ("rus"), Tesseract's code.
    public var code: String
    /// The Tesseract languages it was read with ("rus+eng").
    public var readWith: String
    /// The package whose data would read it better, when that is not installed.
    public var missingPackage: String?
    /// The text is in a script the installed data cannot read at all: what was read is a guess.
    public var unreadable: Bool
    /// The shot itself showed which language it is in. An unsettled one (a few words of no
    /// known language) takes the language its conversation's other shots settled on.
    public var settled: Bool

    public init(
        code: String, readWith: String, missingPackage: String? = nil, unreadable: Bool = false, settled: Bool = true
    ) {
        self.code = code
        self.readWith = readWith
        self.missingPackage = missingPackage
        self.unreadable = unreadable
        self.settled = settled
    }
}

/// Chooses the language data for a screenshot (`--lang auto`): it is first read with the
/// preferred languages (English unless the config file says otherwise), then
/// - a reading Tesseract was unsure of has its script detected; a script other than Latin is
///   read again with the installed language for it ("rus+eng"), or marked unreadable with
///   the package to install;
/// - a Latin reading full of another language's everyday words ("und", "nicht", "ich") is
///   read again with that language's data, for its ß, ñ and accents.
public struct LanguageChooser: Sendable {
    public var book: LanguageBook
    public var installed: Set<String>
    /// The installed languages the first reading uses, in the order the user gave them.
    public var firstReading: [String]

    public init(book: LanguageBook, installed: Set<String>, preferred: [String] = []) {
        self.book = book
        self.installed = installed
        let usable = preferred.filter(installed.contains)
        firstReading = usable.isEmpty ? [OCROptions.fallbackLanguage] : usable
    }

    public var firstLanguage: String { firstReading.joined(separator: "+") }

    /// A reading whose words average below this confidence (0...1) has its script checked:
    /// Tesseract reads a script it has no data for as confident-looking but unsure garbage
    /// (Russian read with English data averages about 0.6; real English screens 0.75 to 0.96).
    static let unsureReading = 0.75
    /// OSD's margin for a script other than the first reading's before replyshot believes it.
    static let clearScript = 2.0
    /// Everyday words of a language that must be on the screen before it is read again in it.
    static let minimumStopwords = 3

    public enum Decision: Equatable, Sendable {
        /// The first reading stands.
        case keep(PageLanguage)
        /// Read again with `language.readWith`.
        case reread(PageLanguage, because: Evidence)
    }

    public enum Evidence: Equatable, Sendable {
        /// The detected script is not the first reading's.
        case script
        /// The words are another language's of the same script.
        case words
    }

    /// Whether the second reading replaces the first, judged by Tesseract's own confidence:
    /// a script detected wrongly (a screen of icons taken for Cyrillic) reads no better in the
    /// other language, so it is not kept. Another Latin language reads about as surely as
    /// English does, its accents aside: a small loss is allowed there.
    ///
    /// A reading in another script must also be written mostly in it: English words read
    /// again with "rus+eng" stay Latin, with only a time or two turned Cyrillic ("з:з4рм"),
    /// when the detector took a few short words for another script.
    public func keepsSecondReading(first: [OCRWord], second: [OCRWord], evidence: Evidence) -> Bool {
        let allowed = evidence == .words ? Self.accentTolerance : 0
        guard !second.isEmpty, second.meanConfidence >= first.meanConfidence - allowed else { return false }
        return evidence == .words || Self.shareOfLettersBeyondLatin(in: second) >= Self.minimumScriptShare
    }

    /// Of a reading's letters, the share a script-based second reading must have outside Latin.
    static let minimumScriptShare = 0.5

    /// The share of the words' letters that are not Latin (ASCII, Latin-1 and Latin Extended).
    static func shareOfLettersBeyondLatin(in words: [OCRWord]) -> Double {
        let letters = words.flatMap { $0.text.unicodeScalars.filter(\.properties.isAlphabetic) }
        guard !letters.isEmpty else { return 0 }
        let latin: (Unicode.Scalar) -> Bool = { $0.value < 0x250 || (0x1E00...0x1EFF).contains($0.value) }
        return Double(letters.filter { !latin($0) }.count) / Double(letters.count)
    }

    /// Whether a shot is read again in the language other shots of its batch settled on (a
    /// scroll's later shot often shows too few new words to tell on its own); Latin languages
    /// are judged as words-based second readings, other scripts as script-based ones.
    public func keepsReading(in language: PageLanguage, first: [OCRWord], second: [OCRWord]) -> Bool {
        let script = book.profiles[language.code]?.script ?? "Latin"
        return keepsSecondReading(first: first, second: second, evidence: script == "Latin" ? .words : .script)
    }

    /// The language most shots of a batch settled on other than the first reading's, if any.
    public func settledLanguage(of pages: [PageLanguage]) -> PageLanguage? {
        pages.filter { $0.settled && !$0.unreadable && $0.readWith != firstLanguage }.mostCommon(by: \.readWith)
    }

    /// How much less sure a second reading in another Latin language may be and still be kept.
    static let accentTolerance = 0.03

    /// What to do after the first reading of a screenshot gave `words`. `detectScript` is
    /// only asked when the reading looks unsure (it costs about as much as reading a line).
    public func decide(words: [OCRWord], detectScript: () -> DetectedScript?) -> Decision {
        let first = PageLanguage(code: firstReading[0], readWith: firstLanguage, settled: false)
        guard !words.isEmpty else { return .keep(first) }
        let confidence = words.meanConfidence
        let firstScript = book.profiles[firstReading[0]]?.script ?? "Latin"
        let guessed = guessLanguage(of: words.map(\.text), script: firstScript)
        // Words of no known language, or unsure ones: perhaps another script read as this one.
        let unsure = confidence < Self.unsureReading
        if unsure || guessed == nil, let script = detectScript(), script.name != firstScript,
            script.confidence >= Self.clearScript, let decision = decision(forScript: script.name, unsure: unsure)
        {
            return decision
        }
        // Another language's everyday words in an unsure reading are chance: garbage read off
        // a picture or a blurred page has its "il", "ne" and "ces" too (aTalk's 414 px JPEG).
        // Unless those words are read surely themselves: a photo's scraps pull the page's
        // mean down while the captions beside them are clear (nospeak's German captions).
        if unsure, let guessed, !firstReading.contains(guessed),
            everydayWords(of: guessed, in: words).meanConfidence < Self.unsureReading
        {
            return .keep(first)
        }
        guard let guessed, !firstReading.contains(guessed) else {
            return .keep(guessed.map { PageLanguage(code: $0, readWith: firstLanguage) } ?? first)
        }
        guard installed.contains(guessed) else {
            // English data reads a Latin language's words; only its accents may suffer.
            return .keep(
                PageLanguage(
                    code: guessed, readWith: firstLanguage, missingPackage: TesseractEngine.debianPackage(for: guessed))
            )
        }
        return .reread(PageLanguage(code: guessed, readWith: combined(guessed)), because: .words)
    }

    /// Read again in the script's language when it is installed; else, when the first
    /// reading was `unsure` too (a sure one is not another script's garbage, whatever the
    /// detector thought of a few icons), say that the screen cannot be read.
    private func decision(forScript script: String, unsure: Bool) -> Decision? {
        let candidates = book.languages(for: script)
        guard let wanted = candidates.first else { return nil }
        let usable = candidates.filter(installed.contains)
        guard !usable.isEmpty else {
            guard unsure else { return nil }
            return .keep(
                PageLanguage(
                    code: wanted, readWith: firstLanguage, missingPackage: TesseractEngine.debianPackage(for: wanted),
                    unreadable: true))
        }
        // Several installed for one script (rus, ukr): the first in the book's order, unless
        // the preferred list names one.
        let chosen = usable.first { firstReading.contains($0) } ?? usable[0]
        return .reread(PageLanguage(code: chosen, readWith: combined(chosen)), because: .script)
    }

    /// The language with English (names, borrowed words) alongside: "rus+eng".
    private func combined(_ code: String) -> String {
        let english = OCROptions.fallbackLanguage
        return code == english || !installed.contains(english) ? code : "\(code)+\(english)"
    }

    /// A word as the everyday-word lists hold it: lower case, without the punctuation around it.
    private static func token(_ text: some StringProtocol) -> String {
        text.lowercased().trimmingCharacters(
            in: CharacterSet.punctuationCharacters.subtracting(CharacterSet(charactersIn: "'")))
    }

    /// The words read that are everyday words of `code`.
    private func everydayWords(of code: String, in words: [OCRWord]) -> [OCRWord] {
        guard let stopwords = book.profiles[code]?.stopwords else { return [] }
        return words.filter { stopwords.contains(Self.token($0.text)) }
    }

    /// The language of `script` whose everyday words `texts` hold most of, when they hold
    /// enough and clearly more than any other language's.
    public func guessLanguage(of texts: [String], script: String) -> String? {
        let tokens = texts.flatMap { $0.split(whereSeparator: { $0.isWhitespace }) }.map { Self.token($0) }
        let hits = book.profiles.values.filter { $0.script == script }.map { profile in
            (code: profile.code, count: tokens.filter(profile.stopwords.contains).count)
        }.sorted { ($0.count, $1.code) > ($1.count, $0.code) }
        guard let best = hits.first, best.count >= Self.minimumStopwords else { return nil }
        let runnerUp = hits.dropFirst().first?.count ?? 0
        return best.count >= 2 * runnerUp ? best.code : nil
    }
}
