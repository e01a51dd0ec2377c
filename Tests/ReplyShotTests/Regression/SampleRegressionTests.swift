import XCTest

@testable import ReplyShot

/// OCR and stitching over the bundled samples, scored against their truth files with
/// tolerances (recall, duplicates, speakers, character error rate), never exact strings.
final class SampleRegressionTests: XCTestCase {
    static let recognizer = Result { try RegionScreenRecognizer(options: OCROptions(jobs: 2)) }

    func sampleFolders() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Fixtures.samples, includingPropertiesForKeys: nil)
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("truth.json").path) }
            .sorted { $0.path < $1.path }
    }

    func pipeline(stitch: StitchStrategy = .auto) throws -> Pipeline {
        let resources = try PromptResources(directory: Fixtures.prompts)
        let generator = try OfflineReplyGenerator(
            contentsOf: Fixtures.prompts.appendingPathComponent("offline-replies.json"))
        return Pipeline(
            resources: resources, recognizer: try Self.recognizer.get(), stitcher: stitch.makeStitcher(),
            generator: generator)
    }

    func testEverySampleIsTranscribedCompletelyWithRightSpeakers() async throws {
        let folders = try sampleFolders()
        XCTAssertGreaterThanOrEqual(folders.count, 3)
        for folder in folders {
            let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
            let report = try await pipeline().analyze(
                AnalysisOptions(
                    folder: folder, window: .everything, bundleId: truth.app,
                    read: ReadOptions(myName: truth.me)))
            XCTAssertEqual(report.screenshots.count, truth.shots.count, folder.lastPathComponent)
            let score = ConversationEvaluator().score(output: report.conversation.messages, truth: truth.messages)
            let name = folder.lastPathComponent
            XCTAssertGreaterThanOrEqual(score.recall, 0.95, "\(name): \(score)")
            XCTAssertGreaterThanOrEqual(score.speakerAccuracy, 0.95, "\(name): \(score)")
            XCTAssertLessThanOrEqual(score.duplicates, 1, "\(name): \(score)")
            XCTAssertLessThanOrEqual(score.noise, 1, "\(name): \(score)")
            XCTAssertLessThanOrEqual(score.meanCharacterErrorRate, 0.03, "\(name): \(score)")
            XCTAssertGreaterThanOrEqual(
                TextSimilarity.similarity(report.conversation.title ?? "", truth.title ?? ""), 0.8,
                "\(name): title \(report.conversation.title ?? "none")")
            XCTAssertEqual(report.replies.count, 3, name)
            if truth.risk == .high {
                XCTAssertEqual(report.risk.level, .high, "\(name): \(report.risk)")
            } else {
                XCTAssertLessThanOrEqual(report.risk.level, .low, "\(name): \(report.risk)")
            }
        }
    }

    func testSeedStrategyStaysAvailableForComparison() async throws {
        let folder = Fixtures.samples.appendingPathComponent("hinge-olivia")
        let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
        let options = AnalysisOptions(folder: folder, window: .everything)
        let seed = try await pipeline(stitch: .seed).analyze(options)
        let auto = try await pipeline(stitch: .auto).analyze(options)
        let seedScore = ConversationEvaluator().score(output: seed.conversation.messages, truth: truth.messages)
        let autoScore = ConversationEvaluator().score(output: auto.conversation.messages, truth: truth.messages)
        XCTAssertGreaterThan(
            seedScore.duplicates, autoScore.duplicates, "the seed merge leaves OCR-different overlaps twice")
    }

    func testReverseCaptureOrderAndMissingMiddleShot() async throws {
        for folder in try sampleFolders() {
            let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
            guard Set(truth.shots.map(\.scrollOffsetPx)).count >= 3 else { continue }
            let name = folder.lastPathComponent
            let options = AnalysisOptions(
                folder: folder, window: .everything, bundleId: truth.app, read: ReadOptions(myName: truth.me))
            let reversed = try await pipeline().analyze(options, arrangement: ShotArrangement(order: .reverse))
            let reversedScore = ConversationEvaluator().score(
                output: reversed.conversation.messages, truth: truth.messages)
            XCTAssertGreaterThanOrEqual(reversedScore.recall, 0.95, "\(name) reversed: \(reversedScore)")
            XCTAssertEqual(reversedScore.duplicates, 0, "\(name) reversed: \(reversedScore)")

            let middle = truth.shots.count / 2
            let missing = try await pipeline().analyze(
                options, arrangement: ShotArrangement(leaveOut: [truth.shots[middle].file]))
            let kept = truth.shots.enumerated().filter { $0.offset != middle }.map(\.element)
            let visible = Set(kept.flatMap(\.messages))
            let expected = truth.messages.enumerated().filter { visible.contains($0.offset) }.map(\.element)
            let missingScore = ConversationEvaluator().score(output: missing.conversation.messages, truth: expected)
            XCTAssertGreaterThanOrEqual(missingScore.recall, 0.95, "\(name) without shot \(middle): \(missingScore)")
            XCTAssertEqual(missingScore.duplicates, 0, "\(name) without shot \(middle): \(missingScore)")
            // Neighbours that show nothing in common cannot be joined: the report must say so.
            if Set(kept[middle - 1].messages).isDisjoint(with: kept[middle].messages) {
                XCTAssertEqual(missing.conversation.gaps.count, 1, "\(name) without shot \(middle)")
            }
        }
    }

    func testShotsOfAnotherConversationAreNotGluedOn() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        let chat = Fixtures.samples.appendingPathComponent("whatsapp-mum")
        try Fixtures.restamped(chat.appendingPathComponent("IMG_6310.PNG"), capturedAt: now.addingTimeInterval(-50))
            .write(to: folder.appendingPathComponent("IMG_0001.PNG"))
        try Fixtures.restamped(chat.appendingPathComponent("IMG_6311.PNG"), capturedAt: now.addingTimeInterval(-40))
            .write(to: folder.appendingPathComponent("IMG_0002.PNG"))
        try Fixtures.restamped(
            Fixtures.samples.appendingPathComponent("gmail-offer/IMG_9301.PNG"), capturedAt: now.addingTimeInterval(-10)
        )
        .write(to: folder.appendingPathComponent("IMG_0003.PNG"))
        let report = try await pipeline().analyze(AnalysisOptions(folder: folder))
        XCTAssertEqual(report.screenshots.map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["IMG_0003.PNG"])
        XCTAssertEqual(report.skipped.filter { $0.reason.hasPrefix("another conversation") }.count, 2)
        XCTAssertFalse(
            report.conversation.messages.contains { $0.text.contains("Mum") || $0.text.contains("lemon tart") })

        var all = AnalysisOptions(folder: folder)
        all.allConversations = true
        let reports = try await pipeline().analyzeConversations(all)
        XCTAssertEqual(reports.map(\.screenshots.count), [2, 1])
    }

    /// The issue's acceptance scenario: three fresh Hinge screenshots among decoys.
    func testFreshHingeShotsAmongDecoys() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Fixtures.samples.appendingPathComponent("hinge-olivia")
        let now = Date()
        for (offset, name) in ["IMG_4101.PNG", "IMG_4102.PNG", "IMG_4103.PNG"].enumerated() {
            try Fixtures.restamped(
                source.appendingPathComponent(name), capturedAt: now.addingTimeInterval(Double(offset * 10 - 60))
            )
            .write(to: folder.appendingPathComponent(name))
        }
        try Fixtures.restamped(
            Fixtures.samples.appendingPathComponent("whatsapp-mum/IMG_6310.PNG"),
            capturedAt: now.addingTimeInterval(-3600)
        )
        .write(to: folder.appendingPathComponent("IMG_3999.PNG"))
        try Fixtures.cameraJPEG().write(to: folder.appendingPathComponent("IMG_4000.JPG"))
        try Data("shopping list".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data(contentsOf: source.appendingPathComponent("IMG_4101.PNG")).prefix(40_000).write(
            to: folder.appendingPathComponent("IMG_4104.PNG"))
        let before = try Fixtures.snapshot(of: folder)

        let report = try await pipeline().analyze(AnalysisOptions(folder: folder, bundleId: "com.hinge.Hinge"))
        XCTAssertEqual(
            report.screenshots.map { URL(fileURLWithPath: $0.path).lastPathComponent },
            ["IMG_4101.PNG", "IMG_4102.PNG", "IMG_4103.PNG"])
        XCTAssertEqual(report.skipped.count, 4)
        XCTAssertTrue(report.skipped.allSatisfy { !$0.reason.isEmpty })
        XCTAssertEqual(report.app.category, "dating")
        XCTAssertEqual(report.app.tone, "flirty")
        let truth = try TruthFile.load(from: source.appendingPathComponent("truth.json"))
        XCTAssertGreaterThanOrEqual(
            ConversationEvaluator().score(output: report.conversation.messages, truth: truth.messages).recall, 0.95)
        XCTAssertEqual(Set(report.replies.map(\.text)).count, 3)
        XCTAssertEqual(try Fixtures.snapshot(of: folder), before, "the input folder is never changed")
    }
}
