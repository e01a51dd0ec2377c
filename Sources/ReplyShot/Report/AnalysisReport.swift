import Foundation

/// The JSON report (`--format json`): a contract other programs read. Keys may be added;
/// the ones in docs/ARCHITECTURE.md keep their meaning.
public struct AnalysisReport: Codable, Equatable, Sendable {
    public struct ScreenshotEntry: Codable, Equatable, Sendable {
        public var path: String
        public var capturedAt: Date
        public var width: Int
        public var height: Int
    }

    public struct AppEntry: Codable, Equatable, Sendable {
        public var bundleId: String?
        public var name: String
        public var category: String
        public var tone: String

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(bundleId, forKey: .bundleId)  // null, not missing, when unknown
            try container.encode(name, forKey: .name)
            try container.encode(category, forKey: .category)
            try container.encode(tone, forKey: .tone)
        }
    }

    public struct ConversationEntry: Codable, Equatable, Sendable {
        public var title: String?
        public var messages: [Message]
        public var gaps: [ConversationGap]
        /// Tesseract's code of the language the screenshots were read in ("rus"); null when
        /// the reader did not tell.
        public var language: String?

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(messages, forKey: .messages)
            try container.encode(gaps, forKey: .gaps)
            try container.encode(language, forKey: .language)
        }
    }

    public struct GeneratorEntry: Codable, Equatable, Sendable {
        public var name: String
        /// What the user should know about these replies ("answers in English only").
        public var note: String?
    }

    public struct Timings: Codable, Equatable, Sendable {
        public var scanMs: Int = 0
        public var ocrMs: Int = 0
        public var stitchMs: Int = 0
        public var generateMs: Int = 0
        public var totalMs: Int = 0
    }

    public var schemaVersion = 1
    public var screenshots: [ScreenshotEntry]
    public var skipped: [SkippedFile]
    public var app: AppEntry
    public var conversation: ConversationEntry
    public var risk: RiskAssessment
    public var prompt: String
    public var replies: [Reply]
    public var generator: GeneratorEntry
    public var timings: Timings
    /// How many of each kind of personal data were replaced before text left the process.
    public var redactions: [String: Int] = [:]

    /// Pretty, sorted, ISO 8601 dates: every JSON the CLI prints uses it.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    public func jsonData() throws -> Data {
        var data = try Self.encoder().encode(self)
        data.append(0x0A)
        return data
    }
}
