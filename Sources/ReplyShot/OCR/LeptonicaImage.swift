import CLeptonica
import Foundation

public enum ImageDecodeError: Error, LocalizedError, Equatable {
    case undecodable(String)
    case changedWhileRead(String)
    case largerThanAnyScreen(String, width: Int, height: Int)
    case cutShort(String)
    case damaged(String, library: String)

    public var errorDescription: String? {
        switch self {
        case .undecodable(let file): return "the image data in \(file) cannot be decoded"
        case .changedWhileRead(let file):
            return "\(file) was replaced while replyshot was reading it (its size changed); it was skipped"
        case .largerThanAnyScreen(let file, let width, let height):
            return "\(file) is \(width)×\(height) pixels, far more than any screen; it was not read"
        case .damaged(let file, let library):
            return "the image data in \(file) is damaged and cannot be decoded (libjpeg: \(library))"
        case .cutShort(let file):
            return "\(file) is cut short: the JPEG data ends before its end marker (still being copied, or damaged)"
        }
    }
}

/// Owns one Leptonica `PIX` and frees it exactly once.
public final class LeptonicaPix {
    public private(set) var pointer: UnsafeMutablePointer<PIX>

    public init(_ pointer: UnsafeMutablePointer<PIX>) {
        self.pointer = pointer
    }

    deinit {
        var pix: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&pix)
    }

    public var width: Int { Int(pixGetWidth(pointer)) }
    public var height: Int { Int(pixGetHeight(pointer)) }

    /// Where the 8-bit pixel x sits in its row: Leptonica keeps pixels in 32-bit words with
    /// the leftmost one most significant, so on a little-endian machine bytes swap in fours.
    @inline(__always) static func byteIndex(_ x: Int) -> Int {
        #if _endian(little)
            return x ^ 3
        #else
            return x
        #endif
    }

    /// Leptonica reports decode problems on stderr; the tool reports them itself, so the
    /// library is told to stay quiet once per process.
    static let silenceLibrary: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()
}

/// A decoded screenshot whose pixels are read as RGB colours, through Leptonica.
///
/// A palette PNG (what most screenshot tools and pngquant write) stays 8 bits per pixel with
/// its colour table, a quarter of the memory of expanding it to 32-bit RGB; true-colour files
/// are used as decoded, without a copy.
struct RGBImage {
    let pix: LeptonicaPix
    let width: Int
    let height: Int
    /// Where the window of a window capture (`WindowCapture`) starts in the file, in the
    /// file's pixels (before any enlargement); (0, 0) for a screenshot read whole.
    let windowOrigin: (x: Int, y: Int)
    private let pixels: Pixels

    private enum Pixels {
        case trueColor(UnsafeMutablePointer<UInt32>, wordsPerLine: Int)
        case indexed(UnsafeMutablePointer<UInt8>, bytesPerLine: Int, palette: [RGB])
    }

    /// Screenshots are far smaller; anything bigger is refused before it is read.
    static let maxFileBytes = 64 << 20

    /// Narrower than this, a screenshot is a 1x capture or a picture scaled down for a README
    /// (320×568, 284×503): its letters are a few pixels wide and a bubble's padding one or two,
    /// too little for the reader's geometry. Such a screen is enlarged to about
    /// `enlargedWidth` before anything else looks at it; every stage then sees one size.
    static let smallScreenWidth = 500
    static let enlargedWidth = 900

    /// How many times a screen this wide is enlarged (1: not at all).
    static func enlargement(forWidth width: Int) -> Int {
        width >= smallScreenWidth || width <= 0 ? 1 : (enlargedWidth + width - 1) / width
    }

    /// Reads the file itself (without touching its access time) and decodes it from memory;
    /// a small screen is enlarged (each pixel repeated, so flat colours stay exact) unless
    /// `asStored` asks for the file's own pixels. Of a window capture, only the window is kept.
    init(path: FileSystemPath, name: String, asStored: Bool = false) throws {
        _ = LeptonicaPix.silenceLibrary
        let decoded = try RawFile.readAll(path, maxBytes: Self.maxFileBytes).withUnsafeBufferPointer { bytes in
            // The file may have changed since the scan looked at its header: its size is
            // checked again before a single pixel is inflated.
            var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bits: Int32 = 0, samples: Int32 = 0
            var colormap: Int32 = 0
            if pixReadHeaderMem(bytes.baseAddress, bytes.count, &format, &width, &height, &bits, &samples, &colormap)
                == 0,
                Int(width) * Int(height) > FolderLibrary.maxPixels
            {
                throw ImageDecodeError.largerThanAnyScreen(name, width: Int(width), height: Int(height))
            }
            // A JPEG cut short is said here, in a sentence naming the file, rather than by
            // libjpeg on stderr ("Premature end of JPEG file") after a half-grey decode.
            guard bytes.starts(with: [0xFF, 0xD8]) else { return pixReadMem(bytes.baseAddress, bytes.count) }
            guard JPEGCompleteness.isComplete(bytes) else { throw ImageDecodeError.cutShort(name) }
            // libjpeg's own words go into the sentence naming the file when the decode fails,
            // and are dropped when it succeeds (a stray byte it stepped over).
            let (pix, said) = LibraryMessages.captured { pixReadMem(bytes.baseAddress, bytes.count) }
            let words = said.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            if pix == nil, let first = words.first { throw ImageDecodeError.damaged(name, library: first) }
            return pix
        }
        guard let decoded else { throw ImageDecodeError.undecodable(name) }
        var original = LeptonicaPix(decoded)
        var origin = (x: 0, y: 0)
        if let window = WindowCapture.windowBox(of: decoded) {
            original = try Self.clipped(original, to: window, name: name)
            origin = (window.x, window.y)
        }
        let factor = asStored ? 1 : Self.enlargement(forWidth: original.width)
        guard factor > 1 else {
            try self.init(decoded: original, name: name, windowOrigin: origin)
            return
        }
        guard let rgb = pixConvertTo32(original.pointer), case let rgbPix = LeptonicaPix(rgb),
            let enlarged = pixExpandReplicate(rgbPix.pointer, Int32(factor))
        else { throw ImageDecodeError.undecodable(name) }
        try self.init(decoded: LeptonicaPix(enlarged), name: name, windowOrigin: origin)
    }

    /// The part of `pix` inside `box`, as a picture of its own.
    private static func clipped(_ pix: LeptonicaPix, to box: PixelRect, name: String) throws -> LeptonicaPix {
        guard let leptonicaBox = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height)) else {
            throw ImageDecodeError.undecodable(name)
        }
        var boxPointer: UnsafeMutablePointer<BOX>? = leptonicaBox
        defer { boxDestroy(&boxPointer) }
        guard let clipped = pixClipRectangle(pix.pointer, leptonicaBox, nil) else {
            throw ImageDecodeError.undecodable(name)
        }
        return LeptonicaPix(clipped)
    }

    /// The columns from `x` to the right edge, as an image of their own (the chat pane of a
    /// wide window); the whole image when `x` is not inside it.
    func columns(from x: Int, name: String) throws -> RGBImage {
        guard x > 0, x < width else { return self }
        let pane = try Self.clipped(pix, to: PixelRect(x: x, y: 0, width: width - x, height: height), name: name)
        return try RGBImage(decoded: pane, name: name, windowOrigin: windowOrigin)
    }

    private init(decoded: LeptonicaPix, name: String, windowOrigin: (x: Int, y: Int)) throws {
        self.windowOrigin = windowOrigin
        let depth = pixGetDepth(decoded.pointer)
        if depth == 8, let palette = Self.palette(of: decoded.pointer) {
            pix = decoded
            pixels = .indexed(
                UnsafeMutableRawPointer(pixGetData(decoded.pointer)).assumingMemoryBound(to: UInt8.self),
                bytesPerLine: Int(pixGetWpl(decoded.pointer)) * 4, palette: palette)
        } else {
            if depth == 32 {
                pix = decoded
            } else {
                guard let rgb = pixConvertTo32(decoded.pointer) else { throw ImageDecodeError.undecodable(name) }
                pix = LeptonicaPix(rgb)
            }
            pixels = .trueColor(pixGetData(pix.pointer), wordsPerLine: Int(pixGetWpl(pix.pointer)))
        }
        width = pix.width
        height = pix.height
    }

    /// The 256 colours an 8-bit pixel can name: the file's colour table, or greys.
    private static func palette(of pix: UnsafeMutablePointer<PIX>) -> [RGB]? {
        guard let colormap = pixGetColormap(pix) else {
            return (0..<256).map { RGB(r: UInt8($0), g: UInt8($0), b: UInt8($0)) }
        }
        var table = [RGB](repeating: RGB(r: 0, g: 0, b: 0), count: 256)
        for index in 0..<min(256, Int(pixcmapGetCount(colormap))) {
            var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
            guard pixcmapGetColor(colormap, Int32(index), &r, &g, &b) == 0 else { return nil }
            table[index] = RGB(r: UInt8(clamping: r), g: UInt8(clamping: g), b: UInt8(clamping: b))
        }
        return table
    }

    @inline(__always) func color(x: Int, y: Int) -> RGB {
        switch pixels {
        case .trueColor(let words, let wordsPerLine):
            // Leptonica stores RGB as 0xRRGGBBAA-ordered words; the low byte is unused here.
            let word = words[y * wordsPerLine + x]
            return RGB(
                r: UInt8(truncatingIfNeeded: word >> 24), g: UInt8(truncatingIfNeeded: word >> 16),
                b: UInt8(truncatingIfNeeded: word >> 8))
        case .indexed(let bytes, let bytesPerLine, let palette):
            return palette[Int(bytes[y * bytesPerLine + LeptonicaPix.byteIndex(x)])]
        }
    }

    /// Whether `paint` can change a pixel: a true-colour image can; a palette image's pixels
    /// name colours of its table and are left as they are.
    var isPaintable: Bool {
        if case .trueColor = pixels { return true }
        return false
    }

    /// Paints one pixel of a true-colour image (`isPaintable`); the image is the reader's own
    /// decoded copy of the file, never the file. A palette image is left as it is.
    @inline(__always) func paint(x: Int, y: Int, _ colour: RGB) {
        guard case .trueColor(let words, let wordsPerLine) = pixels else { return }
        // The low byte (Leptonica's alpha, where a file has one) is kept.
        let index = y * wordsPerLine + x
        words[index] = UInt32(colour.r) << 24 | UInt32(colour.g) << 16 | UInt32(colour.b) << 8 | (words[index] & 0xFF)
    }
}

public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Two colours measured over an area (a bubble's fill, a row's paper) are the same flat UI
    /// colour when no channel differs by more than this (0-255): antialiasing, dithering and
    /// JPEG noise stay below it. Pixel-to-pixel region growing uses a finer
    /// `RegionFinder.colorTolerance`; whole pages of two shots a coarser grouping one.
    public static let sameFlatColour = 10

    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Largest per-channel difference: cheap, and enough to tell flat UI colours apart.
    @inline(__always) func distance(to other: RGB) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)))
    }

    var luminance: Int { (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000 }

    /// 5 bits per channel: colours that only differ by antialiasing noise share a bucket.
    @inline(__always) var bucket: Int { Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3) }

    public var description: String { String(format: "#%02x%02x%02x", r, g, b) }
}
