import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libjpeg prints its warnings ("Corrupt JPEG data: bad Huffman code") straight to stderr,
/// without the file's name and with no way to turn it off through Leptonica. While a JPEG is
/// decoded, stderr is a pipe whose text is handed back, so the caller can name the file or
/// drop the noise. One decode at a time holds stderr: a lock serialises them (decoding costs a
/// few milliseconds; nothing else in replyshot writes to stderr while screenshots are read).
enum LibraryMessages {
    private static let lock = NSLock()
    /// A pipe holds this much before a writer blocks; libjpeg says a few lines per file.
    private static let capacity = 60_000

    /// Runs `body` with stderr sent to /dev/null: what the libraries say while a batch of
    /// screenshots is read (libpng's "bad adaptive filter value", Tesseract's notes) never
    /// reaches the terminal without a file's name; a file that cannot be decoded still gets
    /// replyshot's own warning naming it. Nested and concurrent calls share one redirection.
    static func quieted<T>(_ body: () throws -> T) rethrows -> T {
        quiet.lock.withLock {
            if quiet.depth == 0 {
                let null = open("/dev/null", O_WRONLY)
                quiet.saved = dup(STDERR_FILENO)
                if null >= 0, quiet.saved >= 0 { dup2(null, STDERR_FILENO) }
                if null >= 0 { close(null) }
            }
            quiet.depth += 1
        }
        defer {
            quiet.lock.withLock {
                quiet.depth -= 1
                if quiet.depth == 0, quiet.saved >= 0 {
                    fflush(stderr)
                    dup2(quiet.saved, STDERR_FILENO)
                    close(quiet.saved)
                    quiet.saved = -1
                }
            }
        }
        return try body()
    }

    /// How many callers want stderr quiet, and where it went before the first of them.
    private final class QuietState: @unchecked Sendable {
        let lock = NSLock()
        var depth = 0
        var saved: Int32 = -1
    }

    private static let quiet = QuietState()

    /// `body`'s result and what it wrote to stderr (empty when stderr could not be captured).
    static func captured<T>(_ body: () throws -> T) rethrows -> (T, String) {
        lock.lock()
        defer { lock.unlock() }
        var ends: [Int32] = [0, 0]
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, pipe(&ends) == 0 else {
            if saved >= 0 { close(saved) }
            return (try body(), "")
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        dup2(ends[1], STDERR_FILENO)
        close(ends[1])
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
            close(ends[0])
        }
        let result = try body()
        fflush(stderr)
        var text = [UInt8](repeating: 0, count: capacity)
        let count = read(ends[0], &text, capacity)
        return (result, count > 0 ? String(decoding: text.prefix(count), as: UTF8.self) : "")
    }
}
