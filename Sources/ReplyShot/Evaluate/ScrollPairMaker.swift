import CLeptonica
import Foundation

/// Makes two scroll positions of one real screenshot, as a person scrolling the chat would
/// capture them: the app's fixed header and footer stay where they are, and the message
/// area shows an earlier and a later window of the same conversation, `shift` of its height
/// apart. What neither window shows (above the first message, below the last one) is the
/// chat area's own background, as at the top or bottom of a real chat.
///
/// Every real sample thereby becomes a stitching test whose answer is known: the stitched
/// pair must read as the whole screen does.
public struct ScrollPairMaker {
    public enum Failure: Error, LocalizedError {
        case cannotDecode(String)
        case badScrollArea(String)
        case cannotWrite(String)

        public var errorDescription: String? {
            switch self {
            case .cannotDecode(let file): return "\(file) cannot be decoded to make scroll positions from it"
            case .badScrollArea(let file): return "the scrollArea of \(file) in its truth file lies outside the image"
            case .cannotWrite(let file): return "the scroll position \(file) cannot be written"
            }
        }
    }

    /// Share of the message area's height between the two windows (0.4: they share 20%).
    public var shift: Double

    public init(shift: Double = 0.4) {
        self.shift = shift
    }

    /// Writes `<name>-scroll-1.png` (the earlier window) and `-scroll-2.png` into `directory`.
    public func makePair(from image: URL, scrollArea: TruthFile.Shot.ScrollArea, into directory: URL) throws -> [URL] {
        // Decoded once: the same pixels give the copies and the page's colour.
        guard
            let stored = try? RGBImage(
                path: FileSystemPath(image.path), name: image.lastPathComponent, asStored: true),
            let rgb = pixConvertTo32(stored.pix.pointer)
        else { throw Failure.cannotDecode(image.lastPathComponent) }
        let source = LeptonicaPix(rgb)
        // The truth measures the file; of a window capture only the window was decoded.
        var scrollArea = scrollArea
        scrollArea.top -= stored.windowOrigin.y
        scrollArea.bottom -= stored.windowOrigin.y
        guard scrollArea.top >= 0, scrollArea.bottom <= source.height, scrollArea.bottom - scrollArea.top > 20 else {
            throw Failure.badScrollArea(image.lastPathComponent)
        }
        // A wide window's list of conversations beside the chat stays where it is, as the
        // header does: only the chat pane scrolls.
        let paneLeft = ChatPaneFinder().chatPaneStart(in: stored) ?? 0
        // What neither window shows is the page, as the reader judges it (not the most common
        // colour, which on a busy screen is a bubble's).
        let page = RegionFinder().pageBackground(try stored.columns(from: paneLeft, name: image.lastPathComponent))
        // A bar's shadow or hairline measured into the scroll area stays where it is, as in a
        // real scroll; moved with the messages it would draw a bar across the chat.
        let (top, bottom) = Self.withoutFixedEdges(scrollArea, of: stored, page: page)
        let height = bottom - top
        let s = Int(Double(height) * shift)
        let background = UInt32(page.r) << 24 | UInt32(page.g) << 16 | UInt32(page.b) << 8
        let base = image.deletingPathExtension().lastPathComponent
        var written: [URL] = []
        // Earlier window: the content's first (height - s) rows, pushed down by s.
        // Later window: the content's last (height - s) rows, pulled up to the top.
        for (index, (from, to)) in [(top, top + s), (top + s, top)].enumerated() {
            guard let copy = pixCopy(nil, source.pointer) else { throw Failure.cannotDecode(image.lastPathComponent) }
            let pix = LeptonicaPix(copy)
            if let area = boxCreate(Int32(paneLeft), Int32(top), Int32(source.width - paneLeft), Int32(height)) {
                var areaPointer: UnsafeMutablePointer<BOX>? = area
                pixSetInRectArbitrary(copy, area, background)
                boxDestroy(&areaPointer)
            }
            pixRasterop(
                copy, Int32(paneLeft), Int32(to), Int32(source.width - paneLeft), Int32(height - s), PIX_SRC,
                source.pointer, Int32(paneLeft), Int32(from))
            let file = directory.appendingPathComponent("\(base)-scroll-\(index + 1).png")
            var bytes: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard pixWriteMemPng(&bytes, &size, pix.pointer, 0) == 0, let bytes else {
                throw Failure.cannotWrite(file.lastPathComponent)
            }
            defer { free(bytes) }
            try Data(bytes: bytes, count: size).write(to: file)
            written.append(file)
        }
        return written
    }

    /// At most this share of the screen's height at each edge of the scroll area is looked at
    /// for a bar's shadow (Material app bars cast 4–8 px at 2–3 px a point).
    static let shadowReach = 0.015
    /// A row is flat when this share of its samples lie within `flatRowSpread` (colour
    /// distance) of its middle colour; a shadow may fade at the screen's very edges.
    static let flatRowSpread = 6
    static let flatRowShare = 0.9

    /// The scroll area without the flat rows, off the page's colour, that start or end it: a
    /// shadow under the header or over the composer, or a hairline.
    static func withoutFixedEdges(_ area: TruthFile.Shot.ScrollArea, of image: RGBImage, page: RGB) -> (Int, Int) {
        func isChrome(_ y: Int) -> Bool {
            let samples = stride(from: 0, to: image.width, by: max(1, image.width / 60)).map {
                image.color(x: $0, y: y)
            }
            let middle = image.color(x: image.width / 2, y: y)
            guard middle.distance(to: page) > RGB.sameFlatColour / 2 else { return false }
            let flat = samples.filter { $0.distance(to: middle) <= flatRowSpread }.count
            return Double(flat) >= Double(samples.count) * flatRowShare
        }
        let reach = max(1, Int(Double(image.height) * shadowReach))
        var top = area.top, bottom = area.bottom
        while top < area.top + reach, top < bottom, isChrome(top) { top += 1 }
        while bottom > area.bottom - reach, bottom - 1 > top, isChrome(bottom - 1) { bottom -= 1 }
        return (top, bottom)
    }
}
