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
}

/// The engines replyshot can read with (`--ocr-engine`); adding one is a file with a
/// `LineEngine` and one line here.
public enum OCREngineKind: String, CaseIterable, Sendable {
    case tesseract

    /// A factory that makes one initialised engine per worker.
    func factory(_ options: OCROptions) -> @Sendable () throws -> LineEngine {
        switch self {
        case .tesseract:
            let (language, tessdata) = (options.language, options.tessdata)
            return { try TesseractEngine(language: language, tessdata: tessdata) }
        }
    }
}

/// Initialised engines waiting for work; a worker takes one, uses it, and gives it back.
final class EnginePool: @unchecked Sendable {
    private let make: @Sendable () throws -> LineEngine
    private var idle: [LineEngine] = []
    private let lock = NSLock()

    init(make: @escaping @Sendable () throws -> LineEngine) {
        self.make = make
    }

    func checkOut() throws -> LineEngine {
        if let engine = lock.withLock({ idle.popLast() }) { return engine }
        return try make()
    }

    func checkIn(_ engine: LineEngine) {
        lock.withLock { idle.append(engine) }
    }
}
