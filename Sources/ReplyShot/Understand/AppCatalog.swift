import Foundation

public enum AppCategory: String, Codable, Sendable, CaseIterable {
    case dating, email, messaging, social, work, unknown
}

/// The app a screenshot was taken in, and how replies there should sound.
public struct HostApp: Equatable, Codable, Sendable {
    public var bundleId: String?
    public var name: String
    public var category: AppCategory
    public var tone: String
    public var promptPrefix: String
    /// The layout its screens are read with (a name in prompts/layouts.json); nil: the default.
    public var layout: String?

    public init(
        bundleId: String?, name: String, category: AppCategory, tone: String, promptPrefix: String,
        layout: String? = nil
    ) {
        self.bundleId = bundleId
        self.name = name
        self.category = category
        self.tone = tone
        self.promptPrefix = promptPrefix
        self.layout = layout
    }
}

/// Bundle id → app, loaded from prompts/apps.json and optionally a user's own file, whose
/// entries add to or replace the shipped ones without recompiling.
public struct AppCatalog: Sendable {
    struct File: Decodable {
        struct Entry: Decodable {
            var bundleId: String
            var name: String
            var category: AppCategory
            var tone: String?
            var promptPrefix: String?
            var layout: String?
        }
        struct CategoryDefaults: Decodable {
            var tone: String
            var promptPrefix: String
        }
        var categories: [String: CategoryDefaults]?
        /// Words a bundle id the catalog does not list may contain that say its category
        /// ("mail" in "eu.faircode.email").
        var categoryHints: [String: [String]]?
        var apps: [Entry]
    }

    public private(set) var apps: [HostApp]
    private var categoryDefaults: [AppCategory: File.CategoryDefaults]
    private var categoryHints: [(word: String, category: AppCategory)]

    public init(contentsOf url: URL, overrides: URL? = nil) throws {
        let base = try JSONDataFile.load(File.self, from: url)
        var defaults: [AppCategory: File.CategoryDefaults] = [:]
        var hints: [(word: String, category: AppCategory)] = []
        var byId: [String: File.Entry] = [:]
        var order: [String] = []
        let files = [(url, base)] + (try overrides.map { [($0, try JSONDataFile.load(File.self, from: $0))] } ?? [])
        // A wrong category is said against the file that has it.
        for (url, file) in files {
            for (key, value) in file.categories ?? [:] {
                defaults[try Self.category(named: key, in: url, "")] = value
            }
            for (key, words) in (file.categoryHints ?? [:]).sorted(by: { $0.key < $1.key }) {
                let category = try Self.category(named: key, in: url, " in categoryHints")
                hints += words.map { ($0.lowercased(), category) }
            }
            for entry in file.apps {
                let key = entry.bundleId.lowercased()
                if byId[key] == nil { order.append(key) }
                byId[key] = entry
            }
        }
        self.categoryDefaults = defaults
        self.categoryHints = hints
        self.apps = []
        self.apps = order.map { key in
            let entry = byId[key]!
            return HostApp(
                bundleId: entry.bundleId, name: entry.name, category: entry.category,
                tone: entry.tone ?? defaults[entry.category]?.tone ?? "casual",
                promptPrefix: entry.promptPrefix ?? defaults[entry.category]?.promptPrefix ?? "",
                layout: entry.layout)
        }
    }

    /// The category a data file names, or an error naming the file and the choices.
    private static func category(named key: String, in url: URL, _ place: String) throws -> AppCategory {
        guard let category = AppCategory(rawValue: key) else {
            throw DataFileError(
                file: url.path,
                problem:
                    "\"\(key)\"\(place) is not a category (use one of \(AppCategory.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        return category
    }

    /// The app for a bundle id (case-insensitive); an id the catalog does not list takes the
    /// category its words hint at (`categoryHints`), else unknown and a casual tone.
    public func app(for bundleId: String?) -> HostApp {
        if let bundleId,
            let known = apps.first(where: { $0.bundleId?.caseInsensitiveCompare(bundleId) == .orderedSame })
        {
            return known
        }
        // An id the catalog does not list may still say what it is ("eu.faircode.email").
        let id = bundleId?.lowercased() ?? ""
        let category = categoryHints.first { !id.isEmpty && id.contains($0.word) }?.category ?? .unknown
        let fallback = categoryDefaults[category] ?? categoryDefaults[.unknown]
        return HostApp(
            bundleId: bundleId, name: bundleId ?? "Unknown app", category: category,
            tone: fallback?.tone ?? "casual",
            promptPrefix: fallback?.promptPrefix ?? "You help someone reply to a conversation.")
    }
}

/// How each tone should sound, from prompts/tones.json; a tone the user invents is used as
/// its own description.
public struct ToneBook: Sendable {
    public private(set) var descriptions: [String: String]

    public init(contentsOf url: URL) throws {
        descriptions = try JSONDataFile.load([String: String].self, from: url)
    }

    public func describe(_ tone: String) -> String {
        descriptions[tone.lowercased()] ?? tone
    }
}
