import ArgumentParser
import Foundation
import ReplyShot

/// Exit statuses follow sysexits(3) so scripts can tell a usage mistake from a missing
/// folder or missing language data.
enum ExitStatus {
    static let usage: Int32 = 64  // EX_USAGE (ArgumentParser's validation errors)
    static let noInput: Int32 = 66  // EX_NOINPUT: the folder is missing or unreadable
    static let unavailable: Int32 = 69  // EX_UNAVAILABLE: OCR language data or engine missing
    static let cannotCreate: Int32 = 73  // EX_CANTCREAT: the output cannot be written
    static let config: Int32 = 78  // EX_CONFIG: prompts/ or a data file is missing or broken

    static func code(for error: Error) -> Int32 {
        switch error {
        // Settings that only turn out wrong once merged with the config file.
        case is ValidationError, is SettingsError: return usage
        case ScanError.namedFileUnusable: return usage
        case is ScanError: return noInput
        case is OCRError: return unavailable
        case is OutputError: return cannotCreate
        case ExplainError.intoInputFolder: return usage
        case is ExplainError: return cannotCreate
        case is PromptsDirectory.NotFound, is DataFileError: return config
        case GeneratorError.remoteEndpointRefused, GeneratorError.invalidEndpoint: return usage
        case is GeneratorError: return unavailable
        default: return 1
        }
    }

    /// Prints the error as the sentence written for the user and turns it into an exit code.
    static func fail(_ error: Error) -> ExitCode {
        let message = error.sentence
        let prefix = Terminal.colorEnabled(for: STDERR_FILENO) ? "\u{1B}[31merror:\u{1B}[0m" : "error:"
        FileHandle.standardError.write(Data("replyshot: \(prefix) \(DisplaySafeText.clean(message))\n".utf8))
        return ExitCode(code(for: error))
    }
}
