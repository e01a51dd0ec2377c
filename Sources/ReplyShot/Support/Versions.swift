import CLeptonica
import Foundation

/// What `replyshot --version` reports: this package's version and the OCR libraries' own
/// versions as they report them at run time (the ones actually linked, not the headers').
public enum Versions {
    /// Bumped with each release; CHANGELOG.md says what changed.
    public static let replyshot = "0.5.0"

    public static var tesseract: String { TesseractEngine.version }

    public static var leptonica: String {
        guard let raw = getLeptonicaVersion() else { return "unknown" }
        defer { free(raw) }
        // "leptonica-1.82.0" → "1.82.0"
        return String(cString: raw).replacingOccurrences(of: "leptonica-", with: "")
    }

    public static var summary: String {
        "replyshot \(replyshot) (Tesseract \(tesseract), Leptonica \(leptonica))"
    }
}
