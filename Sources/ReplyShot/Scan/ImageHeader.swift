import Foundation

/// What the first bytes of an image file say about it, read without decoding any pixels.
public struct ImageHeader: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png = "PNG", jpeg = "JPEG"
    }

    public var format: Format
    public var width: Int
    public var height: Int
    /// XMP packet text, when the file carries one.
    public var xmp: String?
    /// PNG tEXt/iTXt entries other than XMP (keyword → text).
    public var textEntries: [String: String]
    /// EXIF fields that matter for screenshots and capture times.
    public var exif: ExifFields
    /// False when the file ends before its image data does (a PNG with no IEND chunk).
    public var isComplete: Bool

    public init(
        format: Format, width: Int, height: Int, xmp: String? = nil,
        textEntries: [String: String] = [:], exif: ExifFields = ExifFields(),
        isComplete: Bool = true
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.xmp = xmp
        self.textEntries = textEntries
        self.exif = exif
        self.isComplete = isComplete
    }
}

public enum ImageHeaderError: Error, Equatable, LocalizedError {
    case empty
    case notAnImage
    case truncated(String)
    case malformed(String)

    public var errorDescription: String? {
        switch self {
        case .empty: return "the file is empty"
        case .notAnImage: return "not a PNG or JPEG image"
        case .truncated(let what): return "the file is truncated (\(what))"
        case .malformed(let what): return "the image header is damaged (\(what))"
        }
    }
}

/// Reads PNG and JPEG headers and metadata from a bounded prefix of the file.
///
/// Scanning a photo library must stay cheap, so only the bytes before the pixel data are
/// read (PNG chunks up to IDAT, JPEG segments up to the start of scan), plus the last few
/// bytes of a PNG to tell whether it was written completely.
public struct ImageHeaderReader: Sendable {
    /// Metadata is never this large in a real screenshot; a bigger prefix is refused.
    public var maxHeaderBytes: Int

    public init(maxHeaderBytes: Int = 1 << 20) {
        self.maxHeaderBytes = maxHeaderBytes
    }

    public func read(url: URL) throws -> ImageHeader {
        try read(path: FileSystemPath(url.path))
    }

    /// Reads 64 KiB first, and more (up to `maxHeaderBytes`) only when metadata chunks go on.
    public func read(path: FileSystemPath) throws -> ImageHeader {
        let file = try RawFile.open(path)
        let descriptor = file.descriptor, fileSize = file.size
        defer { close(descriptor) }
        let tail = fileSize >= 12 ? try RawFile.read(descriptor, offset: fileSize - 12, count: 12) : []
        var prefixLength = min(fileSize, 64 << 10)
        while true {
            let prefix = try RawFile.read(descriptor, offset: 0, count: prefixLength)
            do {
                return try parse(prefix: Data(prefix), tail: Data(tail))
            } catch ImageHeaderError.truncated where prefixLength < min(fileSize, maxHeaderBytes) {
                prefixLength = min(fileSize, maxHeaderBytes, prefixLength * 4)
            }
        }
    }

    public func parse(prefix: Data, tail: Data) throws -> ImageHeader {
        let bytes = [UInt8](prefix)
        if bytes.isEmpty { throw ImageHeaderError.empty }
        if bytes.starts(with: PNGHeaderParser.signature) {
            var header = try PNGHeaderParser(bytes: bytes).parse()
            header.isComplete = [UInt8](tail).suffix(8).elementsEqual(PNGHeaderParser.iendTrailer)
            return header
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try JPEGHeaderParser(bytes: bytes).parse()
        }
        throw ImageHeaderError.notAnImage
    }
}

/// Big-endian reads over a byte array that never trap on short input.
struct ByteReader {
    let bytes: [UInt8]

    func uint16BE(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func uint32BE(_ at: Int) -> Int? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    func slice(_ at: Int, _ count: Int) -> ArraySlice<UInt8>? {
        guard at >= 0, count >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<(at + count)]
    }
}

struct PNGHeaderParser {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Length 0, "IEND", CRC: the last 8 bytes of every complete PNG after the length field.
    static let iendTrailer: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    let bytes: [UInt8]

    func parse() throws -> ImageHeader {
        let reader = ByteReader(bytes: bytes)
        guard let ihdrLength = reader.uint32BE(8), let type = reader.slice(12, 4),
            String(decoding: type, as: UTF8.self) == "IHDR", ihdrLength == 13,
            let width = reader.uint32BE(16), let height = reader.uint32BE(20)
        else {
            throw bytes.count < 33
                ? ImageHeaderError.truncated("no complete IHDR chunk")
                : ImageHeaderError.malformed("the first chunk is not a valid IHDR")
        }
        guard width > 0, height > 0 else { throw ImageHeaderError.malformed("zero width or height") }
        var header = ImageHeader(format: .png, width: width, height: height)
        var offset = 8
        while let length = reader.uint32BE(offset), let typeBytes = reader.slice(offset + 4, 4) {
            let type = String(decoding: typeBytes, as: UTF8.self)
            if type == "IDAT" || type == "IEND" { break }
            guard let data = reader.slice(offset + 8, length) else {
                if ["tEXt", "iTXt", "eXIf"].contains(type) {
                    throw ImageHeaderError.truncated("a metadata chunk is incomplete")
                }
                break
            }
            switch type {
            case "tEXt": readText(Array(data), into: &header)
            case "iTXt": readInternationalText(Array(data), into: &header)
            case "eXIf": header.exif.merge(ExifReader(tiff: Array(data)).read())
            default: break
            }
            offset += 12 + length
        }
        return header
    }

    private func readText(_ data: [UInt8], into header: inout ImageHeader) {
        guard let nul = data.firstIndex(of: 0) else { return }
        let key = String(decoding: data[..<nul], as: UTF8.self)
        // tEXt is Latin-1 by specification.
        let value = String(data[(nul + 1)...].map { Character(Unicode.Scalar($0)) })
        store(key: key, value: value, into: &header)
    }

    private func readInternationalText(_ data: [UInt8], into header: inout ImageHeader) {
        guard let nul = data.firstIndex(of: 0), nul + 2 < data.count else { return }
        let key = String(decoding: data[..<nul], as: UTF8.self)
        let compressed = data[nul + 1] != 0
        guard !compressed else { return }  // iOS and macOS write XMP uncompressed.
        var cursor = nul + 3
        for _ in 0..<2 {  // language tag, translated keyword
            guard let end = data[cursor...].firstIndex(of: 0) else { return }
            cursor = end + 1
        }
        store(key: key, value: String(decoding: data[cursor...], as: UTF8.self), into: &header)
    }

    private func store(key: String, value: String, into header: inout ImageHeader) {
        if key == "XML:com.adobe.xmp" {
            header.xmp = value
        } else {
            header.textEntries[key] = value
        }
    }
}

struct JPEGHeaderParser {
    let bytes: [UInt8]

    func parse() throws -> ImageHeader {
        let reader = ByteReader(bytes: bytes)
        var offset = 2
        var exif = ExifFields()
        var xmp: String?
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw ImageHeaderError.malformed("lost JPEG segment sync") }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            guard let length = reader.uint16BE(offset + 2), length >= 2 else {
                throw ImageHeaderError.malformed("bad segment length")
            }
            let payloadStart = offset + 4
            let payloadLength = length - 2
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard let height = reader.uint16BE(payloadStart + 1), let width = reader.uint16BE(payloadStart + 3),
                    width > 0, height > 0
                else { throw ImageHeaderError.malformed("bad frame header") }
                return ImageHeader(format: .jpeg, width: width, height: height, xmp: xmp, exif: exif)
            }
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0xE1, let payload = reader.slice(payloadStart, payloadLength) {
                let data = Array(payload)
                if data.starts(with: Array("Exif\0\0".utf8)) {
                    exif.merge(ExifReader(tiff: Array(data.dropFirst(6))).read())
                } else if data.starts(with: Array("http://ns.adobe.com/xap/1.0/\0".utf8)) {
                    xmp = String(decoding: data.dropFirst(29), as: UTF8.self)
                }
            }
            offset = payloadStart + payloadLength
        }
        throw ImageHeaderError.truncated("no JPEG frame header")
    }
}
