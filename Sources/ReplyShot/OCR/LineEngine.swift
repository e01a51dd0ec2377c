import Foundation

/// How an engine should look for text on the image it is given.
public enum TextLayout: Sendable {
    /// Text anywhere, in no particular order (a canvas of many bubbles).
    case sparse
    /// One block of text (one bubble, read again).
    case block
    /// The engine's own page analysis (the baseline: a whole screenshot as a new user reads it).
    case automatic
}

/// An OCR engine as the recognizer uses it: an 8-bit grey image in, text lines with word
/// boxes and confidences out, in the image's own pixels. Everything else (finding regions,
/// preparing them, canvases, second readings, workers) is engine-neutral and lives in
/// `RegionScreenRecognizer`.
///
/// Not required to be thread-safe: each worker gets an engine of its own.
public protocol LineEngine: AnyObject {
    func recognize(_ image: LeptonicaPix, layout: TextLayout) -> [OCRLine]
    /// The languages this engine could also read with (another engine of its kind).
    var installedLanguages: Set<String> { get }
}

extension LineEngine {
    public var installedLanguages: Set<String> { [] }
}

/// The engines replyshot can read with (`--ocr-engine`); adding one is a file with a
/// `LineEngine` and one line here.
public enum OCREngineKind: String, CaseIterable, Sendable {
    case tesseract

    /// A factory that makes one initialised engine per worker, for the languages it is given
    /// (Tesseract's form: "eng", "rus+eng").
    func factory(_ options: OCROptions) -> @Sendable (String) throws -> LineEngine {
        switch self {
        case .tesseract:
            let tessdata = options.tessdata
            return { try TesseractEngine(language: $0, tessdata: tessdata) }
        }
    }

    /// A factory for the detector that names the script of a text image, or nil when this
    /// engine has none (or its data is not installed): then only the words choose a language.
    func scriptDetector(_ options: OCROptions) -> (@Sendable () throws -> ScriptDetecting)? {
        switch self {
        case .tesseract:
            let tessdata = options.tessdata
            guard (try? TessdataLocator(explicitDirectory: tessdata).directory(for: "osd")) != nil else { return nil }
            return { try TesseractScriptDetector(tessdata: tessdata) }
        }
    }
}

/// Initialised engines (or other costly, single-threaded readers) waiting for work; a worker
/// takes one, uses it, and gives it back.
final class EnginePool<Engine>: @unchecked Sendable {
    private let make: @Sendable () throws -> Engine
    private var idle: [Engine] = []
    private let lock = NSLock()

    init(make: @escaping @Sendable () throws -> Engine) {
        self.make = make
    }

    func checkOut() throws -> Engine {
        if let engine = lock.withLock({ idle.popLast() }) { return engine }
        return try make()
    }

    func checkIn(_ engine: Engine) {
        lock.withLock { idle.append(engine) }
    }

    /// `body` with an engine of the pool, given back afterwards.
    func using<T>(_ body: (Engine) throws -> T) throws -> T {
        let engine = try checkOut()
        defer { checkIn(engine) }
        return try body(engine)
    }
}

/// One pool of engines per language combination: a Russian screen is read again with
/// "rus+eng" engines while the others keep their "eng" ones.
final class LanguageEnginePools: @unchecked Sendable {
    private let make: @Sendable (String) throws -> LineEngine
    private var pools: [String: EnginePool<LineEngine>] = [:]
    private let lock = NSLock()

    init(make: @escaping @Sendable (String) throws -> LineEngine) {
        self.make = make
    }

    func pool(for language: String) -> EnginePool<LineEngine> {
        lock.withLock {
            if let pool = pools[language] { return pool }
            let make = self.make
            let pool = EnginePool<LineEngine> { try make(language) }
            pools[language] = pool
            return pool
        }
    }
}
