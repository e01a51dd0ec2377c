/// The scroll offsets between the shots of one analysis, found once from their pixel rows
/// (in the OCR survey when there is one) and handed to every stage that places shots: the
/// planner that skips bubbles already read, the grouper that keeps shots of one scroll
/// together, and the stitcher that lays them on one canvas. Indexes are positions in the
/// list of shots the map was made for; `subset` re-indexes it for a part of that list.
public struct ScrollMap: Equatable, Sendable {
    /// `offsets[i][j]`: how many pixels further down shot j is scrolled than shot i (page row
    /// y of j shows what page row y + d of i shows); nil without evidence.
    private var offsets: [[Int?]]

    /// Measures every pair of shots once (nil rows: a shot with nothing to measure). Each pair
    /// is measured from the earlier shot to the later and the other direction is its negation,
    /// so the map does not depend on which of the two is asked about first.
    public init(rows: [RowSignatures?]) {
        self.init(rows: rows, finder: ScrollOffsetFinder())
    }

    init(rows: [RowSignatures?], finder: ScrollOffsetFinder) {
        offsets = Array(repeating: Array(repeating: nil, count: rows.count), count: rows.count)
        for i in rows.indices {
            offsets[i][i] = rows[i] == nil ? nil : 0
            for j in rows.indices where j > i {
                guard let a = rows[i], let b = rows[j], let d = finder.offset(from: a, to: b) else { continue }
                offsets[i][j] = d
                offsets[j][i] = -d
            }
        }
    }

    /// The offsets between these shots, measured now from their rows.
    init(measuring reads: [ScreenRead]) {
        self.init(rows: reads.map(\.rows))
    }

    init(offsets: [[Int?]]) {
        self.offsets = offsets
    }

    public func offset(from i: Int, to j: Int) -> Int? {
        guard offsets.indices.contains(i), offsets.indices.contains(j) else { return nil }
        return offsets[i][j]
    }

    /// The map of the shots at `indexes`, in that order: shot k of the result is shot
    /// `indexes[k]` of this map.
    public func subset(_ indexes: [Int]) -> ScrollMap {
        ScrollMap(offsets: indexes.map { i in indexes.map { j in offset(from: i, to: j) } })
    }
}
