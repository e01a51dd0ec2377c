/// A patterned wallpaper's strokes (ZapZap's rings and lines) are drawn near the page's
/// colour, but a white bubble on that page is nearer still; where they run from one bubble to
/// the next, the two join into one region, and two people's messages read as one.
///
/// Such a region is two papers of two colours one over the other, with a band of the page's
/// own colour between them across the region: rows whose commonest colour is the page, and
/// that show next to none of either paper. A bubble's own rows never show the page across it (a
/// quoted reply's block on the page's colour keeps the bubble's paper at its sides), so the
/// region is cut there, into one region for each paper.
///
/// One person's bubbles, one paper, may be joined too: by the upper one's shadow, or by the
/// blur of a resize that leaves no row of the page between them (`gapsWithoutPaper`).
struct StackedBubbleSplitter {
    /// Colours closer than this (per channel) are one.
    var colorTolerance: Int
    /// Ink (letters, icons) differs from the page and the paper by more than this; a shadow
    /// and the blend a resize leaves by less.
    var inkTolerance = 48
    /// The band between two bubbles is at least this share (1/N) of the smallest region's side
    /// tall (and three rows): a row of the page between a bubble's lines is no band.
    static let bandDivisor = 4
    /// A row of the band shows at most this share of either paper.
    static let maximumBandPaperShare = 0.05
    /// Each part is at least this share of its rows on its own paper (not the page's).
    static let minimumPaperShare = 0.5

    /// The region's box, or the boxes of the bubbles stacked in it. `rowPaper`: the
    /// commonest colour of each of its rows (`RegionAnatomy.rowPaper`).
    /// `paper`: the region's own fill when it is not the page's colour, for bubbles of one
    /// colour with no row of the page between them (`gapsWithoutPaper`).
    func parts(
        of box: PixelRect, rowPaper: [RGB], in image: RGBImage, page: RGB, smallest: Int, paper fill: RGB? = nil
    ) -> [PixelRect] {
        guard rowPaper.count == box.height, box.height >= smallest * 2 else { return [box] }
        let apart = partsOnThePage(of: box, rowPaper: rowPaper, in: image, page: page, smallest: smallest)
        guard apart.count == 1, let fill else { return apart }
        let gaps = gapsWithoutPaper(of: box, paper: fill, page: page, in: image, smallest: smallest)
        guard !gaps.isEmpty else { return apart }
        let bubbles = cut(box, at: gaps, in: image, paper: { _ in fill })
        return bubbles.allSatisfy { paperShare(of: $0, paper: fill, in: image) >= Self.minimumPaperShare }
            ? bubbles : apart
    }

    /// Two papers with a band of the page's rows between them.
    private func partsOnThePage(
        of box: PixelRect, rowPaper: [RGB], in image: RGBImage, page: RGB, smallest: Int
    ) -> [PixelRect] {
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
        guard Self.isPapered(between: cuts, isBand: isPage, smallest: smallest) else { return [box] }
        return cut(box, at: cuts, in: image, paper: paper)
    }

    /// The share of a box's pixels (every other row and column) that show `paper`: most of a
    /// bubble, little of a photo (whose commonest colour is rare in it too).
    private func paperShare(of box: PixelRect, paper: RGB, in image: RGBImage) -> Double {
        var onPaper = 0, total = 0
        for y in stride(from: box.y, to: box.maxY, by: 2) {
            for x in stride(from: box.x, to: box.maxX, by: 2) {
                total += 1
                if image.color(x: x, y: y).distance(to: paper) <= colorTolerance { onPaper += 1 }
            }
        }
        return total == 0 ? 0 : Double(onPaper) / Double(total)
    }

    /// Whether every stretch above, between and below `cuts` is a bubble: at least `smallest`
    /// rows, most of them not like the band (`isBand`, one flag a row of the region).
    static func isPapered(between cuts: [Range<Int>], isBand: [Bool], smallest: Int) -> Bool {
        stretches(between: cuts, height: isBand.count).allSatisfy { part in
            part.count >= smallest
                && Double(part.filter { !isBand[$0] }.count) >= Double(part.count) * minimumPaperShare
        }
    }

    /// The rows of a region of `height` rows above, between and below `cuts`.
    static func stretches(between cuts: [Range<Int>], height: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var top = 0
        for cut in cuts {
            parts.append(top..<cut.lowerBound)
            top = cut.upperBound
        }
        parts.append(top..<height)
        return parts
    }

    /// The boxes of the bubbles above, between and below `cuts`, each narrowed to the columns
    /// of its own paper.
    private func cut(
        _ box: PixelRect, at cuts: [Range<Int>], in image: RGBImage, paper: (Range<Int>) -> RGB
    ) -> [PixelRect] {
        Self.stretches(between: cuts, height: box.height).map { part in
            let rows = PixelRect(x: box.x, y: box.y + part.lowerBound, width: box.width, height: part.count)
            return columns(of: rows, paper: paper(part), in: image)
        }
    }

    /// The band between two bubbles of one colour is at least this many rows tall: a shadow
    /// under the upper one and a row or two of blend (a bubble's rows between its lines show
    /// its paper, and are never a band).
    static let minimumShadowBand = 3
    /// The sides of a region (this share of its width, at least 4 columns, each side) in the
    /// band's rows show none of the paper: a block inside a bubble (a quote, a link's card)
    /// keeps the bubble's paper at both its sides.
    static let sideShare = 0.05
    /// A region narrower than this many of the smallest region's sides is a profile picture or
    /// an icon (a dark photo's shadows are a band without its commonest colour), not two bubbles.
    static let minimumWidthInSides = 5

    /// Two bubbles of one colour (one person's, one under the other) drawn so close that no
    /// row of the page is left between them, only the upper one's shadow, or a resize has
    /// blurred the gap shut: rows that show next to none of the paper across the region and
    /// none at its sides, with the paper above and below (each part at least `smallest` rows,
    /// most of them showing the paper).
    func gapsWithoutPaper(of box: PixelRect, paper: RGB, page: RGB, in image: RGBImage, smallest: Int) -> [Range<Int>] {
        let side = max(4, Int(Double(box.width) * Self.sideShare))
        guard box.width >= smallest * Self.minimumWidthInSides, box.width > side * 4 else { return [] }
        func isOnPaper(_ x: Int, _ y: Int) -> Bool { image.color(x: x, y: y).distance(to: paper) <= colorTolerance }
        let sides = Array(box.x..<(box.x + side)) + Array((box.maxX - side)..<box.maxX)
        let mostOnPaper = Double((box.width + 1) / 2) * Self.maximumBandPaperShare
        let isGap = (box.y..<box.maxY).map { y -> Bool in
            var onPaper = 0
            for x in stride(from: box.x, to: box.maxX, by: 2) {
                let colour = image.color(x: x, y: y)
                let fromPaper = colour.distance(to: paper)
                // A row of letters blurred into their paper shows little of it too, but its ink.
                if fromPaper > inkTolerance && colour.distance(to: page) > inkTolerance { return false }
                if fromPaper <= colorTolerance { onPaper += 1 }
            }
            return Double(onPaper) <= mostOnPaper && !sides.contains { isOnPaper($0, y) }
        }
        let gaps = RegionFinder.runs(of: isGap).filter {
            $0.lowerBound > 0 && $0.upperBound < box.height && $0.count >= Self.minimumShadowBand
        }
        guard !gaps.isEmpty else { return [] }
        return Self.isPapered(between: gaps, isBand: isGap, smallest: smallest) ? gaps : []
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
