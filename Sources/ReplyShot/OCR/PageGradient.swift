/// A page whose colour fades down the screen (an assistant app's purple that darkens to black,
/// a gradient wallpaper) is no flat page: every row of the fade differs from the page's colour
/// from edge to edge, so the region finder takes those rows for an app bar and reads nothing
/// on them. The fade is painted over with the page's colour where it shows, before anything
/// else looks at the screen; bubbles, text and pictures on it stay as they are.
///
/// The fade is told from a bar by how its colour changes down the screen, at the screen's
/// edges: a little from each row to the next, and steadily. A bar is one colour down its rows
/// and ends in a step; a photo or a wallpaper's doodles change in jumps.
struct PageGradient {
    /// The strips of the page looked at, as shares of the width from each edge: clear of the
    /// screen's rounded frame, and narrower than any bubble's inset.
    static let stripStart = 0.005
    static let stripEnd = 0.03
    /// Each strip's colour is averaged over this share of the height around a row: the fade's
    /// grain (a dithered gradient) averages out, its trend does not.
    static let smoothingShare = 0.01
    /// The colour is compared this share of the height above and below a row ...
    static let driftSpanShare = 0.025
    /// ... and must have changed by at least this much (per channel) over that span, with no
    /// step of more than `maximumStep` between two rows in it: a bar's edge is a step.
    static let minimumDrift = 4.0
    static let maximumStep = 8.0
    /// Rows on each side of a step that are averaged to measure it.
    static let stepWindow = 4
    /// A fade is at least this share of the screen's height; a shaded bar is shorter.
    static let minimumFadeShare = 0.10
    /// From end to end a fade changes by at least this much (per channel): a panel's soft
    /// shadow or a scrim over the composer changes less.
    static let minimumSpread = 32.0
    /// A pixel whose neighbourhood (3×3, grain averaged out) is within this of the fade's
    /// colour there is page; a bubble's fill or a letter's ink is further.
    static let pageTolerance = 12
    /// ... or, on a grainy fade, within this many times the grain's spread (the standard
    /// deviation of the left strip's pixels, per channel at most) of it.
    static let grainAllowance = 2.0
    /// The page a fade ends in is flat (within `flatPageDrift`) for at least this share of the
    /// height past the fade.
    static let flatPageShare = 0.05
    static let flatPageDrift = 6.0
    /// At least this share of a fade's pixels must be the fade itself.
    static let minimumPageShare = 0.5
    /// A pixel with at least this many of its 8 neighbours page is page.
    static let speckleNeighbours = 6

    /// Paints the image's fades, if it has any, in the colour of the flat page each ends in.
    /// An image with no fade, or a palette image, is left as it is.
    func flatten(_ image: RGBImage) {
        guard image.isPaintable, image.width >= 100, image.height >= 100 else { return }
        let left = stripColours(image, from: Self.stripStart, to: Self.stripEnd)
        let right = stripColours(image, from: 1 - Self.stripEnd, to: 1 - Self.stripStart)
        let edges = zip(left, right).map { Self.mean($0, $1) }
        let fades = fadeRuns(edges, height: image.height)
        guard !fades.isEmpty else { return }
        let smoothLeft = Self.smoothed(left, radius: Self.radius(Self.smoothingShare, image.height))
        let smoothRight = Self.smoothed(right, radius: Self.radius(Self.smoothingShare, image.height))
        let grain = stripGrain(image, from: Self.stripStart, to: Self.stripEnd)
        let flatRows = Self.radius(Self.flatPageShare, image.height)
        for fade in fades {
            // The page the fade ends in: the rows past its lower end, else past its upper end.
            // They must be flat page for a while: a photo set as the wallpaper fades into
            // more photo.
            let beyond =
                fade.upperBound + flatRows <= image.height
                ? fade.upperBound..<(fade.upperBound + flatRows)
                : max(0, fade.lowerBound - flatRows)..<fade.lowerBound
            guard beyond.count == flatRows, let first = beyond.first else { continue }
            let page = Self.mean(smoothLeft[first], smoothRight[first])
            guard
                beyond.allSatisfy({
                    Self.distance(Self.mean(smoothLeft[$0], smoothRight[$0]), page) <= Self.flatPageDrift
                })
            else { continue }
            let target = Self.colour(page)
            let rows = fade.lowerBound..<fade.upperBound
            var isPage = [Bool](repeating: false, count: rows.count * image.width)
            for y in rows where y > 0 && y < image.height - 1 {
                // A grainier fade (a dithered one) strays further from its trend.
                let tolerance = max(Double(Self.pageTolerance), Self.grainAllowance * grain[y])
                let (left, right) = (smoothLeft[y], smoothRight[y])
                for x in 1..<(image.width - 1) {
                    // The fade across the row, from its left edge's colour to its right's.
                    let t = Double(x) / Double(image.width - 1)
                    let expected = (
                        left[0] * (1 - t) + right[0] * t, left[1] * (1 - t) + right[1] * t,
                        left[2] * (1 - t) + right[2] * t
                    )
                    isPage[(y - rows.lowerBound) * image.width + x] =
                        Self.neighbourhoodDistance(image, x: x, y: y, to: expected) <= tolerance
                }
            }
            // A grain's lone pixel the test missed, all but surrounded by page, is page too.
            var speckles: [Int] = []
            for y in (rows.lowerBound + 1)..<max(rows.lowerBound + 1, rows.upperBound - 1) {
                for x in 1..<(image.width - 1) where !isPage[(y - rows.lowerBound) * image.width + x] {
                    var around = 0
                    for dy in -1...1 {
                        for dx in -1...1 where (dx, dy) != (0, 0) {
                            if isPage[(y + dy - rows.lowerBound) * image.width + x + dx] { around += 1 }
                        }
                    }
                    if around >= Self.speckleNeighbours { speckles.append((y - rows.lowerBound) * image.width + x) }
                }
            }
            for index in speckles { isPage[index] = true }
            // A fade shows between the bubbles, across most of the screen; a photo set as the
            // wallpaper, blurred smooth at the edges, changes across the row as well and
            // matches no straight fade from edge to edge.
            guard Double(isPage.lazy.filter { $0 }.count) >= Double(isPage.count) * Self.minimumPageShare else {
                continue
            }
            for (index, page) in isPage.enumerated() where page {
                image.paint(x: index % image.width, y: rows.lowerBound + index / image.width, target)
            }
        }
    }

    /// Rows that lie in a fade: runs at least `minimumFadeShare` tall of rows around which the
    /// edges' colour drifts by `minimumDrift` without a step.
    func fadeRuns(_ edges: [[Double]], height: Int) -> [Range<Int>] {
        let smooth = Self.smoothed(edges, radius: Self.radius(Self.smoothingShare, height))
        let span = max(1, Self.radius(Self.driftSpanShare, height))
        // The step at a row: the edges' colour over the few rows below it against the few
        // above, so that a grain averages out and a bar's edge stands whole.
        let window = Self.stepWindow
        let steps = (0..<max(0, height - 1)).map { y -> Double in
            let above = Self.average(edges[max(0, y + 1 - window)...y])
            let below = Self.average(edges[(y + 1)..<min(height, y + 1 + window)])
            return Self.distance(above, below)
        }
        var inFade = [Bool](repeating: false, count: height)
        for y in span..<max(span, height - span) {
            guard Self.distance(smooth[y - span], smooth[y + span]) >= Self.minimumDrift else { continue }
            let before = max(0, y - span), after = min(steps.count, y + span)
            guard before < after, steps[before..<after].allSatisfy({ $0 <= Self.maximumStep }) else { continue }
            inFade[y] = true
        }
        var runs: [Range<Int>] = []
        var start: Int?
        for y in 0...height {
            let fading = y < height && inFade[y]
            if fading, start == nil { start = y }
            if !fading, let first = start {
                // The drift is measured `span` rows either side: the fade reaches that far on.
                runs.append(max(0, first - span)..<min(height, y + span))
                start = nil
            }
        }
        let minimum = Int(Double(height) * Self.minimumFadeShare)
        return runs.filter { run in
            guard run.count >= minimum else { return false }
            let spread = (0..<3).map { channel in
                let values = smooth[run].map { $0[channel] }
                return (values.max() ?? 0) - (values.min() ?? 0)
            }
            return (spread.max() ?? 0) >= Self.minimumSpread
        }
    }

    /// The colour of each row's strip between the shares `from` and `to` of the width, channel
    /// by channel the median: a scroll indicator or a bubble's corner in the strip is not the page.
    private func stripColours(_ image: RGBImage, from: Double, to: Double) -> [[Double]] {
        let start = Int(Double(image.width) * from), end = max(start + 1, Int(Double(image.width) * to))
        var channels = [[Int]](repeating: [], count: 3)
        return (0..<image.height).map { y in
            for index in 0..<3 { channels[index].removeAll(keepingCapacity: true) }
            for x in start..<end {
                let c = image.color(x: x, y: y)
                channels[0].append(Int(c.r))
                channels[1].append(Int(c.g))
                channels[2].append(Int(c.b))
            }
            return channels.map { Double($0.sorted()[$0.count / 2]) }
        }
    }

    /// How far each row's strip strays from its own mean: the standard deviation of its
    /// pixels, the largest of the three channels', smoothed down the screen.
    private func stripGrain(_ image: RGBImage, from: Double, to: Double) -> [Double] {
        let start = Int(Double(image.width) * from), end = max(start + 1, Int(Double(image.width) * to))
        let spread = (0..<image.height).map { y -> [Double] in
            var sum = [0.0, 0.0, 0.0], squares = [0.0, 0.0, 0.0]
            for x in start..<end {
                let c = image.color(x: x, y: y)
                for (index, value) in [Double(c.r), Double(c.g), Double(c.b)].enumerated() {
                    sum[index] += value
                    squares[index] += value * value
                }
            }
            let count = Double(end - start)
            let deviation = (0..<3).map {
                (max(0, squares[$0] / count - (sum[$0] / count) * (sum[$0] / count))).squareRoot()
            }
            // Carried as a colour's first channel, so that `smoothed` serves it too.
            return [deviation.max() ?? 0, 0, 0]
        }
        return Self.smoothed(spread, radius: Self.radius(Self.smoothingShare, image.height)).map { $0[0] }
    }

    /// How far the mean colour of a pixel's 3×3 neighbourhood is from `expected`, per channel
    /// at most.
    private static func neighbourhoodDistance(
        _ image: RGBImage, x: Int, y: Int, to expected: (Double, Double, Double)
    ) -> Double {
        var r = 0, g = 0, b = 0
        for dy in -1...1 {
            for dx in -1...1 {
                let c = image.color(x: x + dx, y: y + dy)
                r += Int(c.r)
                g += Int(c.g)
                b += Int(c.b)
            }
        }
        return max(
            abs(Double(r) / 9 - expected.0), abs(Double(g) / 9 - expected.1), abs(Double(b) / 9 - expected.2))
    }

    static func radius(_ share: Double, _ height: Int) -> Int { max(1, Int(Double(height) * share)) }

    static func smoothed(_ values: [[Double]], radius: Int) -> [[Double]] {
        guard !values.isEmpty else { return [] }
        var prefix = [[0.0, 0.0, 0.0]]
        for value in values { prefix.append((0..<3).map { prefix.last![$0] + value[$0] }) }
        return values.indices.map { y in
            let low = max(0, y - radius), high = min(values.count, y + radius + 1)
            return (0..<3).map { (prefix[high][$0] - prefix[low][$0]) / Double(high - low) }
        }
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        (0..<3).map { abs(a[$0] - b[$0]) }.max() ?? 0
    }

    static func average(_ values: ArraySlice<[Double]>) -> [Double] {
        guard !values.isEmpty else { return [0, 0, 0] }
        return (0..<3).map { channel in values.reduce(0) { $0 + $1[channel] } / Double(values.count) }
    }

    static func mean(_ a: [Double], _ b: [Double]) -> [Double] { (0..<3).map { (a[$0] + b[$0]) / 2 } }

    static func colour(_ value: [Double]) -> RGB {
        RGB(
            r: UInt8(clamping: Int(value[0].rounded())), g: UInt8(clamping: Int(value[1].rounded())),
            b: UInt8(clamping: Int(value[2].rounded())))
    }
}
