import ArgumentParser
import Foundation
import ReplyShot

@main
struct ReplyShotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replyshot",
        abstract: "Turn chat screenshots into suggested replies, on this machine.",
        discussion: """
            replyshot reads the recent screenshots in a folder (standing in for a phone's photo \
            library), reads them with Tesseract OCR, stitches overlapping shots into one \
            conversation and suggests replies in a tone that fits the app.
            """,
        version: Versions.summary,
        subcommands: [Analyze.self, Watch.self, History.self, Apps.self, Eval.self, Config.self],
        defaultSubcommand: Analyze.self
    )

    static func main() async {
        OpenMPThreadLimit.applyByReexecuting()
        // A reader that goes away (a reply command that exits early, `| head`) is an error
        // to report, not a signal that ends replyshot without a word.
        signal(SIGPIPE, SIG_IGN)
        HeapTuning.apply()
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error where error is ValidationError || error is ExitCode || error is CleanExit {
            exit(withError: error)
        } catch let error where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            // `--help` and friends surface as the parser's own (internal) error types from run().
            exit(withError: error)
        } catch {
            // Every command's errors become a sentence and an exit status here, once.
            exit(withError: ExitStatus.fail(error))
        }
    }
}
