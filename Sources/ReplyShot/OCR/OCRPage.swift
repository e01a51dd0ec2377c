/// One word as Tesseract read it, in screenshot pixels.
public struct OCRWord: Equatable, Sendable {
    public var text: String
    public var box: PixelRect
    /// 0...1
    public var confidence: Double
    /// The word's pixels are a small picture in many colours, not letters in one ink: an
    /// emoji, or a profile picture, that Tesseract read as a scrap ("#”", "a@y"). Only scraps
    /// are measured (`PictographFinder`); a longer word stays false.
    public var isPictograph: Bool

    public init(text: String, box: PixelRect, confidence: Double, isPictograph: Bool = false) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.isPictograph = isPictograph
    }

    func with(box: PixelRect) -> OCRWord {
        var word = self
        word.box = box
        return word
    }
}

/// One text line: its words in reading order.
public struct OCRLine: Equatable, Sendable {
    public var words: [OCRWord]
    public var box: PixelRect
    /// Where the letters sit; unlike the box it does not move with ascenders and descenders.
    public var baseline: Int

    public init(words: [OCRWord], box: PixelRect, baseline: Int? = nil) {
        self.words = words
        self.box = box
        self.baseline = baseline ?? box.maxY
    }

    public var text: String { words.map(\.text).joined(separator: " ") }

    func offsetBy(dx: Int, dy: Int) -> OCRLine {
        OCRLine(
            words: words.map { $0.with(box: $0.box.offsetBy(dx: dx, dy: dy)) },
            box: box.offsetBy(dx: dx, dy: dy), baseline: baseline + dy)
    }

    /// The line as it sits on an image `factor` times smaller.
    func scaledDown(by factor: Int) -> OCRLine {
        guard factor > 1 else { return self }
        return OCRLine(
            words: words.map { $0.with(box: $0.box.scaledDown(by: factor)) },
            box: box.scaledDown(by: factor), baseline: baseline / factor)
    }

    public var confidence: Double { words.meanConfidence }
}

extension Collection<OCRWord> {
    /// Tesseract's mean confidence over the words (0...1); 0 when there are none.
    public var meanConfidence: Double {
        isEmpty ? 0 : map(\.confidence).reduce(0, +) / Double(count)
    }
}

/// Which part of the phone screen a region belongs to.
public enum ScreenZone: String, Sendable {
    case statusBar, header, content, footer
}

/// A patch of the screen that holds text: a bubble, a bar, or text on the page background.
public struct TextRegion: Equatable, Sendable {
    public var box: PixelRect
    public var zone: ScreenZone
    /// The dominant colour behind the text (a bubble's fill, or the page background).
    public var fill: RGB
    /// True when the fill differs from the page background: a bubble, card or bar.
    public var isFilled: Bool
    public var lines: [OCRLine]
    /// The previous shot of the same scroll showed this bubble whole and its copy was read
    /// instead; this one has no lines. It still counts for the screen's layout.
    public var readInEarlierShot: Bool
    /// For a region read in an earlier shot: the heights of the lines its copy there was
    /// read with. The type's size is how a reader tells a name or a time from a message, and
    /// a shot whose bubbles were all read before would otherwise size it by its small print.
    public var earlierLineHeights: [Int] = []
    /// Paper, ink and pictures row by row (content regions only).
    public var anatomy: RegionAnatomy

    public init(
        box: PixelRect, zone: ScreenZone, fill: RGB, isFilled: Bool, lines: [OCRLine] = [],
        readInEarlierShot: Bool = false,
        anatomy: RegionAnatomy = .empty
    ) {
        self.box = box
        self.zone = zone
        self.fill = fill
        self.isFilled = isFilled
        self.lines = lines
        self.readInEarlierShot = readInEarlierShot
        self.anatomy = anatomy
    }

    /// The rows of `box` that show a picture, as a share of the box's height.
    public func pictureShare(of box: PixelRect) -> Double {
        let covered = anatomy.pictureRows.map { max(0, min($0.upperBound, box.maxY) - max($0.lowerBound, box.y)) }
            .reduce(0, +)
        return Double(covered) / Double(max(1, box.height))
    }

    /// The most common ink colour over the rows of `box` (a line of text), if any.
    public func ink(of box: PixelRect) -> RGB? {
        dominant(anatomy.rowInk, over: box)
    }

    /// The most common paper colour over the rows of `box`.
    public func paper(of box: PixelRect) -> RGB? {
        dominant(anatomy.rowPaper.map { Optional($0) }, over: box)
    }

    /// The left marks of the screenshot rows `rows` (clipped to the region).
    public func leftMarks(over rows: Range<Int>) -> ArraySlice<LeftMark?> {
        let marks = anatomy.rowLeftMark
        let start = max(0, rows.lowerBound - box.y), end = min(marks.count, rows.upperBound - box.y)
        return start < end ? marks[start..<end] : []
    }

    private func dominant(_ values: [RGB?], over box: PixelRect) -> RGB? {
        let start = max(0, box.y - self.box.y), end = min(values.count, box.maxY - self.box.y)
        guard start < end else { return nil }
        var counts: [RGB: Int] = [:]
        for value in values[start..<end] { if let value { counts[value, default: 0] += 1 } }
        return counts.max { ($0.value, $0.key.bucket) < ($1.value, $1.key.bucket) }?.key
    }

    public var text: String { lines.map(\.text).joined(separator: "\n") }
}

/// Where the chat area starts and ends on this screen (between header and input bar).
public struct ScreenLayout: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var statusBarBottom: Int
    public var contentTop: Int
    public var contentBottom: Int
    /// Where the read pane starts in the file: a wide window showing its list of
    /// conversations beside the chat is read from the chat's first column, and every box is
    /// measured from there (`ChatPaneFinder`). 0 when the whole screen is the chat.
    public var paneLeft = 0
    /// The page behind the chat is a picture (a photo, a shading with doodles), not one
    /// colour: a bubble's outside is then whatever is not its fill (`PicturePage`).
    public var pageIsPicture = false

    public init(width: Int, height: Int, statusBarBottom: Int, contentTop: Int, contentBottom: Int) {
        self.width = width
        self.height = height
        self.statusBarBottom = statusBarBottom
        self.contentTop = contentTop
        self.contentBottom = contentBottom
    }

    /// Whether `box` ends within `edgeCutLines` of `lineHeight` of the chat area's top or
    /// bottom: its text may go on beyond the screen's edge.
    func mayGoOnBeyondEdge(_ box: PixelRect, lineHeight: Double) -> Bool {
        Double(box.y - contentTop) < lineHeight * Self.edgeCutLines
            || Double(contentBottom - box.maxY) < lineHeight * Self.edgeCutLines
    }

    /// A paragraph or log line this close to an edge, in line heights, may be cut by it.
    static let edgeCutLines = 1.2

    public func zone(of box: PixelRect) -> ScreenZone {
        if box.maxY <= statusBarBottom + 4 { return .statusBar }
        if box.midY < contentTop { return .header }
        if box.midY > contentBottom { return .footer }
        return .content
    }
}

/// Everything the OCR stage learned about one screenshot.
public struct OCRPage: Equatable, Sendable {
    public var source: String
    public var layout: ScreenLayout
    public var background: RGB
    public var regions: [TextRegion]
    public var rows: RowSignatures
    /// The language it was read in; nil when the reader was not asked to tell.
    public var language: PageLanguage?

    public init(
        source: String, layout: ScreenLayout, background: RGB, regions: [TextRegion], rows: RowSignatures = .empty,
        language: PageLanguage? = nil
    ) {
        self.source = source
        self.layout = layout
        self.background = background
        self.regions = regions
        self.rows = rows
        self.language = language
    }

    public var lines: [OCRLine] { regions.flatMap(\.lines) }
}
