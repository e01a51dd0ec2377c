/// The Stitch stage: the bubbles of each screenshot (oldest shot first) and the scroll
/// offsets between them in, one conversation out.
public protocol ConversationStitching: Sendable {
    var name: String { get }
    /// True when the stitcher places shots by their pixel scroll offset, so a bubble read in
    /// one shot stands for its copies in the others and OCR need not read it twice.
    var placesShotsByPixelOffset: Bool { get }
    /// `scrollMap` is indexed like `reads`.
    func stitch(_ reads: [ScreenRead], scrollMap: ScrollMap) -> Conversation
}

extension ConversationStitching {
    /// For shots whose offsets nobody measured yet (tests, tools): measured here.
    public func stitch(_ reads: [ScreenRead]) -> Conversation {
        stitch(reads, scrollMap: ScrollMap(measuring: reads))
    }
}

public enum StitchStrategy: String, CaseIterable, Sendable {
    /// Pixel scroll offsets, then bubble-level fuzzy alignment (the default).
    case auto
    /// The seed PRD's character suffix/prefix merge, kept for comparison.
    case seed

    public func makeStitcher() -> ConversationStitching {
        switch self {
        case .auto: return AutoStitcher()
        case .seed: return SeedStitcher()
        }
    }
}

extension Array where Element == ScreenRead {
    /// The title most screenshots agree on.
    var agreedTitle: String? {
        let titles = compactMap(\.title)
        var counts: [String: Int] = [:]
        for title in titles { counts[title, default: 0] += 1 }
        return titles.max { counts[$0]! < counts[$1]! }
    }
}
