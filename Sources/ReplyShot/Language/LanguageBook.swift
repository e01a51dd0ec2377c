import Foundation

/// What replyshot knows about one language, from prompts/languages/<code>.json: its name,
/// its script, the everyday words that tell it apart from other languages of that script,
/// and the words an app's chrome uses in it ("Heute", "gelesen", "в сети").
public struct LanguageProfile: Decodable, Equatable, Sendable {
    /// Tesseract's code ("deu"), also the name of its data file and of its package's suffix.
    public var code: String
    public var name: String
    public var script: String
    public var stopwords: Set<String>
    public var chrome: ChromeWords

    public init(code: String, name: String, script: String, stopwords: Set<String>, chrome: ChromeWords = ChromeWords())
    {
        self.code = code
        self.name = name
        self.script = script
        self.stopwords = stopwords
        self.chrome = chrome
    }
}

/// Words of an app's own text around a conversation, in one language or (merged) several.
public struct ChromeWords: Decodable, Equatable, Sendable {
    /// Words a day or date stamp starts with ("heute", "viernes", "марта").
    public var days: Set<String> = []
    /// Delivery words under or inside a bubble ("gelesen", "leído").
    public var receipts: Set<String> = []
    /// A header's status line, or how it starts ("zuletzt online", "в сети").
    public var status: Set<String> = []
    /// An input field's placeholder ("Nachricht", "Envía un mensaje").
    public var placeholders: Set<String> = []
    /// A word after a time that belongs to it ("14:02 Uhr").
    public var timeSuffixes: Set<String> = []
    /// Words after which a time is part of the message ("um 8:30", "a las 8:30").
    public var timePrepositions: Set<String> = []
    /// What makes a stamp relative ("vor", "hace", "назад"), and its units ("Tagen",
    /// "días", "дней"): "Vor 6 Tagen, 13:25" under a bubble is small print.
    public var relativeMarkers: Set<String> = []
    public var relativeUnits: Set<String> = []

    public init() {}

    enum CodingKeys: String, CodingKey {
        case days, receipts, status, placeholders, timeSuffixes, timePrepositions, relativeMarkers, relativeUnits
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Lower-cased once here, so every lookup is a plain set membership.
        func words(_ key: CodingKeys) throws -> Set<String> {
            Set((try c.decodeIfPresent([String].self, forKey: key) ?? []).map { $0.lowercased() })
        }
        days = try words(.days)
        receipts = try words(.receipts)
        status = try words(.status)
        placeholders = try words(.placeholders)
        timeSuffixes = try words(.timeSuffixes)
        timePrepositions = try words(.timePrepositions)
        relativeMarkers = try words(.relativeMarkers)
        relativeUnits = try words(.relativeUnits)
    }

    /// Every language's words together: a screen is read with all of them, whatever its language.
    public func merged(with other: ChromeWords) -> ChromeWords {
        var merged = self
        merged.days.formUnion(other.days)
        merged.receipts.formUnion(other.receipts)
        merged.status.formUnion(other.status)
        merged.placeholders.formUnion(other.placeholders)
        merged.relativeMarkers.formUnion(other.relativeMarkers)
        merged.relativeUnits.formUnion(other.relativeUnits)
        merged.timeSuffixes.formUnion(other.timeSuffixes)
        merged.timePrepositions.formUnion(other.timePrepositions)
        return merged
    }
}

/// The languages in prompts/languages/: one file per language, and scripts.json, which says
/// which Tesseract languages read each script. Adding a language is a file, not code.
public struct LanguageBook: Equatable, Sendable {
    public var profiles: [String: LanguageProfile]
    /// Script name as Tesseract's OSD reports it ("Cyrillic") → language codes, best first.
    public var scripts: [String: [String]]

    public init(profiles: [LanguageProfile] = [], scripts: [String: [String]] = [:]) {
        self.profiles = Dictionary(profiles.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        self.scripts = scripts
    }

    public init(directory: URL) throws {
        var profiles: [LanguageProfile] = []
        var scripts: [String: [String]] = [:]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        for file in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent })
        where file.pathExtension == "json" {
            do {
                let data = try Data(contentsOf: file)
                if file.lastPathComponent == "scripts.json" {
                    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                    for (script, codes) in object { if let codes = codes as? [String] { scripts[script] = codes } }
                } else {
                    profiles.append(try JSONDecoder().decode(LanguageProfile.self, from: data))
                }
            } catch {
                throw DataFileError(file: file.path, problem: "it is not a language file (\(error))")
            }
        }
        self.init(profiles: profiles, scripts: scripts)
    }

    /// The languages shipped in the prompts folder this binary finds; empty (English only)
    /// when there is none, so the OCR and reading stages still work without it.
    public static let shipped: LanguageBook = {
        guard let prompts = try? PromptsDirectory.locate(),
            let book = try? LanguageBook(directory: prompts.appendingPathComponent("languages"))
        else { return LanguageBook() }
        return book
    }()

    /// All languages' chrome words, merged.
    public var chrome: ChromeWords {
        profiles.keys.sorted().reduce(ChromeWords()) { $0.merged(with: profiles[$1]!.chrome) }
    }

    public func name(of code: String) -> String { profiles[code]?.name ?? code }

    /// The languages that read `script`, best first (a profile's own script counts too).
    public func languages(for script: String) -> [String] {
        let listed = scripts[script] ?? []
        let profiled = profiles.values.filter { $0.script == script }.map(\.code).sorted()
        return listed + profiled.filter { !listed.contains($0) }
    }
}
