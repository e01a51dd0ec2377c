import Foundation
import TOMLKit

/// Settings from `~/.config/replyshot/config.toml` (or `--config FILE`). Flags override them.
/// API keys are never read from here: they come from the environment only.
@dynamicMemberLookup
public struct ReplyShotConfig: Decodable, Equatable, Sendable {
    /// What the file says, as one source among the flags and the defaults. A reply command
    /// and `shell` are never read from the file: they run programs, and only a flag may.
    public var layer = ReplySettingsLayer()

    /// `config.model`, `config.tonesByCategory`, ...: the layer's settings.
    public subscript<T>(dynamicMember key: KeyPath<ReplySettingsLayer, T>) -> T { layer[keyPath: key] }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case generator, endpoint, model, tone, style, count, temperature, timeout, fallback, redact, tones, languages
        case maxTokens = "max_tokens", allowRemote = "allow_remote"
    }

    /// How many unknown settings an error names; the rest are counted.
    static let unknownKeysNamed = 5

    public init() {}

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        layer.generator = try c.decodeIfPresent(String.self, forKey: .generator)
        layer.endpoint = try c.decodeIfPresent(String.self, forKey: .endpoint)
        layer.model = try c.decodeIfPresent(String.self, forKey: .model)
        layer.tone = try c.decodeIfPresent(String.self, forKey: .tone)
        layer.style = try c.decodeIfPresent(String.self, forKey: .style)
        layer.count = try c.decodeIfPresent(Int.self, forKey: .count)
        layer.maxTokens = try c.decodeIfPresent(Int.self, forKey: .maxTokens)
        layer.allowRemote = try c.decodeIfPresent(Bool.self, forKey: .allowRemote)
        layer.fallback = try c.decodeIfPresent(String.self, forKey: .fallback)
        layer.redact = try c.decodeIfPresent(Bool.self, forKey: .redact)
        layer.tonesByCategory = try c.decodeIfPresent([String: String].self, forKey: .tones)
        layer.languages = try c.decodeIfPresent([String].self, forKey: .languages)
        // TOML tells 30 from 30.0; a person writing "timeout = 30" means a number either way.
        func number(_ key: CodingKeys) throws -> Double? {
            if let value = try? c.decodeIfPresent(Double.self, forKey: key) { return value }
            return try c.decodeIfPresent(Int.self, forKey: key).map(Double.init)
        }
        layer.temperature = try number(.temperature)
        layer.timeout = try number(.timeout)
    }

    public init(toml: String, file: String) throws {
        do {
            // Unknown settings are found here in one pass over the top-level keys (the
            // library's strict mode takes quadratic time over many of them), and only a few
            // are named: a file of 40 000 stray keys gets a sentence, not a book.
            let table = try TOMLTable(string: toml)
            let known = Set(CodingKeys.allCases.map(\.rawValue))
            let unknown = table.keys.filter { !known.contains($0) }
            if !unknown.isEmpty {
                let named = unknown.sorted().prefix(Self.unknownKeysNamed).joined(separator: ", ")
                let more =
                    unknown.count > Self.unknownKeysNamed ? " and \(unknown.count - Self.unknownKeysNamed) more" : ""
                throw DataFileError(file: file, problem: "it has settings replyshot does not know: \(named)\(more)")
            }
            self = try TOMLDecoder().decode(ReplyShotConfig.self, from: table)
        } catch let error as DataFileError {
            throw error
        } catch let error as TOMLParseError {
            throw DataFileError(
                file: file, problem: "it is not valid TOML (line \(error.source.begin.line): \(error.description))")
        } catch {
            throw DataFileError(file: file, problem: "a setting has the wrong type (\(error))")
        }
    }

    /// `explicit` must exist; the default location is optional.
    public static func load(explicit: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> (ReplyShotConfig, URL?)
    {
        let url = explicit ?? defaultLocation(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else {
            // A link that leads nowhere is there, just broken: say so rather than "missing".
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
                throw DataFileError(
                    file: url.path, problem: "it is a symbolic link that leads nowhere (a loop, or a missing target)")
            }
            if explicit != nil { throw DataFileError(file: url.path, problem: "it does not exist") }
            return (ReplyShotConfig(), nil)
        }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw DataFileError(file: url.path, problem: "it cannot be read")
        }
        return (try ReplyShotConfig(toml: text, file: url.path), url)
    }

    /// $XDG_CONFIG_HOME/replyshot, default ~/.config/replyshot: config.toml and apps.json.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base =
            environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return base.appendingPathComponent("replyshot")
    }

    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory(environment: environment).appendingPathComponent("config.toml")
    }
}
