/// The seed PRD's stitcher, implemented as specified so it can be compared with better ones.
///
/// Each screenshot becomes a text chunk; each chunk is merged into the result by looking for
/// an overlap where the result's suffix equals the chunk's prefix, trying lengths from
/// min(len(result), len(chunk), 200) down to 20 in steps of 10. An overlap longer than 20
/// characters is dropped from the chunk; otherwise "\n---\n" and the whole chunk are
/// appended. Bubbles are written one per line with their speaker so the merged text can be
/// split back into messages.
public struct SeedStitcher: ConversationStitching {
    public let name = "seed"
    public var placesShotsByPixelOffset: Bool { false }
    static let separator = "\n---\n"

    public init() {}

    public static func merge(_ chunks: [String]) -> String {
        var result = ""
        for chunk in chunks {
            if result.isEmpty {
                result = chunk
                continue
            }
            let longest = min(result.count, chunk.count, 200)
            var found = 0
            for length in stride(from: longest, through: 20, by: -10) where result.hasSuffix(chunk.prefix(length)) {
                found = length
                break
            }
            if found > 20 {
                result += chunk.dropFirst(found)
            } else {
                result += separator + chunk
            }
        }
        return result
    }

    /// Text evidence only: the scroll offsets are not used.
    public func stitch(_ reads: [ScreenRead], scrollMap: ScrollMap) -> Conversation {
        let chunks = reads.map { read in
            read.bubbles.map { "[\($0.speaker.rawValue)] \($0.text)" }.joined(separator: "\n")
        }
        .filter { !$0.isEmpty }
        let merged = Self.merge(chunks)
        var lookup: [String: Bubble] = [:]
        for bubble in reads.flatMap(\.bubbles) where lookup["[\(bubble.speaker.rawValue)] \(bubble.text)"] == nil {
            lookup["[\(bubble.speaker.rawValue)] \(bubble.text)"] = bubble
        }
        var messages: [Message] = []
        var gaps: [ConversationGap] = []
        for line in merged.split(separator: "\n").map(String.init) {
            if line == "---" {
                if !messages.isEmpty { gaps.append(ConversationGap(afterMessage: messages.count - 1)) }
                continue
            }
            var speaker = Speaker.unknown, text = line
            for candidate in Speaker.allCases where line.hasPrefix("[\(candidate.rawValue)] ") {
                speaker = candidate
                text = String(line.dropFirst(candidate.rawValue.count + 3))
            }
            let bubble = lookup[line]
            messages.append(
                Message(
                    speaker: speaker, author: bubble?.author, text: text, kind: bubble?.kind ?? .text,
                    quote: bubble?.quote, confidence: bubble?.confidence ?? 0, source: bubble?.source ?? ""))
        }
        return Conversation(title: reads.agreedTitle, messages: messages, gaps: gaps)
    }
}
