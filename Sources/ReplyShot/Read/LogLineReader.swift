import Foundation

/// Reads IRC-style chat logs (WeeChat, Quassel, terminal-like clients): no bubbles and no
/// post headers, but one line per message that starts with its time, a column down the
/// screen's left edge, or with the sender's nick in angle brackets ("<alice> oh?"). After
/// the time comes the nick, "-->" / "<--" before a join or a part (a notice), or "*" before
/// an action ("* owen slaps q"); a line that starts with none of these is the one above
/// wrapped. Pictures beside the lines are previews of the links in them, not messages.
struct LogLineReader {
    private let corrector = OCRCorrector()
    /// Tells the client's own lines by their wording where no arrow leads them (The Lounge
    /// writes "thelounge981 (~user@host) has joined the channel" in the nick's column).
    let chrome: ChromeFilter
    /// Tells a day's divider ("── 2016-12-16 ──") from a wrapped line's rest.
    let metadata: MessageMetadata

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
        /// A line whose lead (its time, its nick) was not read: it stands where lines start.
        case unled(rest: [OCRWord])
        /// Another line by the nick above, under its first (Polari, Slack's compact look
        /// show the nick once for lines sent one after another).
        case followOn(nick: String, rest: [OCRWord])

        /// Whose line it is, where the line tells.
        var nick: String? {
            switch self {
            case .said(let nick, _), .action(let nick, _), .followOn(let nick, _): nick
            case .event, .continued, .unled: nil
            }
        }
    }

    /// A row that starts where lines do, its lead unread: a dash there is a join's or a
    /// part's arrow ("→" read as "—"), and the line the client's own.
    static func unled(_ words: [OCRWord]) -> Start {
        guard let first = words.first, eventMarkers.union(arrowReadings).contains(first.text) else {
            return .unled(rest: words)
        }
        return .event(rest: Array(words.dropFirst()))
    }

    /// How OCR reads an arrow before a join or a part standing alone at a line's start.
    static let arrowReadings: Set<String> = ["—", "–", "-", "→", "←"]

    /// Where a log's lines start and where their wrapped rests go, so that a row whose lead
    /// OCR did not read (a time in faint type, a nick on a highlight) is still told from the
    /// rest of the line above. Lines either wrap back to the margin, left of where the
    /// lines start (WeeChat), or under their own text, right of it (Halloy); a log whose
    /// lines start and wrap at one edge tells nothing.
    struct LineEdges {
        enum Wrap {
            /// Rests start at the margin: a row from the starts' edge rightwards starts a line.
            case toMargin
            /// Rests start under the text: a row at the starts' edge starts a line.
            case underText
        }

        /// The rests start at least this many line heights from where the lines do (the
        /// width of a time, or of a nick).
        static let indent = 1.0

        let wrap: Wrap?
        let startEdge: Int
        let slack: Double
        /// Enough lines start at `startEdge` to call it theirs.
        let isKnown: Bool
        /// The narrowest lead: `indent` line heights.
        let leadWidth: Double

        init(rows: [OCRLine], starts: [Bool], lineHeight: Double) {
            let slack = lineHeight * LogLineReader.columnSlack
            self.slack = slack
            let startEdges = zip(rows, starts).filter(\.1).map(\.0.box.x).sorted()
            // Rows above the first line's start tell nothing of how lines wrap: the rest of a
            // line scrolled off, or a pane's title on its frame further left ("Messages").
            let first = starts.firstIndex(of: true) ?? rows.count
            let rests = zip(rows, starts).dropFirst(first).filter { !$0.1 }.map(\.0.box.x)
            let startEdge = startEdges.isEmpty ? 0 : startEdges[startEdges.count / 2]
            self.startEdge = startEdge
            let margin = rows.dropFirst(first).map(\.box.x).min() ?? 0
            let indent = lineHeight * Self.indent
            self.leadWidth = indent
            self.isKnown = startEdges.count >= LogLineReader.minimumLogRows
            let indented = rests.filter { Double($0 - startEdge) >= indent }.count
            if startEdges.count < LogLineReader.minimumLogRows {
                wrap = nil
            } else if Double(startEdge - margin) >= indent, rests.contains(where: { Double($0 - margin) <= slack }) {
                wrap = .toMargin
            } else if Double(startEdge - margin) <= slack, indented >= 2, indented * 3 >= rests.count * 2 {
                wrap = .underText
            } else {
                wrap = nil
            }
        }

        func startsLine(_ row: OCRLine) -> Bool {
            switch wrap {
            case .toMargin: Double(row.box.x) >= Double(startEdge) - slack
            case .underText: Double(abs(row.box.x - startEdge)) <= slack
            case nil: hasUnreadLead(row)
            }
        }

        /// Whether OCR saw the row start where lines start but read its first word only a
        /// lead's width further in: the lead (a nick in a faint colour, a time) was there and
        /// went unread. Where no wrapped rest is in view to tell how lines wrap, that ink is
        /// what tells a line from the rest of the one above.
        func hasUnreadLead(_ row: OCRLine) -> Bool {
            guard isKnown, let first = row.words.first else { return false }
            return Double(abs(row.box.x - startEdge)) <= slack && Double(first.box.x - row.box.x) >= leadWidth
        }
    }

    /// The messages of `rows` (top to bottom), or nil when the screen is no log.
    func read(rows allRows: [OCRLine], page: OCRPage, myName: String?, bodyHeight: Double) -> [Bubble]? {
        // A log's lines start at the left, a wrapped line in the text's column; a word or two
        // past the middle are read off a link's preview picture beside them ("a) at"). A
        // longer line there is a bubble on the right, and the screen no log.
        let split = Self.splittingSideColumn(allRows, width: page.layout.width, lineHeight: bodyHeight).filter {
            $0.row.box.x < page.layout.width / 2 || $0.row.words.count > Self.maximumScrapWords
        }
        let rows = split.map(\.row)
        let stampsEachLine = isStampColumn(split.map(\.side))
        let timed = rows.map(timeLed)
        let heads = zip(rows, timed).map { row, afterTime in afterTime ?? row.words[...] }
        let bracketed = heads.filter { $0.first.map { Self.isBracketedNick($0.text) } ?? false }.count
        // The times form one column at the left of the text.
        let timeEdges = zip(rows, timed).compactMap { row, rest in rest == nil ? nil : row.box.x }
        let leftmost = rows.map(\.box.x).min() ?? 0
        let timeColumn =
            timeEdges.count >= Self.minimumLogRows
            && timeEdges.allSatisfy { Double(abs($0 - leftmost)) <= bodyHeight * Self.timeColumnSlack }
        let nickColumn = messageColumn(heads, bodyHeight: bodyHeight, width: page.layout.width)
        let colonLed = heads.filter { Self.colonNick($0) != nil }.count
        let colonNicks =
            colonLed >= Self.minimumLogRows && Double(colonLed) >= Double(heads.count) * Self.minimumColonNickShare
        let ledVisibly = timeColumn || nickColumn != nil || bracketed >= Self.minimumLogRows || colonNicks
        // Nicks that only their leading tells are looked for where nothing else tells a line.
        let leadingNicks = ledVisibly ? nil : repeatedLeaders(heads, bodyHeight: bodyHeight)
        guard ledVisibly || leadingNicks != nil else { return nil }
        let layout = LogLayout(
            timed: timeColumn, messageColumn: nickColumn?.edge, slack: bodyHeight * Self.columnSlack,
            colonNicks: colonNicks, nickShownOnce: nickColumn?.showsNickOnce ?? false, leadingNicks: leadingNicks)

        var bubbles: [Bubble] = []
        var current: (start: Start, lines: [OCRLine])?
        // The line a reply answers, shown over the reply (Discordo's "╭ alice fair enough"),
        // and whether the rows read now are its rest.
        var quote: String?
        var quoting = false
        func flush() {
            guard let (start, lines) = current else { return }
            current = nil
            var words: [OCRWord]
            var speaker: Speaker, kind: MessageKind, author: String?
            switch start {
            case .said(let nick, let rest), .action(let nick, let rest):
                words = rest
                author = nick
                kind = .text
                speaker = .of(sender: nick, me: myName)
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
            case .followOn(let nick, let rest):
                words = rest
                author = nil
                kind = .text
                speaker = .of(sender: nick, me: myName)
            case .unled(let rest):
                // Every line is someone else's when the user's nick is not known.
                words = rest
                author = nil
                kind = .text
                speaker = myName == nil ? .them : .unknown
            }
            words += lines.dropFirst().flatMap(\.words)
            // "Dokkku:" and nothing read after it: the line is an emote, a picture.
            if layout.colonNicks, author != nil, words.isEmpty {
                bubbles.append(
                    Bubble(
                        speaker: speaker, author: author, text: MediaLabel.sticker, kind: .media,
                        box: PixelRect(enclosing: lines.map(\.box)), confidence: lines[0].confidence,
                        source: page.source))
                return
            }
            var text = corrector.correct(words.map(\.text).joined(separator: " "))
            // A line in a nick's place that tells of the channel (a join, the topic) is the
            // client's, about that nick.
            let whole = author.map { "\($0) \(text)" } ?? text
            if kind == .text, chrome.isSystemNotice(whole) {
                (text, speaker, kind, author) = (whole, .unknown, .notice, nil)
            }
            // A line under its nick may be an emoticon alone (":-*"); a row without one and
            // without a letter is a scrap.
            guard author != nil ? !text.isEmpty : text.contains(where: { $0.isLetter || $0.isNumber }) else { return }
            let box = PixelRect(enclosing: lines.map(\.box))
            let cut = page.layout.mayGoOnBeyondEdge(box, lineHeight: bodyHeight)
            bubbles.append(
                Bubble(
                    speaker: speaker, author: author, text: text, kind: kind, quote: kind == .text ? quote : nil,
                    box: box, confidence: words.meanConfidence, source: page.source, isCutOff: cut))
            quote = nil
        }
        let starts = rows.indices.map { start(of: heads[$0], afterTime: timed[$0] != nil, in: layout) }
        // Lines wrap at the widest row's end.
        let wrapLimit = rows.map(\.box.maxX).max() ?? 0
        let edges = LineEdges(rows: rows, starts: starts.map { $0 != nil }, lineHeight: bodyHeight)
        for (index, row) in rows.enumerated() {
            // A date alone on its row divides the days: it ends the line above and is no line.
            // A time alone is the rest of a line that wrapped before it (a topic's "set on").
            if starts[index] == nil, metadata.isMetadataRow(row.words),
                !row.words.contains(where: { metadata.isTimeInFigures($0.text) })
            {
                flush()
                continue
            }
            if let leading = layout.leadingNicks {
                if let quoted = leading.quotedLine(row.words, slack: layout.slack) {
                    flush()
                    quote = corrector.correct(quoted.map(\.text).joined(separator: " "))
                    quoting = true
                    continue
                }
                if quoting, starts[index] == nil, let quoted = quote {
                    quote = quoted + " " + corrector.correct(row.text)
                    continue
                }
                quoting = false
                // Left of where every line starts, before the first: the pane's title on its
                // frame ("#go-chat").
                if current == nil, bubbles.isEmpty, starts[index] == nil,
                    Double(row.box.x) < Double(leading.margin) - layout.slack
                {
                    continue
                }
            }
            if let start = starts[index]
                ?? (edges.startsLine(row) || (stampsEachLine && !split[index].side.isEmpty)
                    ? Self.unled(row.words) : nil)
            {
                flush()
                current = (start, [row])
            } else if let (start, lines) = current, let nick = start.nick, let above = lines.last,
                layout.nickShownOnce, !isWrapped(above, before: row, limit: wrapLimit)
            {
                // In a nick column, a row under the text that the one above did not wrap into
                // is the nick's next line.
                flush()
                current = (.followOn(nick: nick, rest: row.words), [row])
            } else if current != nil {
                current!.lines.append(row)
            } else {
                current = (.continued(rest: Array(heads[index])), [row])
            }
        }
        flush()
        return bubbles
    }

    /// Whether `row` is the rest of `above`, wrapped: its first word would not have fitted
    /// at the end of `above` before `limit` (where lines wrap). A row that would have fitted
    /// is a line of its own.
    func isWrapped(_ above: OCRLine, before row: OCRLine, limit: Int) -> Bool {
        guard let first = row.words.first else { return true }
        let space = Double(first.box.height) * Self.wordSpaceShare
        return Double(above.box.maxX) + space + Double(first.box.width) > Double(limit)
    }
    /// A space between words is about this share of the line's height.
    static let wordSpaceShare = 0.3

    /// A word stands apart from the row's text before it across at least this many line
    /// heights when it belongs to a column of its own.
    static let sideColumnGap = 1.5

    /// `rows` split from the words of a column beside the log at the right (a channel's
    /// member list, times down the right edge): OCR reads each onto the end of the log's row
    /// beside it. The column is the right half's edge where at least `minimumLogRows` rows end
    /// in a word far from the text before it; a row's words are cut from the first so far
    /// apart at or near that edge (a scroll bar between read as "|" goes too), or standing on
    /// it (a long line's text runs almost into the column). Each row comes with what was cut
    /// from it.
    static func splittingSideColumn(_ rows: [OCRLine], width: Int, lineHeight: Double) -> [(
        row: OCRLine, side: [OCRWord]
    )] {
        let gap = lineHeight * sideColumnGap, slack = lineHeight * columnSlack
        func apart(_ words: [OCRWord], _ index: Int) -> Bool {
            index > 0 && Double(words[index].box.x - words[index - 1].box.maxX) >= gap
        }
        let edges = rows.compactMap { row -> Int? in
            guard let last = row.words.last, last.box.x > width / 2, apart(row.words, row.words.count - 1) else {
                return nil
            }
            return last.box.x
        }
        guard let (column, count) = mostShared(edges, slack: slack), count >= minimumLogRows else {
            return rows.map { ($0, []) }
        }
        return rows.map { row in
            guard
                let cut = row.words.indices.dropFirst().first(where: {
                    let x = Double(row.words[$0].box.x)
                    return x >= Double(column) - gap && (apart(row.words, $0) || abs(x - Double(column)) <= slack)
                })
            else { return (row, []) }
            let kept = Array(row.words[..<cut])
            return (OCRLine(words: kept, box: PixelRect(enclosing: kept.map(\.box))), Array(row.words[cut...]))
        }
    }

    /// Whether the column beside the log is its lines' times (uTox stamps each line at the
    /// right): most of the rows cut from it hold a time there. A wrapped line's
    /// rest has none, so each row stamped there is a line of its own, even where its nick
    /// went unread (a nick in another script).
    func isStampColumn(_ sides: [[OCRWord]]) -> Bool {
        let cut = sides.filter { !$0.isEmpty }
        let stamped = cut.filter { $0.contains { metadata.isTimeInFigures($0.text) } }
        return stamped.count >= Self.minimumLogRows && Double(stamped.count) > Double(cut.count) / 2
    }

    /// The edge most of `edges` stand at, within `slack`, and how many do.
    static func mostShared(_ edges: [Int], slack: Double) -> (edge: Int, count: Int)? {
        edges.map { edge in (edge, edges.filter { Double(abs($0 - edge)) <= slack }.count) }.max { $0.1 < $1.1 }
    }

    /// What tells a log line's start on this screen.
    struct LogLayout {
        /// Lines start with their time.
        var timed: Bool
        /// Where the messages' text starts when the nicks stand in a column of their own.
        var messageColumn: Int?
        var slack: Double
        /// Lines start with the nick and a colon ("SnowSushi: DONT THROW IT"), as Twitch's
        /// chat and many IRC clients write them.
        var colonNicks = false
        /// The nick column shows a nick once for the lines sent after it (Polari), not on
        /// every line (WeeChat): a row under the text may be the nick's next line.
        var nickShownOnce = false
        /// Nicks told only by leading several lines each, where nothing else tells a line's
        /// start.
        var leadingNicks: LeadingNicks?
    }

    /// Nicks that only their leading of lines tells, and where the lines start.
    struct LeadingNicks {
        /// Lowercased: OCR reads a nick's case differently from line to line ("sLinkywee").
        var names: Set<String>
        var margin: Int

        func leads(_ word: OCRWord) -> Bool { names.contains(word.text.lowercased()) }

        /// The quoted line's words when `words` are a reply's quote over the reply: the
        /// quote's hook, then one of the nicks, set in from where lines start. The hook is
        /// read as a scrap ("╭" as "¢"), or not at all. nil for any other row.
        func quotedLine(_ words: [OCRWord], slack: Double) -> ArraySlice<OCRWord>? {
            var words = words[...]
            if let hook = words.first, hook.text.count <= LogLineReader.maximumHookLength,
                !hook.text.contains(where: { $0.isLetter || $0.isNumber })
            {
                words = words.dropFirst()
            }
            // Without its hook read, the nick's indent alone tells the quote.
            guard words.count >= 2, let nick = words.first, leads(nick),
                Double(nick.box.x - margin) > slack || words.startIndex > 0
            else { return nil }
            return words.dropFirst()
        }
    }

    /// Nicks that lead their lines with nothing to set them apart but their colour (Discordo
    /// and other terminal clients write "jorropo the compiler…"): words that each lead at
    /// least two rows at the log's left edge, with the line's text after them, and lead more
    /// rows than they stand in elsewhere (a common word leads rows of prose too, "The", "I",
    /// but stands inside them far more often). At least two such nicks, leading together
    /// `minimumLeadingNickShare` of the rows, make the screen a log. A name over a post
    /// leads its row with a time at its end ("Priya Shah 10:32 AM"), or alone: no line's
    /// text.
    func repeatedLeaders(_ heads: [ArraySlice<OCRWord>], bodyHeight: Double) -> LeadingNicks? {
        // The edge most rows start at (a pane's title on its frame stands further left).
        let slack = bodyHeight * Self.columnSlack
        guard let (margin, _) = Self.mostShared(heads.compactMap { $0.first?.box.x }, slack: slack) else { return nil }
        // What each word leads: a line shown twice (once quoted by a reply) is led once.
        var leads: [String: Set<String>] = [:], inside: [String: Int] = [:]
        for words in heads {
            guard let first = words.first else { continue }
            for word in words.dropFirst() { inside[word.text.lowercased(), default: 0] += 1 }
            let rest = Array(words.dropFirst())
            guard !rest.isEmpty, Double(abs(first.box.x - margin)) <= slack, first.text.count <= Self.maximumNickLength,
                first.text.filter(\.isLetter).count >= 2, !metadata.isMetadataRow(rest),
                !endsInClockTime(rest)
            else { continue }
            leads[first.text.lowercased(), default: []].insert(rest.map(\.text).joined(separator: " "))
        }
        let nicks = leads.filter { $0.value.count >= 2 && $0.value.count > inside[$0.key, default: 0] }
        let led = nicks.values.map(\.count).reduce(0, +)
        guard nicks.count >= 2, led >= Self.minimumLogRows,
            Double(led) >= Double(heads.count) * Self.minimumLeadingNickShare
        else { return nil }
        return LeadingNicks(names: Set(nicks.keys), margin: margin)
    }

    /// Whether `words` end in a clock's time ("9:41", "9:41 AM"): a post's name row ("Priya
    /// Shah 9:41 AM") is led by the name too, but holds no line.
    func endsInClockTime(_ words: [OCRWord]) -> Bool {
        var words = words[...]
        if let last = words.last, MessageMetadata.isMeridiem(last.text) { words = words.dropLast() }
        return words.last.map { metadata.isTimeInFigures($0.text) } ?? false
    }

    /// Rows led by nicks that only their leading tells are at least this share of a log that
    /// writes them: in Discordo most are; a few rows of prose led by one name are not.
    static let minimumLeadingNickShare = 0.3

    /// A quote's hook is read as a mark or two.
    static let maximumHookLength = 2

    /// Where a nick column's text starts, and whether most rows there go without a nick.
    struct NickColumn {
        var edge: Int
        var showsNickOnce: Bool
    }

    /// Starts of rows within this many line heights are one column.
    static let columnSlack = 0.6
    /// Of the rows, at least this share must fit a nick column's layout for it to be one
    /// (a nick row, a row under the text, or the client's own line in the nick's place), and
    /// at least `minimumNickRowShare` start with a nick.
    static let nickColumnShare = 0.8
    /// A log's nicks start within this share of the width from the left edge (after the time
    /// column, if there is one).
    static let nickColumnEndShare = 0.33
    /// Two nicks, each with its text on the edge the other rows start at, make a nick
    /// column: the edge that most rows share is what a chance row lacks (a screen cut in a
    /// scroll pair may hold only two of a grouped log's nicks).
    static let minimumNickColumnRows = 2
    /// A nick column may show the nick once for several lines (Polari): a sixth of the rows
    /// led by a nick is enough where the others stand in the text's column.
    static let minimumNickRowShare = 0.15
    /// Rows led by "nick:" are most of a log that writes them (Twitch): a chat whose bubbles
    /// open with "@alice:" now and then is no log.
    static let minimumColonNickShare = 0.3

    /// The left edge of the message text when nicks stand in a column of their own
    /// (WeeChat, Polari): rows whose first word (the nick) ends before that edge, more than a
    /// space before their second word, which starts on it, with the other rows starting on
    /// it too. nil when fewer than `minimumNickColumnRows` rows are laid out so, or when they
    /// are not most of the screen.
    /// A log's nicks stand in the left part of the screen (`width`); a word and a time in one
    /// column further in are the day stamps centred over a chat's bubbles ("TUE 1:40 PM").
    func messageColumn(_ heads: [ArraySlice<OCRWord>], bodyHeight: Double, width: Int) -> NickColumn? {
        let slack = bodyHeight * Self.columnSlack
        let seconds = heads.compactMap { words -> Int? in
            // A nick has letters; a scrap of a profile picture beside a post's name ("|",
            // ")") does not make that name a line's text.
            guard words.count >= 2, let first = words.first, first.text.count <= Self.maximumNickLength,
                first.text.filter(\.isLetter).count >= 2, Double(first.box.x) < Double(width) * Self.nickColumnEndShare
            else {
                return nil
            }
            let second = words[words.index(after: words.startIndex)]
            return Double(second.box.x - first.box.maxX) >= slack ? second.box.x : nil
        }
        // The edge most second words share, taken at its leftmost: a word's box starts a
        // pixel or two right of the column where its first letter is narrow ("its", "I").
        guard let (shared, nickRows) = Self.mostShared(seconds, slack: slack) else { return nil }
        let edge = seconds.filter { Double(abs($0 - shared)) <= slack }.min() ?? shared
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
        // The client's own lines (joins, parts) stand at the nicks' edge, in a nick's place.
        let notices = heads.filter { chrome.isSystemNotice($0.map(\.text).joined(separator: " ")) }.count
        guard nickRows >= Self.minimumNickColumnRows,
            Double(nickRows) >= Double(heads.count) * Self.minimumNickRowShare,
            Double(nickRows + loneNicks + wrapped + notices) >= Double(heads.count) * Self.nickColumnShare
        else { return nil }
        // Where rows under the text outnumber the nicks twice over, most of them are lines
        // of their own: a log rarely wraps most of its lines.
        return NickColumn(edge: edge, showsNickOnce: wrapped > 2 * (nickRows + loneNicks))
    }

    /// IRC nicks are short.
    static let maximumNickLength = 20

    /// The row's words after a leading time, or nil when it does not start with one.
    func timeLed(_ row: OCRLine) -> ArraySlice<OCRWord>? {
        guard var length = Self.timeLength(row.words.prefix(Self.maximumTimeWords).map(\.text)) else { return nil }
        // A twelve-hour clock's "PM" belongs to the time; a time alone on its row is a
        // message's stamp (under a sender's name), no log line.
        if length < row.words.count, MessageMetadata.isMeridiem(row.words[length].text) { length += 1 }
        guard length < row.words.count else { return nil }
        return row.words.dropFirst(length)
    }

    /// A time is read as at most this many words ("21 55 52").
    static let maximumTimeWords = 3

    /// How many of `texts` (a row's first words) make a log's time: "18:26", "1826",
    /// "[18:26:04]", or OCR's pieces of one in small monospaced type, its colons lost ("21 55
    /// 52", "[16: 07]") or a digit misread ("22:11:87"). nil when they make none. Only the
    /// hour is held to a clock's range: a misread minute still leads its line, and the
    /// column the times stand in is what tells a log.
    static func timeLength(_ texts: [String]) -> Int? {
        guard let first = texts.first else { return nil }
        func isSeparated(_ text: String) -> Bool { text.contains { ":./".contains($0) } }
        // "1826": a whole time in one word, its colon lost.
        if !isSeparated(first), first.filter(\.isNumber).count >= 3 { return matches(logTime, first) ? 1 : nil }
        // The hour: the first word's leading digits, after a bracket or a leading "1" read as
        // a bar ("|2:45").
        let hour = first.drop { "[(|".contains($0) }.prefix { $0.isNumber }
        guard (1...2).contains(hour.count), let value = Int(hour), value <= 23 else { return nil }
        var digits = 0
        var length: Int?
        for (index, text) in texts.enumerated() {
            guard matches(timePiece, text) else { break }
            digits += text.filter(\.isNumber).count
            if (3...6).contains(digits), index > 0 || isSeparated(text) { length = index + 1 }
        }
        return length
    }

    /// How a line starts (after its time, if it has one), or nil for a wrapped line's rest.
    func start(of words: ArraySlice<OCRWord>, afterTime: Bool, in layout: LogLayout) -> Start? {
        guard let first = words.first else { return nil }
        let rest = Array(words.dropFirst())
        if let edge = layout.messageColumn, Double(abs(first.box.x - edge)) <= layout.slack { return nil }
        if Self.eventMarkers.contains(first.text) { return .event(rest: rest) }
        if first.text == "*", let nick = rest.first { return .action(nick: nick.text, rest: Array(rest.dropFirst())) }
        if Self.isBracketedNick(first.text) { return .said(nick: Self.nick(first.text), rest: rest) }
        if layout.colonNicks, let (nick, said) = Self.colonNick(words) { return .said(nick: nick, rest: Array(said)) }
        if layout.leadingNicks?.leads(first) == true, !rest.isEmpty {
            return .said(nick: Self.nick(first.text), rest: rest)
        }
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

    /// "SnowSushi: DONT THROW IT" → the nick and the words after it; nil when the row does
    /// not start so. The chat's badges before the nick (a crown, a subscriber's mark) read as
    /// a scrap or two; the nick is one word of a nick's letters, not a label of a mail's or a
    /// card's fields ("From:", "Location:").
    static func colonNick(_ words: ArraySlice<OCRWord>) -> (nick: String, rest: ArraySlice<OCRWord>)? {
        var words = words
        for _ in 0..<maximumScrapWords {
            guard let first = words.first, !first.text.hasSuffix(":"), first.text.count <= badgeScrapLength else {
                break
            }
            words = words.dropFirst()
        }
        guard let first = words.first, first.text.hasSuffix(":") else { return nil }
        let nick = String(first.text.dropLast())
        // "https://…" after a bullet is a link, its scheme no nick.
        guard (2...maximumNickLength).contains(nick.count), !urlSchemes.contains(nick.lowercased()),
            nick.filter(\.isLetter).count >= 2, !nick.contains(where: \.isWhitespace),
            !fieldLabels.contains(nick.lowercased())
        else { return nil }
        return (nick, words.dropFirst())
    }
    /// A chat badge read as letters is a scrap this long at most ("qx", "(BB").
    static let badgeScrapLength = 3
    /// Words that end in a colon at a row's start as labels: a mail's headers, a card's fields.
    static let fieldLabels: Set<String> = [
        "from", "to", "cc", "bcc", "subject", "date", "sent", "re", "fwd", "fw", "reply-to", "note", "ps", "location",
        "accuracy", "altitude", "address", "phone", "email", "time", "when", "where", "edit", "update", "tip",
        "warning", "error", "info", "question", "answer", "q", "a",
    ]

    /// A link's scheme ends in a colon too.
    static let urlSchemes: Set<String> = ["http", "https", "ftp", "mailto", "www"]

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

    /// A piece of a time as OCR splits one: digits and the marks between them.
    private static let timePiece = try! NSRegularExpression(pattern: #"^[\[(|]?[:.]?\d[\d:./]*[\])]?$"#)

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
