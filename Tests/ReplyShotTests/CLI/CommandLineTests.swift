import XCTest

@testable import ReplyShot

/// The executable as a person or a script uses it: arguments in, exit status, stdout and
/// stderr out.
final class CommandLineTests: XCTestCase {
    let olivia = Fixtures.samples.appendingPathComponent("hinge-olivia")

    func testNamedScreenshotsAreTakenInCaptureOrderWhateverTheArgumentOrder() throws {
        let result = try Fixtures.runReplyshot([
            "analyze", olivia.appendingPathComponent("IMG_4102.PNG").path,
            olivia.appendingPathComponent("IMG_4101.PNG").path,
            "--format", "json", "--no-history",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try AnalysisReport.decoder().decode(AnalysisReport.self, from: result.stdout)
        XCTAssertEqual(
            report.screenshots.map { URL(fileURLWithPath: $0.path).lastPathComponent },
            ["IMG_4101.PNG", "IMG_4102.PNG"])
        XCTAssertGreaterThan(report.conversation.messages.count, 5)
    }

    func testANamedFileThatIsNoImageIsAUsageErrorNamingIt() throws {
        let readme = Fixtures.repository.appendingPathComponent("README.md").path
        let result = try Fixtures.runReplyshot(["analyze", readme, "--no-history"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("README.md"), result.stderr)
        XCTAssertTrue(result.stdout.isEmpty, "stdout carries data only")
    }

    func testVersionPrintsOneLineWithTheLibraries() throws {
        let result = try Fixtures.runReplyshot(["--version"])
        XCTAssertEqual(result.status, 0)
        let lines = result.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.text)
        XCTAssertTrue(result.text.contains("Tesseract 5") && result.text.contains("Leptonica 1"), result.text)
    }

    func testAnOpenAIGeneratorWithoutEndpointIsAUsageError() throws {
        let result = try Fixtures.runReplyshot(
            ["analyze", olivia.path, "--since", "all", "--generator", "openai", "--no-history"],
            environment: ["HOME": NSTemporaryDirectory()])
        XCTAssertEqual(result.status, 64, result.stderr)
    }

    func testHelpListsEveryRegisteredGeneratorAndExitsZero() throws {
        let result = try Fixtures.runReplyshot(["analyze", "--help"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for choice in GeneratorChoice.registered {
            XCTAssertTrue(result.text.contains("\(choice.name) ("), "\(choice.name) in: \(result.text)")
        }
        XCTAssertFalse(result.stderr.contains("error"), result.stderr)
    }

    func testUnknownGeneratorsAndOutOfRangeCountsAreUsageErrors() throws {
        for arguments in [
            ["--generator", "gpt"], ["--count", "0"], ["--fallback", "maybe"], ["--ocr-engine", "nope"],
        ] {
            let result = try Fixtures.runReplyshot(
                ["analyze", olivia.path, "--since", "all", "--no-history"] + arguments,
                environment: ["HOME": NSTemporaryDirectory()])
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--\(arguments[0].dropFirst(2))"), result.stderr)
        }
    }

    func testExplainDrawsOnePicturePerShotAndNeverIntoTheInputFolder() throws {
        let out = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let shot = olivia.appendingPathComponent("IMG_4101.PNG")
        let result = try Fixtures.runReplyshot(["analyze", shot.path, "--explain", out.path, "--no-history"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let picture = out.appendingPathComponent("IMG_4101.explain.png")
        let header = try ImageHeaderReader().read(path: FileSystemPath(picture.path))
        XCTAssertGreaterThan(header.width, 1170, "the screen plus a panel of what was read")
        XCTAssertGreaterThanOrEqual(header.height, 2532)

        let before = try Fixtures.snapshot(of: olivia)
        let refused = try Fixtures.runReplyshot(["analyze", shot.path, "--explain", olivia.path, "--no-history"])
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertEqual(try Fixtures.snapshot(of: olivia), before)
    }
}
