import Foundation
import XCTest

@testable import ReplyShot

final class OrderedConcurrencyTests: XCTestCase {
    /// Counts the items being worked on at once, and the most there ever were.
    actor Occupancy {
        private(set) var now = 0
        private(set) var most = 0
        func enter() {
            now += 1
            most = max(most, now)
        }
        func leave() { now -= 1 }
    }

    struct Refused: Error {}

    func testResultsComeInTheItemsOrderWhateverOrderTheyFinishIn() async throws {
        // Early items take longest, so they finish last.
        let items = Array(0..<12)
        let results = try await OrderedConcurrency.map(items, lanes: 4) { item in
            try await Task.sleep(nanoseconds: UInt64(12 - item) * 2_000_000)
            return item * 10
        }
        XCTAssertEqual(results, items.map { $0 * 10 })
    }

    func testNoMoreThanTheLanesRunAtOnceAndThatManyDo() async throws {
        let occupancy = Occupancy()
        _ = try await OrderedConcurrency.map(Array(0..<9), lanes: 3) { item in
            await occupancy.enter()
            try await Task.sleep(nanoseconds: 20_000_000)
            await occupancy.leave()
            return item
        }
        let most = await occupancy.most
        XCTAssertEqual(most, 3)
    }

    func testAFailingItemFailsTheWhole() async {
        do {
            _ = try await OrderedConcurrency.map(Array(0..<5), lanes: 2) { item in
                if item == 3 { throw Refused() }
                return item
            }
            XCTFail("the error was swallowed")
        } catch {
            XCTAssertTrue(error is Refused)
        }
    }

    func testFewerItemsThanLanesAndNoneAtAll() async throws {
        let two = try await OrderedConcurrency.map([1, 2], lanes: 8) { $0 + 1 }
        XCTAssertEqual(two, [2, 3])
        let none = try await OrderedConcurrency.map([Int](), lanes: 8) { $0 }
        XCTAssertEqual(none, [])
    }
}
