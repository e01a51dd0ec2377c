import Foundation

/// What a screenshot's file name says, by the conventions of iOS, macOS and Android.
public struct ScreenshotFileName: Equatable, Sendable {
    public enum Convention: String, Sendable { case iOS, macOS, android }

    public var convention: Convention
    /// The capture time written into the name (local time of the device), if the name has one.
    public var capturedAt: Date?

    /// iOS names are also used for camera photos, so only macOS and Android names count as
    /// evidence on their own.
    public var isExplicitScreenshot: Bool { convention != .iOS }

    private static let macOS = try! NSRegularExpression(
        pattern:
            #"^Screen ?[Ss]hot (\d{4})-(\d{2})-(\d{2}) at (\d{1,2})[.:](\d{2})[.:](\d{2})(?:\s?([AP]M))?.*\.(png|jpe?g)$"#,
        options: [.caseInsensitive])
    private static let android = try! NSRegularExpression(
        pattern: #"^Screenshot[_-](\d{4})-?(\d{2})-?(\d{2})[-_](\d{2})-?(\d{2})-?(\d{2}).*\.(png|jpe?g)$"#,
        options: [.caseInsensitive])
    private static let iOS = try! NSRegularExpression(pattern: #"^IMG_\d{4}\.PNG$"#, options: [.caseInsensitive])

    public static func parse(_ name: String, timeZone: TimeZone = .current) -> ScreenshotFileName? {
        let range = NSRange(name.startIndex..., in: name)
        for (regex, convention) in [(macOS, Convention.macOS), (android, .android)] {
            guard let match = regex.firstMatch(in: name, range: range) else { continue }
            func group(_ i: Int) -> String? {
                guard let r = Range(match.range(at: i), in: name) else { return nil }
                return String(name[r])
            }
            var components = DateComponents()
            components.timeZone = timeZone
            components.year = group(1).flatMap { Int($0) }
            components.month = group(2).flatMap { Int($0) }
            components.day = group(3).flatMap { Int($0) }
            var hour = group(4).flatMap { Int($0) } ?? 0
            if convention == .macOS, let meridiem = group(7)?.uppercased() {
                hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
            }
            components.hour = hour
            components.minute = group(5).flatMap { Int($0) }
            components.second = group(6).flatMap { Int($0) }
            let date = Calendar(identifier: .gregorian).date(from: components)
            return ScreenshotFileName(convention: convention, capturedAt: date)
        }
        if iOS.firstMatch(in: name, range: range) != nil {
            return ScreenshotFileName(convention: .iOS, capturedAt: nil)
        }
        return nil
    }
}

/// Reads a capture time from metadata: XMP dates, EXIF DateTimeOriginal, PNG "Creation Time".
public struct MetadataCaptureTime: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    public func date(from header: ImageHeader) -> Date? {
        if let xmp = header.xmp {
            for tag in ["photoshop:DateCreated", "exif:DateTimeOriginal", "xmp:CreateDate"] {
                if let value = Self.element(tag, in: xmp), let date = parseISO(value) { return date }
            }
        }
        if let original = header.exif.dateTimeOriginal {
            let offset = header.exif.offsetTimeOriginal ?? ""
            let iso =
                original.replacingOccurrences(
                    of: ":", with: "-", options: [],
                    range: original.startIndex..<original.index(original.startIndex, offsetBy: min(10, original.count))
                )
                .replacingOccurrences(of: " ", with: "T") + offset
            if let date = parseISO(iso) { return date }
        }
        if let creation = header.textEntries["Creation Time"] {
            return parseISO(creation) ?? parseRFC1123(creation)
        }
        return nil
    }

    static func element(_ tag: String, in xmp: String) -> String? {
        if let open = xmp.range(of: "<\(tag)>"),
            let close = xmp.range(of: "</\(tag)>", range: open.upperBound..<xmp.endIndex)
        {
            return String(xmp[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Attribute form: tag="value"
        if let attr = xmp.range(of: "\(tag)=\""), let end = xmp[attr.upperBound...].firstIndex(of: "\"") {
            return String(xmp[attr.upperBound..<end])
        }
        return nil
    }

    /// ISO 8601 with or without seconds, fraction and zone; no zone means the device's local time.
    func parseISO(_ text: String) -> Date? {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        func group(_ i: Int) -> String? {
            guard let r = Range(match.range(at: i), in: text) else { return nil }
            return String(text[r])
        }
        var components = DateComponents()
        components.year = Int(group(1)!)
        components.month = Int(group(2)!)
        components.day = Int(group(3)!)
        components.hour = Int(group(4)!)
        components.minute = Int(group(5)!)
        components.second = group(6).flatMap { Int($0) } ?? 0
        components.timeZone = group(7).map(Self.zone(from:)) ?? timeZone
        return Calendar(identifier: .gregorian).date(from: components)
    }

    private static func zone(from designator: String) -> TimeZone {
        if designator == "Z" { return TimeZone(secondsFromGMT: 0)! }
        let digits = designator.dropFirst().replacingOccurrences(of: ":", with: "")
        let hours = Int(digits.prefix(2)) ?? 0, minutes = Int(digits.suffix(2)) ?? 0
        let sign = designator.hasPrefix("-") ? -1 : 1
        return TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60)) ?? TimeZone(secondsFromGMT: 0)!
    }

    private func parseRFC1123(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
