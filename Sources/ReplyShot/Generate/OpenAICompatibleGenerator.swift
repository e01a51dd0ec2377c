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
        public var temperature: Double = 0.8
        public var maxTokens: Int = 300
        public var timeout: TimeInterval = 30
        public var allowRemote = false
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
        let body: [String: Any] = [
            "model": settings.model,
            "temperature": settings.temperature,
            "max_tokens": settings.maxTokens,
            "messages": [
                ["role": "system", "content": request.prompt.system],
                ["role": "user", "content": request.prompt.user],
            ],
        ]
        var urlRequest = URLRequest(url: completionsURL, timeoutInterval: settings.timeout)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let key = settings.apiKey, !key.isEmpty {
            urlRequest.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        }
        urlRequest.httpBody = try JSONSerialization.data(withJSONObject: body)

        let data: Data
        do {
            data = try await send(urlRequest)
        } catch let error as GeneratorError where error.isTransient {
            try await Task.sleep(nanoseconds: 500_000_000)
            data = try await send(urlRequest)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GeneratorError.malformedAnswer(settings.endpoint.absoluteString, "not JSON")
        }
        guard let choices = object["choices"] as? [[String: Any]], let first = choices.first,
            let message = first["message"] as? [String: Any], let content = message["content"] as? String
        else {
            throw GeneratorError.malformedAnswer(settings.endpoint.absoluteString, "no choices[0].message.content")
        }
        let context = request.context
        let replies = cleaner.replies(from: content, tone: context.tone, count: context.count)
        guard replies.count == context.count else {
            throw GeneratorError.tooFewReplies("The model", got: replies.count, wanted: context.count)
        }
        return replies
    }

    private func send(_ request: URLRequest) async throws -> Data {
        let endpoint = settings.endpoint.absoluteString
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.timeout
        configuration.timeoutIntervalForResource = settings.timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                let detail = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                throw GeneratorError.serverError(endpoint, status: status, detail: detail)
            }
            return data
        } catch let error as URLError {
            if error.code == .timedOut { throw GeneratorError.timedOut(endpoint, seconds: settings.timeout) }
            throw GeneratorError.unreachable(endpoint, error.localizedDescription)
        }
    }
}
