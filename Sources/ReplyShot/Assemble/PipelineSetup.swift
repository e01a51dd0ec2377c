import Foundation

/// What a command decides about the pipeline's parts; everything else takes the default stage.
/// The executable parses its flags into this, builds the pipeline from it, and prints.
public struct PipelineSetup: Sendable {
    public var reply = ReplySettings()
    public var ocr = OCROptions()
    public var stitch = StitchStrategy.auto
    /// prompts/ to use instead of the shipped one.
    public var promptsDirectory: URL?
    /// A catalog file added to the shipped app catalog (default: the user's apps.json).
    public var catalogOverride: URL?
    /// Remember each analysis in the local history (`replyshot history`).
    public var recordHistory = false

    public init() {}
}

extension Pipeline {
    /// The pipeline with the default stage for each part, as `setup` chooses them. Settings
    /// a generator needs are checked before anything costly (OCR engines) starts.
    public init(
        setup: PipelineSetup, progress: @escaping @Sendable (String) -> Void = { _ in },
        warn: @escaping @Sendable (String) -> Void
    ) throws {
        let resources = try PromptResources(directory: setup.promptsDirectory, catalogOverride: setup.catalogOverride)
        let generator = try GeneratorChoice.generator(
            for: setup.reply, promptsDirectory: resources.directory, warn: warn)
        var ocr = setup.ocr
        ocr.languageBook = resources.languages
        ocr.preferredLanguages = setup.reply.languages
        self.init(
            resources: resources, recognizer: try RegionScreenRecognizer(options: ocr),
            stitcher: setup.stitch.makeStitcher(), generator: generator,
            history: setup.recordHistory ? try AnalysisHistory() : nil, progress: progress, warn: warn)
    }
}
