/// Work on many independent items at once, with the results in the items' order.
public enum OrderedConcurrency {
    /// `body` for each item, at most `lanes` at a time; the first error thrown is rethrown
    /// (the items still running are cancelled).
    public static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], lanes: Int, _ body: @escaping @Sendable (Item) async throws -> Output
    ) async throws -> [Output] {
        try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            var results = [Output?](repeating: nil, count: items.count)
            var next = 0
            func start() {
                let index = next
                next += 1
                group.addTask { (index, try await body(items[index])) }
            }
            while next < min(max(1, lanes), items.count) { start() }
            while let (index, result) = try await group.next() {
                results[index] = result
                if next < items.count { start() }
            }
            return results.compactMap { $0 }
        }
    }
}
