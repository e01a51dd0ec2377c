import Foundation

/// What one source says about the reply settings: the command's flags, or the config file.
/// nil means "this source does not say"; a later source (or the default) decides.
public struct ReplySettingsLayer: Equatable, Sendable {
    public var generator: String?
    public var endpoint: String?
    public var model: String?
    public var tone: String?
    public var style: String?
    public var count: Int?
    public var temperature: Double?
    public var maxTokens: Int?
    public var timeout: Double?
    public var allowRemote: Bool?
    public var command: String?
    public var shell: Bool?
    public var fallback: String?
    public var redact: Bool?
    public var tonesByCategory: [String: String]?
    public var languages: [String]?

    public init() {}
}

/// Whether a failing generator is an error or is filled in by the offline one.
public enum FallbackChoice: String, CaseIterable, Sendable {
    case none, offline
}

/// The effective reply settings: flags over the config file over the defaults, each default
/// written once, here.
public struct ReplySettings: Equatable, Sendable {
    /// The name of a generator in `GeneratorChoice.registered`.
    public var generator = "offline"
    public var endpoint: String?
    public var model: String?
    /// nil: the app's tone (or the user's tone for the app's category).
    public var tone: String?
    public var style: String?
    public var count = 3
    public var temperature = 0.8
    public var maxTokens = 300
    /// Seconds to wait for a model server or a reply command.
    public var timeout = 30.0
    public var allowRemote = false
    public var command: String?
    public var shell = false
    public var fallback = FallbackChoice.none
    /// Personal data is replaced by placeholders before text leaves the machine.
    public var redact = true
    public var tonesByCategory: [String: String] = [:]
    /// The OCR languages to read with first under `--lang auto` (config `languages`).
    public var languages: [String] = []
    /// The config file the settings came from, if there was one.
    public var configFile: URL?

    /// The defaults alone.
    public init() {}

    /// Every setting's default, for the generators that have settings of their own.
    public static let defaults = ReplySettings()

    /// `flags` win over `file`, which wins over the defaults. Every value passes the same
    /// checks whichever source gave it; a config file's mistake names the file.
    public init(flags: ReplySettingsLayer, file: ReplySettingsLayer = ReplySettingsLayer(), fileLocation: URL? = nil)
        throws
    {
        try Self.check(flags, source: .flags)
        try Self.check(file, source: .file(fileLocation?.path ?? "config"))
        func pick<T>(_ key: KeyPath<ReplySettingsLayer, T?>, _ fallback: T) -> T {
            flags[keyPath: key] ?? file[keyPath: key] ?? fallback
        }
        func pick<T>(_ key: KeyPath<ReplySettingsLayer, T?>) -> T? { flags[keyPath: key] ?? file[keyPath: key] }
        let defaults = Self.defaults
        generator = pick(\.generator, defaults.generator)
        endpoint = pick(\.endpoint)
        model = pick(\.model)
        tone = pick(\.tone)
        style = pick(\.style)
        count = pick(\.count, defaults.count)
        temperature = pick(\.temperature, defaults.temperature)
        maxTokens = pick(\.maxTokens, defaults.maxTokens)
        timeout = pick(\.timeout, defaults.timeout)
        allowRemote = pick(\.allowRemote, defaults.allowRemote)
        command = pick(\.command)
        shell = pick(\.shell, defaults.shell)
        fallback = pick(\.fallback).flatMap(FallbackChoice.init(rawValue:)) ?? defaults.fallback
        redact = pick(\.redact, defaults.redact)
        tonesByCategory = pick(\.tonesByCategory, defaults.tonesByCategory)
        languages = pick(\.languages, defaults.languages)
        configFile = fileLocation
    }

    private enum Source {
        case flags, file(String)
    }

    private static func check(_ layer: ReplySettingsLayer, source: Source) throws {
        func fail(_ flag: String, _ key: String, _ problem: String) -> Error {
            switch source {
            case .flags: return SettingsError.invalidFlag("--\(flag) \(problem).")
            case .file(let path): return DataFileError(file: path, problem: "\(key) \(problem)")
            }
        }
        for (flag, value) in [
            ("count", layer.count.map(Double.init)), ("timeout", layer.timeout),
            ("temperature", layer.temperature), ("max-tokens", layer.maxTokens.map(Double.init)),
        ] {
            if let value, let problem = SettingLimits.problem(flag, value) {
                throw fail(flag, flag.replacingOccurrences(of: "-", with: "_"), problem)
            }
        }
        let generators = GeneratorChoice.registered.map(\.name)
        if let name = layer.generator, !generators.contains(name) {
            throw fail(
                "generator", "generator", "is \"\(name)\", not one of \(generators.joined(separator: ", "))")
        }
        if let name = layer.fallback, FallbackChoice(rawValue: name) == nil {
            throw fail(
                "fallback", "fallback",
                "is \"\(name)\", not one of \(FallbackChoice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }
}

/// The allowed range of each numeric setting, whether it comes from a flag or the config file.
public enum SettingLimits {
    public static let ranges: [String: ClosedRange<Double>] = [
        "count": 1...10, "timeout": 0.001...3600, "temperature": 0...2, "max-tokens": 1...32768,
    ]

    /// Why `value` is not allowed for `name`, or nil when it is.
    public static func problem(_ name: String, _ value: Double) -> String? {
        guard let range = ranges[name], !range.contains(value) || !value.isFinite else { return nil }
        switch name {
        case "timeout": return "must be more than 0 and at most 3600 seconds (not \(value.formatted()))"
        default:
            return
                "must be between \(range.lowerBound.formatted()) and \(range.upperBound.formatted()) (not \(value.formatted()))"
        }
    }
}

/// A setting that is wrong as the user gave it (a usage error, exit 64).
public enum SettingsError: Error, LocalizedError, Equatable {
    case invalidFlag(String)
    /// A generator was chosen without what it needs (`--generator openai` without an endpoint).
    case incomplete(String)

    public var errorDescription: String? {
        switch self {
        case .invalidFlag(let sentence), .incomplete(let sentence): return sentence
        }
    }
}
