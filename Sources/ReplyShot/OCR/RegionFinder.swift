import CLeptonica

/// Finds where text sits on a phone screen and where the chat area begins and ends.
///
/// Tesseract's own layout analysis does not see light text inside coloured bubbles (it never
/// turns them into text lines), so regions are found here from colour: everything that differs
/// from the page background is marked, marks are joined along rows with a Leptonica dilation
/// (words become lines, and a bubble's fill joins its text), and the connected components are
/// the regions. Full-width regions near the top and bottom are the app's bars.
struct RegionFinder {
    /// Flat UI colours differ by more than this per channel; antialiasing noise does not.
    var colorTolerance = 6
    /// Text and drawn shapes differ from the page by more than this; a wallpaper's pattern,
    /// a shadow or a screen's rounded frame by less.
    var strongTolerance = 48
    /// Joins the letters and words of one line; smaller than the gap between two columns.
    var joinWidth = 25
    var anatomist = RegionAnatomist()

    struct Found {
        var background: RGB
        var layout: ScreenLayout
        var regions: [TextRegion]
        var rows: RowSignatures
    }

    func find(in image: RGBImage) -> Found {
        // The margins are sampled once: they give the page's colour and whether it is a picture.
        var margins = ColorTally()
        for color in marginSamples(image) { margins.add(color) }
        let background = pageBackground(image, margins: margins)
        if PicturePage.isPicture(margins: margins) {
            return findOnPicture(image, background: background)
        }
        var fullRows = barRows(image, background: background)
        let smallest = Self.smallestRegionSide(screenWidth: image.width)
        // A highlighted message's band is paper to read on, not a bar.
        let highlights = HighlightBandFinder(colorTolerance: colorTolerance).bands(
            in: image, fullRows: fullRows, smallest: smallest)
        for band in highlights { for y in band.rows { fullRows[y] = false } }
        var layout = screenLayout(
            fullRows: fullRows, width: image.width, height: image.height,
            statusBarBottom: statusBarBottom(image))
        let boxes = componentBoxes(
            image, background: background, markTolerance: markTolerance(image, background: background),
            skipRows: fullRows, highlights: highlights)
        layout = withToolbars(layout, boxes: Self.toolbarItems(boxes), fullRows: fullRows)
        var regions = headerRegion(image, layout: layout).map { [$0] } ?? []
        let splitter = AttachedPictureSplitter(colorTolerance: colorTolerance)
        let contentBoxes = boxes.filter {
            $0.width >= smallest && $0.height >= smallest && layout.zone(of: $0) == .content
        }
        func region(_ box: PixelRect) -> TextRegion {
            let fill = dominantColor(image, in: box)
            let onBand = highlights.contains {
                $0.rows.contains(box.midY) && fill.distance(to: $0.color) <= colorTolerance
            }
            let ownColour = fill.distance(to: background) > colorTolerance && !onBand
            let anatomy = anatomist.anatomy(
                image, box: box, screenHeight: image.height,
                gutterColours: ownColour ? [background, fill] : [background], page: ownColour ? background : nil,
                paper: fill)
            // A photo's commonest colour is rare in it too: that says nothing of a halo.
            let isFilled =
                ownColour
                && (!anatomy.pictureRows.isEmpty || !isHalo(fill, around: box, in: image, background: background))
            return TextRegion(box: box, zone: .content, fill: fill, isFilled: isFilled, anatomy: anatomy)
        }
        let stacked = StackedBubbleSplitter(colorTolerance: colorTolerance, inkTolerance: strongTolerance)
        for box in contentBoxes.flatMap({ splitter.split($0, in: image, background: background) }) {
            let whole = region(box)
            // Bubbles a wallpaper's strokes joined are cut apart (never a picture's rows). The
            // two bubbles' box may show more page than either paper: it then reads as no bubble.
            let parts =
                whole.anatomy.pictureRows.isEmpty
                ? stacked.parts(
                    of: box, rowPaper: whole.anatomy.rowPaper, in: image, page: background, smallest: smallest,
                    paper: whole.isFilled ? whole.fill : nil)
                : [box]
            regions += parts.count > 1 ? parts.map(region) : [whole]
        }
        regions.sort { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        return Found(
            background: background, layout: layout, regions: regions,
            rows: rowSignatures(image, from: layout.contentTop, to: layout.contentBottom))
    }

    /// The header, read as one band: its bar rows are left out of the components, and the
    /// title is found in it later.
    private func headerRegion(_ image: RGBImage, layout: ScreenLayout) -> TextRegion? {
        let band = PixelRect(
            x: 0, y: layout.statusBarBottom, width: image.width, height: layout.contentTop - layout.statusBarBottom)
        guard band.height >= 12 else { return nil }
        return TextRegion(box: band, zone: .header, fill: dominantColor(image, in: band), isFilled: false)
    }

    /// A page that is a picture has its bars and bubbles found by what is flat on it
    /// (`PicturePage`); text straight on the picture is not looked for.
    private func findOnPicture(_ image: RGBImage, background: RGB) -> Found {
        let picture = PicturePage(colorTolerance: colorTolerance)
        var layout = screenLayout(
            fullRows: picture.barRows(image), width: image.width, height: image.height,
            statusBarBottom: statusBarBottom(image))
        layout.pageIsPicture = true
        var regions = headerRegion(image, layout: layout).map { [$0] } ?? []
        for bubble in picture.bubbles(image, top: layout.contentTop, bottom: layout.contentBottom) {
            let anatomy = anatomist.anatomy(
                image, box: bubble.box, screenHeight: image.height, gutterColours: [bubble.fill], paper: bubble.fill)
            regions.append(
                TextRegion(box: bubble.box, zone: .content, fill: bubble.fill, isFilled: true, anatomy: anatomy))
        }
        regions.sort { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        return Found(
            background: background, layout: layout, regions: regions,
            rows: rowSignatures(image, from: layout.contentTop, to: layout.contentBottom))
    }

    /// Block means of each chat-area row, and a coarse hash of them; single-colour rows hash to 0.
    func rowSignatures(_ image: RGBImage, from top: Int, to bottom: Int) -> RowSignatures {
        guard bottom > top else { return .empty }
        let blocks = 36
        let width = image.width
        var profiles = [UInt8](repeating: 0, count: (bottom - top) * blocks)
        var hashes = [UInt64](repeating: 0, count: bottom - top)
        for (index, y) in (top..<bottom).enumerated() {
            let first = image.color(x: 0, y: y)
            var uniform = true
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for block in 0..<blocks {
                let start = block * width / blocks, end = (block + 1) * width / blocks
                var sum = 0, count = 0
                for x in stride(from: start, to: end, by: 2) {
                    let c = image.color(x: x, y: y)
                    if c != first { uniform = false }
                    sum += c.luminance
                    count += 1
                }
                let mean = UInt8(sum / max(1, count))
                profiles[index * blocks + block] = mean
                // Coarse levels for voting: small noise rarely moves a mean across a level.
                hash = (hash ^ UInt64(mean >> 4)) &* 0x100_0000_01b3
            }
            hashes[index] = uniform ? 0 : max(1, hash)
        }
        return RowSignatures(top: top, hashes: hashes, profiles: profiles, blocks: blocks, screenWidth: width)
    }

    /// The page's colour: the most common colour at the screen's left and right margins in
    /// its middle band (bubbles keep clear of the edges, so the margins show the page even
    /// when bubbles cover most of the screen).
    ///
    /// A screen shaded towards its edges (a store picture's vignette) shows another colour in
    /// the margins than behind the bubbles. The page is then the colour found at the same
    /// distance from both sides of a row, which rows between bubbles show; it is taken when
    /// it covers more of the chat than the margins' colour does.
    func pageBackground(_ image: RGBImage) -> RGB {
        var margins = ColorTally()
        for color in marginSamples(image) { margins.add(color) }
        return pageBackground(image, margins: margins)
    }

    /// `pageBackground` with the margins' colours already tallied (`marginSamples`).
    func pageBackground(_ image: RGBImage, margins: ColorTally) -> RGB {
        let top = image.height / 5, bottom = image.height * 4 / 5
        guard let fromMargins = margins.mostCommon else { return RGB(r: 255, g: 255, b: 255) }
        var paired = ColorTally()
        for y in stride(from: top, to: bottom, by: 3) {
            for inset in [3, 4, 5, 6].map({ image.width * $0 / 100 }) {
                let left = image.color(x: inset, y: y), right = image.color(x: image.width - 1 - inset, y: y)
                if left.distance(to: right) <= colorTolerance { paired.add(left) }
            }
        }
        // Two colours a few levels apart (a wallpaper's white, a phone frame's grey at the
        // edges) are still told apart by how much of the chat each covers: a bar of a grey
        // between them is drawn on the one and not on the other.
        guard let fromPairs = paired.mostCommon, fromPairs != fromMargins else { return fromMargins }
        return share(of: fromPairs, in: image) > share(of: fromMargins, in: image) ? fromPairs : fromMargins
    }

    /// How far from the page's colour a pixel must be to be marked. A flat page is one colour
    /// and `colorTolerance` tells it from anything drawn; a page that is a photo-compressed
    /// dark wallpaper (WhatsApp's doodles saved as JPEG) is a spread of colours around it, and
    /// with the flat tolerance its noise is marked as faint areas that join every bubble into
    /// one region. The margins show the page: its colours fall off from the page's colour
    /// without a break up to the end of its noise, where anything drawn is a colour apart. The
    /// tolerance is where that run of colours ends.
    func markTolerance(_ image: RGBImage, background: RGB) -> Int {
        var counts = [Int](repeating: 0, count: Self.maximumMarkTolerance + 1)
        let samples = marginSamples(image)
        let total = samples.count
        for color in samples {
            let distance = color.distance(to: background)
            if distance < counts.count { counts[distance] += 1 }
        }
        guard total > 0 else { return colorTolerance }
        let rare = Double(total) * Self.noiseEndShare
        let end = (1..<counts.count).first { Double(counts[$0]) < rare } ?? Self.maximumMarkTolerance
        return max(colorTolerance, end)
    }

    /// The page's noise has ended at the first distance that fewer than this share of the
    /// margins' pixels have.
    static let noiseEndShare = 0.005
    /// A page's noise is never taken as wider than this: a wider spread in the margins is
    /// something drawn there (a wallpaper's doodles), and a faint fill further from the page
    /// than this (white on a light grey page) must stay a mark.
    static let maximumMarkTolerance = 16

    /// The margins' pixels where the page shows: `marginColumns` on every fifth row of the
    /// middle three fifths of the height (clear of the bars).
    func marginSamples(_ image: RGBImage) -> [RGB] {
        let columns = marginColumns(width: image.width)
        return stride(from: image.height / 5, to: image.height * 4 / 5, by: 5).flatMap { y in
            columns.map { image.color(x: $0, y: y) }
        }
    }

    /// The columns near each side that show the page (sampled every third).
    func marginColumns(width: Int) -> [Int] {
        let margin = max(2, width / 40)
        return Array(stride(from: 1, to: margin, by: 3)) + Array(stride(from: width - margin, to: width - 1, by: 3))
    }

    /// The share of the middle band's pixels (sampled) within tolerance of `color`.
    private func share(of color: RGB, in image: RGBImage) -> Double {
        var near = 0, total = 0
        for y in stride(from: image.height / 5, to: image.height * 4 / 5, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) {
                total += 1
                if image.color(x: x, y: y).distance(to: color) <= colorTolerance { near += 1 }
            }
        }
        return total == 0 ? 0 : Double(near) / Double(total)
    }

    /// Letters in a colour of their own (a link's blue) stand in a halo of faint tints of it,
    /// and the commonest tint may outnumber the page's own colour between thin letters. A
    /// "fill" that faint that covers little of the box is no bubble's paper but the page.
    func isHalo(_ fill: RGB, around box: PixelRect, in image: RGBImage, background: RGB) -> Bool {
        guard fill.distance(to: background) <= Self.faintFillDistance else { return false }
        var samples = 0
        var paper = 0
        for y in stride(from: box.y, to: box.maxY, by: 3) {
            for x in stride(from: box.x, to: box.maxX, by: 3) {
                samples += 1
                if image.color(x: x, y: y).distance(to: fill) <= colorTolerance { paper += 1 }
            }
        }
        return Double(paper) < Double(samples) * Self.minimumPaperShare
    }
    /// A fill this close to the page's colour (per channel) is faint enough to be a halo.
    static let faintFillDistance = 32
    /// A bubble's paper covers at least this share of its box (its text and corners the rest).
    static let minimumPaperShare = 0.35

    func dominantColor(_ image: RGBImage, in box: PixelRect) -> RGB {
        var counts: [RGB: Int] = [:]
        for y in stride(from: box.y, to: box.maxY, by: 3) {
            for x in stride(from: box.x, to: box.maxX, by: 3) {
                counts[image.color(x: x, y: y), default: 0] += 1
            }
        }
        return counts.max(by: { ($0.value, $1.key.r, $1.key.g, $1.key.b) < ($1.value, $0.key.r, $0.key.g, $0.key.b) })?
            .key
            ?? RGB(r: 255, g: 255, b: 255)
    }

    /// Rows that differ from the page background almost edge to edge: app bars and the
    /// hairlines under and above them, and near the top a hairline set in from both edges.
    /// Chat content never spans the full width.
    func barRows(_ image: RGBImage, background: RGB) -> [Bool] {
        // Inset hairlines count only within the toolbars' reach; the row just past it is looked
        // at too, so that a run crossing the reach is seen to cross it.
        let headerReach = Int(Double(image.height) * Self.toolbarReach)
        var insetRows: [Bool] = []
        var rows: [Bool] = []
        for y in 0..<image.height {
            var differing = 0, first: Int?, last = 0
            for x in stride(from: 0, to: image.width, by: 2)
            where image.color(x: x, y: y).distance(to: background) > colorTolerance {
                differing += 1
                if first == nil { first = x }
                last = x
            }
            rows.append(differing * 2 >= image.width * 97 / 100)
            guard y <= headerReach else { continue }
            // An unbroken line of one colour set in by the same small margin at both ends (a
            // wallpaper's strokes cross a row in many colours; anti-aliasing and JPEG leave a
            // few gaps and off-colour pixels, hence 95%, and margins a pixel or so uneven).
            let insetLeft = first ?? image.width, insetRight = image.width - 1 - last
            var isInsetRule =
                differing * 2 >= image.width * Self.insetRuleMinimumShare / 100
                && differing * 2 >= (last - insetLeft) * 95 / 100
                && abs(insetLeft - insetRight) <= image.width / 100
            if isInsetRule {
                let ink = image.color(x: image.width / 2, y: y)
                let sameInk = stride(from: insetLeft, through: last, by: 2).filter {
                    image.color(x: $0, y: y).distance(to: ink) <= colorTolerance
                }.count
                isInsetRule = sameInk * 100 >= differing * 95
            }
            insetRows.append(isInsetRule)
        }
        // A hairline set in from both edges under a header (Material 3, iOS) is a bar row as
        // an edge-to-edge one is; a taller band so set in is a card of text, and one lower
        // down divides the chat (a date's rule).
        for run in Self.runs(of: insetRows)
        where run.count <= max(2, image.height * Self.hairlineShare / 1000) && run.upperBound <= headerReach {
            for y in run { rows[y] = true }
        }
        return rows
    }
    /// An inset hairline spans at least this share (in %) of the width.
    static let insetRuleMinimumShare = 90

    private func componentBoxes(
        _ image: RGBImage, background: RGB, markTolerance: Int, skipRows: [Bool], highlights: [HighlightBand] = []
    ) -> [PixelRect] {
        guard let mask = pixCreate(Int32(image.width), Int32(image.height), 1) else { return [] }
        var maskPointer: UnsafeMutablePointer<PIX>? = mask
        defer { pixDestroy(&maskPointer) }
        guard let faint = pixCreate(Int32(image.width), Int32(image.height), 1) else { return [] }
        var faintPointer: UnsafeMutablePointer<PIX>? = faint
        defer { pixDestroy(&faintPointer) }
        let data = pixGetData(mask)!, faintData = pixGetData(faint)!
        let wpl = Int(pixGetWpl(mask))
        var edgeColumnMarks = [Int](repeating: 0, count: image.width)
        // Each edge column's longest unbroken run of marked rows (a scroll bar's thumb).
        var edgeColumnRun = [Int](repeating: 0, count: image.width)
        var edgeColumnLongestRun = [Int](repeating: 0, count: image.width)
        var edgeColumnLastRow = [Int](repeating: -2, count: image.width)
        // Within the narrow band any such column goes; beyond it, up to the wide band, only
        // while they continue without a break.
        let edgeBand = max(3, image.width / 50), wideEdgeBand = max(3, image.width / 20)
        var markedRows = 0
        var papers = rowBackgrounds(image, page: background)
        // A highlighted message's rows are written on the band, each row on its own edge's
        // colour (the band's first and last rows blend into the page).
        let inset = HighlightBandFinder.edgeInset(width: image.width)
        for band in highlights {
            for y in band.rows {
                let edge = image.color(x: inset, y: y)
                papers[y] = RowPaper(left: edge, right: edge)
            }
        }
        // Bar rows are left out so that a bubble touching a hairline stays its own region.
        for y in 0..<image.height where !skipRows[y] {
            let row = data + y * wpl, faintRow = faintData + y * wpl
            let paper = papers[y]
            let shaded = paper.left != paper.right
            markedRows += 1
            for x in 0..<image.width {
                let color = image.color(x: x, y: y)
                let distance = min(
                    color.distance(to: background),
                    color.distance(to: shaded ? paper.color(atX: x, width: image.width) : paper.left))
                guard distance > markTolerance else { continue }
                let bit = UInt32(1) << UInt32(31 - (x & 31))
                if distance > strongTolerance { row[x >> 5] |= bit } else { faintRow[x >> 5] |= bit }
                if x < wideEdgeBand || x >= image.width - wideEdgeBand {
                    edgeColumnMarks[x] += 1
                    edgeColumnRun[x] = edgeColumnLastRow[x] == y - 1 ? edgeColumnRun[x] + 1 : 1
                    edgeColumnLastRow[x] = y
                    edgeColumnLongestRun[x] = max(edgeColumnLongestRun[x], edgeColumnRun[x])
                }
            }
        }
        var keptFaint = FaintMarks(faint: faint, strong: mask, screenWidth: image.width).kept()
        if let keptFaint { pixOr(mask, mask, keptFaint) }
        pixDestroy(&keptFaint)
        // Columns at the screen's edge marked down most of their height are a frame, a bezel,
        // a shade or a scroll track, not content: bubbles keep clear of the edges. Joined to
        // the bubbles beside them, they would make one region of them all.
        func frameColumns(_ fromEdge: [Int]) -> [Int] {
            var columns: [Int] = []
            for (distance, x) in fromEdge.enumerated() {
                if edgeColumnMarks[x] * 2 > markedRows {
                    columns.append(x)
                } else if distance >= edgeBand {
                    break
                }
            }
            return columns
        }
        // A scroll bar's thumb shows only where the view is: a thin strip near the edge,
        // unbroken down a quarter of the height or more, joins every bubble that comes near it.
        // (A bubble's own edge there is as tall only as the bubble, and wider than a thumb.)
        func thumbColumns(_ fromEdge: [Int]) -> [Int] {
            let strip = fromEdge.prefix(edgeBand).filter { edgeColumnLongestRun[$0] * 4 >= markedRows }
            guard let first = strip.first, let last = strip.last, strip.count <= max(3, image.width / 80),
                abs(last - first) + 1 == strip.count
            else { return [] }
            return strip
        }
        let left = Array(0..<wideEdgeBand), right = Array((image.width - wideEdgeBand..<image.width).reversed())
        for x in Set(frameColumns(left) + frameColumns(right) + thumbColumns(left) + thumbColumns(right)) {
            let word = x >> 5, clear = ~(UInt32(1) << UInt32(31 - (x & 31)))
            for y in 0..<image.height { data[y * wpl + word] &= clear }
        }
        guard let joined = pixDilateBrick(nil, mask, Int32(joinWidth), 1) else { return [] }
        var joinedPointer: UnsafeMutablePointer<PIX>? = joined
        defer { pixDestroy(&joinedPointer) }
        guard let boxa = pixConnCompBB(joined, 8) else { return [] }
        var boxaPointer: UnsafeMutablePointer<BOXA>? = boxa
        defer { boxaDestroy(&boxaPointer) }
        var boxes: [PixelRect] = []
        let grow = joinWidth / 2
        for index in 0..<boxaGetCount(boxa) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            boxaGetBoxGeometry(boxa, index, &x, &y, &w, &h)
            // Undo the dilation's growth on both sides.
            let left = max(0, Int(x) + grow), right = min(image.width, Int(x + w) - grow)
            guard right > left else { continue }
            boxes.append(PixelRect(x: left, y: Int(y), width: right - left, height: Int(h)))
        }
        return boxes
    }

    /// The page's colour row by row, as well as the page's overall colour: a mark differs
    /// from both. A wallpaper that shades from top to bottom (Telegram's, Gapopa's) drifts
    /// further from the page's overall colour than a faint mark may, and the rows between two
    /// bubbles then join them into one region. A row takes the colour that both its sides
    /// show, flat, where they agree and stay near the page's colour, and do so over a band of
    /// rows around it: a shading is smooth, while a doodle wallpaper (Threema's) agrees only
    /// here and there, and a bubble, an avatar or a bar breaks the agreement. A wallpaper
    /// that shades from side to side (grouped_list's chat) is flat at each side in a colour of
    /// its own: the row's paper then runs from the one to the other. Elsewhere a row takes the
    /// page's colour.
    func rowBackgrounds(_ image: RGBImage, page: RGB) -> [RowPaper] {
        let inset = max(2, image.width / 40)
        let leftColumns = [inset / 2, inset, inset * 2]
        let rightColumns = [image.width - 1 - inset / 2, image.width - 1 - inset, image.width - 1 - inset * 2]
        func side(_ columns: [Int], _ y: Int) -> RGB? {
            let colour = image.color(x: columns[1], y: y)
            guard columns.allSatisfy({ image.color(x: $0, y: y).distance(to: colour) <= colorTolerance }),
                colour.distance(to: page) <= colorTolerance * Self.wallpaperDrift
            else { return nil }
            return colour
        }
        let flat: [RowPaper?] = (0..<image.height).map { y in
            guard let left = side(leftColumns, y), let right = side(rightColumns, y) else { return nil }
            // Sides that agree are one flat colour.
            if left.distance(to: right) <= colorTolerance { return RowPaper(left: left, right: left) }
            return RowPaper(left: left, right: right)
        }
        let band = max(1, image.height / Self.shadingBandDivisor)
        let shaded: [RowPaper?] = (0..<image.height).map { y in
            let around = max(0, y - band)..<min(image.height, y + band + 1)
            guard let own = flat[y], around.allSatisfy({ flat[$0] != nil }) else { return nil }
            return own
        }
        // Rows whose sides a bubble covers take the shading of the nearest row that shows it:
        // a shading is smooth, and the page beside the bubble still follows it.
        let reach = image.height / Self.shadingCarryDivisor
        var nearest = [Int?](repeating: nil, count: image.height)
        var last: Int?
        for y in 0..<image.height {
            if shaded[y] != nil { last = y }
            nearest[y] = last.flatMap { y - $0 <= reach ? $0 : nil }
        }
        last = nil
        for y in stride(from: image.height - 1, through: 0, by: -1) {
            if shaded[y] != nil { last = y }
            if let below = last, below - y <= reach, nearest[y].map({ y - $0 > below - y }) ?? true {
                nearest[y] = below
            }
        }
        let pagePaper = RowPaper(left: page, right: page)
        return (0..<image.height).map { y in nearest[y].flatMap { shaded[$0] } ?? pagePaper }
    }

    /// A region less tall or less wide than this is a speck, not a line of text: 12 pixels on
    /// a phone screen 1080 wide, fewer on a narrower one, where a line of small text (a
    /// README's 540 px screenshot) is 10 pixels tall.
    static func smallestRegionSide(screenWidth: Int) -> Int {
        max(8, min(12, screenWidth / 90))
    }

    /// A row with no shading of its own takes that of a row at most this share (1/N) of the
    /// height away.
    static let shadingCarryDivisor = 8

    /// A shading is flat at the sides over at least this share (1/N) of the height either way.
    static let shadingBandDivisor = 200
    /// A wallpaper's shading stays within this many colour tolerances of the page's colour
    /// (a side-to-side shading, whose page colour is its commonest, reaches 4 at the far side).
    static let wallpaperDrift = 5

    /// The boxes a toolbar may be made of: a menu button drawn as thin bars one over the
    /// other ("≡", each bar a box of its own too flat to count) is one item; other specks
    /// are none.
    static func toolbarItems(_ boxes: [PixelRect]) -> [PixelRect] {
        let smallest = 12
        var items = boxes.filter { $0.width >= smallest && $0.height >= smallest }
        var bars = boxes.filter { $0.width >= smallest && $0.height < smallest }.sorted { $0.y < $1.y }
        while let first = bars.first {
            // Bars lined up at their start or their middle, each right under the one above (a
            // bar's width apart at most); of one width, or a shorter one under a longer one
            // ("≡" drawn with a short last bar), never less than half as long.
            var stack = [first]
            for bar in bars.dropFirst()
            where (abs(bar.x - first.x) <= menuBarSlack || abs(bar.midX - first.midX) <= menuBarSlack)
                && min(bar.width, first.width) * Self.menuBarLengthRatio >= max(bar.width, first.width)
                && bar.y - stack.last!.maxY <= first.width / 2 && bar.y > stack.last!.y
            {
                stack.append(bar)
            }
            bars.removeAll { stack.contains($0) }
            let icon = PixelRect(enclosing: stack)
            if stack.count >= 2, icon.height >= smallest { items.append(icon) }
        }
        return items
    }
    /// The bars of one menu button line up within this many pixels.
    static let menuBarSlack = 3
    /// A menu button's longest bar is at most this many times as long as its shortest.
    static let menuBarLengthRatio = 2

    /// A header or an input bar in the page's own colour draws no bar rows; it is then found
    /// as a row of controls at the top (or bottom) of the screen: several items side by side
    /// that reach both the left and the right edge (a back arrow and call buttons; a camera
    /// button and an emoji button). Chat content never does: a bubble hugs one side.
    func withToolbars(_ layout: ScreenLayout, boxes: [PixelRect], fullRows: [Bool]) -> ScreenLayout {
        var layout = layout
        let width = layout.width, height = layout.height
        // A phone's screen, not a desktop window's: its status bar may be a punch hole's, taller.
        let isTallPhone = Double(height) >= Double(width) * Self.tallPhoneAspect
        // A bar is never taller than the band it sits in: a taller box is a panel of the page
        // (a mail's body on a card of its own colour), not a control.
        let controls = boxes.filter { Double($0.height) <= Double(height) * Self.toolbarReach }
        func row(around seed: PixelRect) -> [PixelRect] {
            controls.filter { min($0.maxY, seed.maxY) - max($0.y, seed.y) > min($0.height, seed.height) / 2 }
        }
        func isToolbar(_ row: [PixelRect]) -> Bool {
            row.count >= 2 && row.contains { Double($0.x) < Double(width) * Self.toolbarEdgeShare }
                && row.contains { Double(width - $0.maxX) < Double(width) * Self.toolbarEdgeShare }
        }
        // A row of controls: at each edge a button, or a box as tall as the row's tallest (a
        // field, a card). A line of text that reaches an edge beside a profile picture is not.
        func isButtonRow(_ row: [PixelRect]) -> Bool {
            let tallest = row.map(\.height).max() ?? 0
            let isControl = { (box: PixelRect) in
                Double(box.width) <= Double(width) * Self.toolbarButtonShare || box.height * 2 >= tallest
            }
            return isToolbar(row)
                && row.filter { Double($0.x) < Double(width) * Self.toolbarEdgeShare }.allSatisfy(isControl)
                && row.contains { Double(width - $0.maxX) < Double(width) * Self.toolbarEdgeShare && isControl($0) }
        }
        // An icon at the left edge (square, no wider than a button) and a title beside it, and
        // nothing else: a row of chat is a picture beside a bubble, whose box is far taller
        // than an icon's. The conversation's picture may stand between arrow and title, square
        // and taller than the arrow (a bar of the page's own colour: Material 3 apps); the
        // title is then no taller than the picture.
        func isTitleBar(_ row: [PixelRect]) -> Bool {
            let sorted = row.sorted { $0.x < $1.x }
            guard sorted.count >= 2, let icon = sorted.first, Double(icon.x) < Double(width) * Self.toolbarEdgeShare,
                Double(icon.width) <= Double(width) * Self.toolbarButtonShare, icon.isRoughlySquare
            else { return false }
            let picture = sorted.dropFirst().first.flatMap { box in
                box.isRoughlySquare && Double(box.maxX) <= Double(width) * Self.titlePictureReach && sorted.count >= 3
                    ? box : nil
            }
            let tallest = max(icon.height * 3 / 2, picture?.height ?? 0)
            return sorted.dropFirst().allSatisfy { $0.height <= tallest } || isArrowBesidePictureAndTitle(sorted)
        }
        // A round picture touching the title is found with it as one box, as tall as the
        // picture: two to four times an arrow's height, beginning where a picture would. The
        // arrow is smaller than a sender's picture beside a bubble at the top of a chat.
        func isArrowBesidePictureAndTitle(_ sorted: [PixelRect]) -> Bool {
            guard sorted.count == 2 else { return false }
            let (arrow, titled) = (sorted[0], sorted[1])
            return Double(arrow.height) <= Double(height) * Self.arrowMaximumShare
                && Double(titled.x) <= Double(width) * Self.titlePictureReach
                && (2 * arrow.height...4 * arrow.height).contains(titled.height)
        }
        var headerHasBar = fullRows[layout.statusBarBottom..<max(layout.statusBarBottom, layout.contentTop)].contains(
            true)
        // A status bar in a colour of its own is a bar from the image's top no taller than a
        // status bar: the app's header, if any, is below it and may have no bar of its own. A
        // tall phone's status bar (a punch hole's) is taller, as where it is measured.
        let statusBarShare = isTallPhone ? Self.islandStatusBarShare : Self.statusBarMaximumShare
        if headerHasBar, fullRows.first == true, layout.contentTop <= height * statusBarShare / 1000,
            fullRows[0..<layout.contentTop].allSatisfy({ $0 })
        {
            layout.statusBarBottom = max(layout.statusBarBottom, layout.contentTop)
            headerHasBar = false
        }
        if headerHasBar, let end = barEnd(fullRows, in: layout.statusBarBottom..<layout.contentTop, height: height),
            layout.contentTop - end > height * 5 / 100
        {
            // Under the app's own bar, a hairline further down (more than a banner's height)
            // ends the header only below a row of controls (a title between a back arrow and
            // buttons); below a post it divides a list, and the header ends with the bar.
            let band = boxes.filter { $0.y >= end && $0.maxY <= layout.contentTop }
            if !band.map(row).contains(where: isButtonRow) { layout.contentTop = end }
        }
        // A corner of the phone's screen, rounded, drawn in its frame's colour from the image's
        // top edge (a screen cut out of a framed store picture).
        func isScreenCorner(_ box: PixelRect) -> Bool {
            box.y == 0 && box.isRoughlySquare
                && (Double(box.x) < Double(width) * Self.toolbarEdgeShare
                    || Double(width - box.maxX) < Double(width) * Self.toolbarEdgeShare)
        }
        func isCameraCutOut(_ box: PixelRect) -> Bool {
            Double(abs(box.midX - width / 2)) <= Double(width) * Self.cutOutCentring && box.width <= width * 2 / 5
        }
        if !headerHasBar {
            var statusBottom: Int?
            // The first row of controls from the top (a title alone above it may be a large heading).
            let seeds = controls.filter {
                $0.y >= layout.statusBarBottom && Double($0.maxY) < Double(height) * Self.toolbarReach
            }
            // The topmost row may also be a bar with nothing at its right end: a back arrow or
            // the app's icon at the left edge, then the title (a bank's texts, a Matrix room).
            var rows = seeds.sorted(by: { $0.y < $1.y }).map(row)
            // A status bar of the page's own colour (its clock and icons unseen as a bar of their
            // own, often with the phone's rounded corners beside them) is a row of controls too,
            // within a status bar's height of the top: the app's bar, if it has one, is the next
            // row, right under it (Material 3 draws both in the page's colour). A phone with a
            // camera cut-out in the middle of it (a punch hole, a notch) has a taller one, and
            // the rounded corners of a phone's screen reach further down than its icons.
            if let first = rows.first, isToolbar(first) {
                let icons = first.filter { !isScreenCorner($0) }
                let tallest =
                    icons.contains(where: isCameraCutOut) ? Self.islandStatusBarShare : Self.statusBarMaximumShare
                let limit = height * tallest / 1000
                if !icons.isEmpty, icons.allSatisfy({ $0.maxY <= limit }) {
                    statusBottom = first.map(\.maxY).filter { $0 <= limit }.max()!
                } else if isTallPhone, !icons.isEmpty,
                    icons.allSatisfy({ $0.maxY <= height * Self.islandStatusBarShare / 1000 })
                {
                    // A tall phone's status bar sets its icons lower (a punch hole unseen on a
                    // page of its colour): still the status bar with the app's title bar, a back
                    // arrow and the title, right under it. A window's toolbar over a mail's
                    // sender line is not one.
                    let bottom = icons.map(\.maxY).max()!
                    let next = rows.first { $0.allSatisfy { $0.y >= bottom } }
                    if let next, isTitleBar(next), next.map(\.y).min()! - bottom <= height * Self.appBarGapShare / 100 {
                        statusBottom = bottom
                    }
                }
            }
            if let statusBottom {
                layout.contentTop = max(layout.contentTop, statusBottom + 2)
                rows = rows.filter {
                    $0.allSatisfy { $0.y >= statusBottom }
                        && $0.map(\.y).min()! - statusBottom <= height * Self.appBarGapShare / 100
                }
            }
            if let toolbar = rows.first.flatMap({ isTitleBar($0) ? $0 : nil }) ?? rows.first(where: isToolbar) {
                // A bar's items are of a size; a box several times taller than most is content
                // drawn right under the bar (a photo under the status bar) grown into an icon.
                let heights = toolbar.map(\.height).sorted()
                let items = toolbar.filter { $0.height <= heights[heights.count / 2] * Self.toolbarItemHeightRatio }
                let bar = PixelRect(enclosing: items.isEmpty ? toolbar : items)
                // A title and its subtitle stacked between the arrow and the buttons start within
                // the bar's band but need not overlap its items by half: the bar ends under them.
                let stacked = controls.filter {
                    $0.y >= bar.y - bar.height && $0.y < bar.maxY && $0.height <= bar.height
                }
                layout.contentTop = max(layout.contentTop, (stacked + [bar]).map(\.maxY).max()! + 2)
            }
        }
        let footerHasBar = layout.contentBottom < height && fullRows[layout.contentBottom..<height].contains(true)
        if footerHasBar {
            // The bar below may be the navigation bar's alone (not a sliver of a phone's frame),
            // with the composer of the page's colour right above it: a button, a field and a
            // button, reaching both edges.
            let seeds = controls.lazy.filter {
                $0.maxY <= layout.contentBottom
                    && layout.contentBottom - $0.maxY <= height * Self.composerGapShare / 1000
            }
            // The field holds a line or a few typed ones; a taller box there is the last
            // messages, a paragraph of them on the page (a desktop window's composer is its
            // own bar, with nothing under it).
            let isComposer = { (row: [PixelRect]) in
                row.count >= 3 && isButtonRow(row)
                    && row.allSatisfy { $0.height <= height * Self.composerMaximumShare / 1000 }
            }
            if height - layout.contentBottom >= height * Self.navigationBarMinimumShare / 1000,
                let composer = seeds.map(row).first(where: isComposer)
            {
                layout.contentBottom = composer.map(\.y).min()! - 2
            }
        } else {
            // The navigation bar's buttons below the composer do not reach the edges. A line of
            // text at the composer's left edge, beside a floating button two or three times its
            // height, is the page going on under that button.
            let seeds = controls.filter { Double($0.y) > Double(height) * (1 - Self.toolbarReach) }
            if let toolbar = seeds.sorted(by: { $0.maxY > $1.maxY }).lazy.map(row).first(where: isButtonRow) {
                layout.contentBottom = min(layout.contentBottom, toolbar.map(\.y).min()! - 2)
            }
        }
        return layout
    }

    /// A status bar is at most this many thousandths of the screen's height tall.
    static let statusBarMaximumShare = 35
    /// An app's bar of the page's colour starts within this many hundredths of the height
    /// under a status bar of the page's colour; a row further down is the chat's first.
    static let appBarGapShare = 5
    /// A run of bar rows at most this many thousandths of the height tall is a hairline.
    static let hairlineShare = 3
    /// An input bar, with the navigation bar under it, takes at most this many hundredths of
    /// the screen's height.
    static let inputBarReach = 12
    /// A band across the screen is the composer (or a keyboard's top) only with at most this
    /// many hundredths of the height under it before the next bar or the bottom: a composer
    /// of two rows (the field, a row of buttons) with the navigation bar under it reaches 16.
    static let composerBandReach = 18

    /// A toolbar's items (icons, a title, an avatar) are at most this many times as tall as
    /// its middle one.
    static let toolbarItemHeightRatio = 3
    /// A title bar's picture of the conversation ends within this share of the width.
    static let titlePictureReach = 0.3
    /// A composer drawn on the page right above a navigation bar ends at most this many
    /// thousandths of the height above that bar.
    static let composerGapShare = 30
    /// Such a composer's items are at most this many thousandths of the height tall (a field
    /// with three or four lines typed in it).
    static let composerMaximumShare = 100
    /// A navigation bar (or a keyboard) is at least this many thousandths of the height tall.
    static let navigationBarMinimumShare = 25
    /// A back arrow's glyph is at most this share of the screen's height (about 2%; a
    /// sender's picture beside a bubble, 4 to 6%).
    static let arrowMaximumShare = 0.03
    /// A toolbar item this close to a side (share of the width) reaches that edge.
    static let toolbarEdgeShare = 0.12
    /// Toolbars sit within this share of the height from the top or the bottom.
    static let toolbarReach = 0.15
    /// A bottom toolbar's item at the left edge is a button (an emoji, a camera, a plus), at
    /// most this share of the width; a wider one is a line of text.
    static let toolbarButtonShare = 0.2

    /// Where the last bar in `rows` thicker than a hairline ends, with the shadow or hairline
    /// that touches it; nil without such a bar. A bar from the image's top edge is the status
    /// bar's colour, whose own height is unknown.
    func barEnd(_ fullRows: [Bool], in rows: Range<Int>, height: Int) -> Int? {
        let runs = Self.runs(of: fullRows, in: rows)
        guard let bar = runs.lastIndex(where: { $0.count >= height / 100 && $0.lowerBound > 0 }) else { return nil }
        var end = runs[bar].upperBound
        for run in runs[(bar + 1)...] where run.lowerBound - end <= height * 15 / 1000 { end = run.upperBound }
        return end
    }

    /// The runs of consecutive true rows, top to bottom, within `range` (all rows: nil).
    static func runs(of rows: [Bool], in range: Range<Int>? = nil) -> [Range<Int>] {
        let range = range ?? rows.indices
        var runs: [Range<Int>] = []
        var start: Int?
        for y in range.lowerBound...range.upperBound {
            let full = y < range.upperBound && rows[y]
            if full, start == nil { start = y }
            if !full, let first = start {
                runs.append(first..<y)
                start = nil
            }
        }
        return runs
    }

    /// Thin bar rows that divide a list (a mail thread's messages, a list of posts): three or
    /// more hairlines in a row, each a line of text or more below the one before, with no bar
    /// between. An app's chrome draws one hairline under its header, or over its composer.
    func listDividers(_ runs: [Range<Int>], height: Int) -> [Range<Int>] {
        let isThin = { (run: Range<Int>) in run.count < height / 100 }
        var dividers: [Range<Int>] = []
        var series: [Range<Int>] = []
        for run in runs + [0..<height] {
            if let last = series.last, isThin(run),
                (height * 3 / 100...height / 4).contains(run.lowerBound - last.upperBound)
            {
                series.append(run)
                continue
            }
            if series.count >= 3 { dividers += series }
            series = isThin(run) ? [run] : []
        }
        return dividers
    }

    /// Where the status bar's clock and icons end: the first run of rows with anything drawn
    /// on them, at the very top, and short. Phones differ (24 to 59 points, and cropped store
    /// pictures have none), and a fixed share of the height cut through some apps' titles.
    func statusBarBottom(_ image: RGBImage) -> Int? {
        let limit = image.height * 7 / 100
        guard limit > 4 else { return nil }
        func drawn(_ y: Int) -> Bool {
            let paper = image.color(x: image.width / 2, y: y)
            return stride(from: 0, to: image.width, by: 2).contains {
                image.color(x: $0, y: y).distance(to: paper) > colorTolerance
            }
        }
        // Nothing drawn near the top, or a first run too tall for a clock: the picture was cut
        // below the status bar (a store picture, a cropped capture), and the app starts at row 0.
        guard let start = (0..<limit).first(where: drawn), start < image.height * 25 / 1000 else { return 0 }
        guard let end = (start..<limit).first(where: { !drawn($0) }) else { return 0 }
        // A phone with a Dynamic Island draws the black pill between the clock and the icons,
        // taller than they are: the status bar ends under it.
        let tallest =
            hasDynamicIsland(image, rows: start..<end) ? Self.islandStatusBarShare : Self.statusBarMaximumShare
        return end - start <= image.height * tallest / 1000 ? end + 1 : 0
    }

    /// Whether the middle of `rows` crosses a dark pill centred on the screen, a fifth to two
    /// fifths of its width wide (the camera's cut-out, drawn into simulator captures).
    func hasDynamicIsland(_ image: RGBImage, rows: Range<Int>) -> Bool {
        let y = (rows.lowerBound + rows.upperBound) / 2, centre = image.width / 2
        func isDark(_ x: Int) -> Bool { image.color(x: x, y: y).luminance < Self.islandLuminance }
        guard isDark(centre) else { return false }
        var left = centre, right = centre
        while left > 0, isDark(left - 1) { left -= 1 }
        while right < image.width - 1, isDark(right + 1) { right += 1 }
        let width = right - left + 1
        return abs(left + right - 2 * centre) <= image.width * 2 / 100
            && (image.width / 5...image.width * 2 / 5).contains(width)
    }
    /// A status bar around the island (or a notch, or a punch hole) is at most this many
    /// thousandths of the height tall.
    static let islandStatusBarShare = 55
    /// A screen at least this many times as tall as wide is a phone's (20:9 is 2.2, 16:9
    /// 1.8); a desktop window's first row of controls is its toolbar, no status bar.
    static let tallPhoneAspect = 1.7
    /// A camera's cut-out sits this close to the middle of the width (a share of it).
    static let cutOutCentring = 0.03
    /// The island is black; a dark theme's page is lighter than this.
    static let islandLuminance = 12

    /// The header ends at the last bar row in the top 30% of the screen; the input bar starts
    /// at the first one in the bottom 30%. Without that evidence, iOS proportions.
    func screenLayout(fullRows: [Bool], width: Int, height: Int, statusBarBottom measured: Int? = nil) -> ScreenLayout {
        let statusBarBottom = measured ?? height * 56 / 1000
        let runs = Self.runs(of: fullRows)
        // Content never spans the full width, so any bar row near an edge belongs to chrome.
        // An open keyboard is one tall run reaching the bottom, and may start above the
        // bottom 30%; the input bar's own rows sit just above it.
        let dividers = Set(listDividers(runs, height: height))
        let headerRuns = runs.filter { $0.upperBound < height * 3 / 10 && !dividers.contains($0) }
        let barRuns = runs.filter {
            !dividers.contains($0)
                && ($0.lowerBound > height * 7 / 10
                    || ($0.upperBound >= height * 96 / 100 && $0.lowerBound > height * 4 / 10))
        }
        // A hairline is the input bar's top edge only close over the bars below it (or the
        // screen's bottom); further up it divides the messages (an "unread" marker). A thicker
        // band is the composer itself, or an open keyboard's edge, with little under it; with
        // a fifth of the screen of the page under it, it is a highlighted line and messages
        // go on below (Quaternion).
        let footerRuns = barRuns.filter { run in
            let below = barRuns.filter { $0.lowerBound > run.upperBound }.map(\.lowerBound).min() ?? height
            let isHairline = run.count <= max(2, height * Self.hairlineShare / 1000)
            return below - run.upperBound <= height * (isHairline ? Self.inputBarReach : Self.composerBandReach) / 100
        }
        let contentTop = max(statusBarBottom, headerRuns.map(\.upperBound).max() ?? statusBarBottom)
        var contentBottom = footerRuns.map(\.lowerBound).min() ?? height * 96 / 100
        while let above = runs.filter({
            !dividers.contains($0) && $0.upperBound <= contentBottom
                && $0.upperBound > contentBottom - height * 12 / 100 && $0.lowerBound > height * 4 / 10
        }).map(\.lowerBound).min(), above < contentBottom {
            contentBottom = above
        }
        return ScreenLayout(
            width: width, height: height, statusBarBottom: statusBarBottom,
            contentTop: contentTop, contentBottom: contentBottom)
    }
}

/// Counts colours, and the colours of each bucket together.
struct ColorTally {
    private var colors: [RGB: Int] = [:]
    /// How many colours were added.
    private(set) var total = 0

    mutating func add(_ color: RGB) {
        colors[color, default: 0] += 1
        total += 1
    }

    /// The share of the added colours that the most common bucket holds; nil when none was added.
    var commonestBucketShare: Double? {
        guard total > 0 else { return nil }
        return Double(bucketCounts.values.max() ?? 0) / Double(total)
    }

    /// How many of the added colours fall in each bucket.
    private var bucketCounts: [Int: Int] {
        var buckets: [Int: Int] = [:]
        for (color, count) in colors { buckets[color.bucket, default: 0] += count }
        return buckets
    }

    /// The most common colour of the most common bucket. A bucket spans 8 levels a channel:
    /// any one sample of it (the last one seen) could lie at its edge, closer to another
    /// colour than the bucket's real colour is, and be taken for that colour (a wallpaper's
    /// white for the grey of a phone's frame). Ties go to the lower bucket and then the
    /// lower colour: a dictionary's order changes from run to run, and the same screenshot
    /// must always read the same.
    var mostCommon: RGB? {
        guard let bucket = bucketCounts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else { return nil }
        return colors.filter { $0.key.bucket == bucket }.max(by: {
            ($0.value, $1.key.r, $1.key.g, $1.key.b) < ($1.value, $0.key.r, $0.key.g, $0.key.b)
        })?.key
    }
}

/// A row's page colour: one flat colour, or a shading from its left side's to its right's.
struct RowPaper: Equatable {
    var left: RGB
    var right: RGB

    /// The shading's colour at column `x` of a row `width` wide.
    func color(atX x: Int, width: Int) -> RGB {
        let t = Double(x) / Double(max(1, width - 1))
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return RGB(r: mix(left.r, right.r), g: mix(left.g, right.g), b: mix(left.b, right.b))
    }
}
