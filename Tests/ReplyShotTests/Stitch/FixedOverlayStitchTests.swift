import XCTest

@testable import ReplyShot

/// What an app draws over the scrolling view stays put while the conversation moves.
final class FixedOverlayStitchTests: XCTestCase {
    func testAChipThatStaysPutWhileTheChatScrollsIsNotAMessage() {
        let conversation = SyntheticConversation(seed: 5, count: 20)
        var rng = SeededRNG(seed: 5)
        var first = conversation.shot(at: 0, index: 0, noise: &rng, pixels: true)
        var second = conversation.shot(at: 700, index: 1, noise: &rng, pixels: true)
        let without = AutoStitcher().stitch([first, second]).messages.map(\.text)

        let chip = PixelRect(x: 450, y: SyntheticConversation.contentTop + 120, width: 240, height: 60)
        // The chip is drawn over whatever scrolls under it: its rows are the same in both shots.
        func drawChip(on shot: inout ScreenRead, index: Int) {
            shot.bubbles.append(
                Bubble(
                    speaker: .unknown, text: "Jump to latest", box: chip, confidence: 0.9, source: "shot\(index)",
                    isCutOff: false))
            var hashes = shot.rows.hashes
            for y in chip.y..<chip.maxY { hashes[y - shot.rows.top] = 0xC41D_0000 + UInt64(y) }
            shot.rows = RowSignatures(top: shot.rows.top, hashes: hashes)
        }
        drawChip(on: &first, index: 0)
        drawChip(on: &second, index: 1)
        let with = AutoStitcher().stitch([first, second]).messages.map(\.text)
        XCTAssertFalse(with.contains("Jump to latest"), "\(with)")
        XCTAssertEqual(with, without)
    }

    func testARealRepeatExactlyOneScrollApartIsKept() {
        // "haha" at content rows 100 and 300; the second shot is scrolled by 200, so its copy
        // of the second "haha" sits where the first shot shows the first one.
        var state: UInt64 = 42
        var content: [UInt64] = (0..<1000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state | 1
        }
        content.replaceSubrange(300..<340, with: content[100..<140])
        let top = 100, height = 600
        func shot(scroll: Int, index: Int) -> ScreenRead {
            let bubbles = [100, 300].filter { $0 >= scroll && $0 + 40 <= scroll + height }.map { row in
                Bubble(
                    speaker: .them, text: "haha", box: PixelRect(x: 40, y: top + row - scroll, width: 200, height: 40),
                    confidence: 0.9, source: "shot\(index)", isCutOff: false)
            }
            return ScreenRead(
                source: "shot\(index)", title: "Sam", bubbles: bubbles,
                rows: RowSignatures(top: top, hashes: Array(content[scroll..<(scroll + height)])))
        }
        let texts = AutoStitcher().stitch([shot(scroll: 0, index: 0), shot(scroll: 200, index: 1)]).messages.map(\.text)
        XCTAssertEqual(texts, ["haha", "haha"])
    }

    func testTheConversationThatFoundRepeatsTakenForOverlaysIsRebuiltWhole() {
        // Found by StitchProperties (seed 739905, 13 messages): a repeat one scroll apart was
        // dropped as an overlay before overlays had to be told apart by their pixels.
        let (seed, count) = (739_905, 13)
        let conversation = SyntheticConversation(seed: seed, count: count)
        var rng = SeededRNG(seed: UInt64(seed))
        let shots = conversation.shots(seed: seed, pixels: true).shuffled(using: &rng)
        let score = ConversationEvaluator().score(
            output: AutoStitcher().stitch(shots).messages, truth: conversation.truth)
        XCTAssertEqual(score.found, count, "\(score)")
        XCTAssertEqual(score.duplicates, 0, "\(score)")
    }

    func testTheSameWordsAtTheSamePlaceWithoutScrollingStayAMessage() {
        // Two shots of the same screen (no scroll between them): nothing there is an overlay.
        let conversation = SyntheticConversation(seed: 8, count: 12)
        var rng = SeededRNG(seed: 8)
        let first = conversation.shot(at: 200, index: 0, noise: &rng, pixels: true)
        let second = conversation.shot(at: 200, index: 1, noise: &rng, pixels: true)
        let once = AutoStitcher().stitch([first]).messages.count
        XCTAssertEqual(AutoStitcher().stitch([first, second]).messages.count, once)
        XCTAssertGreaterThan(once, 0)
    }
}
