/// Decides which text regions of each screenshot Tesseract has to read.
///
/// Consecutive shots of one scrolling chat repeat most of each other. When the pixel rows of
/// a shot line up with the previous shot's at an exact scroll offset, a bubble the previous
/// shot showed whole, at the matching height and with the same size and fill, is already
/// read there: the later shot only needs the rows it newly reveals. The stitcher places both
/// shots by the same offset, so the copy read earlier stands for both.
///
/// What is always read: the header (it names the conversation), bubbles cut by the screen's
/// edge (the other copy is cut differently), text without a frame (posts, paragraphs, day
/// stamps), whose lines only make sense together, and short bubbles ("haha", "ok"): one
/// misread letter ruins those, a second copy costs little, and the stitcher keeps the
/// better-read one.
struct RevealedRegionPlanner {
    /// Pixels a matching bubble's edges may differ by (dithering, JPEG).
    var tolerance = 3
    var colorTolerance = RGB.sameFlatColour
    /// How far from the chat area's edges a bubble must end to count as whole.
    var edgeMargin = 8
    /// Bubbles narrower than this share of the screen hold a few words at most.
    var shortBubbleWidthPercent = 45

    /// For each screenshot (in capture order; nil for one that could not be surveyed), one
    /// flag per region: true when an earlier shot's copy of it is read instead. `scrollMap`
    /// is indexed like `surveys`.
    func seenEarlier(_ surveys: [RegionFinder.Found?], scrollMap: ScrollMap) -> [[Bool]] {
        var result: [[Bool]] = surveys.map { ($0?.regions ?? []).map { _ in false } }
        var previousIndex: Int?
        for (index, survey) in surveys.enumerated() {
            guard let survey else { continue }
            defer { previousIndex = index }
            guard let previousIndex, let previous = surveys[previousIndex],
                let d = scrollMap.offset(from: previousIndex, to: index)
            else { continue }
            result[index] = survey.regions.map { region in
                region.zone == .content && region.isFilled
                    && region.box.width * 100 >= survey.layout.width * shortBubbleWidthPercent
                    && previous.regions.contains {
                        isWhole($0, in: previous.layout) && shows(region, as: $0, scrolledBy: d)
                    }
            }
        }
        return result
    }

    /// Gives each region of `pages` (in capture order) that was read in the shot before the
    /// heights of its copy's lines there, so the reader still knows the type's size when all
    /// a shot newly shows is small print (names, times) around bubbles read before.
    func carryLineHeights(into pages: inout [Result<OCRPage, Error>], scrollMap: ScrollMap) {
        var previousIndex: Int?
        for index in pages.indices {
            guard var page = try? pages[index].get() else { continue }
            defer { previousIndex = index }
            guard let previousIndex, let previous = try? pages[previousIndex].get(),
                let d = scrollMap.offset(from: previousIndex, to: index)
            else { continue }
            var changed = false
            for regionIndex in page.regions.indices where page.regions[regionIndex].readInEarlierShot {
                let region = page.regions[regionIndex]
                guard let copy = previous.regions.first(where: { shows(region, as: $0, scrolledBy: d) }) else {
                    continue
                }
                // The copy may itself have been read in the shot before it.
                page.regions[regionIndex].earlierLineHeights =
                    copy.readInEarlierShot ? copy.earlierLineHeights : copy.lines.map(\.box.height)
                changed = true
            }
            if changed { pages[index] = .success(page) }
        }
    }

    /// Clear of the chat area's edges: a bubble cut by even a few pixels loses its first or
    /// last line when it is read, so it cannot stand for a whole copy.
    func isWhole(_ region: TextRegion, in layout: ScreenLayout) -> Bool {
        region.box.y >= layout.contentTop + edgeMargin && region.box.maxY <= layout.contentBottom - edgeMargin
    }

    /// True when `earlier`, in the previous shot, is `region` moved by the scroll offset.
    func shows(_ region: TextRegion, as earlier: TextRegion, scrolledBy d: Int) -> Bool {
        let a = region.box, b = earlier.box
        return earlier.zone == .content && earlier.isFilled
            && abs(b.y - (a.y + d)) <= tolerance && abs(b.x - a.x) <= tolerance
            && abs(b.width - a.width) <= tolerance && abs(b.height - a.height) <= tolerance
            && earlier.fill.distance(to: region.fill) <= colorTolerance
    }
}
