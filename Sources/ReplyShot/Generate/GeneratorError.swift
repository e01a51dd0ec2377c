import Foundation

public enum GeneratorError: Error, LocalizedError, Equatable {
    case remoteEndpointRefused(String)
    case invalidEndpoint(String)
    case timedOut(String, seconds: Double)
    case unreachable(String, String)
    case serverError(String, status: Int, detail: String)
    case malformedAnswer(String, String)
    case tooFewReplies(String, got: Int, wanted: Int)
    case commandFailed(String, String)
    case redirected(String, to: String)
    case answerTooLarge(String, bytes: Int)

    public var errorDescription: String? {
        switch self {
        case .remoteEndpointRefused(let url):
            return
                "The model server at \(url) is not on this machine, and replyshot keeps conversations on this machine unless you pass --allow-remote."
        case .invalidEndpoint(let url):
            return "\(url) is not a usable endpoint URL; give one like http://localhost:11434/v1."
        case .timedOut(let url, let seconds):
            return
                "The model server at \(url) did not answer in \(Int(seconds)) s. Is the model loaded? Try a longer --timeout or --fallback offline."
        case .unreachable(let url, let why):
            return "The model server at \(url) could not be reached (\(why)). Is it running?"
        case .serverError(let url, let status, let detail):
            return "The model server at \(url) answered with HTTP \(status)\(detail.isEmpty ? "" : ": \(detail)")."
        case .malformedAnswer(let source, let why):
            return "The answer from \(source) could not be understood (\(why))."
        case .tooFewReplies(let source, let got, let wanted):
            return
                "\(source) gave \(got) usable repl\(got == 1 ? "y" : "ies") instead of \(wanted); pass --fallback offline to fill up with built-in ones."
        case .redirected(let url, let target):
            return
                "The model server at \(url) redirected the request to \(target); replyshot does not follow redirects from a model server, so the conversation and key go nowhere else. Point --endpoint at the server itself."
        case .answerTooLarge(let url, let bytes):
            return
                "The model server at \(url) sent more than \(bytes >> 20) MB, far more than a few replies; replyshot stopped reading it."
        case .commandFailed(let command, let why):
            return "The reply command \(command) failed: \(why)."
        }
    }

    /// Worth one more try: the server may be starting up or briefly overloaded.
    var isTransient: Bool {
        switch self {
        case .unreachable: return true
        case .serverError(_, let status, _): return status >= 500
        default: return false
        }
    }
}
