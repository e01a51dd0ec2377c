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
        for index in 0..<2 {
            let overlay = Bubble(
                speaker: .unknown, text: "Jump to latest", box: chip, confidence: 0.9, source: "shot\(index)",
                isCutOff: false)
            if index == 0 { first.bubbles.append(overlay) } else { second.bubbles.append(overlay) }
        }
        let with = AutoStitcher().stitch([first, second]).messages.map(\.text)
        XCTAssertFalse(with.contains("Jump to latest"), "\(with)")
        XCTAssertEqual(with, without)
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
