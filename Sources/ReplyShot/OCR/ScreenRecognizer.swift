import CLeptonica
import Foundation

/// The OCR stage: pixels of a screenshot in, text regions with lines out.
public protocol ScreenRecognizer: Sendable {
    /// Reads each screenshot; a failure for one file does not stop the others. With
    /// `skippingRepeats`, a bubble the previous shot already showed may be left unread (its
    /// region marked `readInEarlierShot`): only a stitcher that places shots by their pixel
    /// offset can use such pages.
    func recognize(_ screenshots: [Screenshot], skippingRepeats: Bool) -> RecognizedShots
}

/// What the OCR stage gives back: a page (or why there is none) per screenshot, in the order
/// given, and the scroll offsets between them, measured once for the stages after.
public struct RecognizedShots: Sendable {
    public var pages: [Result<OCRPage, Error>]
    /// Indexed like `pages`. A shot that could not be surveyed has no offsets; the caller
    /// drops the ones without a page (`ScrollMap.subset`).
    public var scrollMap: ScrollMap

    public init(pages: [Result<OCRPage, Error>], scrollMap: ScrollMap? = nil) {
        self.pages = pages
        self.scrollMap = scrollMap ?? ScrollMap(rows: pages.map { try? $0.get().rows })
    }
}

public struct OCROptions: Sendable, Equatable {
    /// Tesseract's languages ("eng", "rus+eng"), or "auto": each screenshot's script and
    /// words choose among the installed ones (see `LanguageChooser`).
    public var language: String
    /// With "auto": the languages to read with first, in order (the config file's `languages`).
    public var preferredLanguages: [String] = []
    /// The languages replyshot knows (scripts, everyday words).
    public var languageBook: LanguageBook = .shipped
    public var tessdata: URL?
    /// Parallel workers, each with its own engine. nil: one per core.
    public var jobs: Int?
    /// Read a bubble once when consecutive shots show it at a known scroll offset (see
    /// `RevealedRegionPlanner`), where the caller's stitcher allows it. Off: every shot whole.
    public var readRevealedOnly: Bool
    /// Which engine reads the prepared text (`--ocr-engine`).
    public var engine: OCREngineChoice

    public init(
        language: String = OCROptions.automaticLanguage, tessdata: URL? = nil, jobs: Int? = nil,
        readRevealedOnly: Bool = true,
        engine: OCREngineChoice = .tesseract
    ) {
        self.language = language
        self.tessdata = tessdata
        self.jobs = jobs
        self.readRevealedOnly = readRevealedOnly
        self.engine = engine
    }

    public static let automaticLanguage = "auto"
    /// What a screen is read with when nothing says otherwise.
    public static let fallbackLanguage = "eng"

    public var isAutomaticLanguage: Bool { language == Self.automaticLanguage }
}

/// Recognises screenshots with a line engine after preparing each text region for it.
///
/// Two passes when several shots come together: a cheap survey of each (where its text
/// regions are, its pixel rows), then the reading, which skips the bubbles an earlier shot
/// of the same scroll already showed. Decoding twice costs far less than recognising again.
public final class RegionScreenRecognizer: ScreenRecognizer, @unchecked Sendable {
    private let options: OCROptions
    private let engines: LanguageEnginePools
    /// With `--lang auto`: what chooses each screenshot's language; nil: `options.language`.
    private let chooser: LanguageChooser?
    private let scriptDetectors: EnginePool<ScriptDetecting>?
    private let firstLanguage: String
    private let finder = RegionFinder()
    private let paneFinder = ChatPaneFinder()
    private let preparer = ImagePreparer()
    private let planner = RevealedRegionPlanner()

    /// Fails at once (not per file) when the engine cannot start (Tesseract's language data
    /// missing): nothing could be read.
    public convenience init(options: OCROptions = OCROptions()) throws {
        try self.init(
            options: options, engines: options.engine.engines(options), choosesLanguage: options.isAutomaticLanguage,
            scriptDetector: options.isAutomaticLanguage ? options.engine.scriptDetectors(options) : nil)
    }

    /// With an engine of the caller's (a scripted one in tests), for every language.
    public convenience init(options: OCROptions, engine: @escaping @Sendable () throws -> LineEngine) throws {
        try self.init(options: options, engines: { _ in try engine() }, choosesLanguage: false, scriptDetector: nil)
    }

    /// With `choosesLanguage`, each screenshot's language is chosen among those the first
    /// engine reports installed (it is made anyway, to fail at once when nothing can read).
    public init(
        options: OCROptions, engines: @escaping @Sendable (String) throws -> LineEngine, choosesLanguage: Bool,
        scriptDetector: (@Sendable () throws -> ScriptDetecting)?
    ) throws {
        self.options = options
        self.engines = LanguageEnginePools(make: engines)
        self.scriptDetectors = scriptDetector.map { EnginePool(make: $0) }
        let explicit = options.isAutomaticLanguage ? OCROptions.fallbackLanguage : options.language
        let installed = try self.engines.pool(for: explicit).using(\.installedLanguages)
        chooser =
            choosesLanguage
            ? LanguageChooser(
                book: options.languageBook, installed: installed, preferred: options.preferredLanguages) : nil
        firstLanguage = chooser?.firstLanguage ?? explicit
        try self.engines.pool(for: firstLanguage).using { _ in }
    }

    public func recognize(_ screenshots: [Screenshot], skippingRepeats: Bool) -> RecognizedShots {
        LibraryMessages.quieted { recognizeQuietly(screenshots, skippingRepeats: skippingRepeats) }
    }

    private func recognizeQuietly(_ screenshots: [Screenshot], skippingRepeats: Bool) -> RecognizedShots {
        let workers = max(1, min(options.jobs ?? ProcessInfo.processInfo.activeProcessorCount, screenshots.count))
        let readShot: (Int, PageLanguage?) -> Result<OCRPage, Error>
        var order = Array(screenshots.indices)
        var scrollMap: ScrollMap?
        if skippingRepeats, options.readRevealedOnly, screenshots.count > 1 {
            let surveyed = Self.concurrentMap(screenshots.indices, workers: workers) { index in
                Result { try self.survey(screenshots[index]) }
            }
            let found = surveyed.map { try? $0.get() }
            // The survey's rows are the pages' rows: the offsets are measured here, once.
            let map = ScrollMap(rows: found.map { $0?.rows })
            scrollMap = map
            // What stood still while the messages scrolled is the app's chrome.
            let narrowed = FixedChrome().narrowing(found, scrollMap: map)
            let surveys = surveyed.indices.map { index in narrowed[index].map { .success($0) } ?? surveyed[index] }
            let seenEarlier = planner.seenEarlier(narrowed, scrollMap: map)
            // The shots with the most left to read go first, so no worker is left with a big one
            // at the end while the others wait.
            let rowsToRead = screenshots.indices.map { Self.rowsToRead(surveys[$0], seenEarlier[$0]) }
            order.sort { rowsToRead[$0] > rowsToRead[$1] }
            readShot = { index, language in
                surveys[index].flatMap { survey in
                    Result {
                        try self.read(
                            screenshots[index], survey: survey, seenEarlier: seenEarlier[index], language: language)
                    }
                }
            }
        } else {
            readShot = { index, language in
                Result { try self.read(screenshots[index], survey: nil, seenEarlier: nil, language: language) }
            }
        }
        let read = Self.concurrentMap(order, workers: workers) { readShot($0, nil) }
        var pages = settlingLanguages(read, workers: workers, readShot: readShot)
        if let scrollMap { planner.carryLineHeights(into: &pages, scrollMap: scrollMap) }
        return RecognizedShots(pages: pages, scrollMap: scrollMap)
    }

    /// One conversation is written in one language: a shot that could not tell on its own (a
    /// few new words at the end of a scroll) is read again in the language the others settled
    /// on, and keeps that reading when Tesseract is surer of it.
    private func settlingLanguages(
        _ pages: [Result<OCRPage, Error>], workers: Int, readShot: (Int, PageLanguage?) -> Result<OCRPage, Error>
    ) -> [Result<OCRPage, Error>] {
        guard let chooser,
            let settled = chooser.settledLanguage(of: pages.compactMap { try? $0.get().language })
        else { return pages }
        let unsettled = pages.indices.filter { (try? pages[$0].get().language?.settled) == false }
        let again = Self.concurrentMap(unsettled, workers: workers) { readShot($0, settled) }
        var pages = pages
        for (index, second) in zip(unsettled, again) {
            guard let before = try? pages[index].get(), let after = try? second.get() else { continue }
            if chooser.keepsReading(
                in: settled, first: Self.contentWords(before.regions), second: Self.contentWords(after.regions))
            {
                pages[index] = second
            }
        }
        return pages
    }

    static func contentWords(_ regions: [TextRegion]) -> [OCRWord] {
        regions.filter { $0.zone == .content }.flatMap(\.lines).flatMap(\.words)
    }

    /// Where the text regions of a screenshot are, and its pixel rows.
    private func survey(_ screenshot: Screenshot) throws -> RegionFinder.Found {
        let (image, paneLeft) = try chatPane(of: screenshot)
        return found(in: image, paneLeft: paneLeft)
    }

    /// The screenshot's pixels where the chat is: a wide window's list of conversations
    /// beside the chat is left out, and `paneLeft` says where the chat pane starts. `known`:
    /// where the survey found it start (not looked for again).
    private func chatPane(of screenshot: Screenshot, startingAt known: Int? = nil) throws -> (
        image: RGBImage, paneLeft: Int
    ) {
        let image = try RGBImage(path: screenshot.path, name: screenshot.fileName)
        let start = max(0, known ?? paneFinder.chatPaneStart(in: image) ?? 0)
        let pane = start > 0 ? try image.columns(from: start, name: screenshot.fileName) : image
        // A page fading down the pane is painted flat before any region is looked for.
        PageGradient().flatten(pane)
        return (pane, start)
    }

    private func found(in image: RGBImage, paneLeft: Int) -> RegionFinder.Found {
        var found = finder.find(in: image)
        found.layout.paneLeft = paneLeft
        return found
    }

    /// Reads the regions of one screenshot that are not `seenEarlier` and returns them all,
    /// the skipped ones marked as read elsewhere and without lines. The decoded image lives
    /// only until the canvas is painted, so a worker never holds it while Tesseract runs.
    /// `language`: read in it, without choosing (the language the shot's batch settled on).
    func read(
        _ screenshot: Screenshot, survey: RegionFinder.Found?, seenEarlier: [Bool]?,
        language forced: PageLanguage? = nil
    ) throws -> OCRPage {
        var found: RegionFinder.Found
        let canvases: [(canvas: ReadingCanvas, regions: [Int])]
        let magnification: Int
        let image: RGBImage
        do {
            let paneLeft: Int
            (image, paneLeft) = try chatPane(of: screenshot, startingAt: survey?.layout.paneLeft)
            magnification = Self.magnification(forWidth: image.width)
            // The survey was made from the file as it was then; a file replaced since (another
            // picture, another size) must not be painted with regions that lie outside it.
            if let survey, survey.layout.width != image.width || survey.layout.height != image.height {
                throw ImageDecodeError.changedWhileRead(screenshot.fileName)
            }
            found = survey ?? self.found(in: image, paneLeft: paneLeft)
            for (index, skipped) in (seenEarlier ?? []).enumerated() where skipped {
                found.regions[index].readInEarlierShot = true
            }
            // The status bar and the input bar never hold conversation text: not worth reading.
            let toRead = found.regions.indices.filter {
                let region = found.regions[$0]
                return (region.zone == .header || region.zone == .content) && !region.readInEarlierShot
            }
            canvases = preparer.canvases(
                image, regions: found.regions, reading: toRead,
                background: found.layout.pageIsPicture ? nil : found.background)
        }
        var regions = found.regions
        // A shot with nothing new to read says nothing about the language.
        var language: PageLanguage?
        if !canvases.isEmpty {
            if let forced {
                regions = try read(
                    canvases, into: found.regions, magnification: magnification, language: forced.readWith,
                    screenHeight: found.layout.height)
                language = forced
            } else {
                (regions, language) = try readInItsLanguage(
                    canvases, regions: found.regions, magnification: magnification, screenHeight: found.layout.height)
            }
        }
        for index in regions.indices {
            regions[index].lines.sort { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        }
        regions = PictographFinder().marking(regions, in: image)
        return OCRPage(
            source: screenshot.fileName, layout: found.layout, background: found.background,
            // A large shape without text (a sticker, a big emoji) is still part of the chat.
            regions: regions.filter {
                !$0.lines.isEmpty || $0.readInEarlierShot || !$0.anatomy.pictureRows.isEmpty
                    || ($0.zone == .content
                        && Double($0.box.height) >= Double(found.layout.height) * Self.minimumGraphicShare)
            },
            rows: found.rows, language: language)
    }

    /// Reads the canvases with the first language, then, with `--lang auto`, again in the
    /// language the chooser settles on when that reads better.
    private func readInItsLanguage(
        _ canvases: [(canvas: ReadingCanvas, regions: [Int])], regions blank: [TextRegion], magnification: Int,
        screenHeight: Int
    ) throws -> ([TextRegion], PageLanguage) {
        let first = try read(
            canvases, into: blank, magnification: magnification, language: firstLanguage, screenHeight: screenHeight)
        guard let chooser else { return (first, PageLanguage(code: firstLanguage, readWith: firstLanguage)) }
        let words = Self.contentWords(first)
        switch chooser.decide(words: words, detectScript: { self.detectScript(canvases.map(\.canvas)) }) {
        case .keep(let language):
            return (first, language)
        case .reread(let language, let evidence):
            let second = try read(
                canvases, into: blank, magnification: magnification, language: language.readWith,
                screenHeight: screenHeight)
            let keep = chooser.keepsSecondReading(first: words, second: Self.contentWords(second), evidence: evidence)
            return keep ? (second, language) : (first, PageLanguage(code: firstLanguage, readWith: firstLanguage))
        }
    }

    /// Reads `canvases` with engines for `language` and returns `regions` with their lines.
    private func read(
        _ canvases: [(canvas: ReadingCanvas, regions: [Int])], into regions: [TextRegion], magnification: Int,
        language: String, screenHeight: Int
    ) throws -> [TextRegion] {
        var regions = regions
        try engines.pool(for: language).using { engine in
            for (canvas, members) in canvases {
                // Sparse-text mode finds the lines of every region on its own; the regions,
                // not Tesseract's block layout, decide what belongs together.
                let pix =
                    magnification == 1
                    ? canvas.pix
                    : pixScale(canvas.pix.pointer, Float(magnification), Float(magnification)).map(LeptonicaPix.init)
                        ?? canvas.pix
                let scale = pix === canvas.pix ? 1 : magnification
                let lines = engine.recognize(pix, layout: .sparse).map { $0.scaledDown(by: scale) }
                for line in lines.compactMap(canvas.sourceLine) {
                    for (index, part) in Self.parts(of: line, among: members, of: regions) {
                        Self.add(part, to: index, of: &regions)
                    }
                }
                for index in members
                where scale == 1 && regions[index].zone == .content
                    && (Self.isDoubtful(regions[index])
                        || Self.isUnreadLineOfGraphicSize(regions[index], screenHeight: screenHeight))
                {
                    secondOpinion(&regions[index], on: canvas, engine: engine)
                }
            }
        }
        return regions
    }

    /// Adds a line to its region, once: a region inside a taller one (a block of text on a
    /// mail's panel) is painted on two canvases when the taller one needs a canvas of its
    /// own, and its lines are read on both, each given to the region of its canvas. Of two
    /// readings of one place (boxes that cover most of each other), the surer stays where it
    /// was found. A fragment inside a longer line (a dash, a time) is a line of its own.
    static func add(_ line: OCRLine, to index: Int, of regions: inout [TextRegion]) {
        let area = line.box.width * line.box.height
        for other in regions.indices where regions[other].box.overlapArea(with: line.box) > 0 {
            guard
                let twin = regions[other].lines.firstIndex(where: {
                    $0.box.overlapArea(with: line.box) * 2 > max(area, $0.box.width * $0.box.height)
                })
            else { continue }
            if line.confidence > regions[other].lines[twin].confidence {
                regions[other].lines.remove(at: twin)
                regions[index].lines.append(line)
            }
            return
        }
        regions[index].lines.append(line)
    }

    /// The script of the tallest canvas (the one with most text), when a detector is installed.
    private func detectScript(_ canvases: [ReadingCanvas]) -> DetectedScript? {
        guard let scriptDetectors, let canvas = canvases.max(by: { $0.pix.height < $1.pix.height }) else { return nil }
        return try? scriptDetectors.using { $0.script(of: canvas.pix) }
    }

    /// A region whose reading is unsure, or has nothing but scraps: a word read with little
    /// confidence, or only words of one or two letters. Short bold words ("hi", "ok") and
    /// text beside an icon often come out that way at screen size and right when enlarged.
    static func isDoubtful(_ region: TextRegion) -> Bool {
        let words = region.lines.flatMap(\.words)
        if words.isEmpty { return region.isFilled && region.anatomy.pictureRows.isEmpty }
        return words.contains { $0.confidence < secondOpinionConfidence } || words.allSatisfy { $0.text.count <= 2 }
    }

    /// A region with nothing read, tall enough to be taken for a sticker, but shaped like a
    /// line of text: a sender's name beside a dark badge (Meshtastic's "MiMo Minnie Mouse
    /// 09:12"), which sparse reading loses with the badge and a block reading finds. Stickers
    /// and avatars are about as wide as tall; smaller empty regions (icons, doodles) are
    /// left alone: read again, they turn into scraps of words.
    static func isUnreadLineOfGraphicSize(_ region: TextRegion, screenHeight: Int) -> Bool {
        region.lines.isEmpty && region.anatomy.pictureRows.isEmpty
            && region.box.width >= region.box.height * lineShapeRatio
            && Double(region.box.height) >= Double(screenHeight) * minimumGraphicShare
    }
    /// A region at least this many times as wide as tall has the shape of a line of text.
    static let lineShapeRatio = 3

    /// Words below this confidence (0...1) get a second, enlarged reading of their region.
    static let secondOpinionConfidence = 0.7
    /// How much a region is enlarged for its second reading.
    static let secondOpinionScale: Float = 2

    /// Reads one region again from its canvas, twice as large and as one block, and keeps
    /// that reading when Tesseract is surer of it.
    private func secondOpinion(_ region: inout TextRegion, on canvas: ReadingCanvas, engine: LineEngine) {
        let box = region.box
        guard let row = canvas.canvasRow(forSourceRow: box.y),
            let clipBox = boxCreate(Int32(box.x), Int32(row), Int32(box.width), Int32(box.height))
        else { return }
        var clipBoxPointer: UnsafeMutablePointer<BOX>? = clipBox
        defer { boxDestroy(&clipBoxPointer) }
        guard let clip = pixClipRectangle(canvas.pix.pointer, clipBox, nil) else { return }
        let clipped = LeptonicaPix(clip)
        guard
            let enlarged = pixScale(clipped.pointer, Self.secondOpinionScale, Self.secondOpinionScale).map(
                LeptonicaPix.init)
        else { return }
        let factor = Int(Self.secondOpinionScale)
        // A bubble is one block of text: read as one, its short words stay whole ("hi", not
        // "h" and "I" found apart as sparse text does).
        let lines = engine.recognize(enlarged, layout: .block).map {
            $0.scaledDown(by: factor).offsetBy(dx: box.x, dy: box.y)
        }
        if !lines.isEmpty, lines.flatMap(\.words).meanConfidence > region.lines.flatMap(\.words).meanConfidence {
            region.lines = lines
        }
    }

    /// A shape without text this share of the screen's height or taller may be a sticker;
    /// the reader decides (shorter ones are icons and dots).
    static let minimumGraphicShare = 0.03

    /// Small, low-resolution screens (480×854, 720×1280) draw message text a dozen pixels
    /// high, below the size Tesseract's model reads well (about 20 px and up); their
    /// canvases are enlarged before recognition.
    static let smallScreenWidth = 1000
    static func magnification(forWidth width: Int) -> Int { width < smallScreenWidth ? 2 : 1 }

    /// A line with the region it belongs to (`region(containing:)`); words of it that lie
    /// wholly inside a bubble beside a region on the page that took the line go to the bubble
    /// as a line of their own (sparse mode runs a profile picture read as "(N)" and the short
    /// "Hi." in the bubble beside it into one line, which the picture, taller, would take).
    static func parts(of line: OCRLine, among candidates: [Int], of regions: [TextRegion]) -> [(Int, OCRLine)] {
        guard let whole = region(containing: line.box, among: candidates, of: regions) else { return [] }
        // A sender's picture (square, far taller than the name) that took a line run into the
        // name beside it on the page (Maid's "User") gives the words outside it to the name's
        // region. A button's icon is about as tall as its label ("👍 Like"): the two are one
        // control.
        let wholeBox = regions[whole].box
        let isPicture = wholeBox.isRoughlySquare
        // A bubble is a filled region wider than tall: a square one may be an emoji drawn in
        // a line of text on the page, whose reading belongs to the line.
        let homes = line.words.map { word in
            region(containing: word.box, among: candidates, of: regions).flatMap { home in
                let box = regions[home].box
                let intoBubble = !regions[whole].isFilled && regions[home].isFilled
                let outOfPicture =
                    isPicture && !regions[home].isFilled && wholeBox.overlapArea(with: word.box) == 0
                    && Double(wholeBox.height) >= Double(word.box.height) * Self.pictureOverNameHeight
                return (intoBubble || outOfPicture) && box.encloses(word.box) && box.width > box.height ? home : nil
            } ?? whole
        }
        guard Set(homes).count > 1 else { return [(whole, line)] }
        var parts: [(Int, [OCRWord])] = []
        for (word, home) in zip(line.words, homes) {
            if let last = parts.last, last.0 == home {
                parts[parts.count - 1].1.append(word)
            } else {
                parts.append((home, [word]))
            }
        }
        return parts.map { home, words in
            (home, OCRLine(words: words, box: PixelRect(enclosing: words.map(\.box)), baseline: line.baseline))
        }
    }

    /// A sender's picture is at least this many times as tall as a word of the name beside
    /// it (Maid's: twice); a button's icon is at most a third taller than its label.
    static let pictureOverNameHeight = 1.6

    /// The region a line belongs to: the one among `candidates` it overlaps most.
    static func region(containing box: PixelRect, among candidates: [Int], of regions: [TextRegion]) -> Int? {
        var best: (index: Int, overlap: Int)?
        for index in candidates {
            let r = regions[index].box
            let w = min(r.maxX, box.maxX) - max(r.x, box.x), h = min(r.maxY, box.maxY) - max(r.y, box.y)
            guard w > 0, h > 0 else { continue }
            if best == nil || w * h > best!.overlap { best = (index, w * h) }
        }
        return best?.index
    }

    private static func rowsToRead(_ survey: Result<RegionFinder.Found, Error>, _ seenEarlier: [Bool]) -> Int {
        guard let found = try? survey.get() else { return 0 }
        return zip(found.regions, seenEarlier).filter { !$1 }.map(\.0.box.height).reduce(0, +)
    }

    /// `body` for each index, by up to `workers` threads taking the next index as they finish;
    /// results in index order.
    static func concurrentMap<Indices: Collection<Int>, T>(_ indices: Indices, workers: Int, _ body: (Int) -> T) -> [T]
    {
        let order = Array(indices)
        var results = [T?](repeating: nil, count: (order.max() ?? -1) + 1)
        let lock = NSLock()
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, order.count))) { _ in
            while let k = next.take(below: order.count) {
                let result = body(order[k])
                lock.withLock { results[order[k]] = result }
            }
        }
        return results.compactMap { $0 }
    }
}

/// Hands out indexes 0, 1, 2, ... to concurrent workers.
final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}
