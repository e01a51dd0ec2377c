/// A message an app highlights (a mention in Quasseldroid, the post under the pointer in
/// Cinny) sits on a band of its own colour that runs from edge to edge, as an app's bars do.
/// The region finder leaves bar rows out, so without this the message is never read, and a
/// band high on the screen is taken for the header's bottom edge (everything above it lost).
///
/// What tells the band from chrome (a pinned message's banner, a day's bar, a reply preview
/// over the composer) is what a message shows at its start: its sender's picture, a solid
/// square or round patch, with the words beside it. Chrome starts with a thin icon or with
/// text.
struct HighlightBand: Equatable {
    var rows: Range<Int>
    /// The band's paper: what its words are written on.
    var color: RGB
}

struct HighlightBandFinder {
    var colorTolerance: Int
    /// A sender's picture takes at most this share (1/N) of the width at the band's start.
    static let pictureReachDivisor = 6
    /// A picture is solid: at least this share (%) of its box differs from the band (a round
    /// one fills 78%); a line-drawn icon fills far less.
    static let solidPercent = 50
    /// Rows at a band's edge that blend it into the page.
    static let edgeBlendRows = 2

    /// The runs of `fullRows` that are highlighted messages: apart from the bars above and
    /// below (or the screen's edges), at least three specks tall, out of the screen's bottom
    /// 30%, flat at both edges, and starting with a sender's picture.
    func bands(in image: RGBImage, fullRows: [Bool], smallest: Int) -> [HighlightBand] {
        // A band's blended top edge may leave a row or two that are not full right above it.
        let runs = RegionFinder.runs(of: fullRows).reduce(into: [Range<Int>]()) { runs, run in
            if let last = runs.last, run.lowerBound - last.upperBound <= Self.edgeBlendRows {
                runs[runs.count - 1] = last.lowerBound..<run.upperBound
            } else {
                runs.append(run)
            }
        }
        var bands: [HighlightBand] = []
        for (index, run) in runs.enumerated() {
            // The screen's own bars touch its top and bottom; a band stands apart from them.
            let above = index > 0 ? runs[index - 1].upperBound : 0
            let below = index < runs.count - 1 ? runs[index + 1].lowerBound : fullRows.count
            // Low on the screen such a band is the composer's (a reply's preview over it).
            guard run.count >= smallest * 3, run.lowerBound <= fullRows.count * 7 / 10,
                run.lowerBound - above >= smallest * 2,
                below - run.upperBound >= smallest * 2,
                let color = flatEdges(image, rows: run),
                startsWithPicture(image, rows: run, paper: color, smallest: smallest)
            else { continue }
            bands.append(HighlightBand(rows: run, color: color))
        }
        return bands
    }

    /// The colour both edges show down most of the band, if they show one. The band may stop
    /// a few pixels short of the right edge (a scroll track's room), as a bar row may.
    private func flatEdges(_ image: RGBImage, rows: Range<Int>) -> RGB? {
        let inset = Self.edgeInset(width: image.width)
        let color = image.color(x: inset, y: rows.lowerBound + rows.count / 2)
        let rightColumns = (1...4).map { image.width - 1 - inset * $0 }
        let agreeing = rows.filter { y in
            image.color(x: inset, y: y).distance(to: color) <= colorTolerance
                && rightColumns.contains { image.color(x: $0, y: y).distance(to: color) <= colorTolerance }
        }
        return agreeing.count * 10 >= rows.count * 9 ? color : nil
    }

    /// How far in from the screen's edge a band's paper is sampled: clear of a window's frame.
    static func edgeInset(width: Int) -> Int { max(2, width / 100) }

    /// A solid patch, about as wide as tall and at least two specks across, in the band's
    /// first columns, with something drawn to its right.
    private func startsWithPicture(_ image: RGBImage, rows: Range<Int>, paper: RGB, smallest: Int) -> Bool {
        let reach = image.width / Self.pictureReachDivisor
        // A photo's dark parts may lie close to a dark band: a few tolerances apart is drawn.
        let differs = { (x: Int, y: Int) in image.color(x: x, y: y).distance(to: paper) > colorTolerance * 3 }
        // Columns of the start drawn on over a speck's height or more; one drawn on all the
        // way down is a window's frame or the band's own accent stripe.
        let columns = (0..<reach).filter { x in
            let drawn = rows.filter { differs(x, $0) }.count
            return drawn >= smallest && drawn * 10 < rows.count * 9
        }
        guard let left = columns.first else { return false }
        let drawnColumns = Set(columns)
        var right = left
        while drawnColumns.contains(right + 1) { right += 1 }
        let drawnRows = rows.filter { y in (left...right).contains { differs($0, y) } }
        guard let top = drawnRows.first, let bottom = drawnRows.last else { return false }
        let width = right - left + 1, height = bottom - top + 1
        guard width >= smallest * 2, height >= smallest * 2,
            (0.7...1.4).contains(Double(width) / Double(height))
        else { return false }
        let solid = (top...bottom).map { y in (left...right).filter { differs($0, y) }.count }.reduce(0, +)
        guard solid * 100 >= width * height * Self.solidPercent else { return false }
        return rows.contains { y in
            stride(from: right + smallest, to: image.width - reach, by: 2).contains { differs($0, y) }
        }
    }
}
