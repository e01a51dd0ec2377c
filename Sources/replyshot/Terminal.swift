import Foundation
import ReplyShot

/// stdout carries data only; everything meant for a person goes to stderr.
enum Terminal {
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    /// Colour on a terminal only, and never when NO_COLOR is set.
    static func colorEnabled(for descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    static func warn(_ message: String) {
        let prefix = colorEnabled(for: STDERR_FILENO) ? "\u{1B}[33mwarning:\u{1B}[0m" : "warning:"
        FileHandle.standardError.write(Data("replyshot: \(prefix) \(DisplaySafeText.clean(message))\n".utf8))
    }

    static func progress(_ message: String) {
        guard stderrIsTTY else { return }
        FileHandle.standardError.write(Data("replyshot: \(DisplaySafeText.clean(message))\n".utf8))
    }

    static func writeStdout(_ text: String) throws {
        try writeStdout(Data(text.utf8))
    }

    /// A full disk or a closed pipe is an error with a sentence, never a crash.
    static func writeStdout(_ data: Data) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw OutputError.notWritable("standard output", FolderLibrary.describeFileError(error))
        }
    }
}
