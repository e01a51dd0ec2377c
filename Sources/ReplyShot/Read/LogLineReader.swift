import Foundation

/// Reads IRC-style chat logs (WeeChat, Quassel, terminal-like clients): no bubbles and no
/// post headers, but one line per message that starts with its time, a column down the
/// screen's left edge, or with the sender's nick in angle brackets ("<alice> oh?"). After
/// the time comes the nick, "-->" / "<--" before a join or a part (a notice), or "*" before
/// an action ("* owen slaps q"); a line that starts with none of these is the one above
/// wrapped. Pictures beside the lines are previews of the links in them, not messages.
struct LogLineReader {
    private let corrector = OCRCorrector()

    /// A preview picture's scraps are a word or two.
    static let maximumScrapWords = 2
    /// A screen is a log when at least this many rows start like a log's line: fewer are
    /// too easily a chance (a message that begins with a time).
    static let minimumLogRows = 3
    /// The rows that start with a time share one left edge, within this many line heights.
    static let timeColumnSlack = 1.0

    /// One row's start, as a log line.
    enum Start {
        /// "<alice> text" or, in a nick column, "alice text".
        case said(nick: String, rest: [OCRWord])
        /// "* owen slaps q": the nick is the action's author.
        case action(nick: String, rest: [OCRWord])
        /// "--> foo has joined": the client's own line.
        case event(rest: [OCRWord])
        /// The end of a line whose start has scrolled off.
        case continued(rest: [OCRWord])
    }

    /// The messages of `rows` (top to bottom), or nil when the screen is no log.
    func read(rows allRows: [OCRLine], page: OCRPage, myName: String?, bodyHeight: Double) -> [Bubble]? {
        // A log's lines start at the left, a wrapped line in the text's column; a word or two
        // past the middle are read off a link's preview picture beside them ("a) at"). A
        // longer line there is a bubble on the right, and the screen no log.
        let rows = allRows.filter { $0.box.x < page.layout.width / 2 || $0.words.count > Self.maximumScrapWords }
        let timed = rows.map(timeLed)
        let heads = zip(rows, timed).map { row, afterTime in afterTime ?? row.words[...] }
        let bracketed = heads.filter { $0.first.map { Self.isBracketedNick($0.text) } ?? false }.count
        // The times form one column at the left of the text.
        let timeEdges = zip(rows, timed).compactMap { row, rest in rest == nil ? nil : row.box.x }
        let leftmost = rows.map(\.box.x).min() ?? 0
        let timeColumn =
            timeEdges.count >= Self.minimumLogRows
            && timeEdges.allSatisfy { Double(abs($0 - leftmost)) <= bodyHeight * Self.timeColumnSlack }
        let textColumn = messageColumn(heads, bodyHeight: bodyHeight)
        guard timeColumn || textColumn != nil || bracketed >= Self.minimumLogRows else { return nil }
        let layout = LogLayout(timed: timeColumn, messageColumn: textColumn, slack: bodyHeight * Self.columnSlack)

        var bubbles: [Bubble] = []
        var current: (start: Start, lines: [OCRLine])?
        func flush() {
            guard let (start, lines) = current else { return }
            current = nil
            var words: [OCRWord]
            let speaker: Speaker, kind: MessageKind, author: String?
            switch start {
            case .said(let nick, let rest), .action(let nick, let rest):
                words = rest
                author = nick
                kind = .text
                speaker = myName.map { nick.caseInsensitiveCompare($0) == .orderedSame } ?? false ? .me : .them
            case .event(let rest):
                words = rest
                author = nil
                kind = .notice
                speaker = .unknown
            case .continued(let rest):
                words = rest
                author = nil
                kind = .text
                speaker = .unknown
            }
            words += lines.dropFirst().flatMap(\.words)
            let text = corrector.correct(words.map(\.text).joined(separator: " "))
            guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return }
            let box = PixelRect(enclosing: lines.map(\.box))
            let cut = page.layout.mayGoOnBeyondEdge(box, lineHeight: bodyHeight)
            bubbles.append(
                Bubble(
                    speaker: speaker, author: author, text: text, kind: kind, box: box,
                    confidence: words.meanConfidence, source: page.source, isCutOff: cut))
        }
        for (index, row) in rows.enumerated() {
            if let start = start(of: heads[index], afterTime: timed[index] != nil, in: layout) {
                flush()
                current = (start, [row])
            } else if current != nil {
                current!.lines.append(row)
            } else {
                current = (.continued(rest: Array(heads[index])), [row])
            }
        }
        flush()
        return bubbles
    }

    /// What tells a log line's start on this screen.
    struct LogLayout {
        /// Lines start with their time.
        var timed: Bool
        /// Where the messages' text starts when the nicks stand in a column of their own.
        var messageColumn: Int?
        var slack: Double
    }

    /// Starts of rows within this many line heights are one column.
    static let columnSlack = 0.6
    /// Of the rows, at least this share must fit a nick column's layout for it to be one
    /// (a nick row or a wrapped line's rest), and at least `minimumNickRowShare` start with
    /// a nick: a log's messages are mostly a line or two.
    static let nickColumnShare = 0.8
    static let minimumNickRowShare = 0.3

    /// The left edge of the message text when nicks stand in a column of their own
    /// (WeeChat): rows whose first word (the nick) ends before that edge and whose second
    /// word starts on it, with the wrapped lines starting on it too. nil when fewer than
    /// `minimumLogRows` rows are laid out so, or when they are not most of the screen.
    func messageColumn(_ heads: [ArraySlice<OCRWord>], bodyHeight: Double) -> Int? {
        let slack = bodyHeight * Self.columnSlack
        let seconds = heads.compactMap { words -> Int? in
            guard words.count >= 2, let first = words.first, first.text.count <= Self.maximumNickLength else {
                return nil
            }
            let second = words[words.index(after: words.startIndex)]
            return Double(second.box.x - first.box.maxX) >= slack / 2 ? second.box.x : nil
        }
        // The edge most second words share.
        guard
            let edge = seconds.max(by: { a, b in
                seconds.filter { Double(abs($0 - a)) <= slack }.count
                    < seconds.filter { Double(abs($0 - b)) <= slack }.count
            })
        else { return nil }
        let nickRows = seconds.filter { Double(abs($0 - edge)) <= slack }.count
        // Every other row is a wrapped line's rest and starts on the edge; a page whose
        // other rows start elsewhere (a mail's body under its headers) is no log.
        let wrapped = heads.filter { words in
            guard let first = words.first else { return false }
            return Double(abs(first.box.x - edge)) <= slack && first.box.x > edge - Int(slack / 2)
        }.count
        // A nick whose text was not read (a line in another script) stands alone where the
        // other nicks start.
        let nickStarts = heads.compactMap { words -> Int? in
            guard words.count >= 2, let first = words.first else { return nil }
            let second = words[words.index(after: words.startIndex)]
            return Double(abs(second.box.x - edge)) <= slack ? first.box.x : nil
        }
        let loneNicks = heads.filter { words in
            guard words.count == 1, let nick = words.first, nick.text.count <= Self.maximumNickLength else {
                return false
            }
            return Double(nick.box.maxX) <= Double(edge) - slack / 2
                && nickStarts.contains { Double(abs($0 - nick.box.x)) <= slack / 2 }
        }.count
        guard nickRows >= Self.minimumLogRows, Double(nickRows) >= Double(heads.count) * Self.minimumNickRowShare,
            Double(nickRows + loneNicks + wrapped) >= Double(heads.count) * Self.nickColumnShare
        else { return nil }
        return edge
    }

    /// IRC nicks are short.
    static let maximumNickLength = 20

    /// The row's words after a leading time ("18:26", "1826", "[18:26:04]"), or nil when it
    /// does not start with one. OCR may split a bracketed time at its colon ("[16: 07]",
    /// "[16 07]"): two words then.
    func timeLed(_ row: OCRLine) -> ArraySlice<OCRWord>? {
        guard let first = row.words.first, row.words.count >= 2 else { return nil }
        if Self.matches(Self.logTime, first.text) { return row.words.dropFirst() }
        let second = row.words[1]
        guard row.words.count >= 3, Self.matches(Self.logTimeHours, first.text),
            Self.matches(Self.logTimeMinutes, second.text), first.text.hasPrefix("[") == second.text.hasSuffix("]")
        else { return nil }
        return row.words.dropFirst(2)
    }

    /// How a line starts (after its time, if it has one), or nil for a wrapped line's rest.
    func start(of words: ArraySlice<OCRWord>, afterTime: Bool, in layout: LogLayout) -> Start? {
        guard let first = words.first else { return nil }
        let rest = Array(words.dropFirst())
        if let edge = layout.messageColumn, Double(abs(first.box.x - edge)) <= layout.slack { return nil }
        if Self.eventMarkers.contains(first.text) { return .event(rest: rest) }
        if first.text == "*", let nick = rest.first { return .action(nick: nick.text, rest: Array(rest.dropFirst())) }
        if Self.isBracketedNick(first.text) { return .said(nick: Self.nick(first.text), rest: rest) }
        // In a nick column, or after the time, the first word is the nick.
        let inColumn = layout.messageColumn.map { edge in
            rest.first.map { Double(abs($0.box.x - edge)) <= layout.slack } ?? false
        }
        if inColumn ?? (afterTime && layout.timed), !rest.isEmpty {
            return .said(nick: Self.nick(first.text), rest: rest)
        }
        // A nick alone in the nick column: its line was not read (another script), and it
        // still ends the line above.
        if let edge = layout.messageColumn, rest.isEmpty, first.text.count <= Self.maximumNickLength,
            Double(first.box.maxX) <= Double(edge) - layout.slack / 2
        {
            return .said(nick: Self.nick(first.text), rest: [])
        }
        return nil
    }

    /// "<@alice>" → "alice": brackets and channel-mode signs are no part of the nick.
    static func nick(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: "<>‹›@+%&~ "))
    }

    static func isBracketedNick(_ text: String) -> Bool {
        (text.hasPrefix("<") || text.hasPrefix("‹")) && (text.hasSuffix(">") || text.hasSuffix("›")) && text.count >= 3
    }

    /// What a client writes before a join, a part or a quit.
    static let eventMarkers: Set<String> = ["-->", "<--", "--", "—>", "<—", "->", "<-", "-!-", "***", "=!="]

    private static let logTime = try! NSRegularExpression(
        pattern: #"^\[?(?:[01]?\d|2[0-3])[:.]?[0-5]\d(?:[:.][0-5]\d)?\]?$"#)

    private static let logTimeHours = try! NSRegularExpression(pattern: #"^\[?(?:[01]?\d|2[0-3])[:.]?$"#)
    private static let logTimeMinutes = try! NSRegularExpression(pattern: #"^[0-5]\d(?:[:.][0-5]\d)?\]?$"#)

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
