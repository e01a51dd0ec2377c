import Foundation

public enum OutputError: Error, LocalizedError {
    case notWritable(String, String)

    public var errorDescription: String? {
        switch self {
        case .notWritable(let path, let why):
            return "replyshot cannot write \(path) (\(why)). Choose a folder you can write to."
        }
    }
}

/// Writes a whole file or nothing: a temporary file beside the target, then a rename, so a
/// reader never sees half a report and a failure leaves no partial file behind.
public enum AtomicFileWriter {
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw OutputError.notWritable(url.path, FolderLibrary.describeFileError(error))
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError.notWritable(url.path, reason)
        }
    }
}
