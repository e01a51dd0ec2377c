/// Finds the words that are pictures: an emoji in a line of text ("Give it a try 😉"), or a
/// profile picture beside it, which Tesseract reads as a scrap of letters or marks ("@",
/// "#”", "a@y") with no telling confidence. Letters are one ink on one paper and the blends
/// between the two; a pictograph is drawn in many colours off that line (a face's yellow,
/// its orange shading, its dark features).
struct PictographFinder {
    /// A word with at least this share of its pixels in solid areas off the line between its
    /// paper and its ink is a picture. Measured on the real corpus: emoji read as a mark 0.12
    /// to 0.42; words of text under 0.04, but for two short words in Emacs's tight coloured
    /// lines (0.07, 0.09).
    static let minimumOffAxisShare = 0.12
    /// The side of the square of such pixels that makes a solid area: at least this, and at
    /// least the word's height over `solidSideDivisor` (strokes thicken as type grows).
    static let minimumSolidSide = 3
    /// Against the word's own paper and ink, a solid area is an eighth of its height across.
    static let solidSideDivisor = 8
    /// Against its line's axis, at least the word's height over this: a coloured word in the
    /// line (a name, a link) is off that axis too, but only in strokes, never in areas so wide.
    static let lineAxisSolidSideDivisor = 4

    /// `regions` with each content scrap marked when it is a picture. Every pixel of a word's
    /// box is looked at, so only scraps are measured: a longer word is text whatever its
    /// backdrop, and the reader asks about no other.
    func marking(_ regions: [TextRegion], in image: RGBImage) -> [TextRegion] {
        regions.map { region in
            guard region.zone == .content else { return region }
            var region = region
            for line in region.lines.indices {
                let lineBox = region.lines[line].box
                for word in region.lines[line].words.indices where Self.isScrap(region.lines[line].words[word]) {
                    let box = region.lines[line].words[word].box
                    region.lines[line].words[word].isPictograph = isPictograph(box, on: lineBox, in: image)
                }
            }
            return region
        }
    }

    /// A word of at most `ReadingTuning.scrapWordLength` letters and digits: what Tesseract
    /// makes of a picture ("@", "#”", "a@y").
    static func isScrap(_ word: OCRWord) -> Bool {
        word.text.filter { $0.isLetter || $0.isNumber }.count <= ReadingTuning.scrapWordLength
    }

    /// Measured against the word's own paper and ink and, inside a longer line, against the
    /// line's too. A word that is all emoji (the hand in "Helloooo 👋") has the emoji's yellow
    /// for its own ink, so only its thin shading lies off its own axis; against the line's white
    /// letters on teal, all of it does (in squares a quarter of its height across,
    /// `lineAxisSolidSideDivisor`).
    func isPictograph(_ box: PixelRect, on lineBox: PixelRect? = nil, in image: RGBImage) -> Bool {
        if solidOffAxisShare(box, in: image) >= Self.minimumOffAxisShare { return true }
        // A dot or a tick is no emoji: an emoji stands as tall as the type around it.
        guard let lineBox, lineBox != box, box.height * 2 >= lineBox.height else { return false }
        return solidOffAxisShare(box, axisFrom: lineBox, in: image) >= Self.minimumOffAxisShare
    }

    /// The share of the box's pixels that start a square of pixels off the line between the
    /// paper and the ink of `axisBox` (the box itself by default), at least `minimumSolidSide`
    /// across and a share of the box's height (`solidSideDivisor`, `lineAxisSolidSideDivisor`):
    /// a pictograph's colours fill areas, while strokes are thin, be they the coloured fringes
    /// of subpixel rendering or the feet of a line in another ink that the word's box overlaps.
    func solidOffAxisShare(_ box: PixelRect, axisFrom axisBox: PixelRect? = nil, in image: RGBImage) -> Double {
        let left = max(0, box.x), right = min(image.width, box.maxX)
        let top = max(0, box.y), bottom = min(image.height, box.maxY)
        let width = right - left, height = bottom - top
        let side = max(
            Self.minimumSolidSide, height / (axisBox == nil ? Self.solidSideDivisor : Self.lineAxisSolidSideDivisor))
        guard width >= side, height >= side else { return 0 }
        let buckets = colourBuckets(box, in: image)
        // Against another box, its paper and ink are those of its pixels outside this one: an
        // emoji as far from the paper as the letters could otherwise be taken for the ink.
        let axisBuckets = axisBox.map { colourBuckets($0, in: image, leavingOut: box) } ?? buckets
        let survey = RegionAnatomist.survey(sortedBuckets: axisBuckets.sorted())
        guard let ink = survey.ink, survey.offAxisShare > 0 || axisBox != nil else { return 0 }
        // Counts of off-axis pixels above and left of each point, to count any square at once.
        var sums = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for row in 0..<height {
            var across = 0
            for column in 0..<width {
                let colour = RGB(bucket: buckets[row * width + column])
                if RegionAnatomist.distance(colour, toSegment: survey.paper, ink) > RegionAnatomist.offAxisDistance {
                    across += 1
                }
                sums[(row + 1) * (width + 1) + column + 1] = sums[row * (width + 1) + column + 1] + across
            }
        }
        var filled = 0
        for row in 0...(height - side) {
            for column in 0...(width - side) {
                let a = sums[row * (width + 1) + column], b = sums[row * (width + 1) + column + side]
                let c = sums[(row + side) * (width + 1) + column], d = sums[(row + side) * (width + 1) + column + side]
                if d - b - c + a == side * side { filled += 1 }
            }
        }
        return Double(filled) / Double(width * height)
    }

    /// Every pixel's colour bucket in `box`, row by row, but for the columns of `hole`.
    func colourBuckets(_ box: PixelRect, in image: RGBImage, leavingOut hole: PixelRect? = nil) -> [Int] {
        let left = max(0, box.x), right = min(image.width, box.maxX)
        let top = max(0, box.y), bottom = min(image.height, box.maxY)
        var buckets: [Int] = []
        buckets.reserveCapacity(max(0, right - left) * max(0, bottom - top))
        for y in top..<max(top, bottom) {
            for x in left..<max(left, right) where hole.map({ x < $0.x || x >= $0.maxX }) ?? true {
                buckets.append(image.color(x: x, y: y).bucket)
            }
        }
        return buckets
    }
}
