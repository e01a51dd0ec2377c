import XCTest

@testable import ReplyShot

/// Current local models think before they answer, and their servers take a JSON schema for
/// the answer; whatever the shape, the user gets exactly `count` clean replies.
final class ReasoningAndSchemaTests: XCTestCase {
    static func completion(content: String, extra: [String: Any] = [:]) -> String {
        var message: [String: Any] = ["role": "assistant", "content": content]
        message.merge(extra) { $1 }
        let object: [String: Any] = ["choices": [["message": message]]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    func generator(_ server: LoopbackServer) throws -> OpenAICompatibleGenerator {
        try OpenAICompatibleGenerator(
            settings: .init(endpoint: URL(string: server.baseURL)!, model: "qwen3", apiKey: nil))
    }

    func replies(_ responses: [LoopbackServer.Response]) async throws -> ([String], LoopbackServer) {
        let server = try LoopbackServer(responses: responses)
        let replies = try await generator(server).replies(for: sampleReplyRequest())
        server.stop()
        return (replies.map(\.text), server)
    }

    func testThinkBlocksNeverBecomeReplies() async throws {
        let shapes = [
            // Qwen3 / DeepSeek-R1 distills through Ollama or llama.cpp: thinking inline.
            "<think>\nThey asked about Thursday. Maybe:\n1. suggest wine\n2. ask time\n</think>\n\nSounds fun!\nThursday works\nSee you at 8",
            // A server that dropped the opening tag.
            "They asked about Thursday.\n1. a thought\n</think>\nSounds fun!\nThursday works\nSee you at 8",
            // gpt-oss harmony channels.
            "<|channel|>analysis<|message|>Need three replies.<|end|><|start|>assistant<|channel|>final<|message|>Sounds fun!\nThursday works\nSee you at 8<|return|>",
        ]
        for content in shapes {
            let (texts, _) = try await replies([.init(status: 200, body: Self.completion(content: content))])
            XCTAssertEqual(texts, ["Sounds fun!", "Thursday works", "See you at 8"], content)
        }
        // vLLM / DeepSeek: the reasoning in its own field, never read.
        let (texts, _) = try await replies([
            .init(
                status: 200,
                body: Self.completion(
                    content: "{\"replies\": [\"Sounds fun!\", \"Thursday works\", \"See you at 8\"]}",
                    extra: ["reasoning_content": "1. think hard\n2. harder", "reasoning": "Maybe decline?"]))
        ])
        XCTAssertEqual(texts, ["Sounds fun!", "Thursday works", "See you at 8"])
    }

    func testAnUnfinishedThoughtIsNoAnswer() async throws {
        let server = try LoopbackServer(responses: [
            .init(status: 200, body: Self.completion(content: "<think>\nFirst idea: wine\nSecond idea: jazz\nThird"))
        ])
        defer { server.stop() }
        do {
            _ = try await generator(server).replies(for: sampleReplyRequest())
            XCTFail("half a thought must not become replies")
        } catch GeneratorError.tooFewReplies {}
    }

    func testTheAnswerIsAskedForAsAJSONSchemaOfExactlyCountReplies() async throws {
        let (texts, server) = try await replies([
            .init(status: 200, body: Self.completion(content: "{\"replies\":[\"A\",\"B\",\"C\"]}"))
        ])
        XCTAssertEqual(texts, ["A", "B", "C"])
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: server.requests[0].body) as? [String: Any])
        let format = try XCTUnwrap(body["response_format"] as? [String: Any])
        XCTAssertEqual(format["type"] as? String, "json_schema")
        let schema = try XCTUnwrap((format["json_schema"] as? [String: Any])?["schema"] as? [String: Any])
        let list = try XCTUnwrap((schema["properties"] as? [String: Any])?["replies"] as? [String: Any])
        XCTAssertEqual(list["minItems"] as? Int, 3)
        XCTAssertEqual(list["maxItems"] as? Int, 3)
    }

    func testAServerThatRejectsTheSchemaIsAskedOnceMoreWithoutItAndNeverAgain() async throws {
        let server = try LoopbackServer(responses: [
            .init(status: 400, body: "{\"error\": \"unknown field: response_format\"}"),
            .init(status: 200, body: Self.completion(content: "Sounds fun!\nThursday works\nSee you at 8")),
        ])
        defer { server.stop() }
        let generator = try generator(server)
        let first = try await generator.replies(for: sampleReplyRequest())
        XCTAssertEqual(first.count, 3)
        _ = try await generator.replies(for: sampleReplyRequest())
        let bodies = try server.requests.map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: $0.body) as? [String: Any])
        }
        XCTAssertEqual(bodies.map { $0["response_format"] != nil }, [true, false, false], "remembered for the run")
    }

    func testARefusalForAnotherReasonIsReportedAsItIs() async throws {
        let server = try LoopbackServer(responses: [.init(status: 400, body: "{\"error\": \"model not found\"}")])
        defer { server.stop() }
        do {
            _ = try await generator(server).replies(for: sampleReplyRequest())
            XCTFail("expected an error")
        } catch GeneratorError.serverError(_, let status, _) {
            XCTAssertEqual(status, 400)
        }
        XCTAssertEqual(server.requests.count, 1)
    }
}
