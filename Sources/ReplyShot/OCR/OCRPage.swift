/// One word as Tesseract read it, in screenshot pixels.
public struct OCRWord: Equatable, Sendable {
    public var text: String
    public var box: PixelRect
    /// 0...1
    public var confidence: Double

    public init(text: String, box: PixelRect, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
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
    public var confidence: Double {
        words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
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

    public init(box: PixelRect, zone: ScreenZone, fill: RGB, isFilled: Bool, lines: [OCRLine] = [], readInEarlierShot: Bool = false) {
        self.box = box
        self.zone = zone
        self.fill = fill
        self.isFilled = isFilled
        self.lines = lines
        self.readInEarlierShot = readInEarlierShot
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

    public init(width: Int, height: Int, statusBarBottom: Int, contentTop: Int, contentBottom: Int) {
        self.width = width
        self.height = height
        self.statusBarBottom = statusBarBottom
        self.contentTop = contentTop
        self.contentBottom = contentBottom
    }

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

    public init(source: String, layout: ScreenLayout, background: RGB, regions: [TextRegion], rows: RowSignatures = .empty) {
        self.source = source
        self.layout = layout
        self.background = background
        self.regions = regions
        self.rows = rows
    }

    public var lines: [OCRLine] { regions.flatMap(\.lines) }
}
