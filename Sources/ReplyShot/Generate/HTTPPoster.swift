import CHTTPPost
import Foundation

/// One POST to a model server, with the rules that keep a conversation where the user sent
/// it: no redirect is followed, no proxy is used for a loopback endpoint, the timeout is a
/// deadline for the whole exchange, and an answer bigger than `maxBodyBytes` is refused.
///
/// libcurl (the library FoundationNetworking wraps on Linux) does the transfer with each of
/// these set explicitly; URLSession on Linux follows redirects and reads proxy variables by
/// itself and has no size limit.
struct HTTPPoster: Sendable {
    struct Response: Sendable {
        var status: Int
        var body: Data
        /// Where a 3xx pointed; it is reported, never followed.
        var redirect: String?
    }

    enum Failure: Error, Equatable {
        case unreachable(String)
        case timedOut
        case tooLarge
        case failed(String)
    }

    /// A few replies fit in a few kilobytes; a server sending megabytes is broken or hostile.
    static let maxBodyBytes = 4 << 20

    var deadline: TimeInterval
    var useProxy: Bool

    func post(_ url: URL, headers: [String: String], body: Data) async throws -> Response {
        let cancelled = CancelFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // libcurl blocks the thread it runs on; it gets one of its own.
                Thread.detachNewThread {
                    continuation.resume(
                        with: Result { try perform(url, headers: headers, body: body, cancel: cancelled) })
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    private func perform(_ url: URL, headers: [String: String], body: Data, cancel: CancelFlag) throws -> Response {
        var response = rs_http_response()
        let lines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let cLines = lines.map { strdup($0) }
        defer {
            cLines.forEach { free($0) }
            rs_http_response_free(&response)
        }
        let pointers = cLines.map { UnsafePointer<CChar>($0) }
        let milliseconds = max(1, Int(deadline * 1000))
        body.withUnsafeBytes { bytes in
            pointers.withUnsafeBufferPointer { headerList in
                rs_http_post(
                    url.absoluteString, headerList.baseAddress, headerList.count,
                    bytes.bindMemory(to: CChar.self).baseAddress, bytes.count, milliseconds,
                    Self.maxBodyBytes, useProxy ? 1 : 0, cancel.pointer, &response)
            }
        }
        let reason = withUnsafeBytes(of: response.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch response.outcome {
        case rs_http_ok: break
        case rs_http_unreachable: throw Failure.unreachable(reason)
        case rs_http_timed_out: throw Failure.timedOut
        case rs_http_too_large: throw Failure.tooLarge
        case rs_http_cancelled: throw CancellationError()
        default: throw Failure.failed(reason)
        }
        let redirect = withUnsafeBytes(of: response.redirect) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        let data = response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
        return Response(status: response.status, body: data, redirect: redirect.isEmpty ? nil : redirect)
    }
}

/// A flag libcurl's progress callback polls from its thread while Swift sets it on cancel.
private final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }
    deinit { pointer.deallocate() }
    func set() { pointer.pointee = 1 }
}
