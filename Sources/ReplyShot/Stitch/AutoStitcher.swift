import Foundation

/// The default stitcher. Pixel evidence first: shots whose rows line up at an exact scroll
/// offset are placed on one tall canvas, and a bubble seen in several of them is kept once
/// (the better-read copy), while a real repeat ("haha", "haha") sits at another height and
/// survives. Pieces without pixel evidence are ordered and joined by text evidence (bubble
/// alignment); pieces that do not overlap at all are kept whole with a gap between them.
/// Reading order comes from content, not capture time: a user scrolling up is recognised.
public struct AutoStitcher: ConversationStitching {
    public let name = "auto"
    public var placesShotsByPixelOffset: Bool { true }
    var pixels = ScrollOffsetFinder()
    var text = BubbleAlignmentStitcher()

    public init() {}

    /// A run of shots with known relative positions, read as one list of bubbles.
    struct Segment {
        var shots: [Int]
        var bubbles: [Bubble]
    }

    public func stitch(_ reads: [ScreenRead], scrollMap: ScrollMap) -> Conversation {
        // A shot without bubbles of its own (all of them read in the previous shot) still
        // links its neighbours by pixel offset; only segments without bubbles are dropped.
        let kept = reads.indices.filter { !reads[$0].bubbles.isEmpty || !reads[$0].rows.hashes.isEmpty }
        let (segments, scrollsUp) = pixelSegments(kept.map { reads[$0] }, scrollMap: scrollMap.subset(kept))
        let (joined, joinGaps) = join(order(segments.filter { !$0.bubbles.isEmpty }, scrollsUp: scrollsUp))
        let (bubbles, gaps) = RepeatedMessages().folded(RunTogetherBubbles().split(joined), gaps: joinGaps)
        return Conversation(title: reads.agreedTitle, messages: bubbles.map(Message.init), gaps: gaps)
    }

    /// Groups shots connected by pixel offsets and places each group's bubbles on one canvas.
    func pixelSegments(_ shots: [ScreenRead], scrollMap: ScrollMap) -> ([Segment], scrollsUp: Bool) {
        var shots = shots
        var neighbours = [[(Int, Int)]](repeating: [], count: shots.count)
        var direction = 0
        for i in shots.indices {
            for j in shots.indices where j > i {
                guard let d = scrollMap.offset(from: i, to: j) else { continue }
                neighbours[i].append((j, d))
                neighbours[j].append((i, -d))
                direction += d > 0 ? 1 : (d < 0 ? -1 : 0)
            }
        }
        removeFixedOverlays(&shots, links: neighbours)
        let views = shots.indices.map { scrollingView(of: shots[$0], besides: neighbours[$0].map { shots[$0.0] }) }
        for i in shots.indices {
            guard let view = views[i] else { continue }
            for k in shots[i].bubbles.indices where Self.isCut(shots[i].bubbles[k].box, by: view, in: shots[i]) {
                shots[i].bubbles[k].isCutOff = true
            }
        }
        var position = [Int?](repeating: nil, count: shots.count)
        var segments: [Segment] = []
        for start in shots.indices where position[start] == nil {
            position[start] = 0
            var queue = [start], members: [Int] = []
            while let current = queue.popLast() {
                members.append(current)
                for (next, d) in neighbours[current] where position[next] == nil {
                    position[next] = position[current]! + d
                    queue.append(next)
                }
            }
            members.sort()
            segments.append(
                Segment(
                    shots: members,
                    bubbles: place(members.map { (shots[$0], position[$0]!) }, views: members.map { views[$0] })))
        }
        return (segments, direction < 0)
    }

    /// A bubble that stays at the same place on the screen in two shots whose content
    /// scrolled between them is drawn over the scrolling view (a composer's hint, a floating
    /// chip or button, a pinned banner): the app's chrome, not a message. Placed on the
    /// canvas it would come out once per shot. A real repeat ("haha" twice, exactly one
    /// scroll apart) looks the same at first sight; its pixels tell it apart: where the
    /// other shot shows the same content, it shows the same rows.
    func removeFixedOverlays(_ shots: inout [ScreenRead], links: [[(Int, Int)]]) {
        var fixed = shots.map { _ in Set<Int>() }
        for i in shots.indices {
            let tolerance = max(3, (shots[i].layout?.width ?? 1170) / 200)
            for (j, d) in links[i] where j > i && abs(d) > 4 * tolerance {
                for (k, mine) in shots[i].bubbles.enumerated() {
                    for (l, theirs) in shots[j].bubbles.enumerated()
                    where mine.kind == theirs.kind && abs(mine.box.y - theirs.box.y) <= tolerance
                        && abs(mine.box.x - theirs.box.x) <= tolerance
                        && abs(mine.box.height - theirs.box.height) <= tolerance
                        && TextSimilarity.similarity(mine.text, theirs.text) >= Self.sameTextSimilarity
                        && isOverlay(mine, in: shots[i], theirs, in: shots[j], offset: d)
                    {
                        fixed[i].insert(k)
                        fixed[j].insert(l)
                    }
                }
            }
        }
        for i in shots.indices where !fixed[i].isEmpty {
            shots[i].bubbles = shots[i].bubbles.enumerated().filter { !fixed[i].contains($0.offset) }.map(\.element)
        }
    }

    /// Whether two bubbles at one screen place are an overlay: where the content under one
    /// of them shows in the other shot (scrolled by `d`), the rows differ, and nowhere do they
    /// agree. Without rows to compare on either side it is not called an overlay.
    func isOverlay(_ mine: Bubble, in a: ScreenRead, _ theirs: Bubble, in b: ScreenRead, offset d: Int) -> Bool {
        // Page row y of b shows what page row y + d of a shows.
        let forward = scrollsWithContent(mine.box, from: a.rows, to: b.rows, shift: -d)
        let backward = scrollsWithContent(theirs.box, from: b.rows, to: a.rows, shift: d)
        return forward != true && backward != true && (forward == false || backward == false)
    }

    /// Whether the rows of `box` in `from` show again `shift` rows away in `to` (nil: too few
    /// of them are in view, or informative, to say).
    func scrollsWithContent(_ box: PixelRect, from: RowSignatures, to: RowSignatures, shift: Int) -> Bool? {
        var informative = 0, equal = 0
        for y in box.y..<box.maxY {
            guard let here = from.hash(atPageRow: y), let there = to.hash(atPageRow: y + shift) else { continue }
            if here == 0 && there == 0 { continue }
            informative += 1
            if here == there || to.sameRow(y + shift, as: y, in: from, tolerance: pixels.tolerance) { equal += 1 }
        }
        guard informative >= max(4, box.height / 4) else { return nil }
        return Double(equal) >= pixels.agreement * Double(informative)
    }

    /// Two readings of one line of text agree at least this much (normalised edit distance).
    static let sameTextSimilarity = 0.8

    /// The page rows of a shot that scroll: its chat area less the rows that stand still
    /// between it and each shot it is linked to by a pixel offset (a composer, a pinned
    /// banner, a floating bar the reader took for chat). A bubble reaching these rows' ends
    /// was cut there by the scroll, wherever the reader thought the chat area ended.
    /// A shot linked to none keeps the reader's own judgement of its edges (nil).
    ///
    /// Blank rows at an end stand still too, so the view may end below a blank gap that
    /// scrolls (a bubble under it then counts as cut). Growing the view back over them was
    /// tried: most often those rows are the bottom of a header of the page's colour, and the
    /// bubble under them really is cut (scroll pairs lost 0.2 to 0.3 points of recall).
    func scrollingView(of shot: ScreenRead, besides linked: [ScreenRead]) -> Range<Int>? {
        guard let layout = shot.layout, !shot.rows.hashes.isEmpty, !linked.isEmpty else { return nil }
        var view = layout.contentTop..<layout.contentBottom
        for other in linked where !other.rows.hashes.isEmpty {
            let scrolling = pixels.scaled(toScreenWidth: min(shot.rows.screenWidth, other.rows.screenWidth))
                .scrollingRows(shot.rows, other.rows)
            view = view.clamped(to: scrolling)
        }
        return view.isEmpty ? nil : view
    }

    /// Whether `box` reaches an end of the rows that scroll (within the reader's margin for
    /// a region touching the chat area's edge, scaled to the screen).
    static func isCut(_ box: PixelRect, by view: Range<Int>, in shot: ScreenRead) -> Bool {
        let margin = edgeMargin(for: shot)
        return box.y <= view.lowerBound + margin || box.maxY >= view.upperBound - margin
    }

    static func edgeMargin(for shot: ScreenRead) -> Int {
        max(ReadingTuning().edgeTouch, (shot.layout?.width ?? 1170) / edgeMarginDivisor)
    }
    /// A region this close (a 1/200 of the screen's width: 5 px on a 1170 px screen) to the
    /// end of the scrolling rows is cut by it: the region finder's box can stop a few rows
    /// short of the cut (anti-aliased edges, a faint fill).
    static let edgeMarginDivisor = 200

    /// Bubbles of several shots at their canvas heights; the copies of one bubble become one.
    func place(_ shots: [(read: ScreenRead, offset: Int)], views: [Range<Int>?]) -> [Bubble] {
        var placed: [PlacedBubble] = []
        for (shot, (read, offset)) in shots.enumerated() {
            for bubble in read.bubbles {
                var copy = PlacedBubble(bubble: bubble, offset: offset, shots: [shot])
                // A bubble one shot read run together with the next one, which this shot shows
                // apart (or the other way round), keeps its own words: two messages, not copies.
                for index in placed.indices where placed[index].isCopy(of: copy) {
                    if let own = RunTogetherBubbles.ownWords(of: placed[index].bubble, before: copy.bubble) {
                        placed[index].bubble.text = own
                        placed[index].bottom = min(placed[index].bottom, copy.top)
                    } else if let own = RunTogetherBubbles.ownWords(of: copy.bubble, before: placed[index].bubble) {
                        copy.bubble.text = own
                        copy.bottom = min(copy.bottom, placed[index].top)
                    }
                }
                // Every copy this one overlaps is the same bubble: two cut pieces (top and
                // bottom) of one bubble only meet through its whole copy.
                let same = placed.indices.filter { placed[$0].isCopy(of: copy) }
                var merged = copy
                for index in same { merged = placed[index].merged(with: merged, keeping: text.better) }
                for index in same.reversed() { placed.remove(at: index) }
                placed.append(merged)
            }
        }
        // The canvas rows each shot shows whole: its scrolling rows less the edge margin.
        let wholeRows = zip(shots, views).map { shot, view -> ClosedRange<Int>? in
            guard let view else { return nil }
            let margin = Self.edgeMargin(for: shot.read)
            let top = view.lowerBound + shot.offset + margin, bottom = view.upperBound + shot.offset - margin
            return top < bottom ? top...bottom : nil
        }
        // Rows a shot left unread because an earlier shot showed them are not its verdict.
        let unread = shots.map { shot in
            shot.read.decisions.filter { $0.role == .readEarlier }.map {
                ($0.box.y + shot.offset)..<($0.box.maxY + shot.offset)
            }
        }
        let kept = placed.filter { !$0.isCutCopyOfAnotherShotsWholeView(wholeRows, unread: unread) }
        return kept.filter { bubble in
            !kept.contains {
                bubble.isQuoteRead(of: $0, wholeRows: wholeRows) || bubble.isNameRead(of: $0, wholeRows: wholeRows)
            }
        }
        .sorted { $0.top < $1.top }.map(\.bubble)
    }

    /// Reading order of the segments: follow text overlaps; where there are none, capture
    /// order (or its reverse when the shots that do overlap show the user scrolling up).
    func order(_ segments: [Segment], scrollsUp: Bool) -> [(Segment, overlap: Int?)] {
        guard segments.count > 1 else { return segments.map { ($0, nil) } }
        var successor = [Int: (Int, Int)]()
        var hasPredecessor = Set<Int>()
        var textDirection = 0
        for i in segments.indices {
            var best: (Int, Int)?
            for j in segments.indices where j != i {
                if let k = text.bestOverlap(tail: segments[i].bubbles, head: segments[j].bubbles), k > (best?.1 ?? 0),
                    !hasPredecessor.contains(j)
                {
                    best = (j, k)
                }
            }
            if let best {
                successor[i] = best
                hasPredecessor.insert(best.0)
                textDirection += segments[best.0].shots[0] > segments[i].shots[0] ? 1 : -1
            }
        }
        let backwards = scrollsUp || (textDirection < 0)
        var starts = segments.indices.filter { !hasPredecessor.contains($0) }
        starts.sort {
            backwards ? segments[$0].shots[0] > segments[$1].shots[0] : segments[$0].shots[0] < segments[$1].shots[0]
        }
        var result: [(Segment, overlap: Int?)] = []
        var visited = Set<Int>()
        for start in starts {
            var current: Int? = start
            var overlap: Int? = nil
            while let index = current, !visited.contains(index) {
                visited.insert(index)
                result.append((segments[index], overlap))
                overlap = successor[index]?.1
                current = successor[index]?.0
            }
        }
        return result
    }

    /// Concatenates ordered segments, merging text overlaps and marking gaps.
    func join(_ ordered: [(Segment, overlap: Int?)]) -> ([Bubble], [ConversationGap]) {
        var bubbles: [Bubble] = []
        var gaps: [ConversationGap] = []
        for (segment, overlap) in ordered {
            if let overlap, overlap <= bubbles.count, overlap <= segment.bubbles.count {
                let start = bubbles.count - overlap
                for k in 0..<overlap { bubbles[start + k] = text.better(bubbles[start + k], segment.bubbles[k]) }
                bubbles += segment.bubbles.dropFirst(overlap)
            } else {
                if !bubbles.isEmpty { gaps.append(ConversationGap(afterMessage: bubbles.count - 1)) }
                bubbles += segment.bubbles
            }
        }
        return (bubbles, gaps)
    }
}

/// One bubble on a segment's canvas: the copies of it merged so far and the shots they came from.
struct PlacedBubble {
    var top: Int
    var bottom: Int
    var bubble: Bubble
    var shots: Set<Int>
    /// The shots whose copy read a quote above the bubble's text.
    var quoteShots: Set<Int>

    init(bubble: Bubble, offset: Int, shots: Set<Int>) {
        self.top = bubble.box.y + offset
        self.bottom = bubble.box.maxY + offset
        self.bubble = bubble
        self.shots = shots
        self.quoteShots = bubble.quote == nil ? [] : shots
    }

    /// Whether `other` is this bubble seen again: the two cover the same canvas rows (at least
    /// half of the shorter) and the same columns. Shots placed by an exact pixel offset show
    /// the same pixels there, so a copy cut by the screen's edge is the bubble even where its
    /// reading lost what tells the speaker (the sender's picture under the cut). Two whole
    /// copies still have to agree on it. Two pictures read side by side in one shot are an
    /// album's two photos: one screen does not show a photo twice in one row.
    func isCopy(of other: PlacedBubble) -> Bool {
        let overlap = min(bottom, other.bottom) - max(top, other.top)
        let columns = min(bubble.box.maxX, other.bubble.box.maxX) - max(bubble.box.x, other.bubble.box.x)
        guard shots.isDisjoint(with: other.shots) || columns > 0 || bubble.kind != .media else { return false }
        let speakersAgree =
            bubble.isCutOff || other.bubble.isCutOff
            ? columns > 0 : BubbleAlignmentStitcher.mayBeOneMessage(bubble, other.bubble)
        // Two cut pieces of a message taller than the view (its start in one shot, its end in
        // the other) may share only the few rows both shots show; the same pixels there are
        // still one message.
        let share = bubble.isCutOff && other.bubble.isCutOff ? Self.cutPiecesOverlapShare : 2
        // A picture and the caption under it are two messages, never one.
        return speakersAgree && bubble.kind == other.bubble.kind
            && overlap * share >= min(bottom - top, other.bottom - other.top)
    }
    /// Two cut pieces are one message when they share at least a 1/4 of the shorter's rows.
    static let cutPiecesOverlapShare = 4

    func merged(with other: PlacedBubble, keeping better: (Bubble, Bubble) -> Bubble) -> PlacedBubble {
        var result = self
        result.top = min(top, other.top)
        result.bottom = max(bottom, other.bottom)
        result.bubble = better(bubble, other.bubble)
        // Pieces of one tall message: its start from the upper piece, its end from the lower.
        let (upper, lower) = top <= other.top ? (self, other) : (other, self)
        if bubble.isCutOff, other.bubble.isCutOff, lower.bottom > upper.bottom, bubble.kind == .text,
            let whole = CutCopySplice.spliced(upper: upper.bubble.text, lower: lower.bubble.text)
        {
            result.bubble.text = whole
        }
        // The replied-to line one copy read as a quote is the bubble's, whichever copy's
        // text is kept (the other shot may have read that line as a message of its own).
        result.bubble.quote = result.bubble.quote ?? bubble.quote ?? other.bubble.quote
        result.shots.formUnion(other.shots)
        result.quoteShots.formUnion(other.quoteShots)
        return result
    }

    /// Whether this bubble is the quote `other` shows above its text, read as a message of
    /// its own by one shot: another shot shows these rows whole and read the same pixels as
    /// that quote (its colour or its mark told), right above `other`'s text. Kept, it would
    /// be the quoted message again. A shot that read both the quote and this message (a
    /// reply to the message right above it) keeps both.
    func isQuoteRead(of other: PlacedBubble, wholeRows: [ClosedRange<Int>?]) -> Bool {
        guard let quote = other.bubble.quote, bubble.quote == nil, bubble.kind == .text,
            other.quoteShots.isDisjoint(with: shots),
            other.quoteShots.contains(where: { isShownWhole(by: wholeRows[$0]) })
        else { return false }
        return standsRightAbove(other, overlapping: (bottom - top) / 2)
            && TextSimilarity.similarity(bubble.text, quote) >= Self.quoteReadingSimilarity
    }
    /// Two readings of one quote agree this closely (a sender's name read into one of them);
    /// so do two readings of one sender's name.
    static let quoteReadingSimilarity = 0.8

    /// A sender's name read as a message of its own in one shot (the shot's edge cut off the
    /// bubble under it) that another shot, showing the name whole, read as the author of the
    /// message right under it.
    func isNameRead(of other: PlacedBubble, wholeRows: [ClosedRange<Int>?]) -> Bool {
        guard let author = other.bubble.author, bubble.author == nil, bubble.quote == nil, bubble.kind == .text,
            other.shots.contains(where: { !shots.contains($0) && isShownWhole(by: wholeRows[$0]) })
        else { return false }
        // The other copy's box may start at the name or right under it.
        return standsRightAbove(other, overlapping: bottom - top)
            && TextSimilarity.similarity(bubble.text, author) >= Self.quoteReadingSimilarity
    }

    /// Whether `other` starts at most one of this bubble's heights under it, or overlaps its
    /// end by at most `overlapping` rows.
    func standsRightAbove(_ other: PlacedBubble, overlapping: Int) -> Bool {
        let gap = other.top - bottom
        return gap >= -overlapping && gap <= bottom - top
    }

    /// A bubble read only where a shot's edge cut it, whose rows another shot of the scroll
    /// shows whole: that shot read those pixels whole and found no such message there (a day
    /// stamp whose cut half read as a notice, a name row torn from its bubble), and its
    /// reading is the one to trust.
    func isCutCopyOfAnotherShotsWholeView(_ wholeRows: [ClosedRange<Int>?], unread: [[Range<Int>]]) -> Bool {
        guard bubble.isCutOff else { return false }
        return wholeRows.indices.contains { shot in
            !shots.contains(shot) && isShownWhole(by: wholeRows[shot])
                && !unread[shot].contains { $0.overlaps(top..<bottom) }
        }
    }

    /// Whether a shot whose whole view covers the canvas rows `rows` shows this bubble whole.
    func isShownWhole(by rows: ClosedRange<Int>?) -> Bool {
        guard let rows else { return false }
        return rows.contains(top) && rows.contains(bottom)
    }
}
