import Foundation

/// Replies from a command of the user's choice: the prompt goes to its stdin, replies come
/// from its stdout (one per line, or a JSON array of strings). It runs without a shell
/// unless `useShell` asks for one, and is stopped at the time limit.
public struct CommandGenerator: ReplyGenerator {
    public let name = "command"
    public var arguments: [String]
    public var useShell: Bool
    public var timeout: TimeInterval
    private let cleaner = ReplyCleaner()

    public init(command: String, useShell: Bool = false, timeout: TimeInterval = 30) throws {
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
        let process = Process()
        let executable = arguments[0]
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        // The child gets the user's environment without the key replyshot keeps for its own
        // endpoint: a command that needs a key reads its own variable.
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "REPLYSHOT_API_KEY")
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw GeneratorError.commandFailed(display, error.localizedDescription) }
        // At the time limit the command is asked to stop (SIGTERM); one that ignores that is
        // killed a moment later (SIGKILL cannot be ignored or blocked). Whatever it started
        // and left holding its pipes is not waited for past that moment.
        let stopped = StopFlag()
        let giveUp = DispatchTime.now() + timeout + Self.killGrace + 0.5
        let deadline = DispatchWorkItem {
            guard process.isRunning else { return }
            stopped.set()
            process.terminate()
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.killGrace) {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        let prompt = request.prompt.system + "\n" + request.prompt.user
        DispatchQueue.global().async {
            try? input.fileHandleForWriting.write(contentsOf: Data(prompt.utf8))
            try? input.fileHandleForWriting.close()
        }
        // Both pipes drain at once: a command that fills one while replyshot waits on the
        // other would block forever. What goes beyond a cap is read and dropped.
        let answer = PipeDrain(output.fileHandleForReading, keeping: Self.maxReplyBytes)
        let complaints = PipeDrain(errors.fileHandleForReading, keeping: 300)
        let data = answer.wait(until: giveUp)
        let stderr = String(decoding: complaints.wait(until: giveUp), as: UTF8.self)
        let timedOut = GeneratorError.commandFailed(display, "it did not finish within \(Int(timeout)) s")
        // Foundation on Linux counts a command as running while anything it started still
        // holds a descriptor it inherited; a command stopped at its time limit is not waited for.
        if stopped.isSet { throw timedOut }
        process.waitUntilExit()
        deadline.cancel()
        if stopped.isSet || process.terminationReason == .uncaughtSignal { throw timedOut }
        guard process.terminationStatus == 0 else {
            let detail = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GeneratorError.commandFailed(
                display, "exit status \(process.terminationStatus)\(detail.isEmpty ? "" : ": \(detail)")")
        }
        let context = request.context
        let replies = cleaner.replies(
            from: String(decoding: data, as: UTF8.self), tone: context.tone, count: context.count)
        guard replies.count == context.count else {
            throw GeneratorError.tooFewReplies("The command \(display)", got: replies.count, wanted: context.count)
        }
        return replies
    }
}

extension CommandGenerator {
    /// More than this on stdout is not a few replies; the rest is read and dropped.
    static let maxReplyBytes = 1 << 20
    /// Seconds between asking a command to stop at its time limit and killing it.
    static let killGrace: TimeInterval = 1
}

/// Set once, from another thread, and read after.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// Reads a pipe to its end on a thread of its own, keeping at most `keeping` bytes.
final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, keeping limit: Int) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock {
                    if data.count < limit { data.append(chunk.prefix(limit - data.count)) }
                }
            }
            done.signal()
        }
    }

    /// The bytes kept, once every writer has closed its end, or what came before `deadline`.
    func wait(until deadline: DispatchTime) -> Data {
        _ = done.wait(timeout: deadline)
        return lock.withLock { data }
    }
}

/// Falls back to a second generator (the offline one) when the first fails or gives too few
/// replies, and says which one answered.
public struct FallbackGenerator: ReplyGenerator {
    public var primary: ReplyGenerator
    public var fallback: ReplyGenerator
    public var warn: @Sendable (String) -> Void
    public var name: String { primary.name }

    public init(primary: ReplyGenerator, fallback: ReplyGenerator, warn: @escaping @Sendable (String) -> Void) {
        self.primary = primary
        self.fallback = fallback
        self.warn = warn
    }

    public func replies(for request: ReplyRequest) async throws -> [Reply] {
        try await repliesWithSource(for: request).replies
    }

    /// The replies and the name of the generator that produced them.
    public func repliesWithSource(for request: ReplyRequest) async throws -> (replies: [Reply], generator: String) {
        do {
            return (try await primary.replies(for: request), primary.name)
        } catch {
            warn("\(error.sentence) Using the offline generator instead.")
            return (try await fallback.replies(for: request), fallback.name)
        }
    }
}
