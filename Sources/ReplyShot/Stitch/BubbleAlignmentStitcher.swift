/// Stitches shots by aligning bubbles, not characters: the tail of what is stitched so far is
/// matched against the head of the next shot with fuzzy text comparison, so OCR differences
/// between two readings of one bubble, and bubbles cut at the screen edge, still line up.
///
/// An overlap must carry enough text to be evidence (two "haha" bubbles alone never decide
/// one), and for every bubble seen twice the better-read copy is kept.
public struct BubbleAlignmentStitcher: ConversationStitching {
    /// The text evidence inside `auto`; usable alone, in capture order only.
    public let name = "text"
    public var placesShotsByPixelOffset: Bool { false }
    /// Two readings of one bubble agree at least this much.
    var matchThreshold = 0.8
    /// A bubble cut at the screen edge shows few letters, so each misread one weighs more.
    var cutMatchThreshold = 0.7
    /// Letters an overlap must cover before it counts.
    var minimumEvidence = 24
    /// An overlap of whole bubbles read alike (similarity `exactSimilarity`) counts from this
    /// many letters and `exactMinimumWords` words: a mail's sign-off ("Best regards, William")
    /// left alone at the top of the next shot. Short words said twice ("ok sure") stay apart.
    var exactEvidence = 16
    static let exactSimilarity = 0.95
    static let exactMinimumWords = 3

    public init() {}

    /// Text evidence only: the scroll offsets are not used.
    public func stitch(_ reads: [ScreenRead], scrollMap: ScrollMap) -> Conversation {
        var stitched: [Bubble] = []
        var gaps: [ConversationGap] = []
        for read in reads where !read.bubbles.isEmpty {
            if stitched.isEmpty {
                stitched = read.bubbles
                continue
            }
            if let overlap = bestOverlap(tail: stitched, head: read.bubbles) {
                let start = stitched.count - overlap
                for k in 0..<overlap {
                    stitched[start + k] = better(stitched[start + k], read.bubbles[k])
                }
                stitched += read.bubbles.dropFirst(overlap)
            } else {
                gaps.append(ConversationGap(afterMessage: stitched.count - 1))
                stitched += read.bubbles
            }
        }
        return Conversation(title: reads.agreedTitle, messages: stitched.map(Message.init), gaps: gaps)
    }

    /// The longest k such that the last k stitched bubbles match the first k of the next shot.
    func bestOverlap(tail: [Bubble], head: [Bubble]) -> Int? {
        for k in stride(from: min(tail.count, head.count), through: 1, by: -1) {
            let pairs = zip(tail.suffix(k), head.prefix(k))
            guard pairs.allSatisfy({ matches($0, $1) }) else { continue }
            let evidence = pairs.map { min($0.text.count, $1.text.count) }.reduce(0, +)
            if evidence >= minimumEvidence { return k }
            let readAlike = pairs.allSatisfy { a, b in
                !a.isCutOff && !b.isCutOff && TextSimilarity.similarity(a.text, b.text) >= Self.exactSimilarity
            }
            let words = pairs.map { $0.0.text.split(separator: " ").count }.reduce(0, +)
            if readAlike, evidence >= exactEvidence, words >= Self.exactMinimumWords { return k }
        }
        return nil
    }

    func matches(_ a: Bubble, _ b: Bubble) -> Bool {
        guard Self.mayBeOneMessage(a, b) else { return false }
        if a.isCutOff || b.isCutOff {
            // A sliver of a few letters cannot contradict an overlap the other bubbles prove;
            // it adds next to nothing to the evidence either.
            if min(a.text.count, b.text.count) < 10 { return TextSimilarity.partialSimilarity(a.text, b.text) >= 0.5 }
            // Two pieces of one tall bubble, the earlier cut below and the later cut above,
            // share the lines both shots show: the end of the one is the start of the other.
            // Two different messages in the same few words only look alike somewhere inside.
            if a.isCutOff && b.isCutOff { return Self.continues(a.text, into: b.text, threshold: matchThreshold) }
            return TextSimilarity.partialSimilarity(a.text, b.text) >= cutMatchThreshold
        }
        // One shot may read words the other left out at the end (the time after the text, a
        // last line a composer covers): the same bubble stopped short.
        return TextSimilarity.similarity(a.text, b.text) >= matchThreshold
            || Self.stopsShort(a.text, of: b.text) || Self.stopsShort(b.text, of: a.text)
    }

    /// Two copies of one message have one speaker, unless one copy does not tell; or the two
    /// say the same long sentence: a post whose header is off screen in one shot is taken for
    /// the previous post's author's there (IRC, Matrix), and the words are still its own.
    static func mayBeOneMessage(_ a: Bubble, _ b: Bubble) -> Bool {
        a.speaker == b.speaker || a.speaker == .unknown || b.speaker == .unknown
            || (min(a.text.count, b.text.count) >= sameSentenceLength
                && TextSimilarity.similarity(a.text, b.text) >= runOnSimilarity)
    }
    /// Letters a sentence needs before two readings of it cannot be two messages by chance.
    static let sameSentenceLength = 20

    /// Whether `short` reads as the start of `long`, which goes on for at least
    /// `minimumRunOn` more characters: the same bubble with its last lines unread.
    static func stopsShort(_ short: String, of long: String) -> Bool {
        guard short.count >= minimumRunOn, long.count >= short.count + minimumRunOn else { return false }
        return TextSimilarity.similarity(short, String(long.prefix(short.count))) >= runOnSimilarity
    }
    static let minimumRunOn = 8
    /// The two readings of the shared start agree this closely (they are the same pixels).
    static let runOnSimilarity = 0.9

    /// Whether the end of `earlier` reads again as the start of `later` (at least 10 letters,
    /// compared up to 120). Under a line's length (`shortOverlap`) the two ends must agree to
    /// within a letter or so: two different messages' words shifted by one letter ("tomorrow
    /// p" and "omorrow pa") come to 0.8.
    static func continues(_ earlier: String, into later: String, threshold: Double) -> Bool {
        let x = Array(earlier), y = Array(later)
        let longest = min(120, x.count, y.count)
        guard longest >= 10 else { return false }
        return stride(from: longest, through: 10, by: -1).contains { k in
            TextSimilarity.similarity(String(x.suffix(k)), String(y.prefix(k)))
                >= (k < shortOverlap ? max(threshold, shortOverlapSimilarity) : threshold)
        }
    }
    static let shortOverlap = 20
    static let shortOverlapSimilarity = 0.9

    /// A whole bubble beats a cut one; between two whole ones, the one the other stops short
    /// of (a composer or a floating bar drawn over a bubble's last line cuts it without the
    /// bubble touching the edge), else the more confident reading. Who wrote it is kept from
    /// whichever copy knows (a post's header may be off screen in one).
    func better(_ a: Bubble, _ b: Bubble) -> Bubble {
        var (chosen, other) = (a, b)
        if a.isCutOff != b.isCutOff {
            if a.isCutOff { (chosen, other) = (b, a) }
        } else if a.isCutOff {
            if b.text.count > a.text.count { (chosen, other) = (b, a) }
        } else if Self.stopsShort(a.text, of: b.text) {
            (chosen, other) = (b, a)
        } else if !Self.stopsShort(b.text, of: a.text), b.confidence > a.confidence {
            (chosen, other) = (b, a)
        }
        if chosen.author == nil { chosen.author = other.author }
        if chosen.speaker == .unknown { chosen.speaker = other.speaker }
        return chosen
    }
}
