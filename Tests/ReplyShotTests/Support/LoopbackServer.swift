import Foundation

/// SOCK_STREAM is an enum case on Glibc and a plain constant on Darwin.
#if canImport(Glibc)
    let socketStreamType = Int32(SOCK_STREAM.rawValue)
#else
    let socketStreamType = SOCK_STREAM
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for generator tests: it records each request and
/// answers with the scripted responses in turn (the last one repeats).
final class LoopbackServer: @unchecked Sendable {
    struct Recorded {
        var method: String
        var path: String
        var headers: [String: String]
        var body: Data
    }

    struct Response {
        var status: Int
        var body: String
        var delay: TimeInterval = 0
        var headers: [String: String] = [:]
        /// The body sent in pieces of this many bytes with `delay` before each piece.
        var dripBytes: Int?
        /// Repeats the body this many times (a large answer without a large test string).
        var repeats = 1
    }

    private let socketDescriptor: Int32
    private let responses: [Response]
    private let lock = NSLock()
    private var stopping = false
    /// Signalled when the serving thread ends.
    private let finished = DispatchSemaphore(value: 0)
    private var recorded: [Recorded] = []
    let port: UInt16

    let isIPv6: Bool

    init(responses: [Response], ipv6: Bool = false) throws {
        self.responses = responses
        isIPv6 = ipv6
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, socketStreamType, 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            port = try Self.listen(descriptor, on: &address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            port = try Self.listen(descriptor, on: &address)
        }
        socketDescriptor = descriptor
        Thread.detachNewThread { [self] in serve() }
    }

    /// Binds to an ephemeral port, listens, and says which port it got.
    private static func listen<Address>(_ descriptor: Int32, on address: inout Address) throws -> UInt16 {
        let size = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
        }
        guard bound == 0, Foundation.listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = size
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        // sin_port and sin6_port sit at the same offset, right after the family.
        let port = withUnsafeBytes(of: &address) { $0.load(fromByteOffset: 2, as: UInt16.self) }
        return UInt16(bigEndian: port)
    }

    var requests: [Recorded] { lock.withLock { recorded } }
    var baseURL: String { isIPv6 ? "http://[::1]:\(port)/v1" : "http://127.0.0.1:\(port)/v1" }
    /// For use as http_proxy.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// Stops serving and returns once the serving thread is gone. The listening socket is
    /// closed only then: a descriptor closed while that thread may still call accept() on it
    /// can be handed to the next test's server at once, and this server would answer that
    /// test's requests with its own responses.
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        wakeAccept()
        finished.wait()
        close(socketDescriptor)
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    /// Where shutting a listening socket down does not end a blocked accept() (macOS), a
    /// connection does; the serving thread then sees `stopping` and ends.
    private func wakeAccept() {
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, socketStreamType, 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            address.sin6_port = port.bigEndian
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = port.bigEndian
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// Waits, in short steps so that a stopped server does not keep its test waiting; false
    /// when the server was stopped meanwhile (a test that has its answer stops it).
    private func pause(_ seconds: TimeInterval) -> Bool {
        var left = seconds
        while left > 0, !isStopping {
            Thread.sleep(forTimeInterval: min(left, 0.05))
            left -= 0.05
        }
        return !isStopping
    }

    private func serve() {
        defer { finished.signal() }
        while true {
            let client = accept(socketDescriptor, nil, nil)
            guard client >= 0 else { return }
            guard !isStopping else {
                close(client)
                return
            }
            handle(client)
        }
    }

    private func handle(_ client: Int32) {
        defer { close(client) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var expected: Int?
        while expected == nil || data.count < expected! {
            let n = recv(client, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            data.append(contentsOf: buffer[0..<n])
            if expected == nil, let end = data.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                expected = end.upperBound + length
            }
        }
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n").map(String.init)
        let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let index = lock.withLock { () -> Int in
            recorded.append(
                Recorded(
                    method: requestLine.first ?? "", path: requestLine.count > 1 ? requestLine[1] : "",
                    headers: headers, body: Data(data[end.upperBound...])))
            return recorded.count - 1
        }
        let response = responses[min(index, responses.count - 1)]
        let piece = Data(response.body.utf8)
        let length = piece.count * response.repeats
        let extra = response.headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        let head =
            "HTTP/1.1 \(response.status) X\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\(extra)Connection: close\r\n\r\n"
        if let drip = response.dripBytes {
            guard write(Data(head.utf8), to: client) else { return }
            for start in stride(from: 0, to: piece.count, by: drip) {
                guard pause(response.delay), write(piece[start..<min(start + drip, piece.count)], to: client) else {
                    return
                }
            }
            return
        }
        guard pause(response.delay) else { return }
        guard write(Data(head.utf8), to: client) else { return }
        for _ in 0..<response.repeats {
            guard write(piece, to: client) else { return }
        }
    }

    /// False once the client has gone (it stopped reading a body it did not want).
    private func write(_ data: Data, to client: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let n = send(client, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard n > 0 else { return false }
                sent += n
            }
            return true
        }
    }
}
