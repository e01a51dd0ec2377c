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
    case offline
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

    @Option(help: "Reply generator: offline (built in, no network).")
    var generator: GeneratorKind = .offline

    @Option(help: "Folder with the app catalog, tones and templates (default: the one shipped with replyshot).", completion: .directory)
    var prompts: String?

    @Option(help: "A JSON file of your own app catalog entries, added to the shipped ones.", completion: .file())
    var catalog: String?

    func validate() throws {
        guard (1...10).contains(count) else { throw ValidationError("--count must be between 1 and 10.") }
    }
}
