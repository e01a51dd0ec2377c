import Foundation

/// An opened mail's header drawn as labelled fields, one under another ("From  Sara Chen
/// <sara.chen@company.com>", "To  You <you@company.com>", "Date  …", "Subject  …"): who sent
/// the mail and what it is about, and no message. Drawn in a card, it would pass for a bubble
/// and turn the mail's paragraphs into a chat's lines.
struct MailHeaderFields {
    /// The region the fields are drawn in.
    var region: TextRegion
    /// The sender's name, or the address where the field shows no name.
    var sender: String?
    var subject: String?

    /// The labels a mail's header fields start with.
    static let labels: Set<String> = ["from", "to", "cc", "bcc", "date", "subject", "folder", "reply-to", "sent"]
    /// A header shows at least this many fields, the sender's among them: "To: me" alone is a
    /// line under a sender's name, and "Date" alone a word.
    static let minimumFields = 3

    /// The fields in `region`, when its rows are mostly fields and include the sender's.
    init?(region: TextRegion) {
        let rows = BubbleReader.rows(of: region.lines)
        var fields: [String: [OCRWord]] = [:]
        for row in rows {
            guard let first = row.words.first else { continue }
            let label = first.text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":"))
            guard Self.labels.contains(label), fields[label] == nil else { continue }
            fields[label] = Array(row.words.dropFirst())
        }
        guard fields.count >= Self.minimumFields, fields.count * 2 >= rows.count, let from = fields["from"] else {
            return nil
        }
        self.region = region
        // The name before the address in angle brackets, else the address itself.
        let name = from.prefix { !$0.text.contains("@") }.map(\.text).joined(separator: " ")
        let address = from.first { $0.text.contains("@") }?.text.trimmingCharacters(
            in: CharacterSet(charactersIn: "<>"))
        sender = name.isEmpty ? address : name
        subject = fields["subject"].flatMap { $0.isEmpty ? nil : $0.map(\.text).joined(separator: " ") }
    }
}
