import Foundation

/// Everything one analysis needs to know, as the commands collect it from flags.
public struct AnalysisOptions: Sendable {
    public var folder: URL
    public var window: TimeWindow
    public var limit: Int
    public var bundleId: String?
    public var tone: String?
    public var style: String?
    public var count: Int
    public var stitch: StitchStrategy
    public var ocr: OCROptions
    public var read: ReadOptions
    public var promptsDirectory: URL?
    public var catalogOverride: URL?
    public var now: Date

    public init(folder: URL, window: TimeWindow = TimeWindow(duration: 120), limit: Int = 5, bundleId: String? = nil,
                tone: String? = nil, style: String? = nil, count: Int = 3, stitch: StitchStrategy = .auto,
                ocr: OCROptions = OCROptions(), read: ReadOptions = ReadOptions(), promptsDirectory: URL? = nil,
                catalogOverride: URL? = nil, now: Date = Date()) {
        self.folder = folder
        self.window = window
        self.limit = limit
        self.bundleId = bundleId
        self.tone = tone
        self.style = style
        self.count = count
        self.stitch = stitch
        self.ocr = ocr
        self.read = read
        self.promptsDirectory = promptsDirectory
        self.catalogOverride = catalogOverride
        self.now = now
    }
}

/// The data files in prompts/ that drive the Understand, Prompt and Generate stages.
public struct PromptResources: Sendable {
    public var directory: URL
    public var catalog: AppCatalog
    public var tones: ToneBook
    public var risk: RiskAssessor
    public var prompts: PromptBuilder

    public init(directory explicit: URL? = nil, catalogOverride: URL? = nil) throws {
        directory = try PromptsDirectory.locate(explicit: explicit)
        catalog = try AppCatalog(contentsOf: directory.appendingPathComponent("apps.json"),
                                 overrides: catalogOverride ?? Self.userCatalogFile())
        tones = try ToneBook(contentsOf: directory.appendingPathComponent("tones.json"))
        risk = try RiskAssessor(contentsOf: directory.appendingPathComponent("risk-rules.json"))
        prompts = try PromptBuilder(directory: directory)
    }

    /// ~/.config/replyshot/apps.json, when the user has one: their additions to the catalog.
    public static func userCatalogFile() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        let file = base.appendingPathComponent("replyshot/apps.json")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
}

/// Wires the stages: Scan → OCR → Read → Stitch → Understand → Prompt → Generate → Report.
public struct Pipeline: Sendable {
    public var resources: PromptResources
    public var recognizer: ScreenRecognizer
    public var reader: ScreenReading
    public var generator: ReplyGenerator
    /// Progress lines for a person (stderr in the CLI); never part of the report.
    public var progress: @Sendable (String) -> Void

    public init(resources: PromptResources, recognizer: ScreenRecognizer, reader: ScreenReading = BubbleReader(),
                generator: ReplyGenerator, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.resources = resources
        self.recognizer = recognizer
        self.reader = reader
        self.generator = generator
        self.progress = progress
    }

    public func analyze(_ options: AnalysisOptions) async throws -> AnalysisReport {
        let clock = ContinuousClock()
        let started = clock.now
        var timings = AnalysisReport.Timings()

        let scan = try FolderLibrary(folder: options.folder).recentScreenshots(window: options.window, limit: options.limit, now: options.now)
        timings.scanMs = Self.milliseconds(since: started, clock)
        progress("Found \(scan.screenshots.count) screenshot\(scan.screenshots.count == 1 ? "" : "s") taken \(options.window) (\(scan.skipped.count) other file\(scan.skipped.count == 1 ? "" : "s") skipped)")

        let ocrStarted = clock.now
        var skipped = scan.skipped
        var pages: [OCRPage] = []
        var used: [Screenshot] = []
        for (shot, result) in zip(scan.screenshots, recognizer.recognize(scan.screenshots)) {
            switch result {
            case .success(let page):
                pages.append(page)
                used.append(shot)
            case .failure(let error):
                skipped.append(SkippedFile(path: shot.url.path, reason: "unreadable: \(error.localizedDescription)"))
                progress("warning: \(shot.url.path): \(error.localizedDescription); skipped")
            }
        }
        timings.ocrMs = Self.milliseconds(since: ocrStarted, clock)

        let stitchStarted = clock.now
        let reads = pages.map { reader.read($0, options: options.read) }
        let conversation = options.stitch.makeStitcher().stitch(reads)
        timings.stitchMs = Self.milliseconds(since: stitchStarted, clock)

        let app = resources.catalog.app(for: options.bundleId)
        let tone = options.tone ?? app.tone
        let risk = resources.risk.assess(conversation)
        let context = PromptContext(conversation: conversation, app: app, tone: tone,
                                    toneDescription: resources.tones.describe(tone), count: options.count,
                                    style: options.style, risk: risk)
        let prompt = resources.prompts.render(context)

        let generateStarted = clock.now
        var replies: [Reply] = []
        if !conversation.messages.isEmpty {
            replies = try await generator.replies(for: ReplyRequest(context: context, prompt: prompt))
        }
        timings.generateMs = Self.milliseconds(since: generateStarted, clock)
        timings.totalMs = Self.milliseconds(since: started, clock)

        return AnalysisReport(
            screenshots: used.map { .init(path: $0.url.path, capturedAt: $0.capturedAt, width: $0.width, height: $0.height) },
            skipped: skipped,
            app: .init(bundleId: app.bundleId, name: app.name, category: app.category.rawValue, tone: tone),
            conversation: .init(title: conversation.title, messages: conversation.messages, gaps: conversation.gaps),
            risk: risk, prompt: prompt.combined, replies: replies, generator: .init(name: generator.name),
            timings: timings)
    }

    static func milliseconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Int {
        let elapsed = clock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
