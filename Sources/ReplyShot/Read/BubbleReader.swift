import Foundation

/// The Read stage: OCR regions in, chat bubbles with speakers out.
public protocol ScreenReading: Sendable {
    func read(_ page: OCRPage, options: ReadOptions) -> ScreenRead
}

public struct ReadOptions: Sendable, Equatable {
    /// A post author whose posts are the user's own (`--me NAME`).
    public var myName: String?

    public init(myName: String? = nil) {
        self.myName = myName
    }
}

/// Reads bubbles the way a person does: each coloured bubble is one message, its side says
/// who wrote it, and the app's chrome (title, stamps, receipts, bubble times) is left out.
public struct BubbleReader: ScreenReading {
    /// A bubble whose edge is within this fraction of the screen width from a side is
    /// anchored to that side.
    var sideMargin = 0.12
    /// Words Tesseract is this unsure of are noise (an icon, a photo), not text.
    var minimumConfidence = 0.35
    private let chrome = ChromeFilter()
    private let corrector = OCRCorrector()

    public init() {}

    public func read(_ page: OCRPage, options: ReadOptions = ReadOptions()) -> ScreenRead {
        let layout = page.layout
        let bodyHeight = typicalLineHeight(page)
        var bubbles: [Bubble] = []
        for region in page.regions where region.zone == .content {
            // The small time some apps print in a bubble's corner is dropped word by word,
            // before fragments are joined into rows, so it cannot glue onto the text.
            let readable = region.lines.filter { $0.confidence >= minimumConfidence }.compactMap { line -> OCRLine? in
                let words = line.words.filter { !isCornerTime($0, bodyHeight: bodyHeight) }
                return words.isEmpty ? nil : OCRLine(words: words, box: line.box)
            }
            var lines = Self.rows(of: readable)
            let touchesTop = region.box.y <= layout.contentTop + 3
            let touchesBottom = region.box.maxY >= layout.contentBottom - 3
            // A line sliced by the screen edge reads as garbage; the neighbouring shot has it whole.
            if touchesTop, let first = lines.first,
               first.box.y <= layout.contentTop + 6 || isSliced(first, bodyHeight: bodyHeight) { lines.removeFirst() }
            if touchesBottom, let last = lines.last,
               last.box.maxY >= layout.contentBottom - 6 || isSliced(last, bodyHeight: bodyHeight) { lines.removeLast() }
            guard !lines.isEmpty else { continue }
            let text = corrector.correct(lines.map(\.text).joined(separator: " "))
            guard text.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            if !region.isFilled, isCentered(region.box, width: layout.width), chrome.isStamp(text) { continue }
            if !region.isFilled, chrome.isReceipt(text) { continue }
            let words = lines.flatMap(\.words)
            let confidence = words.map(\.confidence).reduce(0, +) / Double(max(1, words.count))
            bubbles.append(Bubble(speaker: speaker(of: region, width: layout.width), text: text, box: region.box,
                                  confidence: confidence, source: page.source, isCutOff: touchesTop || touchesBottom))
        }
        return ScreenRead(source: page.source, title: title(page, bodyHeight: bodyHeight), bubbles: bubbles)
    }

    /// Tesseract's sparse mode may return one visual row as several fragments; rows are
    /// rebuilt from vertical overlap, left to right, top to bottom.
    static func rows(of lines: [OCRLine]) -> [OCRLine] {
        var rows: [OCRLine] = []
        for line in lines.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = rows.last {
                let overlap = min(last.box.maxY, line.box.maxY) - max(last.box.y, line.box.y)
                if overlap * 2 > min(last.box.height, line.box.height) {
                    let words = (last.words + line.words).sorted { $0.box.x < $1.box.x }
                    rows[rows.count - 1] = OCRLine(words: words, box: last.box.union(line.box))
                    continue
                }
            }
            rows.append(line)
        }
        return rows
    }

    /// Right-anchored bubbles are the user's, left-anchored ones the other side's.
    func speaker(of region: TextRegion, width: Int) -> Speaker {
        let margin = Int(Double(width) * sideMargin)
        let nearLeft = region.box.x <= margin, nearRight = width - region.box.maxX <= margin
        switch (nearLeft, nearRight) {
        case (true, false): return .them
        case (false, true): return .me
        default: return .unknown
        }
    }

    /// The contact or channel name: the largest line in the header that is not a control.
    func title(_ page: OCRPage, bodyHeight: Double) -> String? {
        let candidates = page.regions.filter { $0.zone == .header }.flatMap(\.lines).compactMap { line -> (String, Int)? in
            let text = line.text.trimmingCharacters(in: CharacterSet.letters.union(.decimalDigits).union(.whitespaces).inverted)
                .trimmingCharacters(in: .whitespaces)
            guard text.filter(\.isLetter).count >= 2, line.confidence >= 0.5, !chrome.isHeaderNoise(text) else { return nil }
            return (text, line.box.height)
        }
        return candidates.max { $0.1 < $1.1 }?.0
    }

    /// The usual height of a line of message text on this screen.
    func typicalLineHeight(_ page: OCRPage) -> Double {
        let heights = page.regions.filter { $0.zone == .content }.flatMap(\.lines).map(\.box.height).sorted()
        guard !heights.isEmpty else { return 40 }
        return Double(heights[heights.count * 3 / 4])
    }

    /// A line at a cut edge that is short or poorly read shows only part of its letters.
    private func isSliced(_ line: OCRLine, bodyHeight: Double) -> Bool {
        Double(line.box.height) < bodyHeight * 0.7 || line.confidence < 0.75
    }

    private func isCornerTime(_ word: OCRWord, bodyHeight: Double) -> Bool {
        chrome.isBubbleTime(word.text) && Double(word.box.height) < bodyHeight * 0.6
    }

    private func isCentered(_ box: PixelRect, width: Int) -> Bool {
        abs(box.midX - width / 2) < width / 12 && box.width < width * 6 / 10
    }
}
