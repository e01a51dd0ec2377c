import Foundation
import Mustache

/// One HTML page a person opens in a browser to see what replyshot read: the screenshots
/// with the reader's decisions drawn on them (the `--explain` pictures, in a folder beside
/// the page), and the transcript; for an evaluation, truth beside output row by row with
/// missed messages, noise and duplicates in colour.
public struct HTMLReport {
    /// A conversation as the page shows it.
    public struct Section {
        public var name: String
        public var score: EvaluationScore?
        /// Paths of the annotated pictures, relative to the page.
        public var pictures: [String]
        public var rows: [ConversationEvaluator.AlignedRow]

        public init(name: String, score: EvaluationScore?, pictures: [String], rows: [ConversationEvaluator.AlignedRow])
        {
            self.name = name
            self.score = score
            self.pictures = pictures
            self.rows = rows
        }
    }

    private let template: MustacheTemplate

    public init() {
        // The template is part of the program: the page's look is not a user setting.
        template = try! MustacheTemplate(string: Self.page)
    }

    /// The page for `eval`: a summary table, then each conversation.
    public func evaluation(title: String, sections: [Section], total: EvaluationScore) -> String {
        var values: [String: Any] = ["title": title, "isEvaluation": true]
        values["summary"] = sections.map { summaryRow($0.name, $0.score) } + [summaryRow("TOTAL", total, isTotal: true)]
        values["sections"] = sections.map(sectionValues)
        return template.render(values)
    }

    /// The page for `analyze`: shots, transcript with speakers and kinds, risk, replies.
    public func analysis(_ report: AnalysisReport, pictures: [String]) -> String {
        let rows = report.conversation.messages.map {
            ConversationEvaluator.AlignedRow(truth: nil, output: $0, status: .found)
        }
        var values: [String: Any] = [
            "title": "replyshot: " + (report.conversation.title ?? "conversation"), "isEvaluation": false,
        ]
        var section = sectionValues(
            Section(name: report.conversation.title ?? "Conversation", score: nil, pictures: pictures, rows: rows))
        section["app"] = "\(report.app.name) · \(report.app.category) · \(report.app.tone) tone"
        section["risk"] =
            report.risk.level == .none ? nil : "\(report.risk.level.rawValue) risk: \(report.risk.explanation)"
        section["replies"] = report.replies.map { ["text": DisplaySafeText.clean($0.text)] }
        section["generator"] = report.generator.name
        section["hasReplies"] = !report.replies.isEmpty
        values["sections"] = [section]
        return template.render(values)
    }

    private func summaryRow(_ name: String, _ score: EvaluationScore?, isTotal: Bool = false) -> [String: Any] {
        guard let s = score else { return ["name": name] }
        return [
            "name": name, "isTotal": isTotal, "messages": s.truthMessages,
            "recall": String(format: "%.1f%%", s.recall * 100), "duplicates": s.duplicates, "noise": s.noise,
            "speakers": String(format: "%.1f%%", s.speakerAccuracy * 100),
            "authors": s.authorsExpected == 0 ? "-" : String(format: "%.1f%%", s.authorAccuracy * 100),
            "cer": String(format: "%.3f", s.meanCharacterErrorRate),
            "bad": s.recall < 0.97 || s.noise > 0 || s.duplicates > 0,
        ]
    }

    private func sectionValues(_ section: Section) -> [String: Any] {
        [
            "name": section.name,
            "anchor": section.name.filter { $0.isLetter || $0.isNumber || $0 == "-" },
            "pictures": section.pictures.map { ["src": $0] },
            "rows": section.rows.map { row -> [String: Any] in
                var values: [String: Any] = ["status": row.status.rawValue]
                if let truth = row.truth {
                    values["truth"] = describe(truth.speaker, truth.author, truth.kind, truth.text, truth.quote)
                }
                if let output = row.output {
                    values["output"] = describe(output.speaker, output.author, output.kind, output.text, output.quote)
                }
                return values
            },
        ]
    }

    private func describe(_ speaker: Speaker, _ author: String?, _ kind: MessageKind, _ text: String, _ quote: String?)
        -> [String: Any]
    {
        var values: [String: Any] = [
            "speaker": speaker.rawValue, "kind": kind.rawValue, "text": DisplaySafeText.clean(text),
        ]
        if let author { values["author"] = DisplaySafeText.clean(author) }
        if let quote { values["quote"] = DisplaySafeText.clean(quote) }
        return values
    }

    static let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>{{title}}</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        table { border-collapse: collapse; margin: 8px 0 24px; }
        th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
        th { background: #f4f4f4; }
        tr.bad td:first-child { border-left: 4px solid #d33; }
        tr.total td { font-weight: bold; }
        section { margin-bottom: 48px; }
        .shots { display: flex; gap: 12px; overflow-x: auto; }
        .shots img { height: 720px; border: 1px solid #ccc; }
        tr.found td { background: #f3fbf3; }
        tr.missed td { background: #fdecec; }
        tr.noise td { background: #fff4e0; }
        tr.duplicate td { background: #f1e9fb; }
        .speaker { font-weight: bold; }
        .kind { color: #888; font-size: 12px; }
        .quote { color: #777; font-style: italic; }
        </style></head>
        <body>
        <h1>{{title}}</h1>
        {{#isEvaluation}}
        <table id="summary"><tr><th>conversation</th><th>messages</th><th>recall</th><th>duplicates</th><th>noise</th><th>speakers</th><th>authors</th><th>CER</th></tr>
        {{#summary}}<tr class="summary-row{{#bad}} bad{{/bad}}{{#isTotal}} total{{/isTotal}}"><td><a href="#{{name}}">{{name}}</a></td><td>{{messages}}</td><td>{{recall}}</td><td>{{duplicates}}</td><td>{{noise}}</td><td>{{speakers}}</td><td>{{authors}}</td><td>{{cer}}</td></tr>
        {{/summary}}</table>
        <p>Rows: <span style="background:#f3fbf3">found</span> · <span style="background:#fdecec">missed</span> · <span style="background:#fff4e0">noise</span> · <span style="background:#f1e9fb">duplicate</span></p>
        {{/isEvaluation}}
        {{#sections}}
        <section id="{{anchor}}"><h2>{{name}}</h2>
        {{#app}}<p>{{app}}</p>{{/app}}
        {{#risk}}<p style="color:#b00">⚠ {{risk}}</p>{{/risk}}
        <div class="shots">{{#pictures}}<a href="{{src}}"><img src="{{src}}" alt="what the reader decided on {{src}}"></a>{{/pictures}}</div>
        <table class="transcript"><tr>{{#isEvaluation}}<th>truth</th>{{/isEvaluation}}<th>read</th><th>status</th></tr>
        {{#rows}}<tr class="row {{status}}">{{#isEvaluation}}<td>{{#truth}}<span class="speaker">{{speaker}}{{#author}} ({{author}}){{/author}}</span> <span class="kind">{{kind}}</span>{{#quote}} <span class="quote">↪ {{quote}}</span>{{/quote}}<br>{{text}}{{/truth}}</td>{{/isEvaluation}}<td>{{#output}}<span class="speaker">{{speaker}}{{#author}} ({{author}}){{/author}}</span> <span class="kind">{{kind}}</span>{{#quote}} <span class="quote">↪ {{quote}}</span>{{/quote}}<br>{{text}}{{/output}}</td><td>{{status}}</td></tr>
        {{/rows}}</table>
        {{#hasReplies}}<h3>Suggested replies ({{generator}})</h3><ol>{{#replies}}<li>{{text}}</li>{{/replies}}</ol>{{/hasReplies}}
        </section>
        {{/sections}}
        </body></html>
        """
}

/// Where a page's pictures go, and how the page refers to them.
public enum HTMLPage {
    /// `report.html` → `report_files/` beside it.
    public static func picturesFolder(for page: URL) -> URL {
        page.deletingLastPathComponent().appendingPathComponent(
            page.deletingPathExtension().lastPathComponent + "_files")
    }

    /// `file` as the page links it: relative to the page's folder when it lies inside it.
    public static func relativePath(of file: URL, from page: URL) -> String {
        let base = page.deletingLastPathComponent().standardizedFileURL.path + "/"
        let path = file.standardizedFileURL.path
        let relative = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        return relative.split(separator: "/").map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
        }.joined(separator: "/")
    }
}
