/// The human form of a report: who said what, app and tone, numbered replies.
public struct TextReportRenderer: Sendable {
    public var useColor: Bool
    /// Names the conversation's language: the languages the analysis was read with
    /// (`--prompts` may add some).
    public var languages: LanguageBook

    public init(useColor: Bool, languages: LanguageBook = .shipped) {
        self.useColor = useColor
        self.languages = languages
    }

    public func render(_ report: AnalysisReport) -> String {
        let safe = { (text: String) in DisplaySafeText.clean(text) }
        var out: [String] = []
        let conversation = report.conversation
        let count = report.screenshots.count
        out.append(bold(safe(report.app.name)) + " · \(safe(report.app.category)) · \(safe(report.app.tone)) tone")
        let who = conversation.title.map { " with \(safe($0))" } ?? ""
        // English goes without saying; another language is named.
        let language =
            conversation.language.flatMap {
                $0 == OCROptions.fallbackLanguage ? nil : ", in \(safe(languages.name(of: $0)))"
            } ?? ""
        out.append(
            bold("Conversation\(who)")
                + dim(
                    " (\(count) screenshot\(count == 1 ? "" : "s"), \(conversation.messages.count) messages\(language))"
                ))
        let gapsAfter = Set(conversation.gaps.map(\.afterMessage))
        let themName = conversation.title ?? "Them"
        for (index, message) in conversation.messages.enumerated() {
            let speaker: String
            switch message.speaker {
            case .me: speaker = "You"
            case .them: speaker = safe(message.author ?? themName)
            case .unknown: speaker = safe(message.author ?? "?")
            }
            var text = safe(message.text)
            if let quote = message.quote { text = dim("(replying to “\(safe(quote))”) ") + text }
            switch message.kind {
            case .text:
                out.append("  " + (message.speaker == .me ? cyan(speaker + ":") : bold(speaker + ":")) + " " + text)
            case .media:
                out.append(
                    "  " + (message.speaker == .me ? cyan(speaker + ":") : bold(speaker + ":")) + " " + dim(text))
            case .notice: out.append("  " + dim("· \(text) ·"))
            }
            if gapsAfter.contains(index) {
                out.append(dim("  ┄┄ gap: the screenshots did not overlap here, something may be missing ┄┄"))
            }
        }
        if conversation.messages.isEmpty { out.append(dim("  (no messages could be read)")) }
        if report.risk.level >= .medium {
            out.append("")
            out.append(red("⚠ Possible scam (\(report.risk.level.rawValue) risk): ") + safe(report.risk.explanation))
        }
        out.append("")
        out.append(bold("Suggested replies") + dim(" (\(safe(report.generator.name)))"))
        if let note = report.generator.note { out.append(dim("  (\(safe(note)))")) }
        for (index, reply) in report.replies.enumerated() {
            out.append("  \(index + 1). \(safe(reply.text))")
        }
        if report.replies.isEmpty { out.append(dim("  (none)")) }
        return out.joined(separator: "\n") + "\n"
    }

    private func wrap(_ text: String, _ code: String) -> String { useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    private func bold(_ text: String) -> String { wrap(text, "1") }
    private func dim(_ text: String) -> String { wrap(text, "2") }
    private func cyan(_ text: String) -> String { wrap(text, "36") }
    private func red(_ text: String) -> String { wrap(text, "31") }
}
