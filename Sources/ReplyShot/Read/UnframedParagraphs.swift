/// Joins the lines of one unframed message back into one region.
///
/// A bubble whose fill is too close to the page to be told from it (Stream's light grey on
/// grey), or a message drawn with no bubble at all (an assistant's answer), leaves each of its
/// lines a region of its own, and each would be read as a message. The lines of one message
/// follow each other closely, start at one edge (or share one middle) and are set in one
/// size; the gap between two messages is far wider than the leading inside one.
struct UnframedParagraphs {
    /// Two lines of one paragraph are at most this many heights of the taller line apart. Line
    /// boxes are tight: the leading between them is 0.2–0.6 of a line, the gap between bubbles
    /// 1.5 or more. A line without descenders (or the next without capitals) ends higher (or
    /// starts lower) than its neighbours by a fifth of a line, which widens the gap so.
    static let maximumGapLines = 0.8
    /// Their left edges differ by at most this many line heights (a list's items hang their
    /// wrapped lines under the text, right of the number), or their middles, for centred
    /// lines, by `alignmentLines`.
    static let indentLines = 1.5
    static let alignmentLines = 0.5
    /// And their heights by at most this ratio (a name or a time over text is smaller).
    static let heightRatio = 1.3

    /// `regions` with each run of unframed content regions that read as one paragraph made one
    /// region; every other region as it was. Sorted top to bottom, as given.
    func joined(_ regions: [TextRegion]) -> [TextRegion] {
        var result: [TextRegion] = []
        for region in regions {
            guard Self.mayJoin(region),
                let index = result.lastIndex(where: { Self.mayJoin($0) && Self.continues($0, with: region) }),
                !result[(index + 1)...].contains(where: { $0.box.sharesRows(with: region.box) && $0.isFilled })
            else {
                result.append(region)
                continue
            }
            result[index] = Self.merged(result[index], region)
        }
        return result
    }

    static func mayJoin(_ region: TextRegion) -> Bool {
        !region.isFilled && region.zone == .content && !region.readInEarlierShot && !region.lines.isEmpty
            && region.anatomy.pictureRows.isEmpty
    }

    /// Whether `next` is the line after `paragraph`'s last: close under it, aligned with it,
    /// overlapping it across, set in the same size.
    static func continues(_ paragraph: TextRegion, with next: TextRegion) -> Bool {
        guard let last = paragraph.lines.last, let first = next.lines.first else { return false }
        let lineHeight = Double(min(last.box.height, first.box.height))
        let taller = Double(max(last.box.height, first.box.height))
        guard lineHeight > 0, taller / lineHeight <= heightRatio else { return false }
        let gap = Double(first.box.y - last.box.maxY)
        guard gap >= 0, gap <= taller * maximumGapLines else { return false }
        // The lines themselves, not the regions, are aligned: a sender's picture beside the
        // name over a post's first line widens that region to the left.
        guard last.box.x < first.box.maxX, first.box.x < last.box.maxX else { return false }
        // A list's item wraps under its text, right of its number ("10. Corolla" over
        // "corolla flower"), and the next item starts under the list's first ("10." under
        // "9.", the wrapped lines of item 9 hung right of its number).
        let leftmost = paragraph.lines.map(\.box.x).min() ?? last.box.x
        let hangs =
            last.words.count >= 2 && Double(abs(last.words[1].box.x - first.box.x)) <= lineHeight * alignmentLines
        let leftAligned =
            Double(abs(last.box.x - first.box.x)) <= lineHeight * indentLines
            || Double(abs(leftmost - first.box.x)) <= lineHeight * indentLines || hangs
        let centred = Double(abs(last.box.midX - first.box.midX)) <= lineHeight * alignmentLines
        return leftAligned || centred
    }

    /// One region over both, its row measurements taken from whichever covers each row.
    static func merged(_ a: TextRegion, _ b: TextRegion) -> TextRegion {
        let box = PixelRect(enclosing: [a.box, b.box])
        func row<T>(_ y: Int, _ values: (TextRegion) -> [T], otherwise: T) -> T {
            for region in [a, b] where (region.box.y..<region.box.maxY).contains(y) {
                let rows = values(region)
                if y - region.box.y < rows.count { return rows[y - region.box.y] }
            }
            return otherwise
        }
        let rows = box.y..<box.maxY
        let anatomy = RegionAnatomy(
            rowPaper: a.anatomy.rowPaper.isEmpty ? [] : rows.map { row($0, \.anatomy.rowPaper, otherwise: a.fill) },
            rowInk: a.anatomy.rowInk.isEmpty ? [] : rows.map { row($0, \.anatomy.rowInk, otherwise: nil) },
            pictureRows: [],
            rowLeftMark: a.anatomy.rowLeftMark.isEmpty
                ? [] : rows.map { row($0, \.anatomy.rowLeftMark, otherwise: nil) })
        return TextRegion(
            box: box, zone: a.zone, fill: a.fill, isFilled: false, lines: a.lines + b.lines, anatomy: anatomy)
    }
}
