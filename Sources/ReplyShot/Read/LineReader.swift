/// Every OCR line is a message and nobody is known to have written it: what a pipeline
/// without a Read stage produces. The "before" of `replyshot eval --baseline`.
public struct LineReader: ScreenReading {
    public init() {}

    public func read(_ page: OCRPage, options: ReadOptions) -> ScreenRead {
        let bubbles = page.lines.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }.map {
            Bubble(speaker: .unknown, text: $0.text, box: $0.box, confidence: $0.confidence, source: page.source)
        }
        return ScreenRead(source: page.source, title: nil, bubbles: bubbles)
    }
}
