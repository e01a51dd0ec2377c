import Foundation

/// Tesseract as a new user would run it: the whole screenshot, automatic page segmentation,
/// no preparation, no chrome removal. Kept as the "before" of `replyshot eval --baseline`.
public final class PlainTesseractRecognizer: ScreenRecognizer, @unchecked Sendable {
    private let pool: EnginePool<LineEngine>

    /// Reads with the first language of `options` (English when it is "auto": the baseline
    /// detects nothing).
    public init(options: OCROptions = OCROptions()) throws {
        let make = options.engine.engines(options)
        let language = options.isAutomaticLanguage ? OCROptions.fallbackLanguage : options.language
        pool = EnginePool { try make(language) }
        try pool.checkIn(pool.checkOut())
    }

    /// Every shot is read whole: the baseline knows nothing of scroll offsets.
    public func recognize(_ screenshots: [Screenshot], skippingRepeats: Bool) -> RecognizedShots {
        RecognizedShots(pages: recognizeEach(screenshots))
    }

    private func recognizeEach(_ screenshots: [Screenshot]) -> [Result<OCRPage, Error>] {
        screenshots.map { shot in
            Result {
                let image = try RGBImage(path: shot.path, name: shot.fileName, asStored: true)
                let engine = try pool.checkOut()
                defer { pool.checkIn(engine) }
                let lines = engine.recognize(image.pix, layout: .automatic)
                let layout = ScreenLayout(
                    width: image.width, height: image.height, statusBarBottom: 0,
                    contentTop: 0, contentBottom: image.height)
                let regions = lines.map {
                    TextRegion(
                        box: $0.box, zone: .content, fill: RGB(r: 255, g: 255, b: 255),
                        isFilled: false, lines: [$0])
                }
                return OCRPage(
                    source: shot.fileName, layout: layout, background: RGB(r: 255, g: 255, b: 255), regions: regions)
            }
        }
    }
}
