import XCTest

@testable import ReplyShot

/// The pixel scroll offset between consecutive shots of every rendered sample, against the
/// scroll positions its truth file records.
final class ScrollOffsetTruthTests: XCTestCase {
    func testOffsetsBetweenConsecutiveShotsAreTheRecordedScrolls() throws {
        let folders = try FileManager.default.contentsOfDirectory(at: Fixtures.samples, includingPropertiesForKeys: nil)
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("truth.json").path) }
            .sorted { $0.path < $1.path }
        var checked = 0
        for folder in folders {
            let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
            let positions = truth.shots.compactMap(\.scrollOffsetPx)
            guard positions.count == truth.shots.count, Set(positions).count == positions.count else { continue }
            let surveys = try truth.shots.map { shot in
                RegionFinder().find(
                    in: try RGBImage(
                        path: FileSystemPath(folder.appendingPathComponent(shot.file).path), name: shot.file))
            }
            for index in surveys.indices.dropFirst() {
                let (a, b) = (surveys[index - 1], surveys[index])
                let scrolled = positions[index] - positions[index - 1]
                let name = "\(folder.lastPathComponent) shot \(index)"
                // Only a scroll that leaves a good part of the chat area in both shots has to
                // be found; a longer one may or may not be, but never at a wrong offset.
                let overlap = (a.layout.contentBottom - a.layout.contentTop) - abs(scrolled)
                let found = ScrollOffsetFinder().offset(from: a.rows, to: b.rows)
                if overlap >= (a.layout.contentBottom - a.layout.contentTop) / 4 {
                    XCTAssertEqual(found, scrolled, name)
                    checked += 1
                } else if let found {
                    XCTAssertEqual(found, scrolled, name)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 8, "most sample pairs overlap enough to be checked")
    }
}
