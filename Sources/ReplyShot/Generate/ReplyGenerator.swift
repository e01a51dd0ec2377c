public struct Reply: Equatable, Codable, Sendable {
    public var text: String
    public var tone: String

    public init(text: String, tone: String) {
        self.text = text
        self.tone = tone
    }
}

/// Everything a generator may use to write replies.
public struct ReplyRequest: Sendable {
    public var context: PromptContext
    public var prompt: RenderedPrompt

    public init(context: PromptContext, prompt: RenderedPrompt) {
        self.context = context
        self.prompt = prompt
    }
}

/// The Generate stage. Implementations: the built-in offline generator; model servers and
/// external commands plug in behind the same protocol.
public protocol ReplyGenerator: Sendable {
    var name: String { get }
    /// True when the conversation leaves replyshot's process on its way to this generator (a
    /// model server, a command): personal data is then redacted first, unless the user said not to.
    var sendsTextOffDevice: Bool { get }
    func replies(for request: ReplyRequest) async throws -> [Reply]
    /// The replies and the name of the generator that wrote them (a fallback says which of its
    /// two answered).
    func answer(_ request: ReplyRequest) async throws -> GeneratedReplies
}

/// What a generator answered, and which one did.
public struct GeneratedReplies: Sendable {
    public var replies: [Reply]
    public var answeredBy: String

    public init(replies: [Reply], answeredBy: String) {
        self.replies = replies
        self.answeredBy = answeredBy
    }
}

extension ReplyGenerator {
    /// A generator is assumed to send text away unless it says otherwise: redacting too much
    /// is the safe mistake.
    public var sendsTextOffDevice: Bool { true }

    public func answer(_ request: ReplyRequest) async throws -> GeneratedReplies {
        GeneratedReplies(replies: try await replies(for: request), answeredBy: name)
    }
}
