import ArgumentParser
import Foundation
import ReplyShot

extension TimeWindow: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension StitchStrategy: ExpressibleByArgument {}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum GeneratorKind: String, ExpressibleByArgument, CaseIterable {
    case offline, openai, command
}

enum FallbackKind: String, ExpressibleByArgument, CaseIterable {
    case none, offline
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
    @Option(help: "Tesseract language(s), e.g. eng or eng+deu.")
    var lang = "eng"

    @Option(help: "Folder holding Tesseract's .traineddata files.", completion: .directory)
    var tessdata: String?

    @Option(help: "Parallel OCR workers (default: one per core).")
    var jobs: Int?

    @Option(help: "Your name as it appears on posts in apps without bubbles (Slack); those posts are yours.")
    var me: String?

    @Option(help: "How overlapping screenshots are joined: auto (bubble alignment) or seed (the original character merge).")
    var stitch: StitchStrategy = .auto

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }

    var ocrOptions: OCROptions {
        OCROptions(language: lang, tessdata: tessdata.map { URL(fileURLWithPath: $0) }, jobs: jobs)
    }
}

/// How replies are written.
struct ReplyFlags: ParsableArguments {
    @Option(help: "Bundle id of the app the screenshots come from, e.g. com.hinge.Hinge (see `replyshot apps`).")
    var app: String?

    @Option(help: "Tone of the replies: flirty, professional, casual, funny, or a word of your own. Default: the app's.")
    var tone: String?

    @Option(help: "Extra style wishes, e.g. \"short, no emoji\".")
    var style: String?

    @Option(help: "How many replies to suggest.")
    var count = 3

    @Option(help: "Reply generator: offline (built in, no network), openai (an OpenAI-compatible server such as Ollama or llama.cpp), or command.")
    var generator: GeneratorKind = .offline

    @Option(help: "Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1.")
    var endpoint: String?

    @Option(help: "Model name for --generator openai, e.g. llama3.2.")
    var model: String?

    @Option(help: "Sampling temperature for --generator openai.")
    var temperature = 0.8

    @Option(help: "Most tokens the model may write.")
    var maxTokens = 300

    @Option(help: "Seconds to wait for a model server or reply command.")
    var timeout = 30.0

    @Flag(help: "Allow an endpoint that is not on this machine (the conversation then leaves it).")
    var allowRemote = false

    @Option(help: "For --generator command: the command to run; the prompt goes to its stdin, replies come from its stdout.")
    var command: String?

    @Flag(help: "Run --command through /bin/sh (pipes, variables); off by default.")
    var shell = false

    @Option(help: "When the generator fails or gives too few replies: none (fail) or offline (fill in with built-in replies).")
    var fallback: FallbackKind = .none

    @Flag(name: .customLong("no-redact"), help: "Send phone numbers, e-mail addresses, codes and addresses to the generator unredacted.")
    var noRedact = false

    @Option(help: "Folder with the app catalog, tones and templates (default: the one shipped with replyshot).", completion: .directory)
    var prompts: String?

    @Option(help: "A JSON file of your own app catalog entries, added to the shipped ones.", completion: .file())
    var catalog: String?

    func validate() throws {
        guard (1...10).contains(count) else { throw ValidationError("--count must be between 1 and 10.") }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds.") }
        switch generator {
        case .openai:
            guard endpoint != nil, model != nil else {
                throw ValidationError("--generator openai needs --endpoint URL and --model NAME (e.g. --endpoint http://localhost:11434/v1 --model llama3.2).")
            }
        case .command:
            guard command != nil else { throw ValidationError("--generator command needs --command \"CMD ARGS\".") }
        case .offline:
            break
        }
    }

    /// The generator the flags ask for, wrapped in the offline fallback when requested.
    func makeGenerator(promptsDirectory: URL) throws -> ReplyGenerator {
        let offline = try OfflineReplyGenerator(contentsOf: promptsDirectory.appendingPathComponent("offline-replies.json"))
        let primary: ReplyGenerator
        switch generator {
        case .offline:
            return offline
        case .openai:
            guard let endpoint, let url = URL(string: endpoint) else { throw GeneratorError.invalidEndpoint(endpoint ?? "") }
            var settings = OpenAICompatibleGenerator.Settings(endpoint: url, model: model ?? "")
            settings.temperature = temperature
            settings.maxTokens = maxTokens
            settings.timeout = timeout
            settings.allowRemote = allowRemote
            primary = try OpenAICompatibleGenerator(settings: settings)
        case .command:
            primary = try CommandGenerator(command: command ?? "", useShell: shell, timeout: timeout)
        }
        guard fallback == .offline else { return primary }
        return FallbackGenerator(primary: primary, fallback: offline, warn: { Terminal.warn($0) })
    }
}
