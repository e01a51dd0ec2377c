import Foundation

/// A reply generator the user can ask for by name (`--generator NAME`, config `generator`).
/// Each generator's file declares its choice; adding a generator is that file plus one line
/// in `registered`.
public struct GeneratorChoice: Sendable {
    public var name: String
    /// One line for `--help`.
    public var summary: String
    /// Builds the generator from the effective settings; throws `SettingsError.incomplete`
    /// when a setting it needs is missing. `offline` is the built-in generator, for those that
    /// want it.
    public var make: @Sendable (_ settings: ReplySettings, _ offline: OfflineReplyGenerator) throws -> ReplyGenerator

    public init(
        name: String, summary: String,
        make: @escaping @Sendable (_ settings: ReplySettings, _ offline: OfflineReplyGenerator) throws -> ReplyGenerator
    ) {
        self.name = name
        self.summary = summary
        self.make = make
    }

    /// Every generator replyshot knows, the default first.
    public static let registered: [GeneratorChoice] = [.offline, .openAICompatible, .command]

    /// The generator the settings ask for, wrapped in the offline fallback when they ask for it.
    public static func generator(
        for settings: ReplySettings, promptsDirectory: URL, warn: @escaping @Sendable (String) -> Void
    )
        throws -> ReplyGenerator
    {
        let offline = try OfflineReplyGenerator(
            contentsOf: promptsDirectory.appendingPathComponent("offline-replies.json"))
        guard let choice = registered.first(where: { $0.name == settings.generator }) else {
            throw SettingsError.invalidFlag(
                "There is no generator named \"\(settings.generator)\"; the choices are \(registered.map(\.name).joined(separator: ", "))."
            )
        }
        let primary = try choice.make(settings, offline)
        guard settings.fallback == .offline, choice.name != GeneratorChoice.offline.name else { return primary }
        return FallbackGenerator(primary: primary, fallback: offline, warn: warn)
    }
}
