import Foundation

/// The Read stage: OCR regions in, chat bubbles with speakers out.
public protocol ScreenReading: Sendable {
    func read(_ page: OCRPage, options: ReadOptions) -> ScreenRead
}

public struct ReadOptions: Sendable, Equatable {
    /// A post author whose posts are the user's own (`--me NAME`).
    public var myName: String?

    public init(myName: String? = nil) {
        self.myName = myName
    }
}

/// Reads bubbles the way a person does: each coloured bubble is one message, its side says
/// who wrote it, and the app's chrome (title, stamps, receipts, bubble times) is left out.
public struct BubbleReader: ScreenReading {
    /// A bubble whose edge is within this fraction of the screen width from a side is
    /// anchored to that side.
    var sideMargin = 0.12
    /// Words Tesseract is this unsure of are noise (an icon, a photo), not text.
    var minimumConfidence = 0.35
    /// Symbol-only words below this confidence are emoji read as symbols.
    var emojiGlyphConfidence = 0.7
    private let chrome = ChromeFilter()
    private let corrector = OCRCorrector()

    public init() {}

    public func read(_ page: OCRPage, options: ReadOptions = ReadOptions()) -> ScreenRead {
        let bodyHeight = typicalLineHeight(page)
        let content = page.regions.filter { $0.zone == .content }
        let headerTitle = title(page, bodyHeight: bodyHeight)
        // Apps without bubbles (Slack, e-mail) are read as posts and paragraphs; their
        // profile pictures are the only filled shapes and hold no message.
        guard content.contains(where: { $0.isFilled && !isAvatar($0, width: page.layout.width) }) else {
            let content = content.filter { !isAvatar($0, width: page.layout.width) }
            let lines = content.flatMap { $0.lines.filter { $0.confidence >= minimumConfidence } }
            let rows = Self.rows(of: lines.compactMap { Self.line($0, keeping: { !isEmojiGlyph($0) }) })
            let posts = PostReader().read(rows: rows, page: page, myName: options.myName, bodyHeight: bodyHeight)
            return ScreenRead(source: page.source, title: posts.subject ?? headerTitle, bubbles: posts.bubbles,
                              rows: page.rows, background: page.background)
        }
        return ScreenRead(source: page.source, title: headerTitle,
                          bubbles: content.compactMap { bubble(from: $0, page: page, bodyHeight: bodyHeight) },
                          rows: page.rows, background: page.background)
    }

    /// One bubble region as one message, or nil when nothing readable is left in it.
    func bubble(from region: TextRegion, page: OCRPage, bodyHeight: Double) -> Bubble? {
        let layout = page.layout
        // The small time some apps print in a bubble's corner is dropped word by word,
        // before fragments are joined into rows, so it cannot glue onto the text.
        let readable = region.lines.filter { $0.confidence >= minimumConfidence }.compactMap { line in
            Self.line(line, keeping: { !isEmojiGlyph($0) && !(region.isFilled && isCornerTime($0, bodyHeight: bodyHeight)) })
        }
        var lines = Self.rows(of: readable)
        let touchesTop = region.box.y <= layout.contentTop + 3
        let touchesBottom = region.box.maxY >= layout.contentBottom - 3
        // A line sliced by the screen edge reads as garbage; the neighbouring shot has it whole.
        if touchesTop, let first = lines.first,
           first.box.y <= layout.contentTop + 6 || Self.isSliced(first, lineHeight: bodyHeight) { lines.removeFirst() }
        if touchesBottom, let last = lines.last,
           last.box.maxY >= layout.contentBottom - 6 || Self.isSliced(last, lineHeight: bodyHeight) { lines.removeLast() }
        guard !lines.isEmpty else { return nil }
        let text = corrector.correct(lines.map(\.text).joined(separator: " "))
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        if !region.isFilled, isCentered(region.box, width: layout.width), chrome.isStamp(text) { return nil }
        if !region.isFilled, chrome.isReceipt(text) { return nil }
        if chrome.isPlaceholder(text) { return nil }
        let words = lines.flatMap(\.words)
        let confidence = words.map(\.confidence).reduce(0, +) / Double(max(1, words.count))
        return Bubble(speaker: speaker(of: region, width: layout.width), text: text, box: region.box,
                      confidence: confidence, source: page.source, isCutOff: touchesTop || touchesBottom)
    }

    /// A small filled square or circle with a letter or two: a profile picture, not a message.
    func isAvatar(_ region: TextRegion, width: Int) -> Bool {
        let ratio = Double(region.box.width) / Double(max(1, region.box.height))
        let initials = region.text.filter { $0.isLetter || $0.isNumber }
        return region.isFilled && ratio > 0.8 && ratio < 1.25 && region.box.width < width / 7
            && initials.count <= 2 && initials.allSatisfy { $0.isUppercase || $0.isNumber }
    }

    /// `line` with only the words `keep` accepts; nil when none is left.
    static func line(_ line: OCRLine, keeping keep: (OCRWord) -> Bool) -> OCRLine? {
        let words = line.words.filter(keep)
        return words.isEmpty ? nil : OCRLine(words: words, box: line.box, baseline: line.baseline)
    }

    /// Tesseract's sparse mode may return one visual row as several fragments; rows are
    /// rebuilt from vertical overlap, left to right, top to bottom.
    static func rows(of lines: [OCRLine]) -> [OCRLine] {
        var rows: [OCRLine] = []
        for line in lines.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = rows.last {
                let overlap = min(last.box.maxY, line.box.maxY) - max(last.box.y, line.box.y)
                if overlap * 2 > min(last.box.height, line.box.height) {
                    let words = (last.words + line.words).sorted { $0.box.x < $1.box.x }
                    rows[rows.count - 1] = OCRLine(words: words, box: last.box.union(line.box), baseline: last.baseline)
                    continue
                }
            }
            rows.append(line)
        }
        return rows
    }

    /// Right-anchored bubbles are the user's, left-anchored ones the other side's.
    func speaker(of region: TextRegion, width: Int) -> Speaker {
        let margin = Int(Double(width) * sideMargin)
        let nearLeft = region.box.x <= margin, nearRight = width - region.box.maxX <= margin
        switch (nearLeft, nearRight) {
        case (true, false): return .them
        case (false, true): return .me
        default: return .unknown
        }
    }

    /// The contact or channel name: the largest line in the header that is not a control.
    func title(_ page: OCRPage, bodyHeight: Double) -> String? {
        let candidates = page.regions.filter { $0.zone == .header }.flatMap(\.lines).compactMap { line -> (String, Int)? in
            var text = line.text.trimmingCharacters(in: CharacterSet.letters.union(.decimalDigits).union(.whitespaces).inverted)
                .trimmingCharacters(in: .whitespaces)
            // Unknown senders are shown by number: "+44 7700 900123".
            if line.text.hasPrefix("+"), text.first?.isNumber == true { text = "+" + text }
            let letters = text.filter(\.isLetter).count, digits = text.filter(\.isNumber).count
            guard letters >= 2 || digits >= 6, line.confidence >= 0.5, !chrome.isHeaderNoise(text) else { return nil }
            return (text, line.box.height)
        }
        return candidates.max { $0.1 < $1.1 }?.0
    }

    /// The usual height of a line of message text on this screen. Regions cut by the chat
    /// area's edges are left out: their slivers read as many short fragments, which would
    /// pull the figure down on a screen with few bubbles read (the others read in the shot
    /// before), and with it every size judged against it.
    func typicalLineHeight(_ page: OCRPage) -> Double {
        let content = page.regions.filter { $0.zone == .content && !$0.lines.isEmpty }
        let whole = content.filter { $0.box.y > page.layout.contentTop + 3 && $0.box.maxY < page.layout.contentBottom - 3 }
        // One bubble taller than the screen is all a shot may show.
        let heights = (whole.isEmpty ? content : whole).flatMap(\.lines).filter { $0.confidence >= minimumConfidence }
            .map(\.box.height).sorted()
        guard !heights.isEmpty else { return 40 }
        return Double(heights[heights.count * 3 / 4])
    }

    /// What Tesseract makes of an emoji: a word of symbols ("@&", "@#", "‘@"), or of symbols
    /// and one stray letter ("#w"), that it is unsure of. Real punctuation standing alone is
    /// read with confidence, and a lone stroke may be the pronoun "I", so neither is dropped.
    func isEmojiGlyph(_ word: OCRWord) -> Bool {
        guard word.confidence < emojiGlyphConfidence, !OCRCorrector.isStroke(word.text),
              !word.text.contains(where: \.isNumber) else { return false }
        let letters = word.text.filter(\.isLetter).count
        return letters == 0 || (letters == 1 && word.text.count <= 3 && word.text.contains { $0.isSymbol || "@#&%*".contains($0) })
    }

    /// A line at a cut edge that is short or poorly read shows only part of its letters.
    static func isSliced(_ line: OCRLine, lineHeight: Double) -> Bool {
        Double(line.box.height) < lineHeight * 0.7 || line.confidence < 0.75
    }

    private func isCornerTime(_ word: OCRWord, bodyHeight: Double) -> Bool {
        chrome.isBubbleTime(word.text) && Double(word.box.height) < bodyHeight * 0.6
    }

    private func isCentered(_ box: PixelRect, width: Int) -> Bool {
        abs(box.midX - width / 2) < width / 12 && box.width < width * 6 / 10
    }
}
