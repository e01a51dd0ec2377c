import Foundation
import XCTest

@testable import ReplyShot

/// Hardening 3, 4, 12 and 15: what a model server (or whatever answers on its port) can do to
/// the request, the key and replyshot's memory and time.
final class HostileServerTests: XCTestCase {
    let answer = OpenAICompatibleGeneratorTests.completion("One\nTwo\nThree")

    func generator(_ url: String, timeout: TimeInterval = 5) throws -> OpenAICompatibleGenerator {
        var settings = OpenAICompatibleGenerator.Settings(
            endpoint: URL(string: url)!, model: "tiny-model", apiKey: "sk-secret-42")
        settings.timeout = timeout
        return try OpenAICompatibleGenerator(settings: settings)
    }

    /// Runs `body` with proxy variables pointing at `proxy`, then restores the environment.
    func withProxyVariables(_ proxy: String, _ body: () async throws -> Void) async rethrows {
        let names = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY", "https_proxy"]
        let saved = names.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        names.forEach { setenv($0, proxy, 1) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        try await body()
    }

    func testProxyVariablesNeverCarryALoopbackRequestElsewhere() async throws {
        let server = try LoopbackServer(responses: [.init(status: 200, body: answer)])
        let proxy = try LoopbackServer(responses: [.init(status: 200, body: answer)])
        defer {
            server.stop()
            proxy.stop()
        }
        try await withProxyVariables(proxy.origin) {
            let replies = try await generator(server.baseURL).replies(for: sampleReplyRequest())
            XCTAssertEqual(replies.count, 3)
        }
        XCTAssertEqual(server.requests.count, 1, "the loopback server is asked directly")
        XCTAssertTrue(proxy.requests.isEmpty, "the proxy saw \(proxy.requests.map(\.headers))")
    }

    func testARedirectIsReportedNotFollowed() async throws {
        let elsewhere = try LoopbackServer(responses: [.init(status: 200, body: answer)])
        defer { elsewhere.stop() }
        for status in [301, 302, 307, 308] {
            let target = "http://localhost:\(elsewhere.port)/steal"
            let server = try LoopbackServer(responses: [
                .init(status: status, body: "", headers: ["Location": target])
            ])
            defer { server.stop() }
            do {
                _ = try await generator(server.baseURL).replies(for: sampleReplyRequest())
                XCTFail("a \(status) is not an answer")
            } catch let error as GeneratorError {
                XCTAssertEqual(error, .redirected(server.baseURL, to: target))
                XCTAssertTrue(error.localizedDescription.contains(target), error.localizedDescription)
            }
            XCTAssertEqual(server.requests.count, 1, "no retry of a redirect")
        }
        XCTAssertTrue(elsewhere.requests.isEmpty, "the key went to \(elsewhere.requests.map(\.path))")
    }

    func testAnOversizedAnswerIsRefusedWithoutHoldingIt() async throws {
        // 64 KiB × 160 = 10 MiB declared and sent, over the 4 MiB limit.
        let chunk = String(repeating: "x", count: 64 << 10)
        let server = try LoopbackServer(responses: [.init(status: 200, body: chunk, repeats: 160)])
        defer { server.stop() }
        do {
            _ = try await generator(server.baseURL).replies(for: sampleReplyRequest())
            XCTFail("10 MiB is not a few replies")
        } catch let error as GeneratorError {
            XCTAssertEqual(error, .answerTooLarge(server.baseURL, bytes: HTTPPoster.maxBodyBytes))
        }
    }

    func testTheTimeoutIsADeadlineForTheWholeAnswer() async throws {
        // A byte every 0.3 s never leaves the connection idle for a second, yet the whole
        // answer would take over a minute.
        let server = try LoopbackServer(responses: [.init(status: 200, body: answer, delay: 0.3, dripBytes: 1)])
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await generator(server.baseURL, timeout: 2).replies(for: sampleReplyRequest())
            XCTFail("a dripping answer ends at the deadline")
        } catch let error as GeneratorError {
            XCTAssertEqual(error, .timedOut(server.baseURL, seconds: 2))
        }
        XCTAssertLessThan(
            Date().timeIntervalSince(started), 10,
            "the 2 s deadline held (a dripped answer takes over a minute without it)")
    }

    func testAnIPv6LoopbackEndpointIsReached() async throws {
        let server: LoopbackServer
        do {
            server = try LoopbackServer(responses: [.init(status: 200, body: answer)], ipv6: true)
        } catch {
            throw XCTSkip("this machine has no IPv6 loopback (::1) to listen on")
        }
        defer { server.stop() }
        let replies = try await generator(server.baseURL).replies(for: sampleReplyRequest())
        XCTAssertEqual(replies.map(\.text), ["One", "Two", "Three"])
        XCTAssertEqual(server.requests.first?.headers["authorization"], "Bearer sk-secret-42")
    }
}
