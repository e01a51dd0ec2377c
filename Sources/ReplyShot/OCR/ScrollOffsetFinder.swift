/// Finds the exact scroll offset between two shots of one scrolling view from their pixel
/// rows: the shift at which (almost) every informative row of their overlap is identical.
struct ScrollOffsetFinder: Sendable {
    /// Rows that must agree before an offset counts (about two lines of text at 3x, on a
    /// screen 1170 pixels wide; scaled by the shots' width, since a 1x screen draws the same
    /// lines in a third of the rows).
    var minimumRows = 40
    /// Share of the overlap's informative rows that must match.
    var agreement = 0.9
    /// Block means of one row may differ this much between two shots (dithering, JPEG).
    var tolerance = 10
    /// Rows this close to either shot's chat-area edge are not evidence either way (scaled
    /// like `minimumRows`).
    var edgeRows = 40

    /// This finder's row counts for shots of this width.
    func scaled(toScreenWidth width: Int) -> ScrollOffsetFinder {
        var finder = self
        let scale = Double(width) / 1170
        finder.minimumRows = max(12, Int((Double(minimumRows) * scale).rounded()))
        finder.edgeRows = max(8, Int((Double(edgeRows) * scale).rounded()))
        return finder
    }

    /// The d for which page row y of `b` shows what page row y + d of `a` shows: b is
    /// scrolled d pixels further down than a (negative: further up). nil without evidence.
    func offset(from a: RowSignatures, to b: RowSignatures) -> Int? {
        scaled(toScreenWidth: min(a.screenWidth, b.screenWidth)).offsetAtThisScale(from: a, to: b)
    }

    private func offsetAtThisScale(from a: RowSignatures, to b: RowSignatures) -> Int? {
        var rowsOfHash: [UInt64: [Int]] = [:]
        for (k, hash) in a.hashes.enumerated() where hash != 0 {
            if rowsOfHash[hash, default: []].count < 8 { rowsOfHash[hash, default: []].append(a.top + k) }
        }
        var votes: [Int: Int] = [:]
        for (k, hash) in b.hashes.enumerated() where hash != 0 {
            for rowInA in rowsOfHash[hash] ?? [] { votes[rowInA - (b.top + k), default: 0] += 1 }
        }
        let candidates = votes.filter { $0.value >= minimumRows / 4 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .prefix(6)
        let scrolling = scrollingRows(a, b)
        return candidates.first { verify(a, b, offset: $0.key, scrolling: scrolling) }?.key
    }

    /// The page rows between those at the top and the bottom of the chat area that show the
    /// same in both shots at the same height: a composer, a banner or a floating button drawn
    /// over the scrolling view. Those do not scroll, so they are evidence neither for an
    /// offset nor against one. Shots that agree almost everywhere at the same height keep
    /// all their rows.
    func scrollingRows(_ a: RowSignatures, _ b: RowSignatures) -> Range<Int> {
        let top = max(a.top, b.top), bottom = min(a.bottom, b.bottom)
        guard bottom > top else { return top..<top }
        func still(_ y: Int) -> Bool {
            a.hash(atPageRow: y) == b.hash(atPageRow: y) || a.sameRow(y, as: y, in: b, tolerance: tolerance)
        }
        var scrollTop = top
        while scrollTop < bottom, still(scrollTop) { scrollTop += 1 }
        var scrollBottom = bottom
        while scrollBottom > scrollTop, still(scrollBottom - 1) { scrollBottom -= 1 }
        // With the keyboard open, a composer holding several typed lines can take 40% of
        // what is left of the chat area; more than half of it standing still is no overlay,
        // and neither are strips at both edges that leave less than 40% between them (two
        // shots of one position that differ in a typing line keep all their rows).
        let limit = (bottom - top) / 2
        let from = scrollTop - top <= limit ? scrollTop : top
        let to = bottom - scrollBottom <= limit ? scrollBottom : bottom
        guard ((from - top) + (bottom - to)) * 10 <= (bottom - top) * 6 else { return top..<bottom }
        return from..<to
    }

    private func verify(_ a: RowSignatures, _ b: RowSignatures, offset d: Int, scrolling: Range<Int>) -> Bool {
        var informative = 0, equal = 0
        // Rows next to the chat area's edges are left out: a composer's shadow, a fading edge
        // or a floating button sits there in one shot and scrolled content in the other.
        let low = max(b.top + edgeRows, a.top - d + edgeRows), high = min(b.bottom - edgeRows, a.bottom - d - edgeRows)
        guard low < high else { return false }
        for y in low..<high where scrolling.contains(y) && scrolling.contains(y + d) {
            guard let ha = a.hash(atPageRow: y + d), let hb = b.hash(atPageRow: y) else { continue }
            if ha == 0 && hb == 0 { continue }
            informative += 1
            if ha == hb || b.sameRow(y, as: y + d, in: a, tolerance: tolerance) { equal += 1 }
        }
        return informative >= minimumRows && Double(equal) >= agreement * Double(informative)
    }
}
