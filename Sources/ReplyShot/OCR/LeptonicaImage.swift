import CLeptonica
import Foundation

public enum ImageDecodeError: Error, LocalizedError, Equatable {
    case undecodable(String)

    public var errorDescription: String? {
        switch self {
        case .undecodable(let file): return "the image data in \(file) cannot be decoded"
        }
    }
}

/// Owns one Leptonica `PIX` and frees it exactly once.
final class LeptonicaPix {
    private(set) var pointer: UnsafeMutablePointer<PIX>

    init(_ pointer: UnsafeMutablePointer<PIX>) {
        self.pointer = pointer
    }

    deinit {
        var pix: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&pix)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }

    /// Leptonica reports decode problems on stderr; the tool reports them itself, so the
    /// library is told to stay quiet once per process.
    static let silenceLibrary: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()
}

/// A decoded screenshot as 32-bit RGB pixels, read through Leptonica.
struct RGBImage {
    let pix: LeptonicaPix
    let width: Int
    let height: Int
    private let words: UnsafeMutablePointer<UInt32>
    private let wordsPerLine: Int

    /// Screenshots are far smaller; anything bigger is refused before it is read.
    static let maxFileBytes = 64 << 20

    /// Reads the file itself (without touching its access time) and decodes it from memory.
    init(path: FileSystemPath, name: String) throws {
        _ = LeptonicaPix.silenceLibrary
        let bytes = try RawFile.readAll(path, maxBytes: Self.maxFileBytes)
        guard let decoded = bytes.withUnsafeBufferPointer({ pixReadMem($0.baseAddress, $0.count) }) else {
            throw ImageDecodeError.undecodable(name)
        }
        var original: UnsafeMutablePointer<PIX>? = decoded
        defer { pixDestroy(&original) }
        guard let rgb = pixConvertTo32(decoded) else { throw ImageDecodeError.undecodable(name) }
        self.pix = LeptonicaPix(rgb)
        self.width = pix.width
        self.height = pix.height
        self.words = pixGetData(rgb)
        self.wordsPerLine = Int(pixGetWpl(rgb))
    }

    /// Leptonica stores RGB as 0xRRGGBBAA-ordered words; the low byte is unused here.
    @inline(__always) func color(x: Int, y: Int) -> RGB {
        let word = words[y * wordsPerLine + x]
        return RGB(r: UInt8(truncatingIfNeeded: word >> 24), g: UInt8(truncatingIfNeeded: word >> 16),
                   b: UInt8(truncatingIfNeeded: word >> 8))
    }
}

public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
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

/// An 8-bit grey image built in Swift and handed to Leptonica/Tesseract as a `PIX`.
struct GrayCanvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: UInt8 = 255) {
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: fill, count: width * height)
    }

    subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    func makePix() -> LeptonicaPix? {
        guard let pix = pixCreate(Int32(width), Int32(height), 8) else { return nil }
        let data = pixGetData(pix)!
        let wpl = Int(pixGetWpl(pix))
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * wpl).assumingMemoryBound(to: UInt32.self)
                for wordIndex in 0..<((width + 3) / 4) {
                    var word: UInt32 = 0
                    for k in 0..<4 {
                        let x = wordIndex * 4 + k
                        let value: UInt32 = x < width ? UInt32(source[y * width + x]) : 255
                        // Leptonica packs the leftmost 8-bit pixel into the most significant byte.
                        word |= value << UInt32(24 - 8 * k)
                    }
                    row[wordIndex] = word
                }
            }
        }
        pixSetResolution(pix, 300, 300)
        return LeptonicaPix(pix)
    }
}
