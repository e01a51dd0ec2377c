import Foundation

/// Turns every text region into dark text on white, whatever its colours were.
///
/// The decision is made per region: a region's fill is its most common colour, and a
/// pixel's ink is how far its colour is from that fill, so white-on-blue, black-on-grey and
/// grey-on-black all come out the same way. Pixels outside a rounded bubble (page
/// background reachable from the region's border) are cleared first, so bubble corners do
/// not turn into ink.
struct ImagePreparer {
    /// Ink levels are lifted by a gamma below 1: grey small print next to black text (a time
    /// beside a name, a caption under a photo) would otherwise come out too faint for
    /// Tesseract, whose contrast is set by the region's darkest ink.
    static let inkGamma = 0.6
    static let inkLevel: [UInt8] = (0...255).map { UInt8((pow(Double($0) / 255, inkGamma) * 255).rounded()) }

    var colorTolerance = RGB.sameFlatColour
    var edgeMargin = 4

    /// The regions (indexes into `regions`), prepared, on white canvases of only the rows
    /// they occupy; each canvas with the regions painted on it.
    /// `background`: the page's colour; nil when the page is a picture.
    func canvases(_ image: RGBImage, regions: [TextRegion], reading indexes: [Int], background: RGB?) -> [(
        canvas: ReadingCanvas, regions: [Int]
    )] {
        ReadingCanvas.groups(indexes.map { regions[$0].box }).compactMap { group in
            let members = group.map { indexes[$0] }
            guard let canvas = ReadingCanvas(width: image.width, covering: members.map { regions[$0].box }) else {
                return nil
            }
            for index in members {
                paint(regions[index], from: image, background: background, onto: canvas)
            }
            return (canvas, members)
        }
    }

    func paint(_ region: TextRegion, from image: RGBImage, background: RGB?, onto canvas: ReadingCanvas) {
        let box = region.box
        // A region lies inside one slice of the canvas, so its rows map with one offset.
        guard let top = canvas.canvasRow(forSourceRow: box.y) else { return }
        let outside = outsideMask(image, box: box, background: background, fill: region.fill, enabled: region.isFilled)
        var distances = [UInt8](repeating: 0, count: box.width * box.height)
        var histogram = [Int](repeating: 0, count: 256)
        for y in 0..<box.height {
            for x in 0..<box.width where !outside[y * box.width + x] {
                let d = image.color(x: box.x + x, y: box.y + y).distance(to: region.fill)
                distances[y * box.width + x] = UInt8(d)
                histogram[d] += 1
            }
        }
        // The text colour's distance from the fill: a high percentile of all distances.
        let total = histogram.reduce(0, +)
        var seen = 0, contrast = 255
        for d in stride(from: 255, through: 0, by: -1) {
            seen += histogram[d]
            if seen * 100 >= total {
                contrast = d
                break
            }
        }
        contrast = max(contrast, 48)
        let low = contrast * 18 / 100, span = max(1, contrast * 62 / 100)
        // A photo, map or sticker is shown as media, never read: its rows stay white.
        let pictureRows = region.anatomy.pictureRows
        var ink = [UInt8](repeating: 0, count: box.width * box.height)
        for y in 0..<box.height where !pictureRows.contains(where: { $0.contains(box.y + y) }) {
            for x in 0..<box.width {
                let d = Int(distances[y * box.width + x])
                guard d > low else { continue }
                ink[y * box.width + x] = Self.inkLevel[min(255, (d - low) * 255 / span)]
            }
        }
        if region.isFilled {
            Self.eraseRim(&ink, touching: outside, width: box.width, height: box.height)
        }
        BlobEraser(minimumSide: max(24, canvas.width * 45 / 1000)).erase(&ink, width: box.width, height: box.height)
        // After the blobs: a picture's rows between its features are no rule.
        UnderlineEraser(canvasWidth: canvas.width).erase(&ink, width: box.width, height: box.height)
        for y in 0..<box.height {
            for x in 0..<box.width where ink[y * box.width + x] > 0 {
                canvas.set(x: box.x + x, row: top + y, to: 255 - ink[y * box.width + x])
            }
        }
    }

    /// Clears the ink that runs along the outside of a bubble: its drawn outline or shadow,
    /// darker than its fill. Text keeps a padding of fill between it and the bubble's edge;
    /// left, a rim reads as "[" or "(" beside a short word ("[om" for "Ok") and sinks its
    /// confidence. Only ink that runs along most of one side of the bubble, thin, touching the
    /// outside along at least half its length, is rim: a letter may come close to the edge
    /// of a tight bubble, or stand on the page beside it (a name, a time in the same region),
    /// but it is broad for its length and touches the outside at a point.
    static func eraseRim(_ ink: inout [UInt8], touching outside: [Bool], width: Int, height: Int) {
        var rims: [[Int]] = []
        InkComponents.visit(ink, width: width, height: height, above: 0) {
            bordersOutside($0, outside, width, height)
        } found: { members, bounds in
            let long = max(bounds.width, bounds.height), short = min(bounds.width, bounds.height)
            let alongWidth = Double(bounds.width) >= Double(width) * rimMinimumSpan
            let alongHeight = Double(bounds.height) >= Double(height) * rimMinimumSpan
            // One side's edge is a thin stroke, unlike a letter in a region as tight as its line.
            // A whole outline is left: it keeps a picture beside the bubble apart from its text.
            guard alongWidth || alongHeight, Double(short) <= Double(long) * rimMaximumBreadth else { return }
            let alongOutside = members.filter { bordersOutside($0, outside, width, height) }.count
            guard Double(alongOutside) >= Double(long) * rimMinimumContact,
                members.count <= alongOutside * rimMaximumThickness
            else { return }
            rims.append(members)
        }
        for rim in rims {
            for index in rim { ink[index] = 0 }
        }
    }
    /// Share of a bubble's width or height a rim runs along, at least.
    static let rimMinimumSpan = 0.6
    /// Share of its length a rim touches the outside along, at least (a letter: a point).
    static let rimMinimumContact = 0.5
    /// One side's rim is at most this broad for its length (a corner's curve included).
    static let rimMaximumBreadth = 0.25
    /// A rim is a line a few pixels thick; ink this many pixels deep per pixel of contact is
    /// a picture or a blot that reaches the edge (an avatar), left to the blob eraser.
    static let rimMaximumThickness = 8

    private static func bordersOutside(_ index: Int, _ outside: [Bool], _ width: Int, _ height: Int) -> Bool {
        guard !outside[index] else { return false }
        let x = index % width, y = index / width
        // The region's box ends at the bubble's edge: beyond the box is outside too.
        return x == 0 || y == 0 || x + 1 == width || y + 1 == height || outside[index - 1] || outside[index + 1]
            || outside[index - width] || outside[index + width]
    }

    /// Page-background pixels connected to the region's border: outside the bubble's shape.
    /// On a picture (`background` nil) that is any pixel not of the bubble's fill.
    private func outsideMask(_ image: RGBImage, box: PixelRect, background: RGB?, fill: RGB, enabled: Bool) -> [Bool] {
        var outside = [Bool](repeating: false, count: box.width * box.height)
        guard enabled else { return outside }
        var stack: [Int] = []
        func push(_ x: Int, _ y: Int) {
            let index = y * box.width + x
            // A bubble barely lighter or darker than the page is still not the page: its
            // own fill stops the flood.
            let colour = image.color(x: box.x + x, y: box.y + y)
            let fromFill = colour.distance(to: fill)
            guard !outside[index] else { return }
            if let background {
                let fromPage = colour.distance(to: background)
                guard fromPage <= colorTolerance, fromPage < fromFill else { return }
            } else {
                guard fromFill > colorTolerance else { return }
            }
            outside[index] = true
            stack.append(index)
        }
        for x in 0..<box.width {
            push(x, 0)
            push(x, box.height - 1)
        }
        for y in 0..<box.height {
            push(0, y)
            push(box.width - 1, y)
        }
        while let index = stack.popLast() {
            let x = index % box.width, y = index / box.width
            if x > 0 { push(x - 1, y) }
            if x + 1 < box.width { push(x + 1, y) }
            if y > 0 { push(x, y - 1) }
            if y + 1 < box.height { push(x, y + 1) }
        }
        // The antialiased rim of a rounded bubble is neither fill nor background; without
        // this margin it reads as quotes, colons and underscores at the bubble's corners.
        return grow(outside, width: box.width, height: box.height, by: edgeMargin)
    }

    private func grow(_ mask: [Bool], width: Int, height: Int, by steps: Int) -> [Bool] {
        var current = mask
        for _ in 0..<steps {
            var next = current
            for y in 0..<height {
                for x in 0..<width where !current[y * width + x] {
                    if (x > 0 && current[y * width + x - 1]) || (x + 1 < width && current[y * width + x + 1])
                        || (y > 0 && current[(y - 1) * width + x]) || (y + 1 < height && current[(y + 1) * width + x])
                    {
                        next[y * width + x] = true
                    }
                }
            }
            current = next
        }
        return current
    }
}

/// Clears the line drawn under a link. Tesseract reads an underlined line as garbage: the
/// rule joins the letters that reach it (p, g, y) into one shape ("Dttps Jog Zuup.comy" for
/// "https://blog.zulip.com"). An underline is ink a few pixels thick that runs on along a row
/// far longer than any letter's stroke; the letters that cross it lose only those rows.
struct UnderlineEraser {
    /// Pixels: a run of ink along a row at least this long is a rule (a letter's bar, a dash
    /// or an em dash is shorter).
    var minimumRun: Int
    /// Pixels: a rule is at most this many rows thick (a bar, a progress track, is thicker).
    var maximumThickness: Int
    /// Ink above this (0...255) counts: a thin rule's antialiased ink is faint; letters whose
    /// faint edges touch along a row touch along the rows above and below too, a band too
    /// thick for a rule.
    var threshold: UInt8 = 48

    /// Thresholds for a canvas as wide as the screen: 64 and 4 pixels on a 1080-pixel screen.
    init(canvasWidth: Int) {
        minimumRun = max(40, canvasWidth * 6 / 100)
        maximumThickness = max(3, canvasWidth / 250)
    }

    init(minimumRun: Int, maximumThickness: Int) {
        self.minimumRun = minimumRun
        self.maximumThickness = maximumThickness
    }

    /// Rows over a rule that hold letters: a link's underline runs just under its words. A
    /// bubble's drawn outline has only padding inside its edge, and left whole it frames the
    /// text without being read; cut at top and bottom, its sides read as "(" and ")".
    private func hasLettersOver(_ run: Range<Int>, top: Int, ink: [UInt8], width: Int) -> Bool {
        let rows = max(0, top - maximumThickness * Self.letterReachThicknesses)..<top
        return inkedShare(of: run, rows: rows, ink: ink, width: width) >= Self.minimumLetterShare
    }
    /// Rows under a rule that hold letters: tight letters whose tops touch along a row or two
    /// (at the height of an x) have their bodies under that row; under an underline only the
    /// descenders that cross it go on.
    private func hasLettersUnder(_ run: Range<Int>, bottom: Int, ink: [UInt8], width: Int, height: Int) -> Bool {
        let rows = bottom..<min(height, bottom + maximumThickness * Self.letterReachThicknesses)
        return !rows.isEmpty && inkedShare(of: run, rows: rows, ink: ink, width: width) > Self.maximumDescenderShare
    }
    /// The share of the run's columns with ink in any of `rows`.
    private func inkedShare(of run: Range<Int>, rows: Range<Int>, ink: [UInt8], width: Int) -> Double {
        let inked = run.filter { x in rows.contains { ink[$0 * width + x] > threshold } }.count
        return Double(inked) / Double(max(1, run.count))
    }
    /// Share of an underline's columns crossed by descenders, at most.
    static let maximumDescenderShare = 0.35
    /// Letters stand within this many rule thicknesses over an underline.
    static let letterReachThicknesses = 2
    /// Share of an underline's columns with a letter's foot over it, at least.
    static let minimumLetterShare = 0.25

    func erase(_ ink: inout [UInt8], width: Int, height: Int) {
        guard width >= minimumRun else { return }
        // Each row's long runs, as column ranges.
        var runs = [[Range<Int>]](repeating: [], count: height)
        for y in 0..<height {
            var x = 0
            while x < width {
                guard ink[y * width + x] > threshold else {
                    x += 1
                    continue
                }
                let start = x
                while x < width, ink[y * width + x] > threshold { x += 1 }
                if x - start >= minimumRun { runs[y].append(start..<x) }
            }
        }
        // Rows of long runs that follow each other make a band; a thin band is a rule.
        var y = 0
        while y < height {
            guard !runs[y].isEmpty else {
                y += 1
                continue
            }
            let top = y
            while y < height, !runs[y].isEmpty { y += 1 }
            guard y - top <= maximumThickness else { continue }
            for row in top..<y {
                for run in runs[row]
                where hasLettersOver(run, top: top, ink: ink, width: width)
                    && !hasLettersUnder(run, bottom: y, ink: ink, width: width, height: height)
                {
                    for x in run { ink[row * width + x] = 0 }
                }
            }
        }
    }
}

/// Clears solid round or square blobs from a region's ink: profile pictures, status dots
/// and emoji. Letters are strokes that fill a small part of their bounding box, while a
/// disc or a square fills most of it; Tesseract reads such a blob as "@" or "©" and lets
/// it pull the words beside it out of their line.
struct BlobEraser {
    /// Pixels: a blob's width and height are both at least this (smaller ones are dots,
    /// commas and the i's tittle, which are text).
    var minimumSide: Int
    /// Width over height of an avatar, a dot or an emoji.
    var aspect: ClosedRange<Double> = 0.6...1.6
    /// Share of the bounding box the blob covers: a disc 0.79, an avatar with its initials cut out 0.65; letters this solid are smaller than `minimumSide`.
    var minimumSolidity = 0.6
    /// Ink above this (0...255) counts as part of a blob.
    var threshold: UInt8 = 96

    func erase(_ ink: inout [UInt8], width: Int, height: Int) {
        var blobs: [InkComponents.Bounds] = []
        InkComponents.visit(ink, width: width, height: height, above: threshold) { _ in
            true
        } found: { members, bounds in
            let w = bounds.width, h = bounds.height
            guard w >= minimumSide, h >= minimumSide, aspect.contains(Double(w) / Double(h)),
                Double(members.count) >= minimumSolidity * Double(w * h)
            else { return }
            blobs.append(bounds)
        }
        for blob in blobs {
            // The blob's antialiased rim goes with it.
            for y in max(0, blob.minY - 2)...min(height - 1, blob.maxY + 2) {
                for x in max(0, blob.minX - 2)...min(width - 1, blob.maxX + 2) { ink[y * width + x] = 0 }
            }
        }
    }
}

/// The 4-connected groups of ink in an ink map (one byte a pixel, row by row).
enum InkComponents {
    struct Bounds {
        var minX: Int, maxX: Int, minY: Int, maxY: Int
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
    }

    /// Calls `found` with the pixels and bounds of every group of pixels above `threshold`
    /// that holds a pixel `isSeed` accepts (the members' buffer is reused between calls).
    static func visit(
        _ ink: [UInt8], width: Int, height: Int, above threshold: UInt8, from isSeed: (Int) -> Bool,
        found: ([Int], Bounds) -> Void
    ) {
        var seen = [Bool](repeating: false, count: ink.count)
        var stack: [Int] = []
        var members: [Int] = []
        for start in ink.indices where ink[start] > threshold && !seen[start] && isSeed(start) {
            members.removeAll(keepingCapacity: true)
            stack.append(start)
            seen[start] = true
            var bounds = Bounds(minX: width, maxX: 0, minY: height, maxY: 0)
            while let index = stack.popLast() {
                members.append(index)
                let x = index % width, y = index / width
                bounds.minX = min(bounds.minX, x)
                bounds.maxX = max(bounds.maxX, x)
                bounds.minY = min(bounds.minY, y)
                bounds.maxY = max(bounds.maxY, y)
                for next in [
                    x > 0 ? index - 1 : -1, x + 1 < width ? index + 1 : -1,
                    y > 0 ? index - width : -1, y + 1 < height ? index + width : -1,
                ] where next >= 0 && !seen[next] && ink[next] > threshold {
                    seen[next] = true
                    stack.append(next)
                }
            }
            found(members, bounds)
        }
    }
}
