import Foundation

/// Turns whatever a model answered into clean, distinct replies: JSON when it gave JSON,
/// otherwise one reply per line with preambles, numbering, bullets, quotes and markdown
/// emphasis removed.
public struct ReplyCleaner: Sendable {
    public init() {}

    public func replies(from answer: String, tone: String, count: Int) -> [Reply] {
        let candidates = jsonReplies(answer) ?? lineReplies(answer)
        var seen = Set<String>()
        var result: [Reply] = []
        for candidate in candidates {
            let text = clean(candidate)
            guard !text.isEmpty, seen.insert(TextSimilarity.normalize(text)).inserted else { continue }
            result.append(Reply(text: text, tone: tone))
            if result.count == count { break }
        }
        return result
    }

    /// `["a", "b"]`, `{"replies": [...]}`, or a list of `{"text": ...}` objects, possibly in a code fence.
    func jsonReplies(_ answer: String) -> [String]? {
        var text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```") {
            text = text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("```") }.joined(separator: "\n")
        }
        guard let start = text.firstIndex(where: { $0 == "[" || $0 == "{" }),
            let data = String(text[start...]).data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data)
        else { return nil }
        func strings(_ value: Any) -> [String]? {
            if let list = value as? [String] { return list }
            if let list = value as? [[String: Any]] {
                return list.compactMap { ($0["text"] ?? $0["reply"]) as? String }
            }
            if let dictionary = value as? [String: Any] {
                for key in ["replies", "suggestions", "options", "responses"] {
                    if let inner = dictionary[key], let found = strings(inner) { return found }
                }
            }
            return nil
        }
        return strings(object)
    }

    func lineReplies(_ answer: String) -> [String] {
        answer.split(whereSeparator: \.isNewline).map(String.init).filter { !isPreamble($0) }
    }

    private func isPreamble(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        if trimmed.hasSuffix(":") { return true }
        return ["sure", "here are", "here's", "of course", "certainly", "okay, here", "ok, here"].contains {
            lower.hasPrefix($0)
        }
            && (lower.contains("repl") || lower.contains("option") || lower.contains("suggest")
                || trimmed.hasSuffix("!"))
    }

    func clean(_ line: String) -> String {
        // A reply is shown on terminals and stored: no escape sequences survive in it.
        var text = DisplaySafeText.clean(line).trimmingCharacters(in: .whitespaces)
        // Numbering and bullets: "1.", "2)", "(3)", "-", "*", "•", "Option 1:", "Reply 2 -".
        let patterns = [#"^\(?\d{1,2}[.):\]]\s*"#, #"^[-*•–]\s+"#, #"^(?i)(option|reply|response)\s*\d+\s*[:.)-]\s*"#]
        for pattern in patterns {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        text = text.replacingOccurrences(of: #"\*\*(.+?)\*\*"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(
            of: #"(?<![\w])[*_](.+?)[*_](?![\w])"#, with: "$1", options: .regularExpression)
        text = text.trimmingCharacters(in: .whitespaces)
        let quotes: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("'", "'"), ("‘", "’"), ("`", "`")]
        for (open, close) in quotes where text.count >= 2 && text.first == open && text.last == close {
            text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        return text
    }
}
