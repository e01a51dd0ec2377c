import XCTest

@testable import ReplyShot

/// The pipeline as the library assembles it: settings merged once (flags over the config
/// file over the defaults), generators chosen by name, redaction decided by what a generator
/// says about itself, and the history written in one place.
final class AssemblyTests: XCTestCase {
    func testFlagsWinOverTheFileWhichWinsOverTheDefaults() throws {
        var flags = ReplySettingsLayer()
        flags.model = "from-flag"
        flags.count = 5
        var file = ReplySettingsLayer()
        file.model = "from-file"
        file.timeout = 12
        file.redact = false
        file.tonesByCategory = ["dating": "funny"]
        let settings = try ReplySettings(flags: flags, file: file, fileLocation: URL(fileURLWithPath: "/c.toml"))
        XCTAssertEqual(settings.model, "from-flag")
        XCTAssertEqual(settings.count, 5)
        XCTAssertEqual(settings.timeout, 12)
        XCTAssertFalse(settings.redact)
        XCTAssertEqual(settings.tonesByCategory, ["dating": "funny"])
        // What neither says is the default, the same one a generator built alone gets.
        XCTAssertEqual(settings.temperature, ReplySettings.defaults.temperature)
        XCTAssertEqual(settings.generator, GeneratorChoice.registered[0].name)
        let server = OpenAICompatibleGenerator.Settings(endpoint: URL(string: "http://127.0.0.1/v1")!, model: "m")
        XCTAssertEqual(server.temperature, settings.temperature)
        XCTAssertEqual(server.maxTokens, settings.maxTokens)
    }

    func testAWrongValueIsBlamedOnWhereItCameFrom() {
        var flags = ReplySettingsLayer()
        flags.generator = "gpt"
        XCTAssertThrowsError(try ReplySettings(flags: flags)) { error in
            guard case SettingsError.invalidFlag(let sentence) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(sentence.contains("--generator") && sentence.contains("openai"), sentence)
        }
        var file = ReplySettingsLayer()
        file.count = 40
        XCTAssertThrowsError(
            try ReplySettings(flags: ReplySettingsLayer(), file: file, fileLocation: URL(fileURLWithPath: "/c.toml"))
        ) { error in
            let sentence = error.localizedDescription
            XCTAssertTrue(
                error is DataFileError && sentence.contains("/c.toml") && sentence.contains("count"), sentence)
        }
    }

    func testEachRegisteredGeneratorIsBuiltFromTheSettingsByName() throws {
        var settings = ReplySettings()
        let build = { try GeneratorChoice.generator(for: settings, promptsDirectory: Fixtures.prompts, warn: { _ in }) }
        XCTAssertEqual(try build().name, "offline")
        XCTAssertFalse(try build().sendsTextOffDevice)

        settings.generator = "openai"
        XCTAssertThrowsError(try build()) { XCTAssertTrue($0 is SettingsError, "\($0)") }
        settings.endpoint = "http://127.0.0.1:9/v1"
        settings.model = "m"
        XCTAssertEqual(try build().name, "openai")
        XCTAssertTrue(try build().sendsTextOffDevice)
        XCTAssertFalse(try build() is FallbackGenerator)
        settings.fallback = .offline
        XCTAssertTrue(try build() is FallbackGenerator)

        settings.generator = "command"
        settings.command = nil
        XCTAssertThrowsError(try build()) { XCTAssertTrue($0 is SettingsError, "\($0)") }
        settings.command = "cat"
        XCTAssertEqual(try build().name, "command")
        // Nothing to fall back from when the offline generator is the one asked for.
        settings.generator = "offline"
        XCTAssertFalse(try build() is FallbackGenerator)
    }

    func testTextIsRedactedOnlyOnItsWayToAGeneratorThatSendsItAway() async throws {
        let shot = Fixtures.samples.appendingPathComponent("whatsapp-mum/IMG_6310.PNG")
        for sendsAway in [true, false] {
            let pipeline = Pipeline(
                resources: try PromptResources(directory: Fixtures.prompts),
                recognizer: try RegionScreenRecognizer(
                    options: OCROptions(jobs: 1), engine: { ScriptedLineEngine(words: { _ in "call 07700 900123" }) }),
                generator: PromptKeepingGenerator(sendsTextOffDevice: sendsAway))
            var options = AnalysisOptions(folder: shot.deletingLastPathComponent(), window: .everything)
            options.inputs = [shot]
            let report = try await pipeline.analyze(options)
            XCTAssertEqual(report.prompt.contains("07700 900123"), !sendsAway, "sends away: \(sendsAway)")
            XCTAssertEqual(report.redactions.isEmpty, !sendsAway, "\(report.redactions)")
        }
    }

    func testThePipelineRemembersTheShotsItAnswered() async throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let history = try AnalysisHistory(url: scratch.appendingPathComponent("history.sqlite"))
        let shot = Fixtures.samples.appendingPathComponent("whatsapp-mum/IMG_6310.PNG")
        XCTAssertFalse(try history.wasAnswered(FileSystemPath(shot.path)))
        let pipeline = Pipeline(
            resources: try PromptResources(directory: Fixtures.prompts),
            recognizer: try RegionScreenRecognizer(options: OCROptions(jobs: 1), engine: { ScriptedLineEngine() }),
            generator: FixedReplyGenerator(), history: history)
        var options = AnalysisOptions(folder: shot.deletingLastPathComponent(), window: .everything)
        options.inputs = [shot]
        _ = try await pipeline.analyze(options, sessionId: "s-1")
        XCTAssertTrue(try history.wasAnswered(FileSystemPath(shot.path)))
    }
}

/// A generator that declares whether text leaves the machine and answers with nothing.
private struct PromptKeepingGenerator: ReplyGenerator {
    let name = "keeping"
    let sendsTextOffDevice: Bool
    func replies(for request: ReplyRequest) async throws -> [Reply] { [] }
}
