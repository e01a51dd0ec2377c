import Foundation

/// Removes personal data from conversation text before it leaves the process: phone numbers,
/// e-mail addresses, card and account numbers, one-time codes and street addresses become
/// placeholders, and the kinds removed are counted for the report.
public struct Redactor: Sendable {
    struct Rule: Sendable {
        let kind: String
        let placeholder: String
        let pattern: NSRegularExpression
    }

    private let rules: [Rule]

    public init() {
        func rule(_ kind: String, _ placeholder: String, _ pattern: String) -> Rule {
            Rule(
                kind: kind, placeholder: placeholder,
                pattern: try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive]))
        }
        // Order matters: longer digit runs (cards, IBANs) before phone numbers and codes.
        rules = [
            rule("email", "[EMAIL]", #"[\w.+-]+@[\w-]+(\.[\w-]+)+"#),
            rule("card", "[CARD]", #"\b(?:\d[ -]?){12,18}\d\b"#),
            rule(
                "account", "[ACCOUNT]",
                #"\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}(?:\s?[A-Z0-9]{1,4})?\b|\b(?:account|acct|sort code)[^\d]{0,12}[\d -]{6,}\d"#
            ),
            rule(
                "phone", "[PHONE]",
                [
                    #"\+\d{1,3}[\s.-]?\d{2,5}[\s.-]?\d{3,4}(?:[\s.-]?\d{2,4})?"#,  // international
                    #"\(\d{2,4}\)[\s.-]?\d{3,4}[\s.-]?\d{3,4}"#,  // (415) 555-0132
                    #"\b\d{3,5}[\s.-]\d{3,4}[\s.-]\d{3,4}\b"#,  // 020 7946 0018
                    #"\b0\d{9,10}\b"#,  // 07700900123
                ].joined(separator: "|")),
            rule(
                "code", "[CODE]",
                #"(?<=\bcode\b[^\d\n]{0,20})\b\d{4,8}\b|\b\d{4,8}\b(?=[^\d\n]{0,20}\b(?:is your|verification|one-time|security) code)"#
            ),
            rule(
                "address", "[ADDRESS]",
                #"\b\d{1,5}\s+(?:[A-Z][a-z]+\s){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq)\b\.?"#
            ),
        ]
    }

    /// The redacted text and how many of each kind were removed.
    public func redact(_ text: String) -> (String, [String: Int]) {
        var result = text
        var counts: [String: Int] = [:]
        for rule in rules {
            let range = NSRange(result.startIndex..., in: result)
            let found = rule.pattern.numberOfMatches(in: result, range: range)
            guard found > 0 else { continue }
            counts[rule.kind, default: 0] += found
            result = rule.pattern.stringByReplacingMatches(in: result, range: range, withTemplate: rule.placeholder)
        }
        return (result, counts)
    }

    /// A copy of the conversation with every message (and the title) redacted.
    public func redact(_ conversation: Conversation) -> (Conversation, [String: Int]) {
        var counts: [String: Int] = [:]
        var copy = conversation
        for index in copy.messages.indices {
            let (text, found) = redact(copy.messages[index].text)
            copy.messages[index].text = text
            counts.merge(found, uniquingKeysWith: +)
        }
        if let title = copy.title {
            let (text, found) = redact(title)
            copy.title = text
            counts.merge(found, uniquingKeysWith: +)
        }
        return (copy, counts)
    }
}
