import Foundation
import GRDB

/// One past analysis as `replyshot history` shows it.
public struct HistoryEntry: Codable, Equatable, Sendable {
    public var sessionId: String
    public var createdAt: Date
    public var app: String
    public var title: String?
    public var messageCount: Int
    public var lastMessage: String?
    public var replies: [String]
    public var files: [String]
}

/// Every analysis, from `analyze` and `watch`, in a local SQLite database (GRDB): what was
/// read, what was suggested, and which files were answered, so a restarted watcher does not
/// answer them again. Nothing here ever leaves the machine.
public final class AnalysisHistory: @unchecked Sendable {
    private let database: DatabaseQueue
    public let url: URL

    public init(url: URL = AnalysisHistory.defaultLocation()) throws {
        self.url = url
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            database = try DatabaseQueue(path: url.path)
            try Self.migrator.migrate(database)
        } catch {
            throw OutputError.notWritable(
                url.path, "the history database cannot be opened: \(error.localizedDescription)")
        }
    }

    /// $XDG_DATA_HOME/replyshot (default ~/.local/share/replyshot); on macOS Application Support.
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("replyshot")
        }
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        #if os(macOS)
            return home.appendingPathComponent("Library/Application Support/replyshot")
        #else
            return home.appendingPathComponent(".local/share/replyshot")
        #endif
    }

    public static func defaultLocation() -> URL { dataDirectory().appendingPathComponent("history.sqlite") }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "analysis") { t in
                t.column("sessionId", .text).primaryKey()
                t.column("createdAt", .datetime).notNull().indexed()
                t.column("app", .text).notNull()
                t.column("title", .text)
                t.column("messageCount", .integer).notNull()
                t.column("lastMessage", .text)
                t.column("conversation", .text).notNull()
                t.column("replies", .text).notNull()
                t.column("files", .text).notNull()
            }
            try db.create(table: "answeredFile") { t in
                t.column("fingerprint", .text).primaryKey()
                t.column("sessionId", .text).notNull()
            }
        }
        return migrator
    }

    /// A file is the same file while its path, size and modification time are.
    public static func fingerprint(of path: FileSystemPath) -> String? {
        var info = stat()
        guard path.bytes.withUnsafeBufferPointer({ stat($0.baseAddress!, &info) }) == 0 else { return nil }
        #if os(Linux)
            let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
            let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
        #endif
        return "\(path.display)|\(info.st_size)|\(modified)"
    }

    public func record(_ report: AnalysisReport, sessionId: String, files: [FileSystemPath], at date: Date = Date())
        throws
    {
        let encoder = JSONEncoder()
        let conversation = String(decoding: try encoder.encode(report.conversation), as: UTF8.self)
        let replies = String(decoding: try encoder.encode(report.replies.map(\.text)), as: UTF8.self)
        let paths = String(decoding: try encoder.encode(report.screenshots.map(\.path)), as: UTF8.self)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO analysis (sessionId, createdAt, app, title, messageCount, lastMessage, conversation, replies, files)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    sessionId, date, report.app.name, report.conversation.title, report.conversation.messages.count,
                    report.conversation.messages.last?.text, conversation, replies, paths,
                ])
            for file in files {
                guard let fingerprint = Self.fingerprint(of: file) else { continue }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO answeredFile (fingerprint, sessionId) VALUES (?, ?)",
                    arguments: [fingerprint, sessionId])
            }
        }
    }

    /// Files answered before, by fingerprint.
    public func wasAnswered(_ file: FileSystemPath) throws -> Bool {
        guard let fingerprint = Self.fingerprint(of: file) else { return false }
        return try database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS(SELECT 1 FROM answeredFile WHERE fingerprint = ?)", arguments: [fingerprint])
                ?? false
        }
    }

    /// Newest first; `search` matches the title, the conversation and the replies.
    public func entries(limit: Int = 20, search: String? = nil) throws -> [HistoryEntry] {
        try database.read { db in
            var sql = "SELECT * FROM analysis"
            var arguments: StatementArguments = []
            if let search, !search.isEmpty {
                sql +=
                    " WHERE title LIKE ? ESCAPE '\\' OR conversation LIKE ? ESCAPE '\\' OR replies LIKE ? ESCAPE '\\'"
                let pattern =
                    "%"
                    + search.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                    .replacingOccurrences(of: "_", with: "\\_") + "%"
                arguments = [pattern, pattern, pattern]
            }
            sql += " ORDER BY createdAt DESC LIMIT ?"
            _ = arguments.append(contentsOf: [limit])
            let decoder = JSONDecoder()
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                HistoryEntry(
                    sessionId: row["sessionId"], createdAt: row["createdAt"], app: row["app"], title: row["title"],
                    messageCount: row["messageCount"], lastMessage: row["lastMessage"],
                    replies: (try? decoder.decode([String].self, from: Data((row["replies"] as String).utf8))) ?? [],
                    files: (try? decoder.decode([String].self, from: Data((row["files"] as String).utf8))) ?? [])
            }
        }
    }

    /// Deletes everything; returns how many analyses were removed.
    @discardableResult
    public func clear() throws -> Int {
        try database.write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM analysis") ?? 0
            try db.execute(sql: "DELETE FROM analysis")
            try db.execute(sql: "DELETE FROM answeredFile")
            return count
        }
    }
}
