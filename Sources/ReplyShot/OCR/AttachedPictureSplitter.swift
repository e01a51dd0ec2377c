/// Some apps draw the sender's picture touching the side of the bubble (dating-app clones put
/// the round photo right against it). The marks of the two then join into one region, which
/// is mostly picture on every row and reads as a photo, and the bubble's words are never read.
///
/// Such a region is a band of picture columns at one side, as tall as it is wide (the
/// sender's picture), against columns of text on a flat colour (the bubble). It is split
/// where the picture's columns end: the picture then reads as an avatar, the rest as a bubble.
struct AttachedPictureSplitter {
    /// A pixel further than this from the page (per channel) is drawn on.
    var colorTolerance: Int
    /// Only a region this share of the screen's height or less may be a bubble with its
    /// sender's picture (a few lines of text); a taller one is a photo, a card or a post.
    static let maximumHeightShare = 0.2
    /// A sender's picture is at least this share of the screen's height (4 to 7% in chats);
    /// an emoji at the start of a line of text (about 2%) is no picture to split off.
    static let minimumPictureShare = 0.03
    /// ... and at most this share of the screen's width, as `BubbleReader.isAvatar` takes it.
    static let maximumPictureWidthDivisor = 7
    /// A picture whose width is within this factor of its height is square or round.
    static let squareness = 0.6...1.6
    /// At most this share of the bubble's columns may be picture (an emoji in its text).
    static let maximumPictureShareOfBubble = 0.3
    /// A run of picture columns may break for this many columns (a thin highlight in the photo),
    /// or for this share (1/N) of the region's height when that is more: a face's smooth cheek
    /// in a resized or compressed photo is a band of columns too few colours wide to count.
    static let columnGap = 2
    static let columnGapDivisor = 20
    /// A sender's photo shows at least this many times as many colours per column as the
    /// bubble beside it.
    static let colourfulness = 3
    /// Columns sampled down every this many rows.
    static let rowStep = 2

    /// The region as one box, or as the sender's picture and the bubble beside it.
    func split(_ box: PixelRect, in image: RGBImage, background: RGB) -> [PixelRect] {
        guard Double(box.height) <= Double(image.height) * Self.maximumHeightShare,
            Double(box.height) >= Double(image.height) * Self.minimumPictureShare
        else { return [box] }
        var buckets: [Int] = []
        let columns = (box.x..<box.maxX).map { x -> (isPicture: Bool, colours: Int) in
            buckets.removeAll(keepingCapacity: true)
            for y in stride(from: box.y, to: box.maxY, by: Self.rowStep) {
                buckets.append(image.color(x: x, y: y).bucket)
            }
            buckets.sort()
            var colours = buckets.isEmpty ? 0 : 1
            for index in buckets.indices.dropFirst() where buckets[index] != buckets[index - 1] { colours += 1 }
            return (RegionAnatomist.survey(sortedBuckets: buckets).isPicture, colours)
        }
        for atLeft in [true, false] {
            let sided = atLeft ? columns : columns.reversed()
            guard let width = pictureBand(sided.map(\.isPicture), height: box.height),
                isPhotoAgainstFlat(sided.map(\.colours), pictureColumns: width),
                let parts = parts(box, pictureColumns: width, atLeft: atLeft, image, background)
            else { continue }
            return parts
        }
        return [box]
    }

    /// How many columns from the start the picture band takes, with any margin before it,
    /// when the columns start with one and the rest are mostly not picture. The picture may
    /// stand in a frame of its own (a pale disc around the photo), which is no picture: it
    /// starts within a third of the region's height of its side.
    func pictureBand(_ columns: [Bool], height: Int) -> Int? {
        guard let start = columns.firstIndex(of: true), start <= height / 3 else { return nil }
        var end = start
        var index = start + 1
        while index < columns.count {
            if columns[index] {
                end = index
            } else if index - end > max(Self.columnGap, height / Self.columnGapDivisor) {
                break
            }
            index += 1
        }
        let width = end + 1
        let rest = columns[(end + 1)...]
        guard rest.count * 2 >= width,
            Double(rest.filter { $0 }.count) <= Double(rest.count) * Self.maximumPictureShareOfBubble
        else { return nil }
        return width
    }

    /// A photo's columns show many times as many colours as the bubble's: a bubble shaded
    /// from one colour to another, with its text, is all picture to the colour test, but it is
    /// no more colourful at one end than at the other.
    func isPhotoAgainstFlat(_ colours: [Int], pictureColumns width: Int) -> Bool {
        func median(_ values: ArraySlice<Int>) -> Int { values.sorted()[values.count / 2] }
        guard width < colours.count else { return false }
        return median(colours[..<width]) >= median(colours[width...]) * Self.colourfulness
    }

    /// The picture's box and the bubble's, each trimmed to the rows it marks; nil when the
    /// picture is not a sender's picture's size and shape.
    private func parts(
        _ box: PixelRect, pictureColumns width: Int, atLeft: Bool, _ image: RGBImage, _ background: RGB
    ) -> [PixelRect]? {
        guard width * Self.maximumPictureWidthDivisor <= image.width,
            Double(width) >= Double(image.height) * Self.minimumPictureShare
        else { return nil }
        let pictureColumns = atLeft ? box.x..<(box.x + width) : (box.maxX - width)..<box.maxX
        let bubbleColumns = atLeft ? (box.x + width)..<box.maxX : box.x..<(box.maxX - width)
        guard let pictureRows = markedRows(pictureColumns, of: box, image, background),
            let bubbleRows = markedRows(bubbleColumns, of: box, image, background),
            Self.squareness.contains(Double(width) / Double(pictureRows.count))
        else { return nil }
        return [
            PixelRect(
                x: pictureColumns.lowerBound, y: pictureRows.lowerBound, width: width, height: pictureRows.count),
            PixelRect(
                x: bubbleColumns.lowerBound, y: bubbleRows.lowerBound, width: bubbleColumns.count,
                height: bubbleRows.count),
        ].sorted { $0.x < $1.x }
    }

    /// The first to the last row of the box with anything drawn in these columns.
    private func markedRows(_ columns: Range<Int>, of box: PixelRect, _ image: RGBImage, _ background: RGB)
        -> Range<Int>?
    {
        func marked(_ y: Int) -> Bool {
            stride(from: columns.lowerBound, to: columns.upperBound, by: 2).contains {
                image.color(x: $0, y: y).distance(to: background) > colorTolerance
            }
        }
        guard let top = (box.y..<box.maxY).first(where: marked),
            let bottom = (box.y..<box.maxY).reversed().first(where: marked)
        else { return nil }
        return top..<(bottom + 1)
    }
}
