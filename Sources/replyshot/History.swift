import ArgumentParser
import Foundation
import ReplyShot

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, search or clear past analyses (stored only on this machine).")

    @Option(help: "Only analyses whose conversation, title or replies contain this text.")
    var search: String?

    @Option(help: "How many to list, newest first.")
    var limit = 20

    @Flag(help: "Print as JSON.")
    var json = false

    @Flag(help: "Delete the whole history.")
    var clear = false

    func run() throws {
        let history = try AnalysisHistory()
        if clear {
            let removed = try history.clear()
            FileHandle.standardError.write(
                Data(
                    "replyshot: deleted \(removed) analys\(removed == 1 ? "is" : "es") from \(history.url.path)\n"
                        .utf8))
            return
        }
        let entries = try history.entries(limit: limit, search: search)
        if json {
            try Terminal.writeStdout(
                String(decoding: try AnalysisReport.encoder().encode(entries), as: UTF8.self) + "\n")
            return
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var lines: [String] = []
        for entry in entries {
            let safe = { (text: String) in DisplaySafeText.clean(text) }
            lines.append(
                "\(formatter.string(from: entry.createdAt))  \(safe(entry.app))  \(safe(entry.title ?? "(untitled)"))  \(entry.messageCount) messages"
            )
            if let last = entry.lastMessage { lines.append("    last: \(safe(last))") }
            for reply in entry.replies { lines.append("    → \(safe(reply))") }
        }
        if entries.isEmpty {
            lines.append(search == nil ? "No analyses yet." : "No analysis mentions \"\(search!)\".")
        }
        try Terminal.writeStdout(lines.joined(separator: "\n") + "\n")
    }
}
