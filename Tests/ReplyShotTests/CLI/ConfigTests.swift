import XCTest

@testable import ReplyShot

final class ConfigTests: XCTestCase {
    func testSettingsAreReadFromTOML() throws {
        let config = try ReplyShotConfig(
            toml: """
                generator = "openai"
                endpoint = "http://localhost:11434/v1"
                model = "llama3.2"
                allow_remote = false
                max_tokens = 200
                languages = ["deu", "eng"]
                [tones]
                dating = "funny"
                """, file: "config.toml")
        XCTAssertEqual(config.generator, "openai")
        XCTAssertEqual(config.endpoint, "http://localhost:11434/v1")
        XCTAssertEqual(config.maxTokens, 200)
        XCTAssertEqual(config.allowRemote, false)
        XCTAssertEqual(config.tonesByCategory?["dating"], "funny")
        XCTAssertEqual(config.languages, ["deu", "eng"])
    }

    func testMistakesNameTheFileAndTheSetting() {
        XCTAssertThrowsError(try ReplyShotConfig(toml: "modle = \"x\"", file: "/home/me/config.toml")) { error in
            let message = (error as? LocalizedError)?.errorDescription ?? ""
            XCTAssertTrue(message.contains("/home/me/config.toml") && message.contains("modle"), message)
        }
        XCTAssertThrowsError(try ReplyShotConfig(toml: "count = \"three\"", file: "c.toml"))
        XCTAssertThrowsError(try ReplyShotConfig(toml: "generator = ", file: "c.toml"))
    }

    func testFlagsOverrideTheFileAndTheKeyStaysMasked() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.toml")
        try Data(
            "generator = \"openai\"\nendpoint = \"http://127.0.0.1:9/v1\"\nmodel = \"from-file\"\ntimeout = 12\n".utf8
        ).write(to: file)
        let result = try Fixtures.runReplyshot(
            ["config", "--config", file.path, "--model", "from-flag"],
            environment: ["REPLYSHOT_API_KEY": "sk-very-secret-key-77", "PATH": "/usr/bin:/bin"])
        let text = result.text
        XCTAssertEqual(result.status, 0, text)
        XCTAssertTrue(text.contains("from-flag"), text)
        XCTAssertFalse(text.contains("from-file"), text)
        XCTAssertTrue(text.contains("http://127.0.0.1:9/v1"), text)
        XCTAssertTrue(text.contains("12 s"), text)
        XCTAssertFalse(text.contains("very-secret"), "the key is never printed")
    }
}
