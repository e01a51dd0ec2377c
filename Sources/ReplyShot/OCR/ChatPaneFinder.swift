/// A desktop window or a tablet held sideways shows the list of conversations beside the open
/// one (Briar Desktop, a macOS chat app's sidebar). Read as one screen, the list's names and
/// dates become messages, its panel joins the bubbles next to it into one region, and the
/// middle of the window, not of the chat, decides who said what.
///
/// The list ends where a vertical edge runs down the whole window: the list's own colour
/// stops there, or a hairline divides the two. Such an edge is found column by column; the
/// chat is read from beyond it as if it were the whole screen.
struct ChatPaneFinder {
    /// Two flat colours further apart than this (per channel) are an edge.
    var colorTolerance = 6

    /// A phone shows one pane at a time; only a window at least this wide for its height
    /// (a desktop window, a tablet on its side) may show a list beside the chat.
    static let minimumAspect = 0.9
    /// The list is at least this share of the window's width (a bar of icons alone is not a
    /// list of conversations and leaves the chat's geometry as it is) ...
    static let narrowestList = 0.12
    /// ... and leaves the chat at least the rest: a wider panel on the left is the chat.
    static let widestList = 0.45
    /// The edge runs down this share of the rows between the window's bars; a bubble's side
    /// or an avatar column runs down a few rows at a time.
    static let edgeShare = 0.9
    /// The selected conversation's row, drawn in the chat's colour, is at most this share of
    /// those rows (a row of a list is a tenth of the window or less).
    static let selectedRowShare = 0.15
    /// Each side of the edge is one colour over at least this share of those rows (the
    /// list's panel, the chat's page): a photo or a patterned wallpaper changes from row to
    /// row and has edges everywhere.
    static let flatSideShare = 0.5
    /// Colours are compared this many columns apart: a step between two panels and a
    /// hairline of one or two pixels both differ across the gap.
    static let span = 3
    /// The bands left out at the top and bottom (title bar, header, composer), as shares of
    /// the height: those may run across both panes.
    static let barBand = 0.15
    static let rowStep = 2

    /// The column where the chat pane starts, or nil when the screen shows only the chat.
    func chatPaneStart(in image: RGBImage) -> Int? {
        guard Double(image.width) >= Double(image.height) * Self.minimumAspect else { return nil }
        let rows = Array(
            stride(
                from: Int(Double(image.height) * Self.barBand), to: Int(Double(image.height) * (1 - Self.barBand)),
                by: Self.rowStep))
        guard !rows.isEmpty else { return nil }
        let first = Int(Double(image.width) * Self.narrowestList)
        let last = Int(Double(image.width) * Self.widestList)
        // From the right: of a bar of icons, a list and a hairline, the chat begins after the last.
        for x in stride(from: last, through: first, by: -1) where isEdge(at: x, rows: rows, in: image) {
            return x + Self.span
        }
        return nil
    }

    /// Whether columns `x` and `x + span` differ on nearly every row, each of them mostly one
    /// colour. The selected conversation may be drawn in the chat's colour, as a tab joined to
    /// the page it opened (uTox): one run of alike rows that short is left out of the count.
    func isEdge(at x: Int, rows: [Int], in image: RGBImage) -> Bool {
        let selectedRows = Int(Double(rows.count) * Self.selectedRowShare)
        let fewestNeeded = Int((Double(rows.count - selectedRows) * Self.edgeShare).rounded(.up))
        var differing = 0
        var alikeRun = 0, longestAlikeRun = 0
        for (index, y) in rows.enumerated() {
            if image.color(x: x, y: y).distance(to: image.color(x: x + Self.span, y: y)) > colorTolerance {
                differing += 1
                alikeRun = 0
            } else {
                alikeRun += 1
                longestAlikeRun = max(longestAlikeRun, alikeRun)
            }
            // Too many rows alike already: no edge here (most columns end here, early).
            if differing + (rows.count - index - 1) < fewestNeeded { return false }
        }
        let selected = longestAlikeRun <= selectedRows ? longestAlikeRun : 0
        guard Double(differing) >= Double(rows.count - selected) * Self.edgeShare else { return false }
        return isMostlyOneColour(column: x, rows: rows, in: image)
            && isMostlyOneColour(column: x + Self.span, rows: rows, in: image)
    }

    /// Whether one flat colour (give or take JPEG noise) covers `flatSideShare` of the column.
    func isMostlyOneColour(column x: Int, rows: [Int], in image: RGBImage) -> Bool {
        var tally = ColorTally()
        for y in rows { tally.add(image.color(x: x, y: y)) }
        guard let commonest = tally.mostCommon else { return false }
        let alike = rows.filter { image.color(x: x, y: $0).distance(to: commonest) <= RGB.sameFlatColour }.count
        return Double(alike) >= Double(rows.count) * Self.flatSideShare
    }
}
