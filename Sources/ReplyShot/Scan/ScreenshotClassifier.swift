import Foundation

/// Decides whether an image is a screenshot from the evidence a photo library would use:
/// metadata that marks it, the file-name conventions of iOS, macOS and Android, and pixel
/// sizes that match a phone or tablet screen.
public struct ScreenshotClassifier: Sendable {
    public enum Verdict: Equatable, Sendable {
        case screenshot(evidence: String)
        case notScreenshot(reason: String)
    }

    /// Portrait pixel sizes of current and recent phones and tablets; landscape matches too.
    public static let screenSizes: Set<[Int]> = [
        // iPhone
        [640, 1136], [750, 1334], [1080, 1920], [1242, 2208], [1125, 2436], [828, 1792], [1242, 2688],
        [1080, 2340], [1170, 2532], [1284, 2778], [1179, 2556], [1290, 2796], [1206, 2622], [1320, 2868],
        // iPad
        [1536, 2048], [1620, 2160], [1640, 2360], [1668, 2224], [1668, 2388], [2048, 2732], [1488, 2266],
        [1668, 2420], [2064, 2752],
        // Android
        [720, 1280], [720, 1520], [720, 1600], [1080, 2160], [1080, 2220], [1080, 2280], [1080, 2400],
        [1080, 2408], [1080, 2412], [1080, 2424], [1440, 2560], [1440, 2960], [1440, 3040], [1440, 3088],
        [1440, 3120], [1440, 3200], [1344, 2992], [1280, 2856], [1152, 2496], [1220, 2712], [1260, 2800],
    ]

    public init() {}

    public func classify(fileName: String, header: ImageHeader) -> Verdict {
        if let marker = metadataMarker(header) {
            return .screenshot(evidence: marker)
        }
        if ScreenshotFileName.parse(fileName)?.isExplicitScreenshot == true {
            return .screenshot(evidence: "file name")
        }
        if Self.isScreenSize(width: header.width, height: header.height) {
            return .screenshot(evidence: "screen size \(header.width)×\(header.height)")
        }
        let size = "\(header.width)×\(header.height)"
        if let make = header.exif.make {
            let camera = [make, header.exif.model].compactMap { $0 }.joined(separator: " ")
            return .notScreenshot(reason: "not a screenshot: a camera photo (\(camera), \(size))")
        }
        return .notScreenshot(
            reason:
                "not a screenshot: \(size) is not a phone or tablet screen size and nothing in the file marks it as one"
        )
    }

    public static func isScreenSize(width: Int, height: Int) -> Bool {
        screenSizes.contains([min(width, height), max(width, height)])
    }

    private func metadataMarker(_ header: ImageHeader) -> String? {
        if let xmp = header.xmp,
            xmp.range(of: #"UserComment>[\s\S]{0,200}?Screenshot"#, options: .regularExpression) != nil
        {
            return "XMP UserComment"
        }
        if header.exif.userComment?.caseInsensitiveCompare("Screenshot") == .orderedSame {
            return "EXIF UserComment"
        }
        for key in ["Description", "Comment", "Software"] {
            if let value = header.textEntries[key], value.localizedCaseInsensitiveContains("screenshot") {
                return "PNG \(key)"
            }
        }
        return nil
    }
}
