import ArgumentParser
import Foundation
import ReplyShot

struct Eval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score OCR and stitching against truth files.",
        discussion: """
            Each folder (or each subfolder) holding a truth.json is analysed with all its screenshots \
            and scored: message recall (a truth message is found when an output message matches it with \
            normalised edit-distance similarity ≥ 0.8, aligned in order), duplicates, noise, speaker \
            accuracy and mean character error rate of the found messages. Conversations are scored side \
            by side, as many at once as --jobs (one per core by default).
            """
    )

    @Argument(help: "Sample folders, or folders of sample folders.", completion: .directory)
    var folders: [String]

    @OptionGroup var ocr: OCRFlags

    @Flag(
        help:
            "Score the pipeline a new user would build instead: plain Tesseract on the whole screenshot, every line a message, the seed stitcher."
    )
    var baseline = false

    @Option(
        help: "Hand the shots to the stitcher in capture order or reversed (as when scrolling up to capture the start)."
    )
    var order: ShotArrangement.Order = .capture

    @Flag(help: "Leave out the middle shot of each conversation (the stitcher should report a gap).")
    var dropMiddle = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(
        help:
            "Read each single real screenshot as two scroll positions made from it (its truth's scrollArea), this share of the message area apart (e.g. 0.4), and stitch them."
    )
    var scrollPairs: Double?

    @Option(
        help:
            "Write one HTML page to look at: a summary table, every shot with the reader's decisions drawn on it, truth beside output (pictures in a folder beside the page).",
        completion: .file())
    var html: String?

    @Option(
        help: "Draw what the reader decided over every shot into this folder, one subfolder per conversation.",
        completion: .directory)
    var explain: String?

    struct Row: Codable {
        var conversation: String
        var app: String?
        /// The conversation's language as its truth file says (English when it says none).
        var language: String?
        /// The language replyshot read it in (the report's `conversation.language`).
        var readIn: String?
        var shots: Int
        var score: EvaluationScore
        var recall: Double
        var speakerAccuracy: Double
        var authorAccuracy: Double
        var noisePerShot: Double

        init(
            conversation: String, app: String?, language: String? = nil, readIn: String? = nil, shots: Int,
            score: EvaluationScore
        ) {
            self.conversation = conversation
            self.app = app
            self.language = language
            self.readIn = readIn
            self.shots = shots
            self.score = score
            recall = score.recall
            speakerAccuracy = score.speakerAccuracy
            authorAccuracy = score.authorAccuracy
            noisePerShot = Double(score.noise) / Double(max(1, shots))
        }
    }

    func run() async throws {
        let resources = try PromptResources()
        var ocrOptions = ocr.ocrOptions
        ocrOptions.languageBook = resources.languages
        // The conversations share the cores out (below), each read by one worker: as many
        // engines in memory as --jobs, whatever the number of shots.
        let lanes = ocr.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        ocrOptions.jobs = 1
        let generator = try OfflineReplyGenerator(
            contentsOf: resources.directory.appendingPathComponent("offline-replies.json"))
        let recognizer: ScreenRecognizer =
            baseline
            ? try PlainTesseractRecognizer(options: ocrOptions)
            : try RegionScreenRecognizer(options: ocrOptions)
        let reader: ScreenReading = baseline ? LineReader() : BubbleReader(chrome: resources.languages.chrome)
        let pipeline = Pipeline(
            resources: resources, recognizer: recognizer, reader: reader,
            stitcher: baseline ? SeedStitcher() : ocr.stitch.makeStitcher(), generator: generator)
        let arrangement = ShotArrangement(order: order, dropMiddle: dropMiddle)
        let htmlFile = html.map(URL.init(fileURLWithPath:))
        // Scroll positions are made here, never beside the samples.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "replyshot-eval-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A corpus of single shots would keep one core busy (a conversation's shots are what
        // its recognizer shares out): conversations are scored side by side instead, in order.
        let scored = try await OrderedConcurrency.map(try sampleFolders(), lanes: lanes) { folder in
            try await score(folder, pipeline: pipeline, arrangement: arrangement, htmlFile: htmlFile, scratch: scratch)
        }.compactMap { $0 }
        let rows = scored.map(\.row)
        let sections = scored.compactMap(\.section)
        let total = Row(
            conversation: "TOTAL", app: nil, shots: rows.map(\.shots).reduce(0, +),
            score: EvaluationScore.total(rows.map(\.score)))
        if let htmlFile {
            let page = HTMLReport().evaluation(
                title: "replyshot eval " + folders.joined(separator: " "), sections: sections, total: total.score)
            // The page's folder may not exist yet when the pictures went elsewhere (--explain).
            try FileManager.default.createDirectory(
                at: htmlFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFileWriter.write(Data(page.utf8), to: htmlFile)
            Terminal.progress("Report page written to \(htmlFile.path)")
        }
        switch format {
        case .json:
            try Terminal.writeStdout(
                String(decoding: try AnalysisReport.encoder().encode(rows + [total]), as: UTF8.self) + "\n")
        case .text:
            try Terminal.writeStdout(Self.table(rows + [total]))
            for (heading, key) in [("app", \Row.app), ("language", \Row.language)] {
                let groups = Set(rows.compactMap { $0[keyPath: key] })
                guard groups.count > 1, groups.count < rows.count else { continue }
                let grouped = groups.sorted().map { group -> Row in
                    let mine = rows.filter { $0[keyPath: key] == group }
                    return Row(
                        conversation: group, app: nil, shots: mine.map(\.shots).reduce(0, +),
                        score: EvaluationScore.total(mine.map(\.score)))
                }
                try Terminal.writeStdout("\n" + Self.table(grouped + [total], heading: heading))
            }
        }
    }

    /// One conversation's row (and its section of the HTML page); nil for a folder the run
    /// leaves out (with --scroll-pairs, one that is not a single shot with a scroll area).
    func score(
        _ folder: URL, pipeline: Pipeline, arrangement: ShotArrangement, htmlFile: URL?, scratch: URL
    ) async throws -> (row: Row, section: HTMLReport.Section?)? {
        let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
        var options = AnalysisOptions(
            folder: folder, window: .everything, limit: 1000, bundleId: truth.app,
            read: ReadOptions(myName: ocr.me ?? truth.me))
        // The truth names its shots: they are read whatever their size or name says.
        options.inputs = truth.shots.map { folder.appendingPathComponent($0.file) }
        if let shift = scrollPairs {
            guard truth.shots.count == 1, let area = truth.shots[0].scrollArea else { return nil }
            let pairFolder = scratch.appendingPathComponent(folder.lastPathComponent)
            try FileManager.default.createDirectory(at: pairFolder, withIntermediateDirectories: true)
            options.inputs = try ScrollPairMaker(shift: shift).makePair(
                from: options.inputs![0], scrollArea: area, into: pairFolder)
        }
        options.explainDirectory =
            (explain.map(URL.init(fileURLWithPath:)) ?? htmlFile.map(HTMLPage.picturesFolder(for:)))?
            .appendingPathComponent(folder.lastPathComponent)
        let report = try await pipeline.analyze(options, arrangement: arrangement)
        let messages = report.conversation.messages
        let score = ConversationEvaluator().score(output: messages, truth: truth.messages)
        var section: HTMLReport.Section?
        if let pictures = options.explainDirectory, let page = htmlFile {
            section = HTMLReport.Section(
                name: folder.lastPathComponent, score: score,
                pictures: report.screenshots.map {
                    HTMLPage.relativePath(
                        of: pictures.appendingPathComponent(ExplainImage.fileName(for: $0.path)), from: page)
                },
                rows: ConversationEvaluator().align(output: messages, truth: truth.messages))
        }
        let row = Row(
            conversation: folder.lastPathComponent, app: truth.app,
            language: truth.language ?? OCROptions.fallbackLanguage, readIn: report.conversation.language,
            shots: options.inputs?.count ?? truth.shots.count, score: score)
        return (row, section)
    }

    func sampleFolders() throws -> [URL] {
        var result: [URL] = []
        for path in folders {
            let url = URL(fileURLWithPath: path)
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("truth.json").path) {
                result.append(url)
                continue
            }
            guard let children = try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            else {
                throw ScanError.folderMissing(path)
            }
            result += children.filter {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("truth.json").path)
            }
            .sorted { $0.path < $1.path }
        }
        return result
    }

    static func table(_ rows: [Row], heading: String = "conversation") -> String {
        let width = max(12, rows.map(\.conversation.count).max() ?? 12)
        func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }
        var lines = [
            pad(heading, width) + "  shots  msgs  recall  dupes  noise  noise/shot  speakers  authors  kinds   CER"
        ]
        for row in rows {
            let s = row.score
            let authors = s.authorsExpected == 0 ? "     -" : String(format: "%5.1f%%", s.authorAccuracy * 100)
            lines.append(
                pad(row.conversation, width) + "  "
                    + String(
                        format: "%5d  %4d  %5.1f%%  %5d  %5d  %10.2f  %7.1f%%", row.shots, s.truthMessages,
                        s.recall * 100,
                        s.duplicates, s.noise, row.noisePerShot, s.speakerAccuracy * 100)
                    + "  " + authors
                    + String(format: "  %5.1f%%  %5.3f", s.kindAccuracy * 100, s.meanCharacterErrorRate))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
