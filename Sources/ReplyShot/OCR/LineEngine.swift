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

/// An engine replyshot can read with (`--ocr-engine NAME`). Each engine's file declares its
/// choice; adding an engine is that file plus one line in `registered`.
public struct OCREngineChoice: Equatable, Sendable, CustomStringConvertible {
    public var name: String
    /// Makes the factory that builds one initialised engine per worker, for the languages it
    /// is given (Tesseract's form: "eng", "rus+eng").
    public var engines: @Sendable (OCROptions) -> @Sendable (String) throws -> LineEngine
    /// Makes the factory of the detector that names the script of a text image, or nil when
    /// this engine has none (or its data is not installed): then only the words choose a
    /// language.
    public var scriptDetectors: @Sendable (OCROptions) -> (@Sendable () throws -> ScriptDetecting)?

    public init(
        name: String, engines: @escaping @Sendable (OCROptions) -> @Sendable (String) throws -> LineEngine,
        scriptDetectors: @escaping @Sendable (OCROptions) -> (@Sendable () throws -> ScriptDetecting)? = { _ in nil }
    ) {
        self.name = name
        self.engines = engines
        self.scriptDetectors = scriptDetectors
    }

    /// Every engine replyshot knows, the default first.
    public static let registered: [OCREngineChoice] = [.tesseract]

    public static func named(_ name: String) -> OCREngineChoice? { registered.first { $0.name == name } }

    public static func == (a: OCREngineChoice, b: OCREngineChoice) -> Bool { a.name == b.name }

    public var description: String { name }
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
