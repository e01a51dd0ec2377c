import CLeptonica

/// The rows of a screenshot that Tesseract is asked to read, stacked on one white 8-bit
/// canvas. Rows of nearby regions form one slice; slices far apart are placed one under the
/// other with a white gap, so a screenshot whose middle an earlier shot already showed costs
/// only its header and newly revealed rows, in time and in memory.
///
/// A screen's regions are spread over canvases of at most `maxHeight` rows: Tesseract's
/// working memory grows with the image it is given (three copies of it, and its blobs), while
/// its time does not grow when one screen is read in three pieces.
final class ReadingCanvas {
    /// Screenshot rows `source` are canvas rows from `canvasTop` on.
    struct Slice: Equatable {
        var source: Range<Int>
        var canvasTop: Int

        var canvasRows: Range<Int> { canvasTop..<(canvasTop + source.count) }
    }

    /// Regions closer than this share a slice: a separate slice would save little.
    static let joinDistance = 64
    /// White between slices, so no text line found by Tesseract spans two of them.
    static let separation = 40
    /// About a third of a phone screen.
    static let maxHeight = 768

    let width: Int
    let slices: [Slice]
    let pix: LeptonicaPix
    private let bytes: UnsafeMutablePointer<UInt8>
    private let bytesPerLine: Int

    /// nil when there is nothing to read or the canvas cannot be allocated.
    init?(width: Int, covering boxes: [PixelRect]) {
        let slices = Self.slices(covering: boxes)
        guard let last = slices.last, width > 0 else { return nil }
        guard let pix = pixCreate(Int32(width), Int32(last.canvasRows.upperBound), 8) else { return nil }
        // All white; Leptonica's "set all" is the maximum value, white in 8-bit grey.
        pixSetAll(pix)
        pixSetResolution(pix, 300, 300)
        self.width = width
        self.slices = slices
        self.pix = LeptonicaPix(pix)
        self.bytes = UnsafeMutableRawPointer(pixGetData(pix)).assumingMemoryBound(to: UInt8.self)
        self.bytesPerLine = Int(pixGetWpl(pix)) * 4
    }

    /// Splits regions (by their boxes) into groups that each fit one canvas, top to bottom;
    /// a region is never split, so one taller than `maxHeight` gets a canvas of its own.
    static func groups(_ boxes: [PixelRect], maxHeight: Int = maxHeight) -> [[Int]] {
        var groups: [[Int]] = []
        var top = 0
        for index in boxes.indices.sorted(by: { boxes[$0].y < boxes[$1].y }) {
            if groups.isEmpty || boxes[index].maxY - top > maxHeight {
                groups.append([])
                top = boxes[index].y
            }
            groups[groups.count - 1].append(index)
        }
        return groups
    }

    static func slices(covering boxes: [PixelRect]) -> [Slice] {
        var runs: [Range<Int>] = []
        for box in boxes.sorted(by: { $0.y < $1.y }) where box.height > 0 {
            if let last = runs.last, box.y <= last.upperBound + joinDistance {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, box.maxY)
            } else {
                runs.append(box.y..<box.maxY)
            }
        }
        var slices: [Slice] = []
        var top = 0
        for run in runs {
            slices.append(Slice(source: run, canvasTop: top))
            top += run.count + separation
        }
        return slices
    }

    /// The canvas row that shows screenshot row `y`; nil when no slice holds it.
    func canvasRow(forSourceRow y: Int) -> Int? {
        guard let slice = slices.first(where: { $0.source.contains(y) }) else { return nil }
        return slice.canvasTop + (y - slice.source.lowerBound)
    }

    /// Writes one grey value; `row` is a canvas row.
    @inline(__always) func set(x: Int, row: Int, to value: UInt8) {
        bytes[row * bytesPerLine + LeptonicaPix.byteIndex(x)] = value
    }

    /// A line Tesseract found on the canvas, moved back to screenshot coordinates.
    func sourceLine(_ line: OCRLine) -> OCRLine? {
        guard let slice = slices.first(where: { $0.canvasRows.contains(line.box.midY) }) else { return nil }
        let dy = slice.source.lowerBound - slice.canvasTop
        return OCRLine(
            words: line.words.map { $0.with(box: $0.box.offsetBy(dx: 0, dy: dy)) },
            box: line.box.offsetBy(dx: 0, dy: dy), baseline: line.baseline + dy)
    }
}
