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
    func replies(for request: ReplyRequest) async throws -> [Reply]
}
