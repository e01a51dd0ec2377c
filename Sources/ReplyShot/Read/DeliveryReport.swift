/// A bubble's small print may say how it travelled: "Sent 14:02", "Delivered", "Read 9:41 AM",
/// "Seen" report the user's own message (apps report delivery to the sender only); "Received
/// 2022-10-04 01:24:12" the other's, even beside the time it was sent (Sideband's cards show
/// both). Asked only of a bubble whose side its place does not tell (a card as wide as the
/// chat).
enum DeliveryReport {
    static let received: Set<String> = ["received"]
    static let ownDelivery: Set<String> = ["sent", "delivered", "read", "seen"]

    /// The side the rows of small print `rows` report; nil when none reports a delivery.
    static func side(of rows: [String]) -> Speaker? {
        let firstWords = rows.compactMap { row in
            row.split(separator: " ").first.map { $0.lowercased().filter(\.isLetter) }
        }
        if firstWords.contains(where: received.contains) { return .them }
        if firstWords.contains(where: ownDelivery.contains) { return .me }
        return nil
    }
}
