import ArgumentParser
import Foundation
import ReplyShot

extension TimeWindow: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension StitchStrategy: ExpressibleByArgument {}
extension FallbackChoice: ExpressibleByArgument {}
extension ShotArrangement.Order: ExpressibleByArgument {}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Which screenshots to take from the folder.
struct ScanFlags: ParsableArguments {
    @Option(help: "Only screenshots taken in this window: 120s, 15m, 2h, 1d, or all.")
    var since = TimeWindow(duration: 120)

    @Option(help: "At most this many screenshots, the newest in the window.")
    var limit = 5

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }
}

/// How screenshots are read.
struct OCRFlags: ParsableArguments {
    @Option(
        help:
            "Tesseract language(s), e.g. eng or rus+eng; auto (the default) detects each screenshot's script and language and reads it with the installed data for it."
    )
    var lang = OCROptions.automaticLanguage

    @Option(help: "Folder holding Tesseract's .traineddata files.", completion: .directory)
    var tessdata: String?

    @Option(
        help:
            "The OCR engine that reads the prepared text: \(OCREngineChoice.registered.map(\.name).joined(separator: ", "))."
    )
    var ocrEngine = OCREngineChoice.registered[0].name

    @Option(help: "Parallel OCR workers (default: one per core).")
    var jobs: Int?

    @Option(help: "Your name as it appears on posts in apps without bubbles (Slack); those posts are yours.")
    var me: String?

    @Option(
        help: "How overlapping screenshots are joined: auto (bubble alignment) or seed (the original character merge).")
    var stitch: StitchStrategy = .auto

    @Flag(
        help:
            "Read every screenshot whole, even the bubbles an earlier shot of the same scroll already showed (slower).")
    var readWhole = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        guard OCREngineChoice.named(ocrEngine) != nil else {
            throw ValidationError(
                "--ocr-engine \(ocrEngine) is not one of \(OCREngineChoice.registered.map(\.name).joined(separator: ", "))."
            )
        }
    }

    var ocrOptions: OCROptions {
        OCROptions(
            language: lang, tessdata: tessdata.map { URL(fileURLWithPath: $0) }, jobs: jobs,
            readRevealedOnly: !readWhole,
            engine: OCREngineChoice.named(ocrEngine) ?? .tesseract)
    }
}

/// How replies are written. Every setting can also come from the config file; a flag wins.
struct ReplyFlags: ParsableArguments {
    @Option(help: "Bundle id of the app the screenshots come from, e.g. com.hinge.Hinge (see `replyshot apps`).")
    var app: String?

    @Option(
        help: "Tone of the replies: flirty, professional, casual, funny, or a word of your own. Default: the app's.")
    var tone: String?

    @Option(help: "Extra style wishes, e.g. \"short, no emoji\".")
    var style: String?

    @Option(help: "How many replies to suggest (default 3).")
    var count: Int?

    @Option(
        help: ArgumentHelp(
            "Reply generator: "
                + GeneratorChoice.registered.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ") + "."))
    var generator: String?

    @Option(help: "Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1.")
    var endpoint: String?

    @Option(help: "Model name for --generator openai, e.g. llama3.2.")
    var model: String?

    @Option(help: "Sampling temperature for --generator openai (default 0.8).")
    var temperature: Double?

    @Option(help: "Most tokens the model may write (default 300).")
    var maxTokens: Int?

    @Option(help: "Seconds to wait for a model server or reply command (default 30).")
    var timeout: Double?

    @Flag(help: "Allow an endpoint that is not on this machine (the conversation then leaves it).")
    var allowRemote = false

    @Option(
        help: "For --generator command: the command to run; the prompt goes to its stdin, replies come from its stdout."
    )
    var command: String?

    @Flag(help: "Run --command through /bin/sh (pipes, variables); off by default.")
    var shell = false

    @Option(
        help:
            "When the generator fails or gives too few replies: none (fail, the default) or offline (fill in with built-in replies)."
    )
    var fallback: FallbackChoice?

    @Flag(
        name: .customLong("no-redact"),
        help: "Send phone numbers, e-mail addresses, codes and addresses to the generator unredacted.")
    var noRedact = false

    @Option(
        help: "Folder with the app catalog, tones and templates (default: the one shipped with replyshot).",
        completion: .directory)
    var prompts: String?

    @Option(help: "A JSON file of your own app catalog entries, added to the shipped ones.", completion: .file())
    var catalog: String?

    @Option(help: "Settings file (default ~/.config/replyshot/config.toml).", completion: .file())
    var config: String?

    /// What the flags say; nil where a flag was not given.
    var layer: ReplySettingsLayer {
        var layer = ReplySettingsLayer()
        layer.generator = generator
        layer.endpoint = endpoint
        layer.model = model
        layer.tone = tone
        layer.style = style
        layer.count = count
        layer.temperature = temperature
        layer.maxTokens = maxTokens
        layer.timeout = timeout
        layer.allowRemote = allowRemote ? true : nil
        layer.command = command
        layer.shell = shell ? true : nil
        layer.fallback = fallback?.rawValue
        layer.redact = noRedact ? false : nil
        return layer
    }

    /// Flags, then the config file, then built-in defaults.
    func resolve() throws -> ReplySettings {
        let (file, location) = try ReplyShotConfig.load(explicit: config.map { URL(fileURLWithPath: $0) })
        return try ReplySettings(flags: layer, file: file.layer, fileLocation: location)
    }

    /// The pipeline's parts as these flags and `ocr` choose them.
    func setup(ocr: OCRFlags, recordHistory: Bool) throws -> PipelineSetup {
        var setup = PipelineSetup()
        setup.reply = try resolve()
        setup.ocr = ocr.ocrOptions
        setup.stitch = ocr.stitch
        setup.promptsDirectory = prompts.map { URL(fileURLWithPath: $0) }
        setup.catalogOverride = catalog.map { URL(fileURLWithPath: $0) }
        setup.recordHistory = recordHistory
        return setup
    }
}

extension AnalysisOptions {
    /// What `analyze` and `watch` ask of an analysis of `folder`, from the flags they share.
    init(folder: String, scan: ScanFlags, ocr: OCRFlags, reply: ReplyFlags, settings: ReplySettings) {
        self.init(
            folder: URL(fileURLWithPath: folder), window: scan.since, limit: scan.limit, bundleId: reply.app,
            read: ReadOptions(myName: ocr.me))
        apply(settings)
    }
}
