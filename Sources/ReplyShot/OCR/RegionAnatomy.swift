/// What a region is made of, row by row: the colour behind each row (its paper), the colour
/// of what is drawn on it (its ink), and which rows hold a picture rather than text.
///
/// These are the cues a person uses on a real chat screen: a sender's name is drawn in
/// another colour than the message under it, a quoted reply sits on a tinted block inside the
/// bubble, and a photo, map or sticker is many colours at once where text is two (its ink and
/// its paper, with the blend of the two along the letters' edges).
public struct RegionAnatomy: Equatable, Sendable {
    /// The most common colour of each row of the region, top to bottom.
    public var rowPaper: [RGB]
    /// The most common colour of each row that is clearly not its paper; nil for an empty row.
    public var rowInk: [RGB?]
    /// Screenshot rows of the region that show a picture (photo, map, sticker, video frame).
    public var pictureRows: [Range<Int>]
    /// The first mark drawn in the left half of each row, if any: the bar beside a quoted
    /// reply runs down through the gaps between its lines, where a letter's mark does not.
    public var rowLeftMark: [LeftMark?]
    /// The photos of an album on the picture rows, where gutters cut them into several
    /// (`PictureTiler`); empty where the rows show one picture.
    public var pictureTiles: [PixelRect]
    /// A voice message's waveform in the region, if it shows one (`WaveformFinder`).
    public var waveform: PixelRect?

    public init(
        rowPaper: [RGB] = [], rowInk: [RGB?] = [], pictureRows: [Range<Int>] = [], rowLeftMark: [LeftMark?] = [],
        pictureTiles: [PixelRect] = [], waveform: PixelRect? = nil
    ) {
        self.rowPaper = rowPaper
        self.rowInk = rowInk
        self.pictureRows = pictureRows
        self.rowLeftMark = rowLeftMark
        self.pictureTiles = pictureTiles
        self.waveform = waveform
    }

    public static let empty = RegionAnatomy()
}

/// A run of pixels unlike a row's paper: where it starts (a screenshot column) and how wide.
public struct LeftMark: Equatable, Sendable {
    public var x: Int
    public var width: Int

    public init(x: Int, width: Int) {
        self.x = x
        self.width = width
    }
}

/// Measures a region's anatomy from its pixels (during the survey, before any recognition).
struct RegionAnatomist {
    /// Ink is at least this far from its paper (per channel); closer pixels are the blend
    /// along letter edges, or noise.
    static let inkContrast = 60
    /// A pixel this far from the line between paper and ink is neither, nor a blend of both:
    /// a colour of its own, as in a photo.
    static let offAxisDistance = 48.0
    /// A row with this share of such pixels (or mostly not paper, in many colours) is picture.
    static let offAxisShare = 0.10
    static let busyShare = 0.55
    static let busyColors = 8
    /// A pixel this close to the page's colour (per channel, after bucketing) is the page
    /// itself showing beside a bubble.
    static let marginColourDistance = 12
    /// Picture rows closer than this are one picture (a photo's flat sky breaks no picture).
    static let pictureGap = 10
    /// A picture is at least this share of the screen's height: shorter colourful runs are
    /// emoji in a line of text.
    static let minimumPictureShare = 0.05
    /// Every `step`-th pixel of a row is looked at, and every `rowStep`-th row: enough for
    /// flat UI colours and for text a dozen pixels high.
    static let step = 3
    static let rowStep = 2
    /// A left mark differs from the row's paper by this much (per channel): a quote's bar is
    /// drawn in an accent or a grey that stands out, while a bubble's shading does not.
    static let markContrast = 40
    /// Columns this close to the region's left side are its border or its corner's
    /// antialiasing, not a mark inside it.
    static let markEdgeSkip = 3
    /// A mark is measured up to this width: wider is a picture or a block, never a bar.
    static let maximumMarkWidth = 64

    /// `gutterColours`: the colours an album's photos may be set apart by (the page's, and
    /// a bubble's fill); none, no album is looked for. `page`: the page's colour where the
    /// region is a bubble of its own colour, whose box may take in some page beside it.
    /// `paper`: the region's commonest colour, on which a voice message's waveform is looked
    /// for (`WaveformFinder`); none, no waveform is.
    func anatomy(
        _ image: RGBImage, box: PixelRect, screenHeight: Int, gutterColours: [RGB] = [], page: RGB? = nil,
        paper: RGB? = nil
    ) -> RegionAnatomy {
        guard box.width > 0, box.height > 0 else { return .empty }
        var rowPaper: [RGB] = []
        var rowInk: [RGB?] = []
        var rowLeftMark: [LeftMark?] = []
        var pictureRow: [Bool] = []
        rowPaper.reserveCapacity(box.height)
        var buckets: [Int] = []
        buckets.reserveCapacity(box.width / Self.step + 1)
        for y in box.y..<box.maxY {
            // Every other row is measured; the row between takes its values (a line of text
            // or a picture is many rows tall).
            if (y - box.y) % Self.rowStep != 0, let paper = rowPaper.last, let picture = pictureRow.last {
                rowPaper.append(paper)
                rowInk.append(rowInk.last!)
                rowLeftMark.append(rowLeftMark.last!)
                pictureRow.append(picture)
                continue
            }
            buckets.removeAll(keepingCapacity: true)
            for x in stride(from: box.x, to: box.maxX, by: Self.step) { buckets.append(image.color(x: x, y: y).bucket) }
            if let page { buckets = Self.withoutPageBeside(buckets, page: page) }
            buckets.sort()
            let line = Self.survey(sortedBuckets: buckets)
            rowPaper.append(line.paper)
            rowInk.append(line.ink)
            rowLeftMark.append(Self.leftMark(image, row: y, in: box, paper: line.paper))
            pictureRow.append(line.isPicture)
        }
        let runs = Self.runs(
            pictureRow, top: box.y, gap: Self.pictureGap, minimum: Int(Double(screenHeight) * Self.minimumPictureShare)
        ).filter {
            !Self.isLinesOfText(
                pictureRow[($0.lowerBound - box.y)..<($0.upperBound - box.y)], screenHeight: screenHeight)
        }
        let tiler = PictureTiler(image: image, gutterColours: gutterColours)
        return RegionAnatomy(
            rowPaper: rowPaper, rowInk: rowInk, pictureRows: runs, rowLeftMark: rowLeftMark,
            pictureTiles: runs.flatMap {
                tiler.tiles(in: PixelRect(x: box.x, y: $0.lowerBound, width: box.width, height: $0.count))
            },
            waveform: paper.flatMap {
                WaveformFinder().waveform(in: image, box: box, paper: $0, screenHeight: screenHeight)
            })
    }

    /// What a line of pixels shows (a row, or a column), from its sampled colours' buckets,
    /// sorted: its commonest colour (the paper), the colour drawn on it (the ink), and whether
    /// it is picture: many colours off the line between paper and ink, or mostly not paper in
    /// many colours. Text is two colours and the blends between them.
    static func survey(sortedBuckets buckets: [Int]) -> (
        paper: RGB, ink: RGB?, isPicture: Bool, offAxisShare: Double
    ) {
        let (paperBucket, _) = mode(buckets)
        let paper = RGB(bucket: paperBucket)
        var inkCounts: [Int: Int] = [:]
        var offAxis = 0, notPaper = 0
        var colours = Set<Int>()
        for bucket in buckets where bucket != paperBucket {
            let colour = RGB(bucket: bucket)
            guard colour.distance(to: paper) > 12 else { continue }
            notPaper += 1
            colours.insert(bucket)
            if colour.distance(to: paper) >= inkContrast { inkCounts[bucket, default: 0] += 1 }
        }
        // The ink is the strongest colour drawn often enough: thin or small letters show
        // more of their blended edge than of their core, and the blend lies between the
        // two, so the far end of the line is the ink.
        let enough = max(2, inkCounts.values.reduce(0, +) / 20)
        let ink = inkCounts.filter { $0.value >= enough }
            .max {
                (RGB(bucket: $0.key).distance(to: paper), $1.key) < (
                    RGB(bucket: $1.key).distance(to: paper), $0.key
                )
            }
            .map { RGB(bucket: $0.key) }
        if let ink {
            for bucket in buckets where bucket != paperBucket {
                if distance(RGB(bucket: bucket), toSegment: paper, ink) > offAxisDistance { offAxis += 1 }
            }
        }
        let samples = Double(max(1, buckets.count))
        let isPicture =
            Double(offAxis) / samples >= offAxisShare
            || (Double(notPaper) / samples >= busyShare && colours.count >= busyColors)
        return (paper, ink, isPicture, Double(offAxis) / samples)
    }

    /// The first run of pixels unlike the paper in the left half of a row (every pixel is
    /// looked at: a bar is a few pixels wide).
    static func leftMark(_ image: RGBImage, row y: Int, in box: PixelRect, paper: RGB) -> LeftMark? {
        let end = box.x + box.width / 2
        var x = box.x + markEdgeSkip
        while x < end, image.color(x: x, y: y).distance(to: paper) < markContrast { x += 1 }
        guard x < end else { return nil }
        var width = 1
        while width < maximumMarkWidth, x + width < box.maxX,
            image.color(x: x + width, y: y).distance(to: paper) >= markContrast
        {
            width += 1
        }
        return LeftMark(x: x, width: width)
    }

    /// A row's samples (left to right) less the page seen past either end of its bubble, where
    /// the region's box is wider than the bubble (an avatar or a time beside it): the page's
    /// colour there is a second paper, off the line between the bubble's paper and its ink,
    /// and would make a line of text look like a photo. The row is cut to the first and last
    /// pixel of its commonest colour, and only where what is cut off is mostly the page: a
    /// photo's commonest colour may lie anywhere in it, and its edges are the photo's own.
    static func withoutPageBeside(_ samples: [Int], page: RGB) -> [Int] {
        let isPage = { (bucket: Int) in RGB(bucket: bucket).distance(to: page) <= marginColourDistance }
        guard let first = samples.first, let last = samples.last, isPage(first) || isPage(last) else { return samples }
        let (paper, _) = mode(samples.sorted())
        guard !isPage(paper), let start = samples.firstIndex(of: paper), let end = samples.lastIndex(of: paper)
        else { return samples }
        let cut = samples[..<start] + samples[(end + 1)...]
        guard cut.filter(isPage).count * 2 >= cut.count else { return samples }
        return Array(samples[start...end])
    }

    /// Whether a run of busy rows is lines of dense small text (a desktop assistant's long
    /// answer): the middle rows of each line are mostly ink in many greys and look like a
    /// picture, but they come in bands no taller than a line, at a steady pitch, with clear
    /// rows between. A photo's busy rows run on, or break where the photo does.
    static func isLinesOfText(_ busy: ArraySlice<Bool>, screenHeight: Int) -> Bool {
        // One sampled row short of busy (a line's x-height gap) does not end the line.
        let bands = runs(Array(busy), top: 0, gap: rowStep, minimum: 1)
        guard bands.count >= textLinesInRun,
            bands.allSatisfy({ Double($0.count) <= Double(screenHeight) * maximumTextLineShare })
        else { return false }
        let pitches = zip(bands, bands.dropFirst()).map { $1.lowerBound - $0.lowerBound }
        guard let shortest = pitches.min(), let longest = pitches.max() else { return false }
        let mean = Double(pitches.reduce(0, +)) / Double(pitches.count)
        return Double(longest - shortest) <= mean * pitchSpread
    }

    /// At least this many lines make a paragraph to tell by its rhythm ...
    static let textLinesInRun = 3
    /// ... each band of busy rows at most this share of the screen's height (a line of text) ...
    static let maximumTextLineShare = 0.03
    /// ... starting at most this share of their mean pitch earlier or later than steady.
    static let pitchSpread = 0.25

    /// Runs of true rows (allowing short breaks), as screenshot rows, at least `minimum` tall.
    static func runs(_ flags: [Bool], top: Int, gap: Int, minimum: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for (index, flag) in flags.enumerated() where flag {
            let y = top + index
            if let last = runs.last, y - last.upperBound <= gap {
                runs[runs.count - 1] = last.lowerBound..<(y + 1)
            } else {
                runs.append(y..<(y + 1))
            }
        }
        return runs.filter { $0.count >= max(1, minimum) }
    }

    /// The most common value of a sorted array, and how often it occurs.
    static func mode(_ sorted: [Int]) -> (Int, Int) {
        var best = (sorted.first ?? 0, 0)
        var index = 0
        while index < sorted.count {
            var end = index
            while end < sorted.count && sorted[end] == sorted[index] { end += 1 }
            if end - index > best.1 { best = (sorted[index], end - index) }
            index = end
        }
        return best
    }

    /// How far a colour is from every blend of `a` and `b` (Euclidean, in RGB).
    static func distance(_ p: RGB, toSegment a: RGB, _ b: RGB) -> Double {
        let ax = Double(a.r), ay = Double(a.g), az = Double(a.b)
        let dx = Double(b.r) - ax, dy = Double(b.g) - ay, dz = Double(b.b) - az
        let px = Double(p.r) - ax, py = Double(p.g) - ay, pz = Double(p.b) - az
        let length = dx * dx + dy * dy + dz * dz
        let t = length == 0 ? 0 : max(0, min(1, (px * dx + py * dy + pz * dz) / length))
        let ex = px - t * dx, ey = py - t * dy, ez = pz - t * dz
        return (ex * ex + ey * ey + ez * ez).squareRoot()
    }
}

extension RGB {
    /// The colour at the middle of a 5-bit-per-channel bucket.
    init(bucket: Int) {
        self.init(
            r: UInt8((bucket >> 10 & 31) << 3 | 4), g: UInt8((bucket >> 5 & 31) << 3 | 4),
            b: UInt8((bucket & 31) << 3 | 4))
    }
}
