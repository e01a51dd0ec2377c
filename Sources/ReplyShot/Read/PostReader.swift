import Foundation

/// Reads screens without bubbles: Slack-style posts (a "Name 9:41 AM" header line, then
/// the post) and e-mails (subject, sender, then paragraphs). One message per post or
/// paragraph; the header or sender becomes the author and is not part of the text.
struct PostReader {
    let chrome: ChromeFilter
    private let corrector = OCRCorrector()
    /// "Name 9:41 AM": a capitalised name of up to four words, then a time. The profile
    /// picture beside it may be read as a short scrap in front ("(4)", "é"), and a role badge
    /// may stand between name and time ("Kim Dawson (Guest) 3:17pm").
    private static let postHeader = try! NSRegularExpression(
        pattern:
            #"^(?:(?:[^\p{L}\s]\S{0,3}|\p{L})\s+)?([A-Z][\p{L}.'’-]+(?:\s+[A-Z][\p{L}.'’-]+){0,3})(?:\s+[(\[][\p{L} ]{1,12}[)\]|]?)?\s+(\d{1,2}[:.;,-]\s?\d{2}(?:\s*[A-Za-z.]{1,4})?)$"#
    )

    /// Whether a line is a post's header ("Name 9:41 AM").
    static func isPostHeader(_ text: String) -> Bool { firstMatch(postHeader, text) != nil }
    private static let recipientLine = try! NSRegularExpression(pattern: #"^(?i)to\s+(me|you)\b"#)
    private static let dateOnly = try! NSRegularExpression(
        pattern:
            #"^((?i)"# + MessageMetadata.monthPrefix
            + #"\s+\d{1,2}(,\s*\d{4})?|\d{1,2}[:.]\d{2}\s*([AaPp][Mm])?|yesterday|today)$"#
    )
    private static let trailingDate = try! NSRegularExpression(
        pattern:
            #"\s+((?i)"# + MessageMetadata.monthPrefix
            + #"\s+\d{1,2}|\d{1,2}[:.]\d{2}\s*([AaPp][Mm])?|yesterday|today)$"#
    )

    struct Result {
        var subject: String?
        var bubbles: [Bubble]
    }

    func read(rows: [OCRLine], page: OCRPage, myName: String?, bodyHeight: Double) -> Result {
        var bubbles: [Bubble] = []
        var author: String?
        var subject: String?
        var block: [OCRLine] = []
        let layout = page.layout
        let typical = Self.median(rows.map { Double($0.box.height) }) ?? bodyHeight
        // Lines of one paragraph follow each other at the line pitch; a paragraph or post break
        // adds space. Baselines are compared, so ascenders and descenders do not matter.
        let pitches = zip(rows, rows.dropFirst()).map { Double($1.baseline - $0.baseline) }.filter {
            $0 > 0 && $0 < typical * 2
        }
        let breakDistance = (Self.median(pitches) ?? typical * 1.4) * 1.15

        func flush() {
            defer { block = [] }
            guard !block.isEmpty else { return }
            let text = corrector.correct(block.map(\.text).joined(separator: " "))
            guard text.contains(where: \.isLetter) else { return }
            let box = block.dropFirst().reduce(block[0].box) { $0.union($1.box) }
            let words = block.flatMap(\.words)
            let speaker: Speaker =
                author == nil
                ? .unknown
                : (myName.map { author!.caseInsensitiveCompare($0) == .orderedSame } ?? false) ? .me : .them
            // A paragraph that ends within a line of the screen's edge may go on beyond it.
            let cut =
                Double(box.y - layout.contentTop) < typical * 1.2
                || Double(layout.contentBottom - box.maxY) < typical * 1.2
            bubbles.append(
                Bubble(
                    speaker: speaker, author: author, text: text, box: box,
                    confidence: words.meanConfidence,
                    source: page.source, isCutOff: cut))
        }

        // A row sliced by the screen's edge reads as garbage; the neighbouring shot has it whole.
        var rows = rows
        // Text has no frame here, so a row right at the edge may be whole: only a short or
        // poorly read one counts as sliced.
        if let first = rows.first, first.box.y < layout.contentTop + Int(typical),
            BubbleReader.isSliced(first, lineHeight: typical)
        {
            rows.removeFirst()
        }
        if let last = rows.last, last.box.maxY > layout.contentBottom - Int(typical),
            BubbleReader.isSliced(last, lineHeight: typical)
        {
            rows.removeLast()
        }
        for (index, row) in rows.enumerated() {
            let text = row.text
            if let header = Self.firstMatch(Self.postHeader, text) {
                flush()
                author = header
                continue
            }
            if Self.firstMatch(Self.recipientLine, text) != nil {
                // "to me" sits under the sender's name: that name (without its date) is the author.
                while let last = block.last, Self.firstMatch(Self.dateOnly, last.text) != nil { block.removeLast() }
                if let sender = block.last {
                    author = Self.removingTrailingDate(sender.text)
                    block.removeLast()
                }
                flush()
                continue
            }
            if index == 0, subject == nil, Double(row.box.height) > typical * 1.25, row.box.y < layout.height / 3 {
                subject = text
                continue
            }
            if chrome.isCenteredStamp(text), abs(row.box.midX - layout.width / 2) < layout.width / 10 { continue }
            if let previous = block.last, Double(row.baseline - previous.baseline) > breakDistance { flush() }
            block.append(row)
        }
        flush()
        return Result(subject: subject, bubbles: bubbles)
    }

    static func removingTrailingDate(_ text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        return trailingDate.stringByReplacingMatches(in: text, range: range, withTemplate: "")
    }

    private static func firstMatch(_ regex: NSRegularExpression, _ text: String) -> String? {
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        return Range(group, in: text).map { String(text[$0]) }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
