import Foundation
import Mustache

/// A built-in stand-in for a language model: no network, deterministic, template based.
///
/// It works out what the other person's last message asks for (an invitation, a question,
/// thanks, ...) and picks distinct replies for that intent in the chosen tone from
/// prompts/offline-replies.json. When the conversation looks like a scam it only offers
/// replies that decline.
public struct OfflineReplyGenerator: ReplyGenerator {
    /// Nothing leaves the process: the replies come from templates in prompts/.
    public var sendsTextOffDevice: Bool { false }
    struct File: Decodable {
        struct Intent: Decodable {
            var name: String
            var patterns: [String]
        }
        var intents: [Intent]
        var replies: [String: [String: [String]]]
    }

    public let name = "offline"
    private let intents: [(name: String, patterns: [NSRegularExpression])]
    private let replies: [String: [String: [String]]]

    public init(contentsOf url: URL) throws {
        let file = try JSONDataFile.load(File.self, from: url)
        intents = try file.intents.map { intent in
            (
                intent.name,
                try intent.patterns.map { pattern in
                    do { return try NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) } catch {
                        throw DataFileError(
                            file: url.path, problem: "the pattern \(pattern) is not a valid regular expression")
                    }
                }
            )
        }
        replies = file.replies
        guard replies["statement"] != nil else {
            throw DataFileError(file: url.path, problem: "it has no \"statement\" replies to fall back on")
        }
    }

    /// The intent of a message: the first rule in the file that matches it.
    public func intent(of text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        return intents.first { intent in intent.patterns.contains { $0.firstMatch(in: text, range: range) != nil } }?
            .name
            ?? "statement"
    }

    public func replies(for request: ReplyRequest) async throws -> [Reply] {
        let context = request.context
        let last = context.conversation.lastFromThem?.text ?? ""
        let intent = context.risk.level >= .medium ? "safety" : intent(of: last)
        let tone = context.tone.lowercased()
        let values: [String: Any] = ["name": context.conversation.title ?? "", "when": Self.when(in: last) ?? "then"]
        // The tone's own templates first (rotated by the message, so different chats get
        // different openers), then casual ones, then plain statements, so the requested count
        // can always be met with distinct replies.
        let primary = replies[intent]?[tone] ?? replies[intent]?["any"] ?? []
        // Stable across runs: the same conversation always gets the same suggestions.
        let start = primary.isEmpty ? 0 : Int(StableHash.fnv1a(last) % 1_000_003) % primary.count
        var ordered = Array(primary[start...]) + Array(primary[..<start])
        for (key, toneKey) in [(intent, "any"), (intent, "casual"), ("statement", tone), ("statement", "casual")] {
            ordered += replies[key]?[toneKey] ?? []
        }
        var seen = Set<String>()
        var result: [Reply] = []
        for template in ordered where result.count < context.count {
            let text = Self.render(template, values)
            guard !text.isEmpty, seen.insert(text.lowercased()).inserted else { continue }
            result.append(Reply(text: text, tone: context.tone))
        }
        return result
    }

    static func render(_ template: String, _ values: [String: Any]) -> String {
        let rendered = (try? MustacheTemplate(string: template).render(values)) ?? template
        // A filled-in day can start a sentence ("this Thursday at 8 it is"): capitalise
        // whatever starts one.
        var result = ""
        var capitalizeNext = true
        for character in rendered.trimmingCharacters(in: .whitespaces) {
            result.append(capitalizeNext && character.isLetter ? Character(character.uppercased()) : character)
            if character.isLetter || character.isNumber { capitalizeNext = false }
            if ".!?".contains(character) { capitalizeNext = true }
        }
        return result
    }

    /// A day or time the other person named ("this Thursday at 8", "Sunday", "at 12:45").
    static func when(in text: String) -> String? {
        let pattern =
            #"(?i)\b((this|next|on)\s+)?(mon|tues|wednes|thurs|fri|satur|sun)day(\s+(at\s+)?\d{1,2}([:.]\d{2})?\s*([ap]m)?)?|\b(tonight|tomorrow( night| morning)?|this weekend)\b|\bat\s+\d{1,2}([:.]\d{2})?\s*([ap]m)?"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range, in: text)
        else { return nil }
        return String(text[range]).trimmingCharacters(in: .whitespaces)
    }
}

extension GeneratorChoice {
    public static let offline = GeneratorChoice(name: "offline", summary: "built in, no network") { _, offline in
        offline
    }
}
