/// A chat page that is a picture: a photo, or a shading with doodles over it (Telegram's
/// wallpapers, a photo set as the chat's background).
///
/// Everything else in `RegionFinder` starts from the page's one colour: a bar is a row that
/// differs from it edge to edge, a bubble is what differs from it in between. On a picture
/// every row differs from any one colour, so the whole chat was taken for bars and bubbles
/// on it were never looked for. Here the roles turn round: the bubbles are what is flat. A
/// bubble is a rounded rectangle of one colour with its text as holes in it, and its fill
/// runs on around the text (the padding, the gaps between lines); a photo or a shading is
/// never that flat, that far, in that shape.
struct PicturePage {
    var colorTolerance: Int

    /// The page is a picture when the commonest colour of its margins covers less than this
    /// share of them: a flat page, even under doodles (WhatsApp's), covers more than 0.4;
    /// a photo or a shading with a pattern, 0.05 to 0.3.
    static let maximumMarginShare = 0.35
    /// A bubble's fill runs flat (within `flatRunTolerance` of its first pixel) along a row
    /// for at least this share of the width somewhere: its padding above and below the text.
    static let flatRunShare = 0.12
    static let flatRunTolerance = 2
    /// Of a bubble's rows, at least this share start and end within `edgeSlack` of its box:
    /// it is a rectangle, rounded only at its corners. A patch of a photo or of a shading
    /// that happens to be flat has a ragged outline.
    static let minimumRectangleRows = 0.7
    static let edgeSlackShare = 0.02
    /// A bubble's fill covers at least this share of its box; the rest is text and corners.
    static let minimumFillShare = 0.3
    /// A flat patch reaching this close to a side is the picture's own (a stretch of sky, a
    /// bar), not a bubble: bubbles keep clear of the screen's edges.
    static let sideMarginShare = 0.01

    /// Whether the page behind the chat is a picture, judged from its margins' colours
    /// (`RegionFinder.marginSamples`, tallied).
    static func isPicture(margins: ColorTally) -> Bool {
        guard let share = margins.commonestBucketShare else { return false }
        return share < maximumMarginShare
    }

    /// Rows of the app's bars: on a picture page a bar is a row of one flat colour from edge
    /// to edge (its text and icons aside), and only the bars joined to the top or the bottom
    /// of the screen count; a flat stretch of the picture somewhere in the middle is none.
    func barRows(_ image: RGBImage) -> [Bool] {
        let flat = (0..<image.height).map { isFlatRow(image, y: $0) }
        var rows = [Bool](repeating: false, count: image.height)
        // A bar may hold a line of text or icons that cross every sample of a few rows: gaps
        // up to this many rows do not end it.
        let gap = max(2, image.height / 100)
        // From one edge inwards: the bar ends where no flat row follows within the gap.
        func mark(from edge: Int, step: Int) {
            var last = edge - step
            var y = edge
            while y >= 0, y < image.height, abs(y - last) <= gap {
                if flat[y] {
                    for between in min(last, y)...max(last, y) where between >= 0 && between < image.height {
                        rows[between] = true
                    }
                    last = y
                }
                y += step
            }
        }
        mark(from: 0, step: 1)
        mark(from: image.height - 1, step: -1)
        return rows
    }

    /// A row most of whose samples are one colour, which both its ends show.
    private func isFlatRow(_ image: RGBImage, y: Int) -> Bool {
        let left = image.color(x: 1, y: y), right = image.color(x: image.width - 2, y: y)
        guard left.distance(to: right) <= colorTolerance else { return false }
        var same = 0, total = 0
        for x in stride(from: 0, to: image.width, by: 3) {
            total += 1
            if image.color(x: x, y: y).distance(to: left) <= colorTolerance { same += 1 }
        }
        return Double(same) >= Double(total) * Self.minimumBarShare
    }
    /// A bar's own colour covers at least this share of each of its rows.
    static let minimumBarShare = 0.6

    /// The bubbles between `top` and `bottom`: each a box and its fill colour. Seeds are long
    /// flat runs along rows; from each, the fill is followed wherever it goes (around the
    /// text), and what it covers is kept when it is shaped like a bubble.
    func bubbles(_ image: RGBImage, top: Int, bottom: Int) -> [(box: PixelRect, fill: RGB)] {
        guard bottom > top, image.width > 0 else { return [] }
        let width = image.width
        let minimumRun = max(8, Int(Double(width) * Self.flatRunShare))
        var visited = [Bool](repeating: false, count: width * (bottom - top))
        var found: [(box: PixelRect, fill: RGB, area: Int)] = []
        for y in stride(from: top, to: bottom, by: 2) {
            var x = 0
            while x < width {
                let start = image.color(x: x, y: y)
                var end = x + 1
                while end < width, image.color(x: end, y: y).distance(to: start) <= Self.flatRunTolerance { end += 1 }
                defer { x = end }
                guard end - x >= minimumRun, !visited[(y - top) * width + (x + end) / 2] else { continue }
                let patch = flood(
                    image, from: ((x + end) / 2, y), colour: start, top: top, bottom: bottom, visited: &visited)
                if isBubble(patch, width: width) { found.append((patch.box, start, patch.area)) }
            }
        }
        // A quoted reply's block, or a button, inside a bubble floods as a patch of its own:
        // the bubble around it is the region.
        found.sort { $0.area > $1.area }
        var kept: [(box: PixelRect, fill: RGB)] = []
        for patch in found where !kept.contains(where: { $0.box.encloses(patch.box) }) {
            kept.append((patch.box, patch.fill))
        }
        return kept
    }

    private struct Patch {
        var box: PixelRect
        var area: Int
        /// For each row of the box, the first and last column the patch covers.
        var rowEnds: [(first: Int, last: Int)?]
    }

    /// The pixels within `colorTolerance` of `colour` connected to `seed` (4-connected).
    private func flood(
        _ image: RGBImage, from seed: (x: Int, y: Int), colour: RGB, top: Int, bottom: Int, visited: inout [Bool]
    ) -> Patch {
        let width = image.width
        var stack = [seed.y * width + seed.x]
        visited[(seed.y - top) * width + seed.x] = true
        var firsts = [Int](repeating: Int.max, count: bottom - top)
        var lasts = [Int](repeating: -1, count: bottom - top)
        var minY = seed.y, maxY = seed.y, area = 0
        while let index = stack.popLast() {
            let x = index % width, y = index / width
            area += 1
            minY = min(minY, y)
            maxY = max(maxY, y)
            firsts[y - top] = min(firsts[y - top], x)
            lasts[y - top] = max(lasts[y - top], x)
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            where nx >= 0 && nx < width && ny >= top && ny < bottom {
                let seen = (ny - top) * width + nx
                guard !visited[seen], image.color(x: nx, y: ny).distance(to: colour) <= colorTolerance else { continue }
                visited[seen] = true
                stack.append(ny * width + nx)
            }
        }
        let rows = (minY...maxY).map { y in lasts[y - top] >= 0 ? (first: firsts[y - top], last: lasts[y - top]) : nil }
        let minX = rows.compactMap { $0?.first }.min() ?? seed.x, maxX = rows.compactMap { $0?.last }.max() ?? seed.x
        let box = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return Patch(box: box, area: area, rowEnds: rows)
    }

    private func isBubble(_ patch: Patch, width: Int) -> Bool {
        let box = patch.box
        let margin = Int(Double(width) * Self.sideMarginShare)
        guard box.width >= RegionFinder.smallestRegionSide(screenWidth: width) * 3,
            box.height >= RegionFinder.smallestRegionSide(screenWidth: width) * 2,
            box.x > margin, box.maxX < width - margin,
            Double(patch.area) >= Double(box.width * box.height) * Self.minimumFillShare
        else { return false }
        let slack = max(2, Int(Double(width) * Self.edgeSlackShare))
        let square = patch.rowEnds.filter { ends in
            guard let ends else { return false }
            return ends.first - box.x <= slack && box.maxX - 1 - ends.last <= slack
        }.count
        return Double(square) >= Double(box.height) * Self.minimumRectangleRows
    }
}
