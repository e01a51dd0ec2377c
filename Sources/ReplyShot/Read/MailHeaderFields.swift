import Foundation

/// An opened mail's header drawn as labelled fields, one under another ("From  Sara Chen
/// <sara.chen@company.com>", "To  You <you@company.com>", "Date  …", "Subject  …"): who sent
/// the mail and what it is about, and no message. Drawn in a card, it would pass for a bubble
/// and turn the mail's paragraphs into a chat's lines.
struct MailHeaderFields {
    /// The regions the fields are drawn in: one card, or each label and value apart.
    var regions: [TextRegion]
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
        let fields = Self.fields(in: rows)
        guard fields.count >= Self.minimumFields, fields.count * 2 >= rows.count else { return nil }
        self.init(fields: fields, regions: [region])
    }

    /// The fields of a header laid out as a grid, each label and each value a region of its
    /// own (a desktop mail viewer boxes every value): rows are taken across `content`. The
    /// field rows follow one another, and the regions they lie in hold nothing else.
    init?(spreadOver content: [TextRegion]) {
        let rows = BubbleReader.rows(of: content.flatMap(\.lines))
        // The first run of rows each led by a label of its own; a later row that starts like
        // one ("Date night at 8" in the body) is the body's.
        guard let first = rows.firstIndex(where: { Self.label(of: $0) != nil }) else { return nil }
        var seen: Set<String> = []
        var last = first - 1
        while last + 1 < rows.count, let label = Self.label(of: rows[last + 1]), seen.insert(label).inserted {
            last += 1
        }
        let fields = Self.fields(in: Array(rows[first...last]))
        guard fields.count >= Self.minimumFields else { return nil }
        let fieldWords = Set(rows[first...last].flatMap(\.words).map(\.box))
        let members = content.filter { region in
            region.lines.contains { $0.words.contains { fieldWords.contains($0.box) } }
        }
        guard members.count > 1,
            members.allSatisfy({ $0.lines.allSatisfy { $0.words.allSatisfy { fieldWords.contains($0.box) } } })
        else { return nil }
        self.init(fields: fields, regions: members)
    }

    /// A row's label, when it starts with one.
    private static func label(of row: OCRLine) -> String? {
        guard let first = row.words.first else { return nil }
        let label = first.text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":"))
        return labels.contains(label) ? label : nil
    }

    /// Each label's words after it, from the first row it leads.
    private static func fields(in rows: [OCRLine]) -> [String: [OCRWord]] {
        var fields: [String: [OCRWord]] = [:]
        for row in rows {
            guard let label = label(of: row), fields[label] == nil else { continue }
            fields[label] = Array(row.words.dropFirst())
        }
        return fields
    }

    private init?(fields: [String: [OCRWord]], regions: [TextRegion]) {
        guard let from = fields["from"] else { return nil }
        self.regions = regions
        // The name before the address in angle brackets, else the address itself.
        let name = from.prefix { !$0.text.contains("@") }.map(\.text).joined(separator: " ")
        let address = from.first { $0.text.contains("@") }?.text.trimmingCharacters(
            in: CharacterSet(charactersIn: "<>"))
        sender = name.isEmpty ? address : name
        subject = fields["subject"].flatMap { $0.isEmpty ? nil : $0.map(\.text).joined(separator: " ") }
    }
}
