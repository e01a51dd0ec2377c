import CTesseract
import Foundation

/// The OCR stage: pixels of a screenshot in, text regions with lines out.
public protocol ScreenRecognizer: Sendable {
    /// Reads each screenshot; a failure for one file does not stop the others.
    func recognize(_ screenshots: [Screenshot]) -> [Result<OCRPage, Error>]
}

public struct OCROptions: Sendable, Equatable {
    public var language: String
    public var tessdata: URL?
    /// Parallel workers, each with its own engine. nil: one per core.
    public var jobs: Int?

    public init(language: String = "eng", tessdata: URL? = nil, jobs: Int? = nil) {
        self.language = language
        self.tessdata = tessdata
        self.jobs = jobs
    }
}

/// Recognises screenshots with Tesseract after preparing each text region for it.
public final class TesseractScreenRecognizer: ScreenRecognizer, @unchecked Sendable {
    private let options: OCROptions
    private let pool: EnginePool
    private let finder = RegionFinder()
    private let preparer = ImagePreparer()

    /// Fails at once (not per file) when the language data is missing: nothing could be read.
    public init(options: OCROptions = OCROptions()) throws {
        self.options = options
        self.pool = EnginePool(language: options.language, tessdata: options.tessdata)
        try pool.checkIn(pool.checkOut())
    }

    public func recognize(_ screenshots: [Screenshot]) -> [Result<OCRPage, Error>] {
        var results = [Result<OCRPage, Error>?](repeating: nil, count: screenshots.count)
        let lock = NSLock()
        let workers = max(1, min(options.jobs ?? ProcessInfo.processInfo.activeProcessorCount, screenshots.count))
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = next.take(below: screenshots.count) {
                let result = Result { try self.recognize(screenshots[index]) }
                lock.withLock { results[index] = result }
            }
        }
        return results.map { $0! }
    }

    func recognize(_ screenshot: Screenshot) throws -> OCRPage {
        let prepared = try prepare(screenshot)
        var regions = prepared.regions
        let engine = try pool.checkOut()
        defer { pool.checkIn(engine) }
        // Sparse-text mode finds the lines of every region on its own; the regions, not
        // Tesseract's block layout, decide what belongs together.
        let lines = engine.recognize(prepared.pix, mode: PSM_SPARSE_TEXT, origin: (prepared.band.x, prepared.band.y))
        for line in lines {
            guard let index = Self.region(containing: line.box, in: regions) else { continue }
            regions[index].lines.append(line)
        }
        for index in regions.indices {
            regions[index].lines.sort { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        }
        return OCRPage(source: screenshot.fileName, layout: prepared.found.layout, background: prepared.found.background,
                       regions: regions.filter { !$0.lines.isEmpty }, rows: prepared.found.rows)
    }

    /// Decodes the screenshot, finds its text regions and paints them dark-on-white. The
    /// decoded image (12 MB at 1170×2532) lives only in this call, so a worker never holds it
    /// while Tesseract runs.
    private func prepare(_ screenshot: Screenshot) throws -> (found: RegionFinder.Found, regions: [TextRegion], band: PixelRect, pix: LeptonicaPix) {
        let image = try RGBImage(path: screenshot.path, name: screenshot.fileName)
        let found = finder.find(in: image)
        // The status bar and the input bar never hold conversation text: not worth reading.
        let regions = found.regions.filter { $0.zone == .header || $0.zone == .content }
        let top = regions.map(\.box.y).min() ?? 0, bottom = regions.map(\.box.maxY).max() ?? 1
        let band = PixelRect(x: 0, y: top, width: image.width, height: max(1, bottom - top))
        let canvas = preparer.composite(image, regions: regions, background: found.background, band: band)
        guard let pix = canvas.makePix() else { throw ImageDecodeError.undecodable(screenshot.fileName) }
        return (found, regions, band, pix)
    }

    static func region(containing box: PixelRect, in regions: [TextRegion]) -> Int? {
        var best: (index: Int, overlap: Int)?
        for (index, region) in regions.enumerated() {
            let r = region.box
            let w = min(r.maxX, box.maxX) - max(r.x, box.x), h = min(r.maxY, box.maxY) - max(r.y, box.y)
            guard w > 0, h > 0 else { continue }
            if best == nil || w * h > best!.overlap { best = (index, w * h) }
        }
        return best?.index
    }
}

/// Initialised engines waiting for work; a worker takes one, uses it, and gives it back.
final class EnginePool: @unchecked Sendable {
    private let language: String
    private let tessdata: URL?
    private var idle: [TesseractEngine] = []
    private let lock = NSLock()

    init(language: String, tessdata: URL?) {
        self.language = language
        self.tessdata = tessdata
    }

    func checkOut() throws -> TesseractEngine {
        if let engine = lock.withLock({ idle.popLast() }) { return engine }
        return try TesseractEngine(language: language, tessdata: tessdata)
    }

    func checkIn(_ engine: TesseractEngine) {
        lock.withLock { idle.append(engine) }
    }
}

/// Hands out indexes 0, 1, 2, ... to concurrent workers.
final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

