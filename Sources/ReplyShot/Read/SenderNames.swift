import Foundation

/// Where a group chat shows who wrote a message, and how the reader tells that name from
/// the message: inside the bubble as its first row (in another ink, in smaller type, beside
/// a profile picture, shaped like a name, or the same first row over several bubbles),
/// above or under the bubble outside it, or alone over a post. One screen's findings: whether it is
/// a group chat whose bubbles are headed by names, and which first rows it repeats.
struct SenderNames {
    let tuning: ReadingTuning
    private let metadata = MessageMetadata()
    /// This screen is a group chat whose bubbles are headed by their senders' names: there a
    /// first row shaped like a name is one, even in the text's own ink.
    var namesHeadBubbles = false
    /// First rows that head more than one bubble on this screen: senders' names.
    let sharedFirstRows: Set<String>

    init(tuning: ReadingTuning = ReadingTuning(), sharedFirstRows: Set<String> = []) {
        self.tuning = tuning
        self.sharedFirstRows = sharedFirstRows
    }

    /// The findings of one screen: a first row that several bubbles share is their sender's
    /// name, whatever its ink or shape (Syphon heads every bubble of a one-to-one chat with
    /// "matrix_boi2"); no two messages start with the same line.
    init(tuning: ReadingTuning, screen regions: [TextRegion]) {
        self.init(tuning: tuning, sharedFirstRows: Self.sharedFirstRows(of: regions, tuning: tuning))
    }

    /// The first rows (a few words, no sentence end) that head at least two framed bubbles
    /// of more than one row.
    static func sharedFirstRows(of regions: [TextRegion], tuning: ReadingTuning) -> Set<String> {
        var counts: [String: Int] = [:]
        for region in regions where region.isFilled {
            let rows = BubbleReader.confidentRows(of: region, tuning: tuning)
            guard rows.count >= 2, rows[0].words.count <= tuning.maximumAuthorWords, let last = rows[0].text.last,
                !".?!".contains(last), rows[0].text.contains(where: \.isLetter)
            else { continue }
            counts[rows[0].text, default: 0] += 1
        }
        return Set(counts.filter { $0.value >= 2 }.keys)
    }

    /// Whether `row`, the first row of a bubble from the others, is its sender's name rather
    /// than its text's first line. (Whether the row sits on a quote's tint is the caller's.)
    func headsBubble(_ row: OCRLine, above below: [OCRLine], in region: TextRegion) -> Bool {
        isAuthorRow(row, below: below, in: region) || sharedFirstRows.contains(row.text)
            || (namesHeadBubbles && isNameShaped(row, above: below))
    }

    /// A post's name row as apps draw it, the name with the time and a "more" button beside it
    /// on either side ("Luna Rodriguez 9:29 AM •••", "••• 3:16 PM Leah Bernstein", "naomi
    /// 14:43:09 31/01/24", "Diamond Today at 9:41"), or with a stamp in words set apart after
    /// the name ("Pyre … about 3 hours ago"), without them: what is left is what may be a
    /// name. The row itself when nothing at its ends is a time or the dots, or when nothing
    /// else is left.
    func withoutStamp(_ row: OCRLine) -> OCRLine {
        func isStampWord(_ word: OCRWord) -> Bool {
            metadata.isTime(word.text) || MessageMetadata.isOverflowDots(word.text)
                || !word.text.contains { $0.isLetter || $0.isNumber }
                // A date in figures, or the word joining a date to its time ("at"); not a
                // month's name, which is a name as often ("Jan").
                || (metadata.isDateWord(word.text)
                    && (word.text.contains(where: \.isNumber) || word.text.first?.isLowercase == true))
        }
        var words = row.words[...]
        while let last = words.last, isStampWord(last) { words.removeLast() }
        while let first = words.first, isStampWord(first) { words.removeFirst() }
        let removed = row.words[..<words.startIndex] + row.words[words.endIndex...]
        let stamped = removed.contains { MessageMetadata.isOverflowDots($0.text) || metadata.isTimeInFigures($0.text) }
        if !stamped {
            guard let cut = relativeStampStart(row.words) else { return row }
            words = row.words[..<cut]
            // A badge after the name (a verified tick read as "@") is no part of it.
            while words.count > 1, let last = words.last, !last.text.contains(where: { $0.isLetter || $0.isNumber }) {
                words.removeLast()
            }
        }
        guard words.contains(where: { $0.text.contains(where: \.isLetter) }) else { return row }
        let box = words.dropFirst().reduce(words.first!.box) { $0.union($1.box) }
        return OCRLine(words: Array(words), box: box, baseline: row.baseline)
    }

    /// Where a stamp in words ends a name row ("Pyre … about 3 hours ago", "Zet · Today"):
    /// the words from there on are small print by themselves, and a separator or more than
    /// a word's space sets them apart from the name. "Call me today" runs on with a space.
    private func relativeStampStart(_ words: [OCRWord]) -> Int? {
        (1..<max(1, words.count)).first { cut in
            let before = words[cut - 1], stamp = Array(words[cut...])
            let apart =
                MessageMetadata.signatureSeparators.contains(before.text)
                || Double(stamp[0].box.x - before.box.maxX) >= Double(before.box.height) * Self.stampGapLines
            // "about 3 hours ago" is a stamp though "about" may make a time the sentence's.
            let relative = stamp.contains { $0.text.lowercased() == "ago" } && metadata.isMetadataRow(stamp)
            return apart && (metadata.isStamp(stamp) || relative)
        }
    }
    /// A name's stamp stands at least this many of the name's heights after it (a dot
    /// between them, or the row's far end); words of one sentence a space apart (0.25–0.35).
    static let stampGapLines = 0.7

    /// Whether `row`, the first of a quoted reply's rows, names the quoted author: in its own
    /// ink or shaped like a name, as apps always say whom a reply quotes.
    func headsQuote(_ row: OCRLine, above below: [OCRLine], in region: TextRegion) -> Bool {
        isAuthorRow(row, below: below, in: region) || isNameShaped(row, above: nil)
    }

    /// On a screen of posts, a row that is a name alone over the post's first row: a few
    /// words of letters (no link, no sentence end, not a larger heading) in another ink than
    /// that row.
    func isNameOverPost(_ row: OCRLine, above next: OCRLine, in regions: [TextRegion]) -> Bool {
        guard row.words.count <= tuning.maximumAuthorWords, !Self.endsLikeSentence(row),
            row.text.filter(\.isLetter).count >= 2,
            // (A quote's bar or an icon beside the name reads as a mark of its own.)
            row.words.filter({ $0.text.contains { $0.isLetter || $0.isNumber } })
                .allSatisfy({ MessageMetadata.isNameWord($0.text) }),
            Double(row.box.height) <= Double(next.box.height) * tuning.nameOverPostHeightRatio,
            Double(next.baseline - row.baseline) < Double(row.box.height + next.box.height)
        else { return false }
        // The region the line lies in (a box read off a magnified canvas may overhang it).
        func ink(_ line: OCRLine) -> RGB? {
            RegionScreenRecognizer.region(containing: line.box, among: Array(regions.indices), of: regions)
                .flatMap { regions[$0].ink(of: line.box) }
        }
        guard let name = ink(row), let text = ink(next) else { return false }
        return name.distance(to: text) > tuning.authorInkContrast
    }

    /// The row ends as a sentence or a clause does, so it is no name: in punctuation, unless
    /// its last word is a capitalised abbreviation ("Cleo Menezes Jr.", "Dr.").
    static func endsLikeSentence(_ row: OCRLine) -> Bool {
        guard let word = row.words.last?.text, let last = word.last else { return true }
        guard ".?!:;,".contains(last) else { return false }
        return !(last == "." && word.count <= 3 && word.first?.isUppercase == true)
    }

    /// A row that could be a person's name heading the rows under it: a few capitalised
    /// words of letters only, starting where the text under it starts (a name is set flush
    /// with its message, not indented like a wrapped line's end). `below` nil: wherever the
    /// text starts (a quoted message may begin with an emoji the reader drops).
    func isNameShaped(_ row: OCRLine, above below: [OCRLine]?) -> Bool {
        guard row.words.count <= tuning.maximumAuthorWords else { return false }
        if let below {
            guard let edge = below.map(\.box.x).min(),
                Double(abs(row.box.x - edge)) < Double(row.box.height) * tuning.avatarIndentMinimum / 2
            else { return false }
        }
        return isNameShaped(row.words.map(\.text))
    }

    /// A line of a few capitalised words of letters only ("Tim Cook").
    func isNameShaped(_ text: String) -> Bool { isNameShaped(text.split(separator: " ").map(String.init)) }

    /// A few capitalised words of letters only ("Tim Cook").
    func isNameShaped(_ words: [String]) -> Bool {
        !words.isEmpty && words.count <= tuning.maximumAuthorWords
            && words.allSatisfy { word in
                guard let first = word.first, first.isUppercase else { return false }
                return word.allSatisfy { $0.isLetter || ".-'’".contains($0) }
            }
    }

    /// Whether `row` starts between `avatarIndentMinimum` and `avatarIndentMaximum` of its
    /// heights right of the left edge the rows under it share (a profile picture's width and
    /// its gap).
    func isIndentedByAPicture(_ row: OCRLine, above below: [OCRLine]) -> Bool {
        let edges = below.map(\.box.x)
        guard let edge = edges.min(), let farthest = edges.max(),
            Double(farthest - edge) < Double(row.box.height) * tuning.avatarIndentMinimum / 2
        else { return false }
        let indent = Double(row.box.x - edge) / Double(row.box.height)
        return indent >= tuning.avatarIndentMinimum && indent <= tuning.avatarIndentMaximum
    }

    /// A sender's name: a short row (a few words, no sentence end) drawn in another ink than
    /// the rows under it, as group chats colour their members' names, in a smaller type, or
    /// beside the sender's profile picture.
    func isAuthorRow(_ row: OCRLine, below: [OCRLine], in region: TextRegion) -> Bool {
        // No name ends a sentence, nor holds one's end ("Hey! Everything is ok", wrapped).
        guard row.words.count <= tuning.maximumAuthorWords, let last = row.text.last, !".?!".contains(last),
            row.text.contains(where: \.isLetter),
            !row.words.dropLast().contains(where: { $0.text.last.map { "?!".contains($0) } == true })
        else { return false }
        // Or in a smaller type than the message: the name is a label, not text.
        let heights = below.map { Double($0.box.height) }.sorted()
        if !heights.isEmpty, Double(row.box.height) <= heights[heights.count / 2] * tuning.authorHeightShare {
            return true
        }
        // Or beside the sender's small profile picture (Amethyst): the name starts a picture's
        // width to the right of where the text under it starts, which all starts at one edge.
        if !below.isEmpty, isIndentedByAPicture(row, above: below) { return true }
        guard let ink = region.ink(of: row.box),
            let body = BubbleReader.mostCommon(below.compactMap { region.ink(of: $0.box) })
        else {
            return false
        }
        return ink.distance(to: body) > tuning.authorInkContrast
    }

    /// A group chat may print the sender's name above the bubble, outside it (iMessage,
    /// Messenger, Siskin): a short unframed line just above a framed bubble or a picture,
    /// starting where the bubble starts (ending where it ends, over the user's own bubbles on
    /// the right, as MessengerKit labels both sides), is that bubble's author, not a message of
    /// its own. Some print it under the bubble instead, in small type beside the time (Pulse):
    /// there only a line smaller than the text counts, since a short reply may follow a bubble
    /// as closely.
    func takeNamesBesideBubbles(
        _ bubbles: inout [Bubble], regions: [TextRegion], bodyHeight: Double, log: inout DecisionLog
    ) {
        // A message inside a filled region (a caption under a photo has its own box there).
        func isFramed(_ box: PixelRect) -> Bool { regions.contains { $0.isFilled && $0.box.encloses(box) } }
        // The name is a region of its own: one unframed line with nothing else to read beside
        // it, but for the sender's badge before it and the time after it (Meshtastic: "[MiMo]
        // Minnie Mouse 09:12" over the group of bubbles) or under it (ChatterUI: the name and
        // the time stacked beside the sender's picture). Where the row starts is its edge.
        // Stacked, the name and its stamps make the row's box, not the sender's picture beside
        // them in the region.
        func row(of name: Bubble, at index: Int) -> (region: TextRegion, box: PixelRect)? {
            guard let region = regions.first(where: { !$0.isFilled && $0.box.encloses(name.box) }) else {
                return nil
            }
            let isOwn = region.box == name.box
            let sharesIt =
                !isOwn
                && bubbles.indices.contains {
                    $0 != index && bubbles[$0].kind == .text && bubbles[$0].box.overlapArea(with: region.box) > 0
                }
            guard !sharesIt else { return nil }
            // The name's row holds only the name and its stamps (the picture has no lines).
            let stamped = region.lines.allSatisfy {
                $0.box.overlapArea(with: name.box) > 0 || metadata.isMetadataRow($0.words)
            }
            if stamped, region.lines.count > 1 { return (region, PixelRect(enclosing: region.lines.map(\.box))) }
            return isOwn || region.box.height <= name.box.height * 2 || stamped ? (region, region.box) : nil
        }
        // How tall the name's own words are: a badge beside it makes the row taller.
        func typeHeight(of name: Bubble, in row: TextRegion) -> Int? {
            let words = Set(name.text.split(separator: " ").map(String.init))
            return row.lines.flatMap(\.words).filter { words.contains($0.text) }.map(\.box.height).max()
        }
        // The name starts where the bubble does, or further in when the bubble's region also
        // holds the sender's avatar; never past the bubble's middle. `gap` runs from the upper
        // box's end to the lower one's start.
        func isBeside(_ bubbleBox: PixelRect, _ name: PixelRect, gap: Int, onTheRight: Bool) -> Bool {
            let indent = bodyHeight * tuning.nameAboveMaximumIndent
            // A name over the sender's picture found apart from the bubble, right against its
            // outer end, stands over the bubble too.
            let box =
                regions.first { picture in
                    picture.lines.isEmpty && picture.box.sharesRows(with: bubbleBox)
                        && Double(onTheRight ? abs(name.maxX - picture.box.maxX) : abs(name.x - picture.box.x))
                            <= indent
                        && (0.8...1.25).contains(Double(picture.box.width) / Double(max(1, picture.box.height)))
                        && (onTheRight
                            ? (0...Int(indent)).contains(picture.box.x - bubbleBox.maxX)
                            : (0...Int(indent)).contains(bubbleBox.x - picture.box.maxX))
                }.map { bubbleBox.union($0.box) } ?? bubbleBox
            let startsOver =
                onTheRight
                ? Double(name.maxX) <= Double(box.maxX) + indent
                    && Double(name.maxX) >= Double(box.maxX) - max(indent, Double(box.width) / 2)
                : Double(name.x) >= Double(box.x) - indent
                    && Double(name.x) <= Double(box.x) + max(indent, Double(box.width) / 2)
            return startsOver && Double(gap) >= -bodyHeight * 0.25
                && Double(gap) <= bodyHeight * tuning.nameAboveMaximumGap
        }
        // A picture is framed by its own edges. Over the user's side only a label in small
        // type or shaped like a name counts. A bubble taken for the user's only by its width
        // (it runs to the right edge) is the others' side's when the others' name stands
        // over its start (ChatterUI sets every message so, headed by its sender).
        func takes(_ bubble: Bubble, from name: Bubble, row nameRow: PixelRect) -> Bool {
            guard bubble.kind != .notice, bubble.kind == .media || isFramed(bubble.box) else { return false }
            guard name.speaker == .me else { return bubble.speaker != .me || startsUnder(bubble, nameRow) }
            return bubble.speaker == .me
                && (Double(name.box.height) <= bodyHeight * tuning.authorHeightShare
                    || isNameShaped(name.text))
        }
        func startsUnder(_ bubble: Bubble, _ nameRow: PixelRect) -> Bool {
            Double(abs(bubble.box.x - nameRow.x)) <= bodyHeight * tuning.nameAboveMaximumIndent
        }
        var names: [Int] = []
        // The others' side first: an app labels the user's own bubbles only where it labels
        // everyone's (MessengerKit, ChatMessageView), so a line over one of the user's bubbles
        // is a name only on a screen whose other bubbles have names too, or where it is
        // shaped like a name and set smaller than the text (a scroll may have left the others'
        // names out of view; a short message of the user's is set in the text's size).
        let mine = bubbles.indices.filter { bubbles[$0].speaker == .me }
        for index in bubbles.indices.filter({ bubbles[$0].speaker != .me }) + mine {
            let name = bubbles[index]
            let words = name.text.split(separator: " ")
            let onTheRight = name.speaker == .me
            if onTheRight, !bubbles.contains(where: { $0.speaker != .me && $0.author != nil }),
                !isNameShaped(name.text) || Double(name.box.height) > bodyHeight * tuning.authorHeightShare
            {
                continue
            }
            // A label may end in a colon ("Michael Jackson:"); a name-shaped one is still a name.
            guard name.kind == .text, name.author == nil, name.quote == nil, !name.isCutOff,
                (1...tuning.maximumAuthorWords).contains(words.count), let last = name.text.last,
                !"?!,;".contains(last) && (last != "." || Self.endsInInitial(name.text))
                    && (last != ":" || isNameShaped(String(name.text.dropLast()))),
                let (nameRegion, nameRow) = row(of: name, at: index), !isFramed(name.box),
                Double(typeHeight(of: name, in: nameRegion) ?? name.box.height) <= bodyHeight
                    * tuning.nameAboveMaximumLines
            else { continue }
            // The bubble under the name may have been read in the shot before (a scroll): the
            // name is still its sender's, and that copy already carries it.
            let skippedBelow = regions.contains {
                $0.readInEarlierShot && $0.isFilled && $0.box.y >= name.box.midY
                    && isBeside($0.box, nameRow, gap: $0.box.y - name.box.maxY, onTheRight: onTheRight)
            }
            let below = bubbles.indices.filter { bubbles[$0].box.y >= name.box.midY }
            let next = below.min(by: { bubbles[$0].box.y < bubbles[$1].box.y })
            let above = bubbles.indices.filter { bubbles[$0].box.maxY <= name.box.midY }
                .max(by: { bubbles[$0].box.maxY < bubbles[$1].box.maxY })
            // A picture keeps more room over it than a bubble's padding: a label shaped like a
            // name may stand further off (MessengerKit's over an emoji-only message).
            let isLabel = isNameShaped(name.text)
            func gap(to bubble: Bubble) -> Int {
                let gap = bubble.box.y - nameRow.maxY
                return bubble.kind == .media && isLabel ? max(0, gap - Int(bodyHeight)) : gap
            }
            if let next, !skippedBelow || bubbles[next].box.y < name.box.maxY + Int(bodyHeight),
                takes(bubbles[next], from: name, row: nameRow),
                isBeside(bubbles[next].box, nameRow, gap: gap(to: bubbles[next]), onTheRight: onTheRight)
            {
                let bubble = bubbles[next]
                // Apps print a sender's name once: a first line taken for one inside the bubble
                // was the message's own.
                if let inside = bubble.author, bubble.kind == .text {
                    bubbles[next].text = inside + " " + bubble.text
                }
                bubbles[next].author = Self.cleanName(name.text)
                if bubbles[next].speaker == .unknown || (name.speaker != .me && bubble.speaker == .me) {
                    bubbles[next].speaker = .them
                }
            } else if let above, bubbles[above].author == nil, takes(bubbles[above], from: name, row: nameRow),
                Double(name.box.height) <= bodyHeight * tuning.authorHeightShare,
                isBeside(
                    bubbles[above].box, name.box, gap: name.box.y - bubbles[above].box.maxY, onTheRight: onTheRight)
            {
                bubbles[above].author = Self.cleanName(name.text)
                if bubbles[above].speaker == .unknown { bubbles[above].speaker = .them }
            } else if !skippedBelow {
                continue
            }
            log.relabel(name.box, as: .author)
            names.append(index)
        }
        for index in names.sorted().reversed() { bubbles.remove(at: index) }
    }

    /// "Eduardo M.", "Cleo Menezes Jr.": a name may end in a full stop after an initial or a
    /// suffix; a sentence ends in one after a word.
    static func endsInInitial(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard words.count >= 2, let last = words.last else { return false }
        return last.range(of: #"^(?:\p{Lu}|Jr|Sr)\.$"#, options: .regularExpression) != nil
    }

    /// SimpleX writes a group member's name at the start of the bubble's first line, in bold,
    /// with a colon ("cyberbob: Me and Winston hold the banner"). One such start may as well
    /// be a sentence's ("Note: bring a pen"); where at least `minimumInlineNames` of the other
    /// side's bubbles on one screen start so, naming two people or more, each start is its
    /// bubble's author. A scrap of the sender's picture may stand before the name. A start
    /// followed by a figure is a label and its value, never a name.
    static func takeInlineNames(_ bubbles: inout [Bubble]) {
        let named = bubbles.indices.compactMap { index -> (Int, name: String, text: String)? in
            let text = bubbles[index].text
            guard bubbles[index].kind == .text, bubbles[index].author == nil, bubbles[index].speaker != .me,
                let match = inlineName.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let name = Range(match.range(at: 1), in: text), let rest = Range(match.range(at: 2), in: text)
            else { return nil }
            // "Uptime: 0d 23h", "Toxcore: 0.2.8": a label with its value in figures (a bot's
            // report, a form) is a field; a member's message starts with words.
            guard text[rest].first?.isNumber == false else { return nil }
            return (index, String(text[name]), String(text[rest]))
        }
        guard named.count >= minimumInlineNames, Set(named.map(\.name)).count >= 2 else { return }
        for (index, name, text) in named {
            bubbles[index].author = name
            bubbles[index].text = text
            bubbles[index].speaker = .them
        }
    }
    static let minimumInlineNames = 3
    /// A name of one word, or two with the second capitalised ("Mary Ann"), a colon, the text.
    private static let inlineName = try! NSRegularExpression(
        pattern: #"^(?:[^\p{Ll}\s]{1,2}\s+)?(\p{L}[\p{L}\p{N}_.'-]{1,31}(?:\s\p{Lu}[\p{L}\p{N}_.'-]{0,31})?)"#
            + #":\s+(\S.*)$"#)

    /// "Alice:" / "~ Bob" / "you 9:45 AM" → "Alice" / "Bob" / "you": a name row may carry
    /// the message's time at its end (the stamp a mail's sender line ends in, as
    /// `PostReader.removingTrailingDate` takes it off), and no name ends in one.
    static func cleanName(_ text: String) -> String {
        let notInName = CharacterSet.letters.union(.decimalDigits).inverted
        let name = PostReader.removingTrailingDate(text).trimmingCharacters(in: notInName)
        let cleaned = name.isEmpty ? text.trimmingCharacters(in: notInName) : name
        // An initial keeps its full stop ("Priya N.").
        return endsInInitial(cleaned + ".") && text.contains(cleaned + ".") ? cleaned + "." : cleaned
    }
}
