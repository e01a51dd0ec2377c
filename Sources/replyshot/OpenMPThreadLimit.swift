import Foundation

/// Debian's libtesseract is built with OpenMP, which starts one spinning thread per core for
/// every engine. With one engine per core that oversubscribes the machine many times over.
/// libgomp reads OMP_THREAD_LIMIT once, when the library is loaded, before `main` runs, so
/// setting it from Swift is too late for this process: the tool re-executes itself once
/// with the variable set. A user's own OMP_THREAD_LIMIT is respected.
enum OpenMPThreadLimit {
    static func applyByReexecuting() {
        #if os(Linux)
            let environment = ProcessInfo.processInfo.environment
            guard environment["OMP_THREAD_LIMIT"] == nil, environment["REPLYSHOT_NO_REEXEC"] == nil else { return }
            setenv("OMP_THREAD_LIMIT", "1", 1)
            // Only returns if the exec failed; then carry on, slower but correct.
            execv("/proc/self/exe", CommandLine.unsafeArgv)
        #endif
    }
}
