import CLeptonica
import CTesseract
import Foundation

public enum OCRError: Error, LocalizedError, Equatable {
    case languageDataMissing(language: String, searched: [String])
    case engineFailedToStart(language: String, directory: String)

    public var errorDescription: String? {
        switch self {
        case .languageDataMissing(let language, let searched):
            let package = TesseractEngine.debianPackage(for: language)
            return
                "Tesseract has no language data for \"\(language)\" (looked in \(searched.joined(separator: ", "))). "
                + "Install it with `sudo apt-get install \(package)` (Debian/Ubuntu) or `brew install tesseract tesseract-lang` (macOS), "
                + "or point --tessdata at a folder that holds \(language).traineddata."
        case .engineFailedToStart(let language, let directory):
            return
                "Tesseract could not load the \"\(language)\" language data from \(directory); the file may be damaged. Reinstall the language package."
        }
    }
}

extension OCREngineChoice {
    /// Tesseract 5 through its C API; the only engine on Linux.
    public static let tesseract = OCREngineChoice(
        name: "tesseract",
        engines: { options in
            let tessdata = options.tessdata
            return { try TesseractEngine(language: $0, tessdata: tessdata) }
        },
        scriptDetectors: { options in
            let tessdata = options.tessdata
            guard (try? TessdataLocator(explicitDirectory: tessdata).directory(for: "osd")) != nil else { return nil }
            return { try TesseractScriptDetector(tessdata: tessdata) }
        })
}

/// Finds the folder that holds `<lang>.traineddata`.
public struct TessdataLocator: Sendable {
    public var explicitDirectory: URL?
    public var environment: [String: String]

    public init(explicitDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.explicitDirectory = explicitDirectory
        self.environment = environment
    }

    var candidates: [String] {
        if let explicitDirectory { return [explicitDirectory.path] }
        var list: [String] = []
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            list += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        list += [
            "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
            "/usr/share/tessdata", "/usr/local/share/tessdata", "/opt/homebrew/share/tessdata",
            "/usr/local/share/tesseract-ocr/tessdata",
        ]
        return list
    }

    /// `language` may combine several, as Tesseract does: "eng+deu".
    public func directory(for language: String) throws -> URL {
        let languages = language.split(separator: "+").map(String.init)
        for directory in candidates {
            let hasAll = languages.allSatisfy {
                FileManager.default.fileExists(
                    atPath: (directory as NSString).appendingPathComponent("\($0).traineddata"))
            }
            if hasAll { return URL(fileURLWithPath: directory) }
        }
        let missing =
            languages.first { lang in
                !candidates.contains {
                    FileManager.default.fileExists(
                        atPath: ($0 as NSString).appendingPathComponent("\(lang).traineddata"))
                }
            } ?? language
        throw OCRError.languageDataMissing(language: missing, searched: candidates)
    }
}

/// One initialised Tesseract engine over the C API. Creating one costs tens of
/// milliseconds (the language model is loaded), so a worker creates it once and reuses it.
/// Not thread-safe: one engine per worker.
public final class TesseractEngine: LineEngine {
    fileprivate let handle: OpaquePointer
    public let language: String

    /// The linked library's own version ("5.3.0").
    public static var version: String { String(cString: TessVersion()) }

    /// Debian's package for a language's data: "chi_sim" is in tesseract-ocr-chi-sim.
    public static func debianPackage(for language: String) -> String {
        "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    public convenience init(language: String = "eng", tessdata: URL? = nil) throws {
        try self.init(language: language, tessdata: tessdata, engineMode: OEM_LSTM_ONLY)
    }

    /// The LSTM engine reads; the legacy one is only there for "osd", whose data has no LSTM
    /// model (Debian's "fast"/"best" language data has no legacy one).
    init(language: String, tessdata: URL?, engineMode: TessOcrEngineMode) throws {
        let directory = try TessdataLocator(explicitDirectory: tessdata).directory(for: language)
        guard let handle = TessBaseAPICreate() else {
            throw OCRError.engineFailedToStart(language: language, directory: directory.path)
        }
        self.handle = handle
        self.language = language
        let status = TessBaseAPIInit2(handle, directory.path, language, engineMode)
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw OCRError.engineFailedToStart(language: language, directory: directory.path)
        }
        // Words are joined with one space whatever the gap (a chat line has no columns to keep).
        _ = TessBaseAPISetVariable(handle, "preserve_interword_spaces", "0")
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The languages whose data is in this engine's folder, as the C API lists them (without
    /// "osd", which detects scripts and reads none).
    public var installedLanguages: Set<String> {
        guard let list = TessBaseAPIGetAvailableLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(list) }
        var languages: Set<String> = []
        var index = 0
        while let name = list[index] {
            languages.insert(String(cString: name))
            index += 1
        }
        languages.remove("osd")
        return languages
    }

    public func recognize(_ image: LeptonicaPix, layout: TextLayout) -> [OCRLine] {
        switch layout {
        case .sparse: return recognize(image, mode: PSM_SPARSE_TEXT)
        case .block: return recognize(image, mode: PSM_SINGLE_BLOCK)
        case .automatic: return recognize(image, mode: PSM_AUTO)
        }
    }

    /// Recognises `pix` and returns its text lines, in the image's own pixel coordinates.
    func recognize(_ pix: LeptonicaPix, mode: TessPageSegMode) -> [OCRLine] {
        // The C library's default is PSM_SINGLE_BLOCK, the CLI's is PSM_AUTO: always say which.
        TessBaseAPISetPageSegMode(handle, mode)
        TessBaseAPISetImage2(handle, pix.pointer)
        TessBaseAPISetSourceResolution(handle, 300)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0, let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)

        var lines: [OCRLine] = []
        var current: [OCRWord] = []
        var currentBox: PixelRect?
        var currentBaseline: Int?
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                if let box = currentBox, !current.isEmpty {
                    lines.append(OCRLine(words: current, box: box, baseline: currentBaseline))
                }
                current = []
                currentBox = boundingBox(page, RIL_TEXTLINE)
                var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
                currentBaseline =
                    TessPageIteratorBaseline(page, RIL_TEXTLINE, &x1, &y1, &x2, &y2) != 0
                    ? Int(y1 + y2) / 2 : nil
            }
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw)
            TessDeleteText(raw)
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
            if let box = boundingBox(page, RIL_WORD), !text.trimmingCharacters(in: .whitespaces).isEmpty {
                current.append(OCRWord(text: text, box: box, confidence: max(0, min(1, confidence))))
            }
        } while TessPageIteratorNext(page, RIL_WORD) != 0
        if let box = currentBox, !current.isEmpty {
            lines.append(OCRLine(words: current, box: box, baseline: currentBaseline))
        }
        return lines
    }

    private func boundingBox(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> PixelRect? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return PixelRect(
            x: Int(left), y: Int(top),
            width: Int(right - left), height: Int(bottom - top))
    }
}

/// The script of a text image ("Latin", "Cyrillic"), as a detector names it.
public struct DetectedScript: Equatable, Sendable {
    public var name: String
    /// How much surer the detector is of this script than of the next one (Tesseract's
    /// OSD: about 1 is a guess, 5 and more is clear).
    public var confidence: Double

    public init(name: String, confidence: Double) {
        self.name = name
        self.confidence = confidence
    }
}

/// Names the script of a text image. Not required to be thread-safe.
public protocol ScriptDetecting: AnyObject {
    func script(of image: LeptonicaPix) -> DetectedScript?
}

/// Tesseract's orientation-and-script detection (osd.traineddata, installed with
/// tesseract-ocr): it classifies the glyphs of a page by script without reading them.
public final class TesseractScriptDetector: ScriptDetecting {
    private let engine: TesseractEngine

    public init(tessdata: URL? = nil) throws {
        engine = try TesseractEngine(language: "osd", tessdata: tessdata, engineMode: OEM_TESSERACT_ONLY)
    }

    public func script(of image: LeptonicaPix) -> DetectedScript? {
        let handle = engine.handle
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
        TessBaseAPISetImage2(handle, image.pointer)
        TessBaseAPISetSourceResolution(handle, 300)
        defer { TessBaseAPIClear(handle) }
        var degrees: Int32 = 0
        var orientationConfidence: Float = 0
        var name: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        guard
            TessBaseAPIDetectOrientationScript(handle, &degrees, &orientationConfidence, &name, &scriptConfidence)
                != 0, let name
        else { return nil }
        return DetectedScript(name: String(cString: name), confidence: Double(scriptConfidence))
    }
}
