/// Several photos sent at once (an album) are drawn as one block of pictures, side by side
/// and stacked, with a thin gutter of the bubble's or the page's colour between them. To the
/// region finder the block is one region and its rows one run of picture; a person counts
/// the photos.
///
/// The block is cut along gutters, guillotine-fashion: first across its whole height (or
/// width), then each piece the other way. A gutter is a run of lines of one flat colour, a few
/// pixels thick, with picture on both sides, in the page's or the bubble's colour (a collage
/// sent as one picture draws its own lines, in a colour of its own); every piece it leaves
/// must be picture nearly across, so the gaps between the words of a caption or the
/// thumbnail beside a link's title cut nothing.
struct PictureTiler {
    /// A gutter's pixels differ from one another by at most this much per channel (JPEG noise
    /// in a flat line); a photo's own lines vary more over their length.
    static let gutterFlatness = 24
    /// A gutter is at most this share of the block's side thick (and at least one pixel):
    /// albums leave 1 to 6 pixels between photos; wider flat bands are part of one picture.
    static let maximumGutterShare = 0.03
    static let minimumGutterAllowance = 3
    /// Every piece is at least this share of the side being cut: albums split a block in
    /// halves or thirds, never in a sliver.
    static let minimumPieceShare = 0.2
    /// This share of a piece's lines across must be picture (many colours, as
    /// `RegionAnatomist.survey` tells): a piece that is text on a flat colour is no photo.
    static let minimumPictureLineShare = 0.7
    /// Albums show at most two levels of cuts (a column of two beside a big one; a grid).
    static let maximumDepth = 2
    /// Lines are sampled every `step` pixels along their length.
    static let step = 2
    /// A gutter's mean colour is this close (per channel) to the page's or the bubble's: the
    /// same colour, give or take JPEG noise; a collage's lines are a shade off.
    static let gutterColourTolerance = 6

    let image: RGBImage
    /// The page's colour, and the bubble's when the block sits in one.
    let gutterColours: [RGB]

    /// The pictures in `box`, top to bottom and left to right, when gutters cut it into two or
    /// more; empty when it is one picture.
    func tiles(in box: PixelRect) -> [PixelRect] {
        let pieces = cut(box, vertically: true, depth: 0)
        let other = cut(box, vertically: false, depth: 0)
        let best = other.count > pieces.count ? other : pieces
        guard best.count >= 2 else { return [] }
        return best.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// `box` cut along its gutters one way, then each piece the other way.
    private func cut(_ box: PixelRect, vertically: Bool, depth: Int) -> [PixelRect] {
        guard depth < Self.maximumDepth else { return [box] }
        let pieces = split(box, vertically: vertically)
        guard pieces.count >= 2 else { return [box] }
        return pieces.flatMap { cut($0, vertically: !vertically, depth: depth + 1) }
    }

    /// `box` split at gutters running along its height (`vertically`) or its width; the box
    /// itself when none qualifies or a piece would not be picture.
    private func split(_ box: PixelRect, vertically: Bool) -> [PixelRect] {
        let side = vertically ? box.width : box.height
        let start = vertically ? box.x : box.y
        guard side > 0 else { return [box] }
        let flat = (0..<side).map { isFlat(line: start + $0, vertically: vertically, in: box) }
        let thickest = max(Self.minimumGutterAllowance, Int(Double(side) * Self.maximumGutterShare))
        let shortest = Int(Double(side) * Self.minimumPieceShare)
        // The box starts and ends where its first and last lines with a picture on them are
        // (a bubble's padding is flat too, and no gutter).
        guard let first = flat.firstIndex(of: false), let last = flat.lastIndex(of: false) else { return [box] }
        var cuts: [Range<Int>] = []
        var index = first
        while index <= last {
            guard flat[index] else {
                index += 1
                continue
            }
            var end = index
            while end <= last, flat[end] { end += 1 }
            if end - index <= thickest,
                isGutterColoured(line: start + (index + end) / 2, vertically: vertically, in: box)
            {
                cuts.append(index..<end)
            }
            index = end
        }
        var bounds: [Range<Int>] = []
        var from = first
        for gutter in cuts {
            bounds.append(from..<gutter.lowerBound)
            from = gutter.upperBound
        }
        bounds.append(from..<(last + 1))
        guard bounds.count >= 2, bounds.allSatisfy({ $0.count >= shortest }) else { return [box] }
        let pieces = bounds.map { range in
            vertically
                ? PixelRect(x: start + range.lowerBound, y: box.y, width: range.count, height: box.height)
                : PixelRect(x: box.x, y: start + range.lowerBound, width: box.width, height: range.count)
        }
        guard pieces.allSatisfy({ isPicture($0, vertically: vertically) }) else { return [box] }
        return pieces
    }

    /// The colours along the line at `position` (a column when `vertically`, else a row)
    /// across `box`, every `step` pixels.
    private func colours(alongLine position: Int, vertically: Bool, in box: PixelRect) -> [RGB] {
        vertically
            ? stride(from: box.y, to: box.maxY, by: Self.step).map { image.color(x: position, y: $0) }
            : stride(from: box.x, to: box.maxX, by: Self.step).map { image.color(x: $0, y: position) }
    }

    /// Whether the line at `position` is one flat colour across `box`.
    private func isFlat(line position: Int, vertically: Bool, in box: PixelRect) -> Bool {
        let colours = colours(alongLine: position, vertically: vertically, in: box)
        func spread(_ channel: (RGB) -> UInt8) -> Int {
            let values = colours.map { Int(channel($0)) }
            return (values.max() ?? 0) - (values.min() ?? 0)
        }
        return max(spread(\.r), spread(\.g), spread(\.b)) <= Self.gutterFlatness
    }

    /// Whether a flat line is in the page's or the bubble's colour.
    private func isGutterColoured(line position: Int, vertically: Bool, in box: PixelRect) -> Bool {
        let colours = colours(alongLine: position, vertically: vertically, in: box)
        guard !colours.isEmpty else { return false }
        func mean(_ channel: (RGB) -> UInt8) -> UInt8 {
            UInt8(colours.reduce(0) { $0 + Int(channel($1)) } / colours.count)
        }
        let colour = RGB(r: mean(\.r), g: mean(\.g), b: mean(\.b))
        return gutterColours.contains { $0.distance(to: colour) <= Self.gutterColourTolerance }
    }

    /// Whether most lines of a piece, taken across the cut, show a picture.
    private func isPicture(_ piece: PixelRect, vertically: Bool) -> Bool {
        let start = vertically ? piece.x : piece.y
        let count = vertically ? piece.width : piece.height
        let pictured = stride(from: start, to: start + count, by: Self.step).filter { position in
            let buckets = colours(alongLine: position, vertically: vertically, in: piece).map(\.bucket).sorted()
            return RegionAnatomist.survey(sortedBuckets: buckets).isPicture
        }
        let looked = (count + Self.step - 1) / Self.step
        return looked > 0 && Double(pictured.count) >= Double(looked) * Self.minimumPictureLineShare
    }
}
