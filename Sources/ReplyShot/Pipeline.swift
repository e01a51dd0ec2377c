import Foundation

/// What one analysis looks at and asks for. The stages themselves (engine, stitcher,
/// generator, history) belong to the `Pipeline`.
public struct AnalysisOptions: Sendable {
    public var folder: URL
    /// Folders and named screenshot files to analyse instead of `folder` alone.
    public var inputs: [URL]?
    public var window: TimeWindow
    public var limit: Int
    public var bundleId: String?
    public var tone: String?
    public var style: String?
    public var count: Int
    public var read: ReadOptions
    public var now: Date
    /// Analyse every conversation in the window, not only the most recent one.
    public var allConversations = false
    /// Remove personal data from what is sent to a generator that sends text off the device.
    public var redact = true
    /// The user's default tone per app category ("dating" → "funny"), below `tone`.
    public var tonesByCategory: [String: String] = [:]
    /// Only these file names are looked at (the watcher's burst); nil: the whole folder.
    public var onlyNames: Set<String>?
    /// Where `--explain` pictures go (one per screenshot read); nil: none are drawn.
    public var explainDirectory: URL?
    /// Remember the analysis in the pipeline's history when it has one. The watcher turns
    /// this off and records a session only once it is delivered.
    public var recordHistory = true

    public init(
        folder: URL, window: TimeWindow = TimeWindow(duration: 120), limit: Int = 5, bundleId: String? = nil,
        tone: String? = nil, style: String? = nil, count: Int = ReplySettings.defaults.count,
        read: ReadOptions = ReadOptions(), now: Date = Date()
    ) {
        self.folder = folder
        self.window = window
        self.limit = limit
        self.bundleId = bundleId
        self.tone = tone
        self.style = style
        self.count = count
        self.read = read
        self.now = now
    }

    /// The reply settings' part of an analysis: tone, style, count, redaction.
    public mutating func apply(_ settings: ReplySettings) {
        tone = settings.tone
        style = settings.style
        count = settings.count
        redact = settings.redact
        tonesByCategory = settings.tonesByCategory
    }
}

/// The data files in prompts/ that drive the Understand, Prompt and Generate stages.
public struct PromptResources: Sendable {
    public var directory: URL
    public var catalog: AppCatalog
    public var tones: ToneBook
    public var risk: RiskAssessor
    public var prompts: PromptBuilder
    public var languages: LanguageBook
    public var layouts: LayoutBook

    public init(directory explicit: URL? = nil, catalogOverride: URL? = nil) throws {
        directory = try PromptsDirectory.locate(explicit: explicit)
        catalog = try AppCatalog(
            contentsOf: directory.appendingPathComponent("apps.json"),
            overrides: catalogOverride ?? Self.userCatalogFile())
        tones = try ToneBook(contentsOf: directory.appendingPathComponent("tones.json"))
        risk = try RiskAssessor(contentsOf: directory.appendingPathComponent("risk-rules.json"))
        prompts = try PromptBuilder(directory: directory)
        languages = try LanguageBook(directory: directory.appendingPathComponent("languages"))
        let layoutsFile = directory.appendingPathComponent("layouts.json")
        // A prompts folder of an earlier version has no layouts: its apps all read alike.
        layouts =
            FileManager.default.fileExists(atPath: layoutsFile.path)
            ? try LayoutBook(contentsOf: layoutsFile) : LayoutBook()
        for app in catalog.apps where layouts.tuning(for: app.layout) == nil {
            // The entry may come from the shipped catalog or from the user's additions.
            let catalogs =
                [directory.appendingPathComponent("apps.json")]
                + [catalogOverride ?? Self.userCatalogFile()].compactMap { $0 }
            throw DataFileError(
                file: catalogs.map(\.path).joined(separator: " or "),
                problem:
                    "\(app.name) has layout \"\(app.layout ?? "")\", which is not a known layout (known: \(layouts.names.joined(separator: ", ")); layouts are defined in \(layoutsFile.path))"
            )
        }
    }

    /// ~/.config/replyshot/apps.json, when the user has one: their additions to the catalog.
    public static func userCatalogFile() -> URL? {
        let file = ReplyShotConfig.directory().appendingPathComponent("apps.json")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
}

/// Wires the stages: Scan → OCR → Read → Stitch → Understand → Prompt → Generate → Report.
public struct Pipeline: Sendable {
    public var resources: PromptResources
    public var recognizer: ScreenRecognizer
    public var reader: ScreenReading
    public var stitcher: ConversationStitching
    public var generator: ReplyGenerator
    /// Where finished analyses are remembered (so a watcher does not answer a shot twice);
    /// nil: nowhere.
    public var history: AnalysisHistory?
    /// Progress lines for a person (stderr on a terminal in the CLI); never part of the report.
    public var progress: @Sendable (String) -> Void
    /// Warnings a person must see whether or not stderr is a terminal (a file skipped,
    /// language data missing), without the "warning:" prefix.
    public var warn: @Sendable (String) -> Void

    public init(
        resources: PromptResources, recognizer: ScreenRecognizer, reader: ScreenReading? = nil,
        stitcher: ConversationStitching = AutoStitcher(), generator: ReplyGenerator, history: AnalysisHistory? = nil,
        progress: @escaping @Sendable (String) -> Void = { _ in }, warn: (@Sendable (String) -> Void)? = nil
    ) {
        self.resources = resources
        self.recognizer = recognizer
        // By default the reader knows the chrome words of every language the resources hold.
        self.reader = reader ?? BubbleReader(chrome: resources.languages.chrome)
        self.stitcher = stitcher
        self.generator = generator
        self.history = history
        self.progress = progress
        self.warn = warn ?? { progress("warning: \($0)") }
    }

    /// The most recent conversation in the window; shots of other conversations are listed
    /// under `skipped`.
    public func analyze(
        _ options: AnalysisOptions, arrangement: ShotArrangement = .asCaptured, sessionId: String = UUID().uuidString
    ) async throws -> AnalysisReport {
        var options = options
        options.allConversations = false
        return try await analyzeConversations(options, arrangement: arrangement, sessionId: sessionId)[0]
    }

    /// One report per conversation in the window (the most recent last); with
    /// `allConversations` off, only the most recent one. Each report that read a screenshot is
    /// recorded in the history under `sessionId` (the earlier conversations' with a suffix).
    public func analyzeConversations(
        _ options: AnalysisOptions, arrangement: ShotArrangement = .asCaptured, sessionId: String = UUID().uuidString
    ) async throws -> [AnalysisReport] {
        let clock = ContinuousClock()
        let started = clock.now
        var timings = AnalysisReport.Timings()

        let inputs = ScreenshotInputs(paths: options.inputs ?? [options.folder], onlyNames: options.onlyNames)
        var scan = try inputs.scan(window: options.window, limit: options.limit, now: options.now)
        scan.screenshots = arrangement.arrange(scan.screenshots)
        timings.scanMs = Self.milliseconds(since: started, clock)
        progress(
            "Found \(scan.screenshots.count) screenshot\(scan.screenshots.count == 1 ? "" : "s") taken \(options.window) (\(scan.skipped.count) other file\(scan.skipped.count == 1 ? "" : "s") skipped)"
        )

        let ocrStarted = clock.now
        var skipped = scan.skipped
        var pages: [OCRPage] = []
        var used: [Screenshot] = []
        var readable: [Int] = []
        let recognized = recognizer.recognize(scan.screenshots, skippingRepeats: stitcher.placesShotsByPixelOffset)
        for (index, (shot, result)) in zip(scan.screenshots, recognized.pages).enumerated() {
            switch result {
            case .success(let page):
                pages.append(page)
                used.append(shot)
                readable.append(index)
            case .failure(let error):
                skipped.append(
                    SkippedFile(
                        path: shot.url.path, kind: .unreadable, reason: "unreadable: \(error.localizedDescription)"))
            }
        }
        timings.ocrMs = Self.milliseconds(since: ocrStarted, clock)
        // A library is full of photos and old shots; only a damaged file deserves a warning,
        // once, whether the scan or the OCR found it.
        for skip in skipped where skip.kind == .unreadable {
            warn("\(skip.path): \(skip.reason)")
        }
        warnAboutMissingLanguages(pages)
        let repeats = pages.map { $0.regions.filter(\.readInEarlierShot).count }.reduce(0, +)
        progress(
            "Read \(pages.count) screenshot\(pages.count == 1 ? "" : "s") in \(timings.ocrMs) ms"
                + (repeats > 0 ? " (\(repeats) bubble\(repeats == 1 ? "" : "s") already read in the shot before)" : ""))

        let readStarted = clock.now
        // The app's layout chooses the reader's thresholds, unless the caller chose some.
        var readOptions = options.read
        readOptions.tuning =
            readOptions.tuning ?? resources.layouts.tuning(for: resources.catalog.app(for: options.bundleId).layout)
        let reads = pages.map { reader.read($0, options: readOptions) }
        if let directory = options.explainDirectory {
            try Self.refuseInputFolder(directory, inputs: options.inputs ?? [options.folder])
            let written = try ExplainImage().write(screenshots: used, reads: reads, to: directory)
            progress("Drew \(written.count) --explain picture\(written.count == 1 ? "" : "s") in \(directory.path)")
        }
        // One scroll map for the grouper and the stitcher, indexed like `reads`.
        let scrollMap = recognized.scrollMap.subset(readable)
        let groups = ConversationGrouper().group(reads, scrollMap: scrollMap)
        let readMs = Self.milliseconds(since: readStarted, clock)
        // With nothing read there is still one (empty) report to give.
        let chosen = options.allConversations && !groups.isEmpty ? groups : [groups.last ?? []]
        if !options.allConversations {
            for group in groups.dropLast() {
                let title = reads[group[0]].title.map { "“\($0)”" } ?? "untitled"
                for index in group {
                    skipped.append(
                        SkippedFile(
                            path: used[index].url.path, kind: .otherConversation,
                            reason:
                                "another conversation (\(title)) than the most recent one; use --all-conversations to analyse it too"
                        ))
                }
            }
        }
        var reports: [AnalysisReport] = []
        for group in chosen {
            var groupTimings = timings
            groupTimings.stitchMs = readMs
            reports.append(
                try await report(
                    for: group.map { reads[$0] }, scrollMap: scrollMap.subset(group), shots: group.map { used[$0] },
                    language: Self.language(of: group.map { pages[$0].language }),
                    unreadable: group.filter { pages[$0].language?.unreadable == true }.map { pages[$0].source },
                    skipped: skipped,
                    options: options, timings: groupTimings, clock: clock, started: started))
        }
        if options.recordHistory { record(reports, sessionId: sessionId) }
        return reports
    }

    /// Remembers the shots of these reports as answered (the last under `sessionId`, earlier
    /// ones with a suffix). A history that cannot be written costs only that memory, and is
    /// said as a warning. The watcher calls this itself once a session is delivered.
    public func record(_ reports: [AnalysisReport], sessionId: String) {
        guard let history else { return }
        for (index, report) in reports.enumerated() where !report.screenshots.isEmpty {
            let id = index == reports.count - 1 ? sessionId : "\(sessionId)-\(index + 1)"
            do {
                try history.record(report, sessionId: id, files: report.screenshots.map { FileSystemPath($0.path) })
            } catch {
                warn(
                    "the history at \(history.url.path) could not be written (\(error.sentence)); the analysis is done, but its shots may be answered again after a restart"
                )
            }
        }
    }

    private func report(
        for reads: [ScreenRead], scrollMap: ScrollMap, shots: [Screenshot], language: String?, unreadable: [String],
        skipped: [SkippedFile],
        options: AnalysisOptions,
        timings: AnalysisReport.Timings, clock: ContinuousClock, started: ContinuousClock.Instant
    ) async throws -> AnalysisReport {
        var timings = timings
        let stitchStarted = clock.now
        let app = resources.catalog.app(for: options.bundleId)
        var conversation = stitcher.stitch(reads, scrollMap: scrollMap)
        if app.category == .email { conversation = MailSenders().assigned(conversation) }
        conversation = UnmarkedSpeakers().assigned(conversation)
        Self.markUnsure(&conversation, readFrom: Set(unreadable))
        timings.stitchMs += Self.milliseconds(since: stitchStarted, clock)

        let tone = options.tone ?? options.tonesByCategory[app.category.rawValue] ?? app.tone
        let risk = resources.risk.assess(conversation)
        // Personal data is replaced by placeholders before text leaves the process.
        var outgoing = conversation
        var redactions: [String: Int] = [:]
        if options.redact && generator.sendsTextOffDevice {
            (outgoing, redactions) = Redactor().redact(conversation)
        }
        let context = PromptContext(
            conversation: outgoing, app: app, tone: tone,
            toneDescription: resources.tones.describe(tone), count: options.count,
            style: options.style, risk: risk,
            languageName: language.flatMap {
                $0 == OCROptions.fallbackLanguage ? nil : resources.languages.name(of: $0)
            })
        let prompt = resources.prompts.render(context)

        let generateStarted = clock.now
        var answer = GeneratedReplies(replies: [], answeredBy: generator.name)
        if !conversation.messages.isEmpty {
            answer = try await generator.answer(ReplyRequest(context: context, prompt: prompt))
        }
        timings.generateMs = Self.milliseconds(since: generateStarted, clock)
        timings.totalMs = Self.milliseconds(since: started, clock)

        return AnalysisReport(
            screenshots: shots.map {
                .init(path: $0.url.path, capturedAt: $0.capturedAt, width: $0.width, height: $0.height)
            },
            skipped: skipped,
            app: .init(bundleId: app.bundleId, name: app.name, category: app.category.rawValue, tone: tone),
            conversation: .init(
                title: conversation.title, messages: conversation.messages, gaps: conversation.gaps, language: language),
            risk: risk, prompt: prompt.combined, replies: answer.replies,
            generator: .init(name: answer.answeredBy, note: Self.generatorNote(answer.answeredBy, language: language)),
            timings: timings, redactions: redactions)
    }

    /// One warning per language whose data is missing, naming its package and the shots it
    /// concerns: a script nothing installed can read, or a language read without its accents.
    private func warnAboutMissingLanguages(_ pages: [OCRPage]) {
        let missing = Dictionary(grouping: pages.filter { $0.language?.missingPackage != nil }) {
            $0.language!.missingPackage!
        }
        for (package, pages) in missing.sorted(by: { $0.key < $1.key }) {
            let language = pages[0].language!
            let name = resources.languages.name(of: language.code)
            let shots = pages.map(\.source).joined(separator: ", ")
            let install = "install \(package) (Debian/Ubuntu) or tesseract-lang (Homebrew)"
            if language.unreadable {
                warn(
                    "\(shots): the text looks \(name), and no Tesseract data for it is installed; \(install). What was read is marked low confidence."
                )
            } else {
                progress(
                    "note: \(shots): the text looks \(name) and was read with \(language.readWith) data; \(install) to keep its accents."
                )
            }
        }
    }

    /// Messages read from shots in a script no installed data covers are guesses: their
    /// confidence says so, whatever Tesseract thought of the letters.
    static func markUnsure(_ conversation: inout Conversation, readFrom sources: Set<String>) {
        for index in conversation.messages.indices where sources.contains(conversation.messages[index].source) {
            conversation.messages[index].confidence = min(conversation.messages[index].confidence, unreadableConfidence)
        }
    }

    /// The confidence of a message read without its script's language data.
    static let unreadableConfidence = 0.2

    /// The language most of a conversation's shots were read in, counting the shots that
    /// showed it themselves when there are any.
    static func language(of pages: [PageLanguage?]) -> String? {
        let known = pages.compactMap { $0 }
        let telling = known.contains(where: \.settled) ? known.filter(\.settled) : known
        return telling.mostCommon(by: \.code)?.code
    }

    /// The offline generator's replies are English sentences whatever the conversation's language.
    static func generatorNote(_ generator: String, language: String?) -> String? {
        guard generator == GeneratorChoice.offline.name, let language, language != OCROptions.fallbackLanguage else {
            return nil
        }
        return
            "the offline generator answers in English only; use --generator openai or command for replies in the conversation's language"
    }

    /// The screenshots' folders are only ever read.
    static func refuseInputFolder(_ directory: URL, inputs: [URL]) throws {
        let target = directory.standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory)
            let folder = (isDirectory.boolValue ? input : input.deletingLastPathComponent()).standardizedFileURL
                .resolvingSymlinksInPath().path
            if folder == target { throw ExplainError.intoInputFolder(directory.path) }
        }
    }

    static func milliseconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Int {
        let elapsed = clock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
