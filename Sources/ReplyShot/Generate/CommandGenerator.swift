import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

extension GeneratorChoice {
    public static let command = GeneratorChoice(
        name: "command",
        summary: "a command of yours, the prompt on its stdin and replies on its stdout; needs --command"
    ) { settings, _ in
        guard let command = settings.command else {
            throw SettingsError.incomplete("--generator command needs --command \"CMD ARGS\".")
        }
        return try CommandGenerator(command: command, useShell: settings.shell, timeout: settings.timeout)
    }
}

/// Replies from a command of the user's choice: the prompt goes to its stdin, replies come
/// from its stdout (one per line, or a JSON array of strings). It runs without a shell
/// unless `useShell` asks for one, and is stopped at the time limit.
public struct CommandGenerator: ReplyGenerator {
    public let name = "command"
    public var arguments: [String]
    public var useShell: Bool
    public var timeout: TimeInterval
    private let cleaner = ReplyCleaner()

    public init(command: String, useShell: Bool = false, timeout: TimeInterval = ReplySettings.defaults.timeout) throws
    {
        arguments = useShell ? ["/bin/sh", "-c", command] : Self.split(command)
        guard !arguments.isEmpty else { throw GeneratorError.commandFailed(command, "the command is empty") }
        self.useShell = useShell
        self.timeout = timeout
    }

    /// Splits like a shell would for plain words and quotes, without expanding anything.
    static func split(_ command: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, hasWord = false, escaped = false
        for character in command {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if character == "\\" && quote != "'" {
                escaped = true
                hasWord = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                hasWord = true
            } else if character.isWhitespace {
                if hasWord {
                    words.append(current)
                    current = ""
                    hasWord = false
                }
            } else {
                current.append(character)
                hasWord = true
            }
        }
        if hasWord { words.append(current) }
        return words
    }

    public func replies(for request: ReplyRequest) async throws -> [Reply] {
        let display = arguments.joined(separator: " ")
        let prompt = request.prompt.system + "\n" + request.prompt.user
        let timedOut = GeneratorError.commandFailed(display, "it did not finish within \(Int(timeout)) s")
        let finished: CommandOutput
        do {
            finished = try await withThrowingTaskGroup(of: CommandOutput?.self) { group in
                group.addTask { try await run(input: prompt) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
                    return nil
                }
                // The first to end decides; cancelling the command runs its teardown (SIGTERM
                // to its process group, SIGKILL a second later), which the group waits for.
                let first = try await group.next() ?? nil
                group.cancelAll()
                guard let first else { throw timedOut }
                return first
            }
        } catch let error as GeneratorError {
            throw error
        } catch is CancellationError {
            throw timedOut
        } catch {
            // Subprocess's own sentence ("… is not found or cannot be executed."), without
            // its full stop: the error's sentence adds one.
            throw GeneratorError.commandFailed(
                display, "\(error)".trimmingCharacters(in: CharacterSet(charactersIn: ". ")))
        }
        guard finished.status == .exited(0) else {
            let detail = finished.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GeneratorError.commandFailed(
                display, "\(finished.statusText)\(detail.isEmpty ? "" : ": \(detail)")")
        }
        let context = request.context
        let replies = cleaner.replies(from: finished.output, tone: context.tone, count: context.count)
        guard replies.count == context.count else {
            throw GeneratorError.tooFewReplies("The command \(display)", got: replies.count, wanted: context.count)
        }
        return replies
    }

    /// Starts the command in a process group of its own, with the default signal mask and
    /// dispositions (whatever replyshot's threads block, the command can be stopped), and
    /// reads its stdout and stderr at once, each up to a cap; the rest is read and dropped.
    private func run(input prompt: String) async throws -> CommandOutput {
        var platform = PlatformOptions()
        platform.processGroupID = 0
        platform.teardownSequence = [
            .gracefulShutDown(
                toProcessGroup: true, allowedDurationToNextStep: .milliseconds(Int(Self.killGrace * 1000)))
        ]
        let executable: Executable = arguments[0].contains("/") ? .path(FilePath(arguments[0])) : .name(arguments[0])
        let result = try await Subprocess.run(
            executable, arguments: Arguments(Array(arguments.dropFirst())),
            // The child gets the user's environment without the key replyshot keeps for its
            // own endpoint: a command that needs a key reads its own variable.
            environment: .inherit.updating(["REPLYSHOT_API_KEY": nil]),
            platformOptions: platform, input: .inputWriter, output: .sequence, error: .sequence
        ) { execution in
            let writer = execution.standardInputWriter
            async let answer = Self.drain(execution.standardOutput, keeping: Self.maxReplyBytes)
            async let complaints = Self.drain(execution.standardError, keeping: 300)
            // A command may exit without reading its input: the unread rest is its business.
            _ = try? await writer.write(Array(prompt.utf8))
            try? await writer.finish()
            return try await (answer, complaints)
        }
        let (output, errors) = result.closureResult
        return CommandOutput(
            status: result.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    private static func drain(_ stream: SubprocessOutputSequence, keeping limit: Int) async throws -> [UInt8] {
        var kept: [UInt8] = []
        for try await chunk in stream where kept.count < limit {
            chunk.withUnsafeBytes { kept.append(contentsOf: $0.prefix(limit - kept.count)) }
        }
        return kept
    }
}

/// What a finished command said, and how it ended.
struct CommandOutput: Sendable {
    var status: TerminationStatus
    var output: String
    var errors: String
}

extension CommandOutput {
    var statusText: String {
        switch status {
        case .exited(let code): return "exit status \(code)"
        case .signaled(let signal): return "stopped by signal \(signal)"
        }
    }
}

extension CommandGenerator {
    /// More than this on stdout is not a few replies; the rest is read and dropped.
    static let maxReplyBytes = 1 << 20
    /// Seconds between asking a command to stop at its time limit and killing it.
    static let killGrace: TimeInterval = 1
}

/// Falls back to a second generator (the offline one) when the first fails or gives too few
/// replies, and says which one answered.
public struct FallbackGenerator: ReplyGenerator {
    public var primary: ReplyGenerator
    public var fallback: ReplyGenerator
    public var warn: @Sendable (String) -> Void
    public var name: String { primary.name }
    public var sendsTextOffDevice: Bool { primary.sendsTextOffDevice }

    public init(primary: ReplyGenerator, fallback: ReplyGenerator, warn: @escaping @Sendable (String) -> Void) {
        self.primary = primary
        self.fallback = fallback
        self.warn = warn
    }

    public func replies(for request: ReplyRequest) async throws -> [Reply] {
        try await answer(request).replies
    }

    public func answer(_ request: ReplyRequest) async throws -> GeneratedReplies {
        do {
            return try await primary.answer(request)
        } catch {
            warn("\(error.sentence) Using the offline generator instead.")
            return try await fallback.answer(request)
        }
    }
}
