/// A patterned wallpaper's strokes (ZapZap's rings and lines) are drawn near the page's
/// colour, but a white bubble on that page is nearer still; where they run from one bubble to
/// the next, the two join into one region, and two people's messages read as one.
///
/// Such a region is two papers of two colours one over the other, with a band of the page's
/// own colour between them across the region: rows whose commonest colour is the page, and
/// that show next to none of either paper. A bubble's own rows never show the page across it (a
/// quoted reply's block on the page's colour keeps the bubble's paper at its sides), so the
/// region is cut there, into one region for each paper.
struct StackedBubbleSplitter {
    /// Colours closer than this (per channel) are one.
    var colorTolerance: Int
    /// The band between two bubbles is at least this share (1/N) of the smallest region's side
    /// tall (and three rows): a row of the page between a bubble's lines is no band.
    static let bandDivisor = 4
    /// A row of the band shows at most this share of either paper.
    static let maximumBandPaperShare = 0.05
    /// Each part is at least this share of its rows on its own paper (not the page's).
    static let minimumPaperShare = 0.5

    /// The region's box, or the boxes of the bubbles stacked in it. `rowPaper`: the
    /// commonest colour of each of its rows (`RegionAnatomy.rowPaper`).
    func parts(
        of box: PixelRect, rowPaper: [RGB], in image: RGBImage, page: RGB, smallest: Int
    ) -> [PixelRect] {
        guard rowPaper.count == box.height, box.height >= smallest * 2 else { return [box] }
        let isPage = rowPaper.map { $0.distance(to: page) <= colorTolerance }
        let minimumBand = max(3, smallest / Self.bandDivisor)
        // Bands of the page's rows inside the region (not at its edges), tall enough.
        let bands = RegionFinder.runs(of: isPage).filter {
            $0.lowerBound > 0 && $0.upperBound < box.height && $0.count >= minimumBand
        }
        // Each stretch's paper: the commonest of its rows' papers that are not the page.
        func paper(_ rows: Range<Int>) -> RGB {
            RGB(bucket: RegionAnatomist.mode(rows.filter { !isPage[$0] }.map { rowPaper[$0].bucket }.sorted()).0)
        }
        var cuts: [Range<Int>] = []
        for (index, band) in bands.enumerated() {
            let above = (cuts.last?.upperBound ?? 0)..<band.lowerBound
            let below = band.upperBound..<(index + 1 < bands.count ? bands[index + 1].lowerBound : box.height)
            // Two people's bubbles: two papers. (One paper over and under a band of the page
            // is as likely one bubble round a block or a tail of the page's colour.)
            let papers = [paper(above), paper(below)]
            guard papers[0].distance(to: papers[1]) > colorTolerance else { continue }
            // Across the band shows the page or its pattern, hardly a bubble's paper (a pixel of
            // the pattern). Its first and last rows may be a bubble's rounded end (the anatomy
            // measures every other row).
            let isOpen = ((band.lowerBound + 1)..<(band.upperBound - 1)).allSatisfy { row in
                let samples = stride(from: box.x, to: box.maxX, by: 2).map { image.color(x: $0, y: box.y + row) }
                let onPaper = samples.filter { colour in papers.contains { colour.distance(to: $0) <= colorTolerance } }
                return Double(onPaper.count) <= Double(samples.count) * Self.maximumBandPaperShare
            }
            if isOpen { cuts.append(band) }
        }
        guard !cuts.isEmpty else { return [box] }
        var parts: [Range<Int>] = []
        var top = 0
        for cut in cuts {
            parts.append(top..<cut.lowerBound)
            top = cut.upperBound
        }
        parts.append(top..<box.height)
        let papered = parts.allSatisfy { part in
            part.count >= smallest
                && Double(part.filter { !isPage[$0] }.count) >= Double(part.count) * Self.minimumPaperShare
        }
        guard papered else { return [box] }
        return parts.map { part in
            let rows = PixelRect(x: box.x, y: box.y + part.lowerBound, width: box.width, height: part.count)
            return columns(of: rows, paper: paper(part), in: image)
        }
    }

    /// A part's own bubble is narrower than the region it was cut from (one person's on the
    /// left, the other's on the right): the columns where its paper shows on a good share of
    /// its rows.
    static let paperColumnShare = 0.3

    private func columns(of rows: PixelRect, paper: RGB, in image: RGBImage) -> PixelRect {
        let sampled = stride(from: rows.y, to: rows.maxY, by: 2).map { $0 }
        let needed = max(1, Int(Double(sampled.count) * Self.paperColumnShare))
        let covered = (rows.x..<rows.maxX).filter { x in
            sampled.lazy.filter { image.color(x: x, y: $0).distance(to: paper) <= colorTolerance }.count >= needed
        }
        guard let first = covered.first, let last = covered.last else { return rows }
        return PixelRect(x: first, y: rows.y, width: last - first + 1, height: rows.height)
    }
}
