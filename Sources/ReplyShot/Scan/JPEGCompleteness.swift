/// Whether a JPEG file holds all of its image: its segments walked from the start, through
/// each scan's entropy-coded data, to the end-of-image marker. The last bytes alone cannot
/// tell: phones append trailers after the end marker (Samsung's "SEFT" block), and a file
/// still being written may end anywhere.
enum JPEGCompleteness {
    static func isComplete(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return false }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:
                offset += 1  // fill byte before a marker
            case 0xD9:
                return true
            case 0x01, 0xD0...0xD7:
                offset += 2
            default:
                guard offset + 3 < bytes.count else { return false }
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2 else { return false }
                offset += 2 + length
                // After a start-of-scan header come entropy-coded bytes up to the next marker
                // (0xFF 0x00 is a stuffed data byte, 0xFF 0xD0-0xD7 a restart inside the scan).
                if marker == 0xDA {
                    guard let next = endOfScan(bytes, from: offset) else { return false }
                    offset = next
                }
            }
        }
        return false
    }

    /// Where the marker after a scan's entropy-coded data starts; nil when the file ends first.
    private static func endOfScan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return index }
            }
            index += 1
        }
        return nil
    }
}
