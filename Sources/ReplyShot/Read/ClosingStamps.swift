/// Splits a region that holds two bubbles at the time that closes the first.
///
/// Bubbles of one fill stacked close together (Threema's text bubble over its location card,
/// on a doodle wallpaper) may be found as one region, and their texts would be read as one
/// message. A message's own time closes its bubble: a row of nothing but small print with a
/// time in it, with text above it in the region and more text well below it, ends one bubble,
/// and the rows below are the next. Reactions under the bubble ("👍 11", read as "es 11") are
/// no text of a next one.
struct ClosingStamps {
    let metadata: MessageMetadata
    /// The next bubble's text starts at least this many line heights under the stamp (the
    /// bubbles' padding and the gap between them).
    static let minimumGapLines = 0.5
    /// Text on either side has at least this many letters: a scrap read off an icon is none.
    static let minimumLetters = 2

    /// `region` cut at each closing stamp, top to bottom; the region itself when it has none.
    func split(_ region: TextRegion, lineHeight: Double) -> [TextRegion] {
        // A region with a picture in it is read as that picture (a desktop's panes found as
        // one region, a contact list's dates among them), whole.
        guard region.isFilled, region.anatomy.pictureRows.isEmpty else { return [region] }
        let rows = BubbleReader.rows(of: region.lines)
        guard
            let index = rows.indices.first(where: { index in
                isStamp(rows[index]) && rows[..<index].contains(where: isText)
                    && rows[(index + 1)...].first.map { next in
                        isText(next) && Double(next.box.y - rows[index].box.maxY) >= lineHeight * Self.minimumGapLines
                    } == true
            })
        else { return [region] }
        let cut = (rows[index].box.maxY + rows[index + 1].box.y) / 2
        let (top, bottom) = Self.cut(region, atRow: cut)
        return [top] + split(bottom, lineHeight: lineHeight)
    }

    private func isStamp(_ row: OCRLine) -> Bool {
        metadata.isMetadataRow(row.words) && row.words.contains { metadata.isTime($0.text) }
    }

    private func isText(_ row: OCRLine) -> Bool {
        !metadata.isMetadataRow(row.words) && !metadata.isReactionRow(row.words)
            && row.text.filter(\.isLetter).count >= Self.minimumLetters
    }

    /// The region's rows above `row` and from `row` down, each with its lines and anatomy.
    static func cut(_ region: TextRegion, atRow row: Int) -> (TextRegion, TextRegion) {
        func part(_ rows: Range<Int>) -> TextRegion {
            let box = PixelRect(x: region.box.x, y: rows.lowerBound, width: region.box.width, height: rows.count)
            let offset = rows.lowerBound - region.box.y
            func slice<T>(_ values: [T]) -> [T] {
                values.isEmpty ? [] : Array(values[max(0, offset)..<min(values.count, offset + rows.count)])
            }
            let anatomy = RegionAnatomy(
                rowPaper: slice(region.anatomy.rowPaper), rowInk: slice(region.anatomy.rowInk),
                pictureRows: region.anatomy.pictureRows.compactMap { pictures in
                    let clamped = pictures.clamped(to: rows)
                    return clamped.isEmpty ? nil : clamped
                },
                rowLeftMark: slice(region.anatomy.rowLeftMark))
            var piece = region
            piece.box = box
            piece.lines = region.lines.filter { rows.contains($0.box.midY) }
            piece.anatomy = anatomy
            return piece
        }
        return (part(region.box.y..<row), part(row..<region.box.maxY))
    }
}
