import Foundation

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
    }

    private let socketDescriptor: Int32
    private let responses: [Response]
    private let lock = NSLock()
    private var recorded: [Recorded] = []
    let port: UInt16

    init(responses: [Response]) throws {
        self.responses = responses
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    var requests: [Recorded] { lock.withLock { recorded } }
    var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    func stop() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    private func serve() {
        while true {
            let client = accept(socketDescriptor, nil, nil)
            guard client >= 0 else { return }
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
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let body = Data(response.body.utf8)
        let head =
            "HTTP/1.1 \(response.status) X\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let out = Data(head.utf8) + body
        _ = out.withUnsafeBytes { send(client, $0.baseAddress!, out.count, Int32(MSG_NOSIGNAL)) }
    }
}
