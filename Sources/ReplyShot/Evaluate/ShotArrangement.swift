/// How an evaluation hands the scanned shots (oldest first) to the reader and stitcher: in
/// capture order, reversed (as when someone scrolls up to capture the start), or without the
/// middle shot (the stitcher should then report a gap). An analysis takes them as captured.
public struct ShotArrangement: Equatable, Sendable {
    public enum Order: String, CaseIterable, Sendable {
        case capture, reverse
    }

    public var order: Order
    public var dropMiddle: Bool
    /// Shots with these file names are left out (to test one missing shot by name).
    public var leaveOut: Set<String>

    public init(order: Order = .capture, dropMiddle: Bool = false, leaveOut: Set<String> = []) {
        self.order = order
        self.dropMiddle = dropMiddle
        self.leaveOut = leaveOut
    }

    public static let asCaptured = ShotArrangement()

    func arrange(_ shots: [Screenshot]) -> [Screenshot] {
        var shots = shots.filter { !leaveOut.contains($0.fileName) }
        // Only a middle with a shot on each side can go missing between two others.
        if dropMiddle, shots.count >= 3 { shots.remove(at: shots.count / 2) }
        return order == .reverse ? shots.reversed() : shots
    }
}
