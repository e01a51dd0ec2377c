import XCTest

@testable import ReplyShot

final class OpenAICompatibleGeneratorTests: XCTestCase {
    static func completion(_ content: String) -> String {
        let object: [String: Any] = ["choices": [["message": ["role": "assistant", "content": content]]]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static let untidy = completion(
        "Sure! Here are three options:\n\n1. **I'd love that**, see you Thursday!\n2) \"Only if the first round is on me\"\n- Jazz and wine? Count me in\n"
    )

    func request() -> ReplyRequest { sampleReplyRequest() }

    func generator(_ server: LoopbackServer, timeout: TimeInterval = 5) throws -> OpenAICompatibleGenerator {
        var settings = OpenAICompatibleGenerator.Settings(
            endpoint: URL(string: server.baseURL)!, model: "tiny-model", apiKey: "sk-secret-42")
        settings.timeout = timeout
        return try OpenAICompatibleGenerator(settings: settings)
    }

    func testSendsTheConversationAndCleansTheAnswer() async throws {
        let server = try LoopbackServer(responses: [.init(status: 200, body: Self.untidy)])
        defer { server.stop() }
        let replies = try await generator(server).replies(for: request())
        XCTAssertEqual(
            replies.map(\.text),
            ["I'd love that, see you Thursday!", "Only if the first round is on me", "Jazz and wine? Count me in"])
        let sent = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(sent.method, "POST")
        XCTAssertEqual(sent.path, "/v1/chat/completions")
        XCTAssertEqual(sent.headers["authorization"], "Bearer sk-secret-42")
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: sent.body) as? [String: Any])
        XCTAssertEqual(body["model"] as? String, "tiny-model")
        let messages = try XCTUnwrap(body["messages"] as? [[String: String]])
        XCTAssertEqual(messages.map { $0["role"] }, ["system", "user"])
        XCTAssertTrue(messages[0]["content"]!.contains("flirty"))
        XCTAssertTrue(messages[1]["content"]!.contains("Want to get a drink there this Thursday at 8?"))
        XCTAssertFalse(messages[1]["content"]!.contains("7700"), "phone numbers never leave the process")
        XCTAssertFalse(messages[1]["content"]!.contains("olivia@example.com"))
        XCTAssertTrue(messages[1]["content"]!.contains("[PHONE]"))
    }

    func testOneRetryOnServerErrorsThenAClearError() async throws {
        let flaky = try LoopbackServer(responses: [
            .init(status: 503, body: "loading"), .init(status: 200, body: Self.untidy),
        ])
        defer { flaky.stop() }
        let replies = try await generator(flaky).replies(for: request())
        XCTAssertEqual(replies.count, 3)
        XCTAssertEqual(flaky.requests.count, 2)

        let broken = try LoopbackServer(responses: [.init(status: 500, body: "boom")])
        defer { broken.stop() }
        do {
            _ = try await generator(broken).replies(for: request())
            XCTFail("a failing server is an error")
        } catch let error as GeneratorError {
            guard case .serverError(_, 500, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(broken.requests.count, 2, "exactly one retry")
        }
    }

    func testAServerThatEchoesTheKeyNeverGetsItShownOrStored() async throws {
        let echo = try LoopbackServer(responses: [
            .init(status: 401, body: #"{"error": "Incorrect API key provided: sk-secret-42 (Bearer sk-secret-42)"}"#)
        ])
        defer { echo.stop() }
        do {
            _ = try await generator(echo).replies(for: request())
            XCTFail("a 401 is an error")
        } catch {
            XCTAssertFalse(error.localizedDescription.contains("sk-secret-42"), error.localizedDescription)
            XCTAssertFalse(String(describing: error).contains("sk-secret-42"), "\(error)")
            XCTAssertTrue(error.localizedDescription.contains("401"), error.localizedDescription)
        }
    }

    func testTimeoutMalformedAndEmptyAnswers() async throws {
        let slow = try LoopbackServer(responses: [.init(status: 200, body: Self.untidy, delay: 3)])
        defer { slow.stop() }
        do {
            _ = try await generator(slow, timeout: 1).replies(for: request())
            XCTFail("a slow server times out")
        } catch let error as GeneratorError {
            XCTAssertEqual(error, .timedOut(slow.baseURL, seconds: 1))
            XCTAssertTrue(error.localizedDescription.contains("did not answer in 1 s"))
        }
        for body in ["{not json", #"{"choices": []}"#] {
            let server = try LoopbackServer(responses: [.init(status: 200, body: body)])
            defer { server.stop() }
            do {
                _ = try await generator(server).replies(for: request())
                XCTFail("\(body) is not an answer")
            } catch let error as GeneratorError {
                guard case .malformedAnswer = error else { return XCTFail("\(error)") }
            }
        }
        let short = try LoopbackServer(responses: [.init(status: 200, body: Self.completion("Just one idea"))])
        defer { short.stop() }
        do {
            _ = try await generator(short).replies(for: request())
            XCTFail("too few replies is an error")
        } catch let error as GeneratorError {
            XCTAssertEqual(error, .tooFewReplies("The model", got: 1, wanted: 3))
        }
    }

    func testFallbackFillsInAndSaysWhoAnswered() async throws {
        let short = try LoopbackServer(responses: [.init(status: 200, body: Self.completion("Just one idea"))])
        defer { short.stop() }
        let offline = try OfflineReplyGenerator(
            contentsOf: Fixtures.prompts.appendingPathComponent("offline-replies.json"))
        let fallback = FallbackGenerator(primary: try generator(short), fallback: offline, warn: { _ in })
        let answer = try await fallback.answer(request())
        XCTAssertEqual(answer.replies.count, 3)
        XCTAssertEqual(answer.answeredBy, "offline")
    }

    func testRemoteEndpointsAreRefusedBeforeAnyConnection() throws {
        for url in [
            "https://api.openai.com/v1", "http://192.168.1.20:11434/v1", "http://10.0.0.5/v1",
            "http://127.0.0.1.evil.example/v1",
        ] {
            let settings = OpenAICompatibleGenerator.Settings(endpoint: URL(string: url)!, model: "m", apiKey: nil)
            XCTAssertThrowsError(try OpenAICompatibleGenerator(settings: settings), url) { error in
                XCTAssertEqual(error as? GeneratorError, .remoteEndpointRefused(url))
            }
        }
        for url in ["http://localhost:11434/v1", "http://127.0.0.1:8080/v1", "http://[::1]:8000/v1"] {
            XCTAssertNoThrow(
                try OpenAICompatibleGenerator(settings: .init(endpoint: URL(string: url)!, model: "m", apiKey: nil)),
                url)
        }
        var remote = OpenAICompatibleGenerator.Settings(
            endpoint: URL(string: "https://api.openai.com/v1")!, model: "m", apiKey: nil)
        remote.allowRemote = true
        XCTAssertNoThrow(try OpenAICompatibleGenerator(settings: remote))
    }
}

final class CommandGeneratorTests: XCTestCase {
    func script(_ body: String) throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("reply.sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    func testRepliesComeFromTheCommandsOutput() async throws {
        // The script sees the prompt on stdin and proves it by echoing a piece of it back.
        let lines = try script(
            "prompt=$(cat); case \"$prompt\" in *Thursday*) echo 'Here you go:'; echo '1. Yes, Thursday!'; echo '2. \"Count me in\"'; echo '- Only if I pick the bar';; esac"
        )
        let request = sampleReplyRequest()
        let fromLines = try await CommandGenerator(command: lines.path).replies(for: request).map(\.text)
        XCTAssertEqual(fromLines, ["Yes, Thursday!", "Count me in", "Only if I pick the bar"])
        let json = try script("cat >/dev/null; echo '[\"one\", \"two\", \"three\"]'")
        let fromJSON = try await CommandGenerator(command: "'\(json.path)' --unused arg").replies(for: request).map(
            \.text)
        XCTAssertEqual(fromJSON, ["one", "two", "three"])
    }

    func testFailuresAndTimeLimits() async throws {
        let request = sampleReplyRequest()
        let failing = try script("cat >/dev/null; echo 'model missing' >&2; exit 3")
        do {
            _ = try await CommandGenerator(command: failing.path).replies(for: request)
            XCTFail("a failing command is an error")
        } catch let error as GeneratorError {
            XCTAssertTrue(
                error.localizedDescription.contains("exit status 3: model missing"), error.localizedDescription)
        }
        let slow = try script("sleep 5")
        do {
            _ = try await CommandGenerator(command: slow.path, timeout: 1).replies(for: request)
            XCTFail("a slow command is stopped")
        } catch let error as GeneratorError {
            XCTAssertTrue(error.localizedDescription.contains("within 1 s"), error.localizedDescription)
        }
    }

    func testAChattyCommandsErrorsDoNotStallIt() async throws {
        // Hardening fault 8: stdout was read to its end before stderr, so a command that wrote
        // more than a pipe holds to stderr blocked there, and replyshot with it.
        let chatty = try script(
            "cat >/dev/null; i=0; while [ $i -lt 4000 ]; do echo 'loading weights, layer after layer, slowly' >&2; i=$((i+1)); done; printf 'one\\ntwo\\nthree\\n'"
        )
        let started = Date()
        let replies = try await CommandGenerator(command: chatty.path, timeout: 20).replies(for: sampleReplyRequest())
        XCTAssertEqual(replies.map(\.text), ["one", "two", "three"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "it finished, not the time limit")
    }

    func testReplyshotsOwnKeyIsNotHandedToTheCommand() async throws {
        // Hardening: the key replyshot keeps for its own endpoint is not the command's business.
        setenv("REPLYSHOT_API_KEY", "sk-replyshot-secret", 1)
        defer { unsetenv("REPLYSHOT_API_KEY") }
        let echo = try script("cat >/dev/null; for i in 1 2 3; do echo \"key ${REPLYSHOT_API_KEY:-absent} $i\"; done")
        let replies = try await CommandGenerator(command: echo.path).replies(for: sampleReplyRequest())
        XCTAssertEqual(replies.map(\.text), ["key absent 1", "key absent 2", "key absent 3"])
    }

    func testATimeLimitHoldsEvenForACommandThatIgnoresTermination() async throws {
        // Hardening fault 2: `--timeout` only sent SIGTERM, which the child may ignore (or
        // have blocked), and replyshot waited for its pipes as long as anything held them.
        let stubborn = try script("trap '' TERM; cat >/dev/null; sleep 30")
        let started = Date()
        do {
            _ = try await CommandGenerator(command: stubborn.path, timeout: 1).replies(for: sampleReplyRequest())
            XCTFail("a command past its time limit is an error")
        } catch let error as GeneratorError {
            XCTAssertTrue(error.localizedDescription.contains("within 1 s"), error.localizedDescription)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "over a few seconds after the limit, not 30")
    }

    #if os(Linux)
        func testACommandStartsWithNoSignalsBlocked() async throws {
            // Hardening fault 2: the child inherited the mask of the thread that started it,
            // with SIGTERM, SIGINT and SIGHUP blocked, so stopping it did nothing.
            let mask = try script(
                "cat >/dev/null; for i in 1 2 3; do echo \"$i $(grep SigBlk /proc/self/status)\"; done")
            let replies = try await CommandGenerator(command: mask.path).replies(for: sampleReplyRequest())
            XCTAssertEqual(replies.count, 3)
            for reply in replies { XCTAssertTrue(reply.text.hasSuffix("0000000000000000"), reply.text) }
        }
    #endif

    func testATimeLimitStopsEverythingTheCommandStarted() async throws {
        // Hardening fault 2: the command runs in a process group of its own, and at the time
        // limit the whole group is stopped, not only the process replyshot started.
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("replyshot-child-\(UUID()).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let spawner = try script("cat >/dev/null; sleep 30 & echo $! > '\(pidFile.path)'; wait")
        do {
            _ = try await CommandGenerator(command: spawner.path, timeout: 1).replies(for: sampleReplyRequest())
            XCTFail("a command past its time limit is an error")
        } catch let error as GeneratorError {
            XCTAssertTrue(error.localizedDescription.contains("within 1 s"), error.localizedDescription)
        }
        let grandchild = try XCTUnwrap(
            Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<40 where !gone {
            // A zombie (stopped, not yet reaped by init) counts as gone too.
            let state = (try? String(contentsOfFile: "/proc/\(grandchild)/stat", encoding: .utf8)) ?? ""
            gone = kill(grandchild, 0) != 0 || state.contains(") Z")
            if !gone { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        XCTAssertTrue(gone, "the command's own child \(grandchild) outlived the time limit")
    }

    func testSplittingNeedsNoShell() {
        XCTAssertEqual(
            CommandGenerator.split(#"llm -m "small model" --flag='a b' plain\ word"#),
            ["llm", "-m", "small model", "--flag=a b", "plain word"])
    }
}

final class RedactorAndCleanerTests: XCTestCase {
    func testPersonalDataBecomesPlaceholders() {
        let (text, counts) = Redactor().redact(
            "Call +44 7700 900123 or (415) 555-0132, mail sam.k@example.org, card 4111 1111 1111 1111, your code is 482913, I live at 221 Baker Street"
        )
        XCTAssertFalse(
            text.contains("7700") || text.contains("555") || text.contains("example.org") || text.contains("4111")
                || text.contains("482913") || text.contains("Baker"), text)
        XCTAssertEqual(counts["phone"], 2)
        XCTAssertEqual(counts["email"], 1)
        XCTAssertEqual(counts["card"], 1)
        XCTAssertEqual(counts["code"], 1)
        XCTAssertEqual(counts["address"], 1)
        let (plain, none) = Redactor().redact("See you at 8 on Thursday, 2 of us, table 12")
        XCTAssertEqual(plain, "See you at 8 on Thursday, 2 of us, table 12")
        XCTAssertTrue(none.isEmpty)
    }

    func testCleanerAcceptsJSONAndDropsDuplicates() {
        let cleaner = ReplyCleaner()
        XCTAssertEqual(
            cleaner.replies(from: "```json\n{\"replies\": [\"a\", \"b\", \"a\", \"\"]}\n```", tone: "casual", count: 3)
                .map(\.text), ["a", "b"])
        XCTAssertEqual(
            cleaner.replies(from: "Option 1: *Hey*\nOption 2: Hey\n\n“Sure thing”", tone: "casual", count: 5).map(
                \.text), ["Hey", "Sure thing"])
    }
}

func sampleReplyRequest(count: Int = 3) -> ReplyRequest {
    let conversation = Conversation(
        title: "Olivia",
        messages: [
            Message(
                speaker: .them, text: "Call me on +44 7700 900123 or mail olivia@example.com", confidence: 1,
                source: "x"),
            Message(speaker: .them, text: "Want to get a drink there this Thursday at 8?", confidence: 1, source: "x"),
        ])
    let (redacted, _) = Redactor().redact(conversation)
    let app = HostApp(
        bundleId: "com.hinge.Hinge", name: "Hinge", category: .dating, tone: "flirty", promptPrefix: "You help.")
    let context = PromptContext(
        conversation: redacted, app: app, tone: "flirty", toneDescription: "playful", count: count)
    let prompt = try! PromptBuilder(directory: Fixtures.prompts).render(context)
    return ReplyRequest(context: context, prompt: prompt)
}
