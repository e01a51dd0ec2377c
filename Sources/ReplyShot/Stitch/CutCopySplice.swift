/// A message taller than what one shot shows scrolls through both: the earlier shot reads it
/// cut at its bottom edge (its start), the later cut at its top (its end). Where the two
/// readings overlap, they are one text: the upper copy's words up to where the lower copy's
/// begin, then the lower copy's.
enum CutCopySplice {
    /// At least this many words of the lower copy's start must be found in the upper copy.
    static let minimumWords = 4
    /// The words compared at a candidate join, at most.
    static let windowWords = 30
    /// Two readings of the same words agree this closely (OCR varies a letter here and there,
    /// a list's number may be lost at a line's start).
    static let agreement = 0.85

    /// The whole text of the message whose start `upper` and end `lower` read; nil when the
    /// lower copy's start is nowhere in the upper copy's text.
    static func spliced(upper: String, lower: String) -> String? {
        let top = upper.split(separator: " "), bottom = lower.split(separator: " ")
        guard bottom.count >= minimumWords else { return nil }
        let first = normalized(bottom[0])
        for start in top.indices where normalized(top[start]) == first {
            let rest = top[start...]
            guard rest.count >= minimumWords else { break }
            // The lower copy holds the upper's end, or the upper copy holds all of the lower.
            let compared = min(rest.count, bottom.count, windowWords)
            let a = rest.prefix(compared).joined(separator: " "), b = bottom.prefix(compared).joined(separator: " ")
            guard TextSimilarity.similarity(a, b) >= agreement else { continue }
            if bottom.count <= rest.count { return upper }
            return (top[..<start] + bottom).joined(separator: " ")
        }
        return nil
    }

    private static func normalized(_ word: Substring) -> String {
        word.lowercased().filter { $0.isLetter || $0.isNumber }
    }
}
