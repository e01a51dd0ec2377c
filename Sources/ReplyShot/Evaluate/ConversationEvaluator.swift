import Foundation

/// A message as the truth file of a sample records it.
public struct TruthMessage: Codable, Equatable, Sendable {
    public var speaker: Speaker
    public var author: String?
    public var text: String
    public var kind: MessageKind
    public var quote: String?

    public init(speaker: Speaker, author: String? = nil, text: String, kind: MessageKind = .text, quote: String? = nil)
    {
        self.speaker = speaker
        self.author = author
        self.text = text
        self.kind = kind
        self.quote = quote
    }

    enum CodingKeys: String, CodingKey { case speaker, author, text, kind, quote }

    // The rendered samples' truth files predate `kind` and `quote`: plain text messages.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            speaker: try container.decode(Speaker.self, forKey: .speaker),
            author: try container.decodeIfPresent(String.self, forKey: .author),
            text: try container.decode(String.self, forKey: .text),
            kind: try container.decodeIfPresent(MessageKind.self, forKey: .kind) ?? .text,
            quote: try container.decodeIfPresent(String.self, forKey: .quote))
    }
}

/// A sample folder's truth.json: the conversation and what each shot shows.
public struct TruthFile: Codable, Sendable {
    public struct Shot: Codable, Sendable {
        /// Screenshot rows where the scrolling message list starts and ends (real samples).
        public struct ScrollArea: Codable, Sendable, Equatable {
            public var top: Int
            public var bottom: Int
        }

        public var file: String
        public var capturedAt: String?
        public var scrollOffsetPx: Int?
        public var messages: [Int]
        public var cutOff: [Int]?
        public var scrollArea: ScrollArea?
        /// `WxH+X+Y` in the original picture when the stored image was cut out of it.
        public var crop: String?
    }

    public var app: String?
    /// `android` or `ios`, and `light` or `dark`: the look, for per-look tables (real samples).
    public var platform: String?
    public var theme: String?
    /// Tesseract's code of the conversation's language ("deu"); none: English.
    public var language: String?
    public var title: String?
    /// The user's own name in apps without bubbles (what `--me` would say).
    public var me: String?
    /// The risk level a person would give the conversation.
    public var risk: RiskLevel?
    public var messages: [TruthMessage]
    public var shots: [Shot]

    public static func load(from url: URL) throws -> TruthFile {
        try JSONDataFile.load(TruthFile.self, from: url)
    }
}

/// How well an output conversation matches the truth.
public struct EvaluationScore: Codable, Equatable, Sendable {
    public var truthMessages: Int
    public var outputMessages: Int
    /// Truth messages found (aligned in order with similarity ≥ the threshold).
    public var found: Int
    /// Output messages that repeat a truth message already found.
    public var duplicates: Int
    /// Output messages that match no truth message at all.
    public var noise: Int
    /// Found messages whose speaker is right.
    public var speakersRight: Int
    /// Mean character error rate over found messages.
    public var meanCharacterErrorRate: Double
    /// Found messages whose truth names an author, and those of them given that author.
    public var authorsExpected: Int = 0
    public var authorsRight: Int = 0
    /// Found messages whose kind (text, media, notice) is right.
    public var kindsRight: Int = 0

    public var recall: Double { truthMessages == 0 ? 1 : Double(found) / Double(truthMessages) }
    public var speakerAccuracy: Double { found == 0 ? 0 : Double(speakersRight) / Double(found) }
    public var authorAccuracy: Double { authorsExpected == 0 ? 1 : Double(authorsRight) / Double(authorsExpected) }
    public var kindAccuracy: Double { found == 0 ? 0 : Double(kindsRight) / Double(found) }

    public init(
        truthMessages: Int, outputMessages: Int, found: Int, duplicates: Int, noise: Int,
        speakersRight: Int, meanCharacterErrorRate: Double, authorsExpected: Int = 0, authorsRight: Int = 0,
        kindsRight: Int = 0
    ) {
        self.truthMessages = truthMessages
        self.outputMessages = outputMessages
        self.found = found
        self.duplicates = duplicates
        self.noise = noise
        self.speakersRight = speakersRight
        self.meanCharacterErrorRate = meanCharacterErrorRate
        self.authorsExpected = authorsExpected
        self.authorsRight = authorsRight
        self.kindsRight = kindsRight
    }

    /// Several scores as one: counts add up, the error rate is weighted by messages found.
    public static func total(_ scores: [EvaluationScore]) -> EvaluationScore {
        func sum(_ value: (EvaluationScore) -> Int) -> Int { scores.map(value).reduce(0, +) }
        let found = sum(\.found)
        let weightedCER = scores.map { $0.meanCharacterErrorRate * Double($0.found) }.reduce(0, +)
        return EvaluationScore(
            truthMessages: sum(\.truthMessages), outputMessages: sum(\.outputMessages), found: found,
            duplicates: sum(\.duplicates), noise: sum(\.noise), speakersRight: sum(\.speakersRight),
            meanCharacterErrorRate: found == 0 ? 0 : weightedCER / Double(found),
            authorsExpected: sum(\.authorsExpected), authorsRight: sum(\.authorsRight),
            kindsRight: sum(\.kindsRight))
    }
}

/// Scores output messages against truth: an in-order alignment (longest common subsequence
/// under fuzzy equality), so a message found out of place does not count as found.
///
/// Emoji are taken out of the truth texts first: Tesseract has no emoji in its model, so no
/// reading can contain them, while symbols it makes up in their place still count against
/// the output.
public struct ConversationEvaluator: Sendable {
    public var threshold: Double

    public init(threshold: Double = 0.8) {
        self.threshold = threshold
    }

    /// One row of truth beside output, in reading order, for a person to look at.
    public struct AlignedRow: Sendable, Equatable {
        public enum Status: String, Sendable { case found, missed, noise, duplicate }
        public var truth: TruthMessage?
        public var output: Message?
        public var status: Status
    }

    /// Truth and output side by side: found pairs on one row, a missed truth message or an
    /// output message that matches nothing (noise) or repeats a found one (duplicate) alone.
    public func align(output: [Message], truth: [TruthMessage]) -> [AlignedRow] {
        let clean = truth.map {
            TruthMessage(
                speaker: $0.speaker, author: $0.author, text: Self.removingEmoji($0.text), kind: $0.kind,
                quote: $0.quote)
        }
        let pairs = matchedPairs(output: output, truth: clean)
        var rows: [AlignedRow] = []
        var i = 0, j = 0
        for (pi, pj) in pairs + [(output.count, truth.count)] {
            while j < pj {
                rows.append(AlignedRow(truth: truth[j], output: nil, status: .missed))
                j += 1
            }
            while i < pi {
                let repeats = clean.contains { Self.similarity(output[i], $0) >= threshold }
                rows.append(AlignedRow(truth: nil, output: output[i], status: repeats ? .duplicate : .noise))
                i += 1
            }
            if pi < output.count, pj < truth.count {
                rows.append(AlignedRow(truth: truth[pj], output: output[pi], status: .found))
                i = pi + 1
                j = pj + 1
            }
        }
        return rows
    }

    public func score(output: [Message], truth: [TruthMessage]) -> EvaluationScore {
        let truth = truth.map {
            TruthMessage(
                speaker: $0.speaker, author: $0.author, text: Self.removingEmoji($0.text), kind: $0.kind,
                quote: $0.quote)
        }
        let n = output.count
        let pairs = matchedPairs(output: output, truth: truth)
        var similar = [[Double]](repeating: [], count: n)
        for i in 0..<n { similar[i] = truth.map { Self.similarity(output[i], $0) } }
        let m = truth.count
        let matchedOutput = Set(pairs.map(\.0))
        var duplicates = 0, noise = 0
        for index in 0..<n where !matchedOutput.contains(index) {
            if similar[index].contains(where: { $0 >= threshold }) { duplicates += 1 } else { noise += 1 }
        }
        // The error rate is a measure of reading: pictures have no text to read.
        let rates = pairs.filter { truth[$0.1].kind != .media }
            .map { TextSimilarity.characterErrorRate(read: output[$0.0].text, truth: truth[$0.1].text) }
        let withAuthor = pairs.filter { truth[$0.1].author != nil }
        return EvaluationScore(
            truthMessages: m, outputMessages: n, found: pairs.count, duplicates: duplicates, noise: noise,
            speakersRight: pairs.filter { output[$0.0].speaker == truth[$0.1].speaker }.count,
            meanCharacterErrorRate: rates.isEmpty ? 0 : rates.reduce(0, +) / Double(rates.count),
            authorsExpected: withAuthor.count,
            authorsRight: withAuthor.filter {
                TextSimilarity.similarity(output[$0.0].author ?? "", truth[$0.1].author ?? "") >= threshold
            }.count,
            kindsRight: pairs.filter { output[$0.0].kind == truth[$0.1].kind }.count)
    }

    /// The in-order alignment: longest common subsequence under "similar enough", preferring
    /// closer matches on ties, then pairs whose speakers agree (any picture matches any
    /// picture, so pictures paired across speakers may align as many messages as the reading
    /// does); pairs of (output index, truth index).
    func matchedPairs(output: [Message], truth: [TruthMessage]) -> [(Int, Int)] {
        let n = output.count, m = truth.count
        var similar = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for i in 0..<n { for j in 0..<m { similar[i][j] = Self.similarity(output[i], truth[j]) } }
        // What a pair adds: one message, and the tie-breaks far below one.
        func gain(_ i: Int, _ j: Int) -> Double {
            1 + similar[i][j] / 1000 + (output[i].speaker == truth[j].speaker ? 1 / 1_000_000 : 0)
        }
        // LCS over "similar enough" pairs, preferring closer matches on ties.
        var table = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                var best = max(table[i + 1][j], table[i][j + 1])
                if similar[i][j] >= threshold { best = max(best, gain(i, j) + table[i + 1][j + 1]) }
                table[i][j] = best
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < n && j < m {
            if similar[i][j] >= threshold, table[i][j] == gain(i, j) + table[i + 1][j + 1] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// Text against text; a picture matches a picture whatever placeholder names it (a
    /// sticker and a photo look alike to a reader), but a file by its name.
    static func similarity(_ output: Message, _ truth: TruthMessage) -> Double {
        if output.kind == .media, truth.kind == .media, !truth.text.hasPrefix("[file") { return 1 }
        return TextSimilarity.similarity(output.text, truth.text)
    }

    /// "ok 👍" → "ok": pictographs and their modifiers go, letters, digits, "#", "©" stay.
    static func removingEmoji(_ text: String) -> String {
        let kept = text.filter { character in
            !character.unicodeScalars.contains {
                $0.value > 0xFF && ($0.properties.isEmoji || $0.value == 0xFE0F || $0.value == 0x200D)
            }
        }
        return kept.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
