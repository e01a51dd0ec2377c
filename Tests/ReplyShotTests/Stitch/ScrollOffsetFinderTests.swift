import XCTest

@testable import ReplyShot

/// The pixel-row offset between two scroll positions, on rows known by their hashes.
final class ScrollOffsetFinderTests: XCTestCase {
    /// A conversation's rows: each different from every other, like rows of real text.
    func conversation(rows: Int, seed: UInt64) -> [UInt64] {
        var state = seed
        return (0..<rows).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state | 1
        }
    }

    /// What a chat area `height` rows tall at page row `top` shows when scrolled to
    /// `scroll`, with `overlay` rows drawn over its bottom (a composer that does not scroll).
    func shot(_ content: [UInt64], scroll: Int, top: Int, height: Int, overlay: [UInt64]) -> RowSignatures {
        var rows = Array(content[scroll..<(scroll + height)])
        rows.replaceSubrange((height - overlay.count)..<height, with: overlay)
        return RowSignatures(top: top, hashes: rows)
    }

    func testAComposerDrawnOverTheScrollingViewIsNoEvidenceAgainstTheOffset() {
        let content = conversation(rows: 2000, seed: 7)
        let composer = conversation(rows: 140, seed: 99)
        let earlier = shot(content, scroll: 300, top: 100, height: 600, overlay: composer)
        let later = shot(content, scroll: 500, top: 100, height: 600, overlay: composer)
        XCTAssertEqual(ScrollOffsetFinder().offset(from: earlier, to: later), 200)
        XCTAssertEqual(ScrollOffsetFinder().offset(from: later, to: earlier), -200)
        XCTAssertEqual(ScrollOffsetFinder().scrollingRows(earlier, later), 100..<560)
    }

    func testAComposerWithSeveralTypedLinesAboveAnOpenKeyboardIsNoEvidenceEither() {
        // The keyboard leaves a short chat area, and the composer grown to four lines takes
        // 45% of it (Chatto's store picture); the messages above it scroll by 60 rows.
        let content = conversation(rows: 1000, seed: 21)
        let composer = conversation(rows: 135, seed: 98)
        let earlier = shot(content, scroll: 100, top: 80, height: 300, overlay: composer)
        let later = shot(content, scroll: 160, top: 80, height: 300, overlay: composer)
        let finder = ScrollOffsetFinder().scaled(toScreenWidth: 320)
        XCTAssertEqual(finder.scrollingRows(earlier, later), 80..<245)
        XCTAssertEqual(finder.offset(from: earlier, to: later), 60)
    }

    func testShotsThatDifferOnlyInTheirOverlayAreNotScrolledAgainstEachOther() {
        // The same rows at the same height with another overlay: the same position, offset 0;
        // the overlay's rows alone never make an offset.
        let content = conversation(rows: 2000, seed: 11)
        let a = shot(content, scroll: 300, top: 100, height: 600, overlay: conversation(rows: 60, seed: 1))
        let b = shot(content, scroll: 300, top: 100, height: 600, overlay: conversation(rows: 60, seed: 2))
        XCTAssertEqual(ScrollOffsetFinder().offset(from: a, to: b), 0)
        let elsewhere = shot(
            conversation(rows: 2000, seed: 12), scroll: 300, top: 100, height: 600,
            overlay: conversation(rows: 60, seed: 1))
        XCTAssertNil(ScrollOffsetFinder().offset(from: a, to: elsewhere))
    }

    func testShotsOfOnePositionThatDifferInTheMiddleKeepAllTheirRows() {
        // A typing line shows in one shot only: the strips that agree above and below it are
        // the whole screen, not overlays.
        let content = conversation(rows: 2000, seed: 5)
        let a = shot(content, scroll: 0, top: 100, height: 600, overlay: [])
        var hashes = a.hashes
        hashes.replaceSubrange(280..<300, with: conversation(rows: 20, seed: 77))
        let b = RowSignatures(top: 100, hashes: hashes)
        XCTAssertEqual(ScrollOffsetFinder().scrollingRows(a, b), 100..<700)
    }

    func testIdenticalShotsKeepAllTheirRowsAsEvidence() {
        let content = conversation(rows: 2000, seed: 5)
        let a = shot(content, scroll: 0, top: 100, height: 600, overlay: [])
        XCTAssertEqual(ScrollOffsetFinder().scrollingRows(a, a), 100..<700)
        XCTAssertEqual(ScrollOffsetFinder().offset(from: a, to: a), 0)
    }

    func testRowsNeededScaleWithTheScreensWidth() {
        let small = ScrollOffsetFinder().scaled(toScreenWidth: 320)
        let large = ScrollOffsetFinder().scaled(toScreenWidth: 1170)
        XCTAssertLessThan(small.minimumRows, large.minimumRows)
        XCTAssertLessThan(small.edgeRows, large.edgeRows)
        XCTAssertEqual(large.minimumRows, ScrollOffsetFinder().minimumRows)
    }
}
