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
            // A wallpaper that stays put while the messages scroll over it (telegram-alex)
            // makes no two shots' rows alike: such shots are joined by their text (the sample
            // regression suite checks that), and no offset may be found at all. Any offset
            // found must still be the recorded one (`checkMap`).
            let picture = surveys.allSatisfy(\.layout.pageIsPicture)
            checkMap(
                ScrollMap(rows: surveys.map(\.rows)), positions: positions, name: folder.lastPathComponent,
                mustLink: !picture)
            if picture { continue }
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

    /// Every pair the map links, in either direction and in any part of it, is linked at the
    /// recorded scroll: the map never invents an offset and never disagrees with itself.
    /// `mustLink`: at least one pair is linked.
    func checkMap(_ map: ScrollMap, positions: [Int], name: String, mustLink: Bool = true) {
        var linked = 0
        for i in positions.indices {
            XCTAssertEqual(map.offset(from: i, to: i), 0, name)
            for j in positions.indices where j != i {
                guard let d = map.offset(from: i, to: j) else { continue }
                XCTAssertEqual(d, positions[j] - positions[i], "\(name): \(i) → \(j)")
                XCTAssertEqual(map.offset(from: j, to: i), -d, "\(name): \(j) → \(i)")
                linked += 1
            }
        }
        if mustLink { XCTAssertGreaterThan(linked, 0, "\(name): neighbours are linked") }
        // A part of the map, reversed, answers for the same shots under their new indexes.
        let reversed = Array(positions.indices.reversed())
        let part = map.subset(reversed)
        for (k, i) in reversed.enumerated() {
            for (l, j) in reversed.enumerated() {
                XCTAssertEqual(part.offset(from: k, to: l), map.offset(from: i, to: j), name)
            }
        }
        XCTAssertNil(map.offset(from: 0, to: positions.count), "\(name): no offset to a shot the map does not hold")
    }
}
