import Foundation

/// Rows of chips: small filled pills side by side, each a word or three (a mail's "SPF pass
/// DKIM pass DMARC pass", a bot's suggested replies "Yes" "No" "Later", filter tags). Two
/// bubbles never share a row, so pills that do are the app's labels or buttons, not
/// messages; a pill alone in its row may be a short bubble ("Ok") and stays, unless it is a
/// reaction (an emoji and a name: "👍 You").
struct ChipRows {
    let metadata: MessageMetadata
    /// A chip's label is at most this many words.
    static let maximumWords = 3
    /// A chip's label is no taller than this many body lines.
    static let maximumLineHeights = 1.5
    /// Chips of one row are within this ratio of each other's height.
    static let heightRatio = 1.5
    /// Neighbouring chips stand at most this many of their heights apart.
    static let gapHeights = 3.0

    /// The chips among `content`: every region of a row of two or more chip-shaped regions
    /// that nothing else shares (`isAside`: regions that may stand beside them, such as a
    /// profile picture).
    func chips(in content: [TextRegion], bodyHeight: Double, isAside: (TextRegion) -> Bool) -> [TextRegion] {
        let shaped = content.filter { isChipShaped($0, bodyHeight: bodyHeight) && !isAside($0) }
        var chips: [TextRegion] = []
        var seen: Set<PixelRect> = []
        for seed in shaped where !seen.contains(seed.box) {
            let row = shaped.filter { Self.shareRow($0.box, seed.box) }.sorted { $0.box.x < $1.box.x }
            for member in row { seen.insert(member.box) }
            guard row.count >= 2 else { continue }
            let heights = row.map { Double($0.box.height) }
            let spaced = zip(row, row.dropFirst()).allSatisfy { left, right in
                let gap = Double(right.box.x - left.box.maxX)
                return gap >= 0 && gap <= Double(min(left.box.height, right.box.height)) * Self.gapHeights
            }
            let alone = !content.contains { other in
                !row.contains { $0.box == other.box } && !isAside(other)
                    && row.contains { Self.shareRow(other.box, $0.box) }
            }
            // One app's chips share a colour.
            let oneColour = row.allSatisfy { $0.fill.distance(to: row[0].fill) <= RGB.sameFlatColour }
            if heights.max()! <= heights.min()! * Self.heightRatio, spaced, alone, oneColour { chips += row }
        }
        // A reaction stands alone under its message: an emoji and who chose it ("👍 You").
        let inRows = Set(chips.map(\.box))
        return chips + shaped.filter { !inRows.contains($0.box) && isReaction($0) }
    }

    /// A pill of an emoji (read as symbols only, no letter) and one word: a reaction and the
    /// name of who chose it; a message in a bubble starts with its words, an emoji comes after
    /// them. (An unsure letter may be a picture's scrap or a word: it is left to the reader.)
    func isReaction(_ region: TextRegion) -> Bool {
        guard let words = region.lines.first?.words, words.count == 2 else { return false }
        return !words[0].text.contains { $0.isLetter || $0.isNumber } && words[1].text.allSatisfy(\.isLetter)
    }

    /// A pill: filled, wider than tall (a square is a picture), one short line of words that
    /// is not a time (a bubble's time may be found as a region of its own beside its text).
    func isChipShaped(_ region: TextRegion, bodyHeight: Double) -> Bool {
        guard region.isFilled, region.lines.count == 1, let line = region.lines.first,
            Double(region.box.width) >= Double(region.box.height) * Self.minimumAspect
        else { return false }
        return (1...Self.maximumWords).contains(line.words.count) && line.text.filter(\.isLetter).count >= 2
            && Double(line.box.height) <= bodyHeight * Self.maximumLineHeights && !metadata.isMetadataRow(line.words)
    }
    /// A chip is at least this many times as wide as it is tall.
    static let minimumAspect = 1.5

    /// Whether two boxes overlap by at least half the shorter one's height.
    static func shareRow(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
        return overlap * 2 >= min(a.height, b.height)
    }
}
