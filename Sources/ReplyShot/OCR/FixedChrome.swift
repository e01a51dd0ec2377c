/// Shots of one scrolling chat keep the app's header and composer where they were while the
/// messages move under them. A screen alone may not say where its header ends (no bar, a
/// picture and a name on the page's colour); two shots whose content scrolled between them
/// do: the rows at the top (or bottom) of the chat area that read the same at the same
/// height in both are chrome. Their regions are the header's (the footer's), not messages.
struct FixedChrome {
    var finder = ScrollOffsetFinder()
    /// A still band counts when at least this many thousandths of the screen's height of its
    /// rows have something drawn on them (blank page standing still says nothing).
    var minimumDrawnShare = 10

    /// `surveys` with each linked shot's chat area narrowed to leave out what stood still at
    /// its top and bottom, and the regions there moved to the header and footer zones.
    func narrowing(_ surveys: [RegionFinder.Found?], scrollMap: ScrollMap) -> [RegionFinder.Found?] {
        var result = surveys
        for i in surveys.indices {
            guard var found = surveys[i] else { continue }
            let original = found.layout
            var top: Int?, bottom: Int?
            for j in surveys.indices where j != i {
                guard let other = surveys[j], let d = scrollMap.offset(from: i, to: j), d != 0 else { continue }
                let rows = found.rows
                let scrolling = finder.scaled(toScreenWidth: min(rows.screenWidth, other.rows.screenWidth))
                    .scrollingRows(rows, other.rows)
                let fixedTop = stillChrome(in: rows.top..<max(rows.top, scrolling.lowerBound), of: found)
                let fixedBottom = stillChrome(in: min(scrolling.upperBound, rows.bottom)..<rows.bottom, of: found)
                // Only what every partner saw stand still is chrome.
                let partnerTop = fixedTop.map { $0.maxY + 1 } ?? original.contentTop
                let partnerBottom = fixedBottom.map { $0.y - 1 } ?? original.contentBottom
                top = min(top ?? partnerTop, partnerTop)
                bottom = max(bottom ?? partnerBottom, partnerBottom)
            }
            guard let top, let bottom, top > original.contentTop || bottom < original.contentBottom else { continue }
            found.layout.contentTop = top
            found.layout.contentBottom = bottom
            for index in found.regions.indices where found.regions[index].zone == .content {
                found.regions[index].zone = found.layout.zone(of: found.regions[index].box)
            }
            result[i] = found
        }
        return result
    }

    /// The rows the content regions wholly inside `band` cover, when something is drawn on
    /// enough of the band's rows; nil for a band of blank page (the end of a short chat
    /// stands still too) or none.
    private func stillChrome(in band: Range<Int>, of found: RegionFinder.Found) -> (y: Int, maxY: Int)? {
        let drawn = band.filter { (found.rows.hash(atPageRow: $0) ?? 0) != 0 }.count
        guard drawn >= max(4, found.layout.height * minimumDrawnShare / 1000) else { return nil }
        let inside = found.regions.filter {
            $0.zone == .content && $0.box.y >= band.lowerBound && $0.box.maxY <= band.upperBound
        }
        guard !inside.isEmpty else { return nil }
        return (inside.map(\.box.y).min()!, inside.map(\.box.maxY).max()!)
    }
}
