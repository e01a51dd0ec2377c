import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test server itself: two hostile-server tests once failed in CI because a stopped
/// server's thread went on accepting on a descriptor number the next test's server had been
/// given, and answered that test with its own responses.
final class LoopbackServerTests: XCTestCase {
    func testAStoppedServerNeverAnswersForTheNextOne() throws {
        let first = try LoopbackServer(responses: [.init(status: 200, body: "first-answer", delay: 0.03, dripBytes: 1)])
        // Keep the first server busy dripping an answer to a client that never reads it.
        let busy = socket(AF_INET, socketStreamType, 0)
        defer { close(busy) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = first.port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(busy, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(connected, 0)
        let request = Array("GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        XCTAssertEqual(send(busy, request, request.count, 0), request.count)
        XCTAssertTrue(waitFor { !first.requests.isEmpty }, "the first server is answering")
        first.stop()

        let second = try LoopbackServer(responses: [.init(status: 200, body: "second-answer")])
        defer { second.stop() }
        // Long enough for the first server's drip to end and its thread to look for work.
        let until = Date().addingTimeInterval(1)
        var answers: [String] = []
        while Date() < until {
            let data = try Data(contentsOf: URL(string: second.origin + "/v1")!)
            answers.append(String(decoding: data, as: UTF8.self))
        }
        XCTAssertGreaterThan(answers.count, 5)
        XCTAssertEqual(Set(answers), ["second-answer"])
    }

    func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, !condition() { usleep(10_000) }
        return condition()
    }
}
