import Foundation

/// The few EXIF fields that tell a screenshot from a photo and when it was taken.
public struct ExifFields: Equatable, Sendable {
    public var make: String?
    public var model: String?
    public var userComment: String?
    /// "YYYY:MM:DD HH:MM:SS", local time of the device.
    public var dateTimeOriginal: String?
    /// "+01:00" style offset for `dateTimeOriginal`, when the device wrote one.
    public var offsetTimeOriginal: String?

    public init() {}

    mutating func merge(_ other: ExifFields) {
        make = make ?? other.make
        model = model ?? other.model
        userComment = userComment ?? other.userComment
        dateTimeOriginal = dateTimeOriginal ?? other.dateTimeOriginal
        offsetTimeOriginal = offsetTimeOriginal ?? other.offsetTimeOriginal
    }
}

/// A bounds-checked reader of a TIFF structure (the body of an EXIF block).
struct ExifReader {
    let tiff: [UInt8]

    private enum Tag: Int {
        case make = 0x010F, model = 0x0110, exifPointer = 0x8769
        case dateTimeOriginal = 0x9003, offsetTimeOriginal = 0x9011, userComment = 0x9286
    }

    func read() -> ExifFields {
        var fields = ExifFields()
        guard tiff.count >= 8 else { return fields }
        let littleEndian = tiff[0] == 0x49 && tiff[1] == 0x49
        guard littleEndian || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return fields }
        guard let ifd0 = uint32(4, littleEndian) else { return fields }
        var visited = Set<Int>()
        readDirectory(at: ifd0, littleEndian: littleEndian, into: &fields, visited: &visited)
        return fields
    }

    private func readDirectory(
        at offset: Int, littleEndian: Bool, into fields: inout ExifFields,
        visited: inout Set<Int>
    ) {
        // A pointer cycle in a hostile file must not loop forever.
        guard !visited.contains(offset), visited.count < 4, let count = uint16(offset, littleEndian),
            count < 512
        else { return }
        visited.insert(offset)
        for index in 0..<count {
            let entry = offset + 2 + index * 12
            guard let tagValue = uint16(entry, littleEndian), let tag = Tag(rawValue: tagValue),
                let type = uint16(entry + 2, littleEndian), let countValue = uint32(entry + 4, littleEndian)
            else { continue }
            if tag == .exifPointer, let pointer = uint32(entry + 8, littleEndian) {
                readDirectory(at: pointer, littleEndian: littleEndian, into: &fields, visited: &visited)
                continue
            }
            guard type == 2 || type == 7, countValue > 0, countValue < 4096 else { continue }
            let dataOffset = countValue <= 4 ? entry + 8 : (uint32(entry + 8, littleEndian) ?? -1)
            guard dataOffset >= 0, dataOffset + countValue <= tiff.count else { continue }
            var raw = Array(tiff[dataOffset..<(dataOffset + countValue)])
            if tag == .userComment, raw.count >= 8 { raw.removeFirst(8) }  // character-code prefix
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            switch tag {
            case .make: fields.make = text
            case .model: fields.model = text
            case .dateTimeOriginal: fields.dateTimeOriginal = text
            case .offsetTimeOriginal: fields.offsetTimeOriginal = text
            case .userComment: fields.userComment = text
            case .exifPointer: break
            }
        }
    }

    private func uint16(_ at: Int, _ littleEndian: Bool) -> Int? {
        guard at >= 0, at + 2 <= tiff.count else { return nil }
        return littleEndian ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }

    private func uint32(_ at: Int, _ littleEndian: Bool) -> Int? {
        guard at >= 0, at + 4 <= tiff.count else { return nil }
        let b = tiff[at..<(at + 4)].map(Int.init)
        return littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
    }
}
