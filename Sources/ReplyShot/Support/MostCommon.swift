extension Sequence {
    /// The first element whose key occurs most often; among keys as common, the smallest
    /// key wins, so the answer never depends on dictionary order. nil for an empty sequence.
    func mostCommon<Key: Hashable & Comparable>(by key: (Element) -> Key) -> Element? {
        let groups = Dictionary(grouping: self, by: key)
        return groups.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.value.first
    }
}
