import Foundation
import Mustache

/// The two messages a language model is given: instructions (system) and the fenced
/// conversation with the request (user).
public struct RenderedPrompt: Equatable, Sendable {
    public var system: String
    public var user: String

    public init(system: String, user: String) {
        self.system = system
        self.user = user
    }

    /// Both parts as one text, as the report carries it.
    public var combined: String { system + "\n" + user }
}

public struct PromptContext: Sendable {
    public var conversation: Conversation
    public var app: HostApp
    public var tone: String
    public var toneDescription: String
    public var count: Int
    public var style: String?
    public var risk: RiskAssessment
    /// The language the conversation is written in, by name ("German"); nil: not known, or
    /// English, which the templates take for granted.
    public var languageName: String?

    public init(
        conversation: Conversation, app: HostApp, tone: String, toneDescription: String,
        count: Int, style: String? = nil, risk: RiskAssessment = .none, languageName: String? = nil
    ) {
        self.languageName = languageName
        self.conversation = conversation
        self.app = app
        self.tone = tone
        self.toneDescription = toneDescription
        self.count = count
        self.style = style
        self.risk = risk
    }
}

/// Renders prompts/system.mustache and prompts/reply.mustache.
///
/// Screenshot text is untrusted: it goes inside a fence whose tag is derived from the
/// conversation itself, and any fence markers inside the text are defused, so a message
/// cannot close the fence and pose as instructions.
public struct PromptBuilder: Sendable {
    private let system: MustacheTemplate
    private let reply: MustacheTemplate

    public init(directory: URL) throws {
        system = try Self.template(directory.appendingPathComponent("system.mustache"))
        reply = try Self.template(directory.appendingPathComponent("reply.mustache"))
    }

    private static func template(_ url: URL) throws -> MustacheTemplate {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw DataFileError(file: url.path, problem: "it cannot be read")
        }
        do {
            return try MustacheTemplate(string: text)
        } catch {
            throw DataFileError(file: url.path, problem: "it is not a valid Mustache template (\(error))")
        }
    }

    public func render(_ context: PromptContext) -> RenderedPrompt {
        let messages = context.conversation.messages.map { message -> [String: Any] in
            ["label": Self.label(message, title: context.conversation.title), "text": Self.defuse(Self.shown(message))]
        }
        // Screenshot text stays inside the fence: the last message is named by its place only.
        let answerTo =
            context.conversation.lastFromThem == nil
            ? "the conversation" : "their last message (the last line from them inside the fence)"
        var values: [String: Any] = [
            "promptPrefix": context.app.promptPrefix,
            "appName": context.app.name,
            "category": context.app.category.rawValue,
            "tone": context.tone,
            "toneDescription": context.toneDescription,
            "count": context.count,
            "messages": messages,
            "fence": Self.fenceTag(for: context.conversation),
            "answerTo": answerTo,
        ]
        if let title = context.conversation.title { values["title"] = Self.defuse(title) }
        if let style = context.style, !style.isEmpty { values["style"] = style }
        if let language = context.languageName { values["language"] = language }
        if context.risk.level >= .medium { values["riskWarning"] = context.risk.categories.joined(separator: ", ") }
        return RenderedPrompt(system: system.render(values), user: reply.render(values))
    }

    /// What a message says in the prompt: a picture says what it is, and a reply says what it
    /// answers, so the model sees both as the screen showed them.
    static func shown(_ message: Message) -> String {
        switch message.kind {
        case .media: return "(sent \(message.text))"
        case .notice: return "(\(message.text))"
        case .text:
            // A message of emoji alone reads as no text: the model is told something was sent.
            let text = message.text.isEmpty ? "(sent an emoji)" : message.text
            return message.quote.map { "(replying to “\($0)”) \(text)" } ?? text
        }
    }

    static func label(_ message: Message, title: String?) -> String {
        if message.kind == .notice { return "App notice" }
        switch message.speaker {
        case .me: return "Me"
        case .them: return (message.author ?? title).map(defuse) ?? "Them"
        case .unknown: return message.author.map(defuse) ?? "Unknown"
        }
    }

    /// Fence markers inside screenshot text lose their meaning.
    static func defuse(_ text: String) -> String {
        text.replacingOccurrences(of: "<<<", with: "‹‹‹").replacingOccurrences(of: ">>>", with: "›››")
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// A tag derived from everything the screenshot put in the fence (title, authors, quotes,
    /// texts), so the closing fence cannot be written in advance by any of them.
    static func fenceTag(for conversation: Conversation) -> String {
        let parts =
            [conversation.title ?? ""]
            + conversation.messages.flatMap { [$0.author ?? "", $0.quote ?? "", $0.text] }
        return String(StableHash.fnv1a(parts.joined(separator: "\u{1}")), radix: 16)
    }
}
