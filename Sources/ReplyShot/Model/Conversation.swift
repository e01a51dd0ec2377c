/// Who wrote a message, as far as the screenshot shows it.
public enum Speaker: String, Codable, Sendable, CaseIterable {
    case me, them, unknown

    /// The side of a message whose sender is named: the user's own where the name is the
    /// user's (`--me`, in any case) or one an app gives the user, none for an assistant's
    /// instructions, else the other side's.
    static func of(sender name: String, me myName: String?) -> Speaker {
        let isMyName = myName.map { name.caseInsensitiveCompare($0) == .orderedSame } == true
        if isMyName || namesOfTheUser.contains(name.lowercased()) { return .me }
        return namesOfNoSide.contains(name.lowercased()) ? .unknown : .them
    }

    /// An app that names every sender names the user "me" or "you" (Jetchat, Fluux); an
    /// assistant app names its user "User" (Chatbox, Maid).
    static let namesOfTheUser: Set<String> = ["me", "you", "user"]
    /// An assistant app heads its standing instructions "System": no one in the conversation
    /// wrote them to the other.
    static let namesOfNoSide: Set<String> = ["system"]
}

/// What a message is: words someone wrote, a picture or file they sent, or a line the app
/// itself shows in the conversation ("Alice joined", "Messages are end-to-end encrypted").
public enum MessageKind: String, Codable, Sendable, CaseIterable {
    case text, media, notice

    /// Media and notices stay in the transcript, but there is nothing in them to answer.
    public var isAnswerable: Bool { self == .text }
}

/// One chat bubble (or one paragraph / post where the app has no bubbles) in one screenshot.
public struct Bubble: Equatable, Sendable {
    public var speaker: Speaker
    public var author: String?
    public var text: String
    public var kind: MessageKind
    /// The replied-to text a bubble shows above its own, never part of `text`.
    public var quote: String?
    public var box: PixelRect
    public var confidence: Double
    /// File name of the screenshot the bubble was read from.
    public var source: String
    /// True when the bubble touches the top or bottom edge of the visible chat area, so its
    /// text may be incomplete in this shot.
    public var isCutOff: Bool

    public init(
        speaker: Speaker, author: String? = nil, text: String, kind: MessageKind = .text, quote: String? = nil,
        box: PixelRect, confidence: Double, source: String, isCutOff: Bool = false
    ) {
        self.speaker = speaker
        self.author = author
        self.text = text
        self.kind = kind
        self.quote = quote
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
    /// The screen's width in pixels: how many rows make a line of text depends on it.
    public var screenWidth: Int

    public init(top: Int, hashes: [UInt64], profiles: [UInt8], blocks: Int, screenWidth: Int = 1170) {
        self.top = top
        self.hashes = hashes
        self.profiles = profiles
        self.blocks = blocks
        self.screenWidth = screenWidth
    }

    /// Rows known only by their hash (synthetic tests): the hash's bytes are the profile.
    public init(top: Int, hashes: [UInt64]) {
        self.init(
            top: top, hashes: hashes,
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

/// What the reader made of one part of a screen: kept as a message, or left out and why.
/// `--explain` draws these over the screenshot, so a person can see why a message was missed.
public struct ReadDecision: Equatable, Sendable {
    public enum Role: String, Sendable, CaseIterable {
        // Kept: they become messages (or the title).
        case me, them, unknown, notice, media, title
        // Parts of a message that are not its text.
        case author, quote, metadata
        // Left out.
        case header, avatar, statusBar, inputBar, keyboard, stamp, placeholder, noise, sliced, readEarlier, menu
    }

    public var box: PixelRect
    public var role: Role
    public var text: String

    public init(box: PixelRect, role: Role, text: String) {
        self.box = box
        self.role = role
        self.text = text
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
    /// Every decision the reader made, for `--explain`.
    public var decisions: [ReadDecision]
    public var layout: ScreenLayout?
    /// The regions the OCR stage found (bubbles, text on the page), for `--explain`.
    public var regionBoxes: [PixelRect] = []

    public init(
        source: String, title: String?, bubbles: [Bubble], rows: RowSignatures = .empty, background: RGB? = nil,
        decisions: [ReadDecision] = [], layout: ScreenLayout? = nil
    ) {
        self.source = source
        self.title = title
        self.bubbles = bubbles
        self.rows = rows
        self.background = background
        self.decisions = decisions
        self.layout = layout
    }
}

public struct Message: Equatable, Sendable, Codable {
    public var speaker: Speaker
    public var author: String?
    public var text: String
    public var kind: MessageKind
    public var quote: String?
    public var confidence: Double
    public var source: String

    public init(
        speaker: Speaker, author: String? = nil, text: String, kind: MessageKind = .text, quote: String? = nil,
        confidence: Double, source: String
    ) {
        self.speaker = speaker
        self.author = author
        self.text = text
        self.kind = kind
        self.quote = quote
        self.confidence = confidence
        self.source = source
    }

    public init(_ bubble: Bubble) {
        self.init(
            speaker: bubble.speaker, author: bubble.author, text: bubble.text, kind: bubble.kind, quote: bubble.quote,
            confidence: bubble.confidence, source: bubble.source)
    }

    enum CodingKeys: String, CodingKey {
        case speaker, author, text, kind, quote, confidence, source
    }

    // Reports written before `kind` and `quote` existed read as plain text messages.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            speaker: try container.decode(Speaker.self, forKey: .speaker),
            author: try container.decodeIfPresent(String.self, forKey: .author),
            text: try container.decode(String.self, forKey: .text),
            kind: try container.decodeIfPresent(MessageKind.self, forKey: .kind) ?? .text,
            quote: try container.decodeIfPresent(String.self, forKey: .quote),
            confidence: try container.decode(Double.self, forKey: .confidence),
            source: try container.decode(String.self, forKey: .source))
    }

    // The contract promises `"author": null` and `"quote": null`, so nil is written, not left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(speaker, forKey: .speaker)
        try container.encode(author, forKey: .author)
        try container.encode(text, forKey: .text)
        try container.encode(kind, forKey: .kind)
        try container.encode(quote, forKey: .quote)
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

    /// The newest message from the other side: what a reply answers. Pictures and the app's
    /// own notices hold nothing to answer.
    public var lastFromThem: Message? {
        let answerable = messages.filter(\.kind.isAnswerable)
        return answerable.last { $0.speaker == .them } ?? answerable.last { $0.speaker == .unknown }
    }
}
