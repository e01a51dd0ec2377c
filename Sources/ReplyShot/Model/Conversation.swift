/// Who wrote a message, as far as the screenshot shows it.
public enum Speaker: String, Codable, Sendable, CaseIterable {
    case me, them, unknown
}

/// One chat bubble (or one paragraph / post where the app has no bubbles) in one screenshot.
public struct Bubble: Equatable, Sendable {
    public var speaker: Speaker
    public var author: String?
    public var text: String
    public var box: PixelRect
    public var confidence: Double
    /// File name of the screenshot the bubble was read from.
    public var source: String
    /// True when the bubble touches the top or bottom edge of the visible chat area, so its
    /// text may be incomplete in this shot.
    public var isCutOff: Bool

    public init(speaker: Speaker, author: String? = nil, text: String, box: PixelRect,
                confidence: Double, source: String, isCutOff: Bool = false) {
        self.speaker = speaker
        self.author = author
        self.text = text
        self.box = box
        self.confidence = confidence
        self.source = source
        self.isCutOff = isCutOff
    }
}

/// A fingerprint of each pixel row of a screen's chat area: two shots of one scrolling view
/// share runs of matching rows, and the shift between them is the scroll offset.
///
/// Each row is summarised as the mean brightness of a few dozen blocks, which survives the
/// dithering of palette PNGs and JPEG noise that make the same row differ pixel by pixel.
public struct RowSignatures: Equatable, Sendable {
    /// Page y of the first row.
    public var top: Int
    /// Coarse hash of each row's profile, for finding candidate offsets; 0 for a row of a
    /// single colour (it says nothing about position).
    public var hashes: [UInt64]
    /// Each row's block means, `blocks` per row, for checking a candidate with a tolerance.
    public var profiles: [UInt8]
    public var blocks: Int

    public init(top: Int, hashes: [UInt64], profiles: [UInt8], blocks: Int) {
        self.top = top
        self.hashes = hashes
        self.profiles = profiles
        self.blocks = blocks
    }

    /// Rows known only by their hash (synthetic tests): the hash's bytes are the profile.
    public init(top: Int, hashes: [UInt64]) {
        self.init(top: top, hashes: hashes,
                  profiles: hashes.flatMap { hash in (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * UInt64($0))) } },
                  blocks: 8)
    }

    public static let empty = RowSignatures(top: 0, hashes: [])

    public var bottom: Int { top + hashes.count }

    public func hash(atPageRow y: Int) -> UInt64? {
        let index = y - top
        return index >= 0 && index < hashes.count ? hashes[index] : nil
    }

    /// Whether page row `y` here and page row `other` in `that` show the same thing.
    func sameRow(_ y: Int, as other: Int, in that: RowSignatures, tolerance: Int) -> Bool {
        let i = y - top, j = other - that.top
        guard blocks == that.blocks, i >= 0, i < hashes.count, j >= 0, j < that.hashes.count else { return false }
        for k in 0..<blocks where abs(Int(profiles[i * blocks + k]) - Int(that.profiles[j * blocks + k])) > tolerance {
            return false
        }
        return true
    }
}

/// What one screenshot says once chrome is removed: its title and its bubbles, top to bottom.
public struct ScreenRead: Equatable, Sendable {
    public var source: String
    public var title: String?
    public var bubbles: [Bubble]
    /// Pixel evidence for the stitcher; empty when the shot was not read from pixels.
    public var rows: RowSignatures
    /// The look of the screen (page background), to tell conversations apart.
    public var background: RGB?

    public init(source: String, title: String?, bubbles: [Bubble], rows: RowSignatures = .empty, background: RGB? = nil) {
        self.source = source
        self.title = title
        self.bubbles = bubbles
        self.rows = rows
        self.background = background
    }
}

public struct Message: Equatable, Sendable, Codable {
    public var speaker: Speaker
    public var author: String?
    public var text: String
    public var confidence: Double
    public var source: String

    public init(speaker: Speaker, author: String? = nil, text: String, confidence: Double, source: String) {
        self.speaker = speaker
        self.author = author
        self.text = text
        self.confidence = confidence
        self.source = source
    }

    public init(_ bubble: Bubble) {
        self.init(speaker: bubble.speaker, author: bubble.author, text: bubble.text,
                  confidence: bubble.confidence, source: bubble.source)
    }

    // The contract promises `"author": null`, so nil is written, not left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(speaker, forKey: .speaker)
        try container.encode(author, forKey: .author)
        try container.encode(text, forKey: .text)
        try container.encode((confidence * 100).rounded() / 100, forKey: .confidence)
        try container.encode(source, forKey: .source)
    }
}

/// A place where two shots did not overlap, so something between them was never captured.
public struct ConversationGap: Equatable, Sendable, Codable {
    public var afterMessage: Int

    public init(afterMessage: Int) {
        self.afterMessage = afterMessage
    }
}

public struct Conversation: Equatable, Sendable {
    public var title: String?
    public var messages: [Message]
    public var gaps: [ConversationGap]

    public init(title: String?, messages: [Message], gaps: [ConversationGap] = []) {
        self.title = title
        self.messages = messages
        self.gaps = gaps
    }

    /// The newest message from the other side: what a reply answers.
    public var lastFromThem: Message? {
        messages.last { $0.speaker == .them } ?? messages.last { $0.speaker == .unknown }
    }
}
