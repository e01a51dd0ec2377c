import Foundation

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
        FileHandle.standardError.write(Data("replyshot: \(prefix) \(message)\n".utf8))
    }

    static func progress(_ message: String) {
        guard stderrIsTTY else { return }
        FileHandle.standardError.write(Data("replyshot: \(message)\n".utf8))
    }

    static func writeStdout(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
