import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replies from any server that speaks OpenAI's chat-completions API: Ollama, llama.cpp's
/// server, vLLM, LM Studio, or OpenAI itself when the user allows a remote endpoint.
public struct OpenAICompatibleGenerator: ReplyGenerator {
    public struct Settings: Sendable, Equatable {
        public var endpoint: URL
        public var model: String
        public var temperature: Double = ReplySettings.defaults.temperature
        public var maxTokens: Int = ReplySettings.defaults.maxTokens
        public var timeout: TimeInterval = ReplySettings.defaults.timeout
        public var allowRemote: Bool = ReplySettings.defaults.allowRemote
        /// From REPLYSHOT_API_KEY, else OPENAI_API_KEY; sent as a bearer token, never printed.
        public var apiKey: String?

        public init(
            endpoint: URL, model: String,
            apiKey: String? = ProcessInfo.processInfo.environment["REPLYSHOT_API_KEY"]
                ?? ProcessInfo.processInfo.environment["OPENAI_API_KEY"]
        ) {
            self.endpoint = endpoint
            self.model = model
            self.apiKey = apiKey
        }
    }

    public let name = "openai"
    public let settings: Settings
    private let cleaner = ReplyCleaner()
    /// Set once a server has refused a JSON schema for the answer: the rest of the run asks
    /// for plain text, without a refused request first each time.
    private let schemaRefused = Flag()

    /// Refuses a non-loopback endpoint here, from the URL alone, before any connection exists.
    public init(settings: Settings) throws {
        guard let scheme = settings.endpoint.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = settings.endpoint.host, !host.isEmpty
        else {
            throw GeneratorError.invalidEndpoint(settings.endpoint.absoluteString)
        }
        guard settings.allowRemote || Self.isLoopback(host: host) else {
            throw GeneratorError.remoteEndpointRefused(settings.endpoint.absoluteString)
        }
        self.settings = settings
    }

    public static func isLoopback(host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0:0:0:0:0:0:0:1" {
            return true
        }
        let parts = host.split(separator: ".")
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    var completionsURL: URL { settings.endpoint.appendingPathComponent("chat/completions") }

    public func replies(for request: ReplyRequest) async throws -> [Reply] {
        let data: Data
        if schemaRefused.isSet {
            data = try await sendWithRetry(try urlRequest(for: request, askingForSchema: false))
        } else {
            do {
                data = try await sendWithRetry(try urlRequest(for: request, askingForSchema: true))
            } catch GeneratorError.serverError(_, let status, let detail)
                where Self.refusesSchema(status: status, detail: detail)
            {
                // Older servers reject `response_format`: ask once more for plain text, and
                // from now on only for that.
                schemaRefused.set()
                data = try await sendWithRetry(try urlRequest(for: request, askingForSchema: false))
            }
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GeneratorError.malformedAnswer(settings.endpoint.absoluteString, "not JSON")
        }
        guard let choices = object["choices"] as? [[String: Any]], let first = choices.first,
            let message = first["message"] as? [String: Any], let content = message["content"] as? String
        else {
            throw GeneratorError.malformedAnswer(settings.endpoint.absoluteString, "no choices[0].message.content")
        }
        // Reasoning fields (`reasoning_content`, `reasoning`) are never read; reasoning inside
        // the content is cut away before replies are taken from it.
        let context = request.context
        let replies = cleaner.replies(
            from: ReasoningStripper.answer(in: content), tone: context.tone, count: context.count)
        guard replies.count == context.count else {
            throw GeneratorError.tooFewReplies("The model", got: replies.count, wanted: context.count)
        }
        return replies
    }

    /// The chat-completions request; with `askingForSchema`, the answer is asked for as
    /// `{"replies": [exactly count strings]}` (OpenAI, vLLM, llama.cpp, LM Studio and Ollama
    /// all accept `response_format` with a JSON schema).
    func urlRequest(for request: ReplyRequest, askingForSchema: Bool) throws -> URLRequest {
        var body: [String: Any] = [
            "model": settings.model,
            "temperature": settings.temperature,
            "max_tokens": settings.maxTokens,
            "messages": [
                ["role": "system", "content": request.prompt.system],
                ["role": "user", "content": request.prompt.user],
            ],
        ]
        if askingForSchema {
            let count = request.context.count
            body["response_format"] = [
                "type": "json_schema",
                "json_schema": [
                    "name": "replies",
                    "strict": true,
                    "schema": [
                        "type": "object",
                        "properties": [
                            "replies": [
                                "type": "array", "items": ["type": "string"], "minItems": count, "maxItems": count,
                            ]
                        ],
                        "required": ["replies"],
                        "additionalProperties": false,
                    ] as [String: Any],
                ] as [String: Any],
            ]
        }
        var urlRequest = URLRequest(url: completionsURL, timeoutInterval: settings.timeout)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let key = settings.apiKey, !key.isEmpty {
            urlRequest.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        }
        urlRequest.httpBody = try JSONSerialization.data(withJSONObject: body)
        return urlRequest
    }

    /// A 400 or 422 that names the structured-answer fields: the server does not do schemas.
    static func refusesSchema(status: Int, detail: String) -> Bool {
        guard status == 400 || status == 422 else { return false }
        let lower = detail.lowercased()
        return ["response_format", "json_schema", "schema", "format"].contains { lower.contains($0) }
    }

    /// A server may echo the key it was sent ("Incorrect API key provided: sk-…"): what it
    /// says is shown and stored in the history, the key never is.
    func scrubbingKey(_ text: String) -> String {
        guard let key = settings.apiKey, key.count >= Self.shortestScrubbedKey else { return text }
        return text.replacingOccurrences(of: key, with: "[API key]")
    }

    /// Keys shorter than this are not looked for in text (a one-letter "key" would blank words).
    static let shortestScrubbedKey = 4

    /// One retry on connection refused or 5xx.
    private func sendWithRetry(_ request: URLRequest) async throws -> Data {
        do {
            return try await send(request)
        } catch let error as GeneratorError where error.isTransient {
            try await Task.sleep(nanoseconds: 500_000_000)
            return try await send(request)
        }
    }

    private func send(_ request: URLRequest) async throws -> Data {
        let endpoint = settings.endpoint.absoluteString
        // A loopback server is reached directly, whatever http_proxy says: a proxy would
        // carry the conversation and the key off the machine.
        let host = settings.endpoint.host ?? ""
        let poster = HTTPPoster(deadline: settings.timeout, useProxy: !Self.isLoopback(host: host))
        let response: HTTPPoster.Response
        do {
            response = try await poster.post(
                request.url ?? completionsURL, headers: request.allHTTPHeaderFields ?? [:],
                body: request.httpBody ?? Data())
        } catch let failure as HTTPPoster.Failure {
            switch failure {
            case .timedOut: throw GeneratorError.timedOut(endpoint, seconds: settings.timeout)
            case .tooLarge: throw GeneratorError.answerTooLarge(endpoint, bytes: HTTPPoster.maxBodyBytes)
            case .unreachable(let why): throw GeneratorError.unreachable(endpoint, why)
            case .failed(let why): throw GeneratorError.malformedAnswer(endpoint, why)
            }
        }
        if (300..<400).contains(response.status) {
            throw GeneratorError.redirected(endpoint, to: response.redirect ?? "another address")
        }
        guard (200..<300).contains(response.status) else {
            let detail = String(decoding: response.body.prefix(200), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            throw GeneratorError.serverError(endpoint, status: response.status, detail: scrubbingKey(detail))
        }
        return response.body
    }
}

/// A flag several concurrent requests may read and one may set.
final class Flag: @unchecked Sendable {
    private var value = false
    private let lock = NSLock()

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// What a reasoning model answered once its thinking is taken out: `<think>…</think>` (and
/// `<thinking>`, `<reasoning>`) blocks, a thought that never closed, and the analysis channel
/// of gpt-oss's harmony format. A reply is never half a thought.
public enum ReasoningStripper {
    public static func answer(in content: String) -> String {
        var text = content
        // gpt-oss (harmony): the final channel's message is the answer.
        if let final = text.range(of: "<|channel|>final<|message|>") {
            text = String(text[final.upperBound...])
            if let end = text.range(of: "<|") { text = String(text[..<end.lowerBound]) }
            return text
        }
        for tag in ["think", "thinking", "reasoning", "reflection"] {
            text = text.replacingOccurrences(
                of: "(?is)<\(tag)>.*?</\(tag)>", with: "", options: .regularExpression)
            // Still open at the end: everything after it is thought, not answer.
            if let open = text.range(of: "<\(tag)>", options: .caseInsensitive) {
                text = String(text[..<open.lowerBound])
            }
            // A closing tag without its opening (the server dropped it): the answer follows it.
            if let close = text.range(of: "</\(tag)>", options: [.caseInsensitive, .backwards]) {
                text = String(text[close.upperBound...])
            }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension GeneratorChoice {
    public static let openAICompatible = GeneratorChoice(
        name: "openai", summary: "an OpenAI-compatible server such as Ollama or llama.cpp; needs --endpoint and --model"
    ) { settings, _ in
        guard let endpoint = settings.endpoint, let model = settings.model else {
            throw SettingsError.incomplete(
                "--generator openai needs --endpoint URL and --model NAME (e.g. --endpoint http://localhost:11434/v1 --model llama3.2), as flags or in the config file."
            )
        }
        guard let url = URL(string: endpoint) else { throw GeneratorError.invalidEndpoint(endpoint) }
        var server = OpenAICompatibleGenerator.Settings(endpoint: url, model: model)
        server.temperature = settings.temperature
        server.maxTokens = settings.maxTokens
        server.timeout = settings.timeout
        server.allowRemote = settings.allowRemote
        return try OpenAICompatibleGenerator(settings: server)
    }
}
