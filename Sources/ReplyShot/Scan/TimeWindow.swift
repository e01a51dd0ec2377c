import Foundation

/// "Screenshots taken in the last N": the window a photo-library fetch would use.
public struct TimeWindow: Equatable, Sendable, CustomStringConvertible {
    /// nil means no lower bound (`--since all`).
    public var duration: TimeInterval?

    public init(duration: TimeInterval?) {
        self.duration = duration
    }

    public static let everything = TimeWindow(duration: nil)

    /// Parses `120s`, `15m`, `2h`, `1d`, a bare number of seconds, or `all`.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "all" {
            self.init(duration: nil)
            return
        }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800]
        var number = Substring(trimmed)
        var scale = 1.0
        if let last = trimmed.last, let unit = units[last] {
            number = trimmed.dropLast()
            scale = unit
        }
        guard let value = Double(number), value > 0, value.isFinite else { return nil }
        self.init(duration: value * scale)
    }

    /// Clocks of phones and computers disagree a little; a capture time up to this far in
    /// the future still counts as "now".
    static let futureTolerance: TimeInterval = 300

    public func contains(_ date: Date, now: Date) -> Bool {
        if date.timeIntervalSince(now) > Self.futureTolerance { return false }
        guard let duration else { return true }
        return now.timeIntervalSince(date) <= duration
    }

    public var description: String {
        guard let duration else { return "at any time" }
        let seconds = Int(duration)
        if seconds % 86400 == 0 { return "in the last \(plural(seconds / 86400, "day"))" }
        if seconds % 3600 == 0 { return "in the last \(plural(seconds / 3600, "hour"))" }
        if seconds % 60 == 0 { return "in the last \(plural(seconds / 60, "minute"))" }
        return "in the last \(plural(seconds, "second"))"
    }

    private func plural(_ n: Int, _ word: String) -> String { n == 1 ? word : "\(n) \(word)s" }
}
