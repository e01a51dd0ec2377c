import Foundation

public enum RiskLevel: String, Codable, Sendable, Comparable {
    case none, low, medium, high

    private var rank: Int { [.none: 0, .low: 1, .medium: 2, .high: 3][self]! }
    public static func < (a: RiskLevel, b: RiskLevel) -> Bool { a.rank < b.rank }
}

public struct RiskAssessment: Equatable, Codable, Sendable {
    public var level: RiskLevel
    public var categories: [String]
    public var explanation: String

    public init(level: RiskLevel, categories: [String], explanation: String) {
        self.level = level
        self.categories = categories
        self.explanation = explanation
    }

    public static let none = RiskAssessment(
        level: .none, categories: [], explanation: "Nothing in the conversation looks like a scam.")
}

/// Flags scam patterns in what the other side wrote, from rules kept as data in
/// prompts/risk-rules.json: each category has phrases with weights; the sum decides the level.
public struct RiskAssessor: Sendable {
    struct Rules: Decodable {
        struct Category: Decodable {
            var name: String
            var weight: Int
            var patterns: [String]
        }
        var categories: [Category]
        var thresholds: [String: Int]
    }

    private let categories: [(name: String, weight: Int, patterns: [NSRegularExpression])]
    private let thresholds: [(RiskLevel, Int)]

    public init(contentsOf url: URL) throws {
        let rules = try JSONDataFile.load(Rules.self, from: url)
        categories = try rules.categories.map { category in
            let compiled = try category.patterns.map { pattern -> NSRegularExpression in
                do { return try NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) } catch {
                    throw DataFileError(
                        file: url.path,
                        problem: "the pattern \(pattern) in \(category.name) is not a valid regular expression")
                }
            }
            return (category.name, category.weight, compiled)
        }
        thresholds = [RiskLevel.high, .medium, .low].compactMap { level in
            rules.thresholds[level.rawValue].map { (level, $0) }
        }
    }

    public func assess(_ conversation: Conversation) -> RiskAssessment {
        // Only the other side's words can be a scam aimed at the user.
        let theirs = conversation.messages.filter { $0.speaker != .me }
        var score = 0
        var hits: [(category: String, evidence: String)] = []
        for category in categories {
            for message in theirs {
                let range = NSRange(message.text.startIndex..., in: message.text)
                if let match = category.patterns.lazy.compactMap({ $0.firstMatch(in: message.text, range: range) })
                    .first,
                    let evidence = Range(match.range, in: message.text)
                {
                    score += category.weight
                    hits.append((category.name, String(message.text[evidence])))
                    break
                }
            }
        }
        let level = thresholds.first { score >= $0.1 }?.0 ?? .none
        guard level != .none else { return .none }
        let quoted = hits.prefix(3).map { "\"\($0.evidence)\"" }.joined(separator: ", ")
        return RiskAssessment(
            level: level, categories: hits.map(\.category),
            explanation:
                "The other side wrote \(quoted), which is typical of \(hits.map(\.category).joined(separator: " and ").replacingOccurrences(of: "-", with: " "))."
        )
    }
}
