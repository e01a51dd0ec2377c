import Foundation

/// Edit-distance measures over characters (grapheme clusters), used to match OCR text that
/// differs a little between two readings of the same bubble.
public enum TextSimilarity {
    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// Lower-cased, whitespace collapsed: spacing and case are not what tells two messages apart.
    public static func normalize(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// 1 for equal texts, 0 for nothing in common.
    public static func similarity(_ a: String, _ b: String) -> Double {
        let x = normalize(a), y = normalize(b)
        let longest = max(x.count, y.count)
        guard longest > 0 else { return 1 }
        return 1 - Double(distance(x, y)) / Double(longest)
    }

    /// Similarity of the shorter text to the best-matching start or end of the longer one:
    /// a bubble cut by the screen edge shows only its start or its end.
    public static func partialSimilarity(_ a: String, _ b: String) -> Double {
        let x = normalize(a), y = normalize(b)
        let (short, long) = x.count <= y.count ? (x, y) : (y, x)
        guard !short.isEmpty else { return 0 }
        let head = String(long.prefix(short.count)), tail = String(long.suffix(short.count))
        return max(similarity(short, head), similarity(short, tail))
    }

    /// Character error rate of `read` against the `truth`.
    public static func characterErrorRate(read: String, truth: String) -> Double {
        let t = normalize(truth)
        guard !t.isEmpty else { return read.isEmpty ? 0 : 1 }
        return Double(distance(normalize(read), t)) / Double(t.count)
    }
}
