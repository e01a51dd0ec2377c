import XCTest

@testable import ReplyShot

/// Joining shots by their text when pixels cannot: two pieces of one bubble cut at opposite
/// edges share their middle lines; two messages in the same few words do not.
final class TextEvidenceTests: XCTestCase {
    func testPiecesOfOneTallBubbleContinueEachOther() {
        XCTAssertTrue(
            BubbleAlignmentStitcher.continues(
                "See you at the station at nine, and bring the", into: "the station at nine, and bring the tickets",
                threshold: 0.8))
        XCTAssertFalse(
            BubbleAlignmentStitcher.continues(
                "great that weekend nine call", into: "eekend thax weekend nine call rain", threshold: 0.8))
    }

    func testOfTwoCopiesOfABubbleTheOneThatGoesOnIsKept() {
        // Syphon: a composer drawn over the bubble's second line in one shot leaves a copy that
        // stops short without touching the chat area's edge; it was read more surely.
        func bubble(_ text: String, confidence: Double) -> Bubble {
            Bubble(
                speaker: .me, text: text, box: PixelRect(x: 500, y: 900, width: 500, height: 90),
                confidence: confidence, source: "shot.png")
        }
        let short = bubble("yeah, I'll be there at 10pm. let me know if you", confidence: 0.95)
        let whole = bubble(
            "yeah, I'll be there at 10pm. let me know if you need me to bring anything.", confidence: 0.9)
        let stitcher = BubbleAlignmentStitcher()
        XCTAssertEqual(stitcher.better(short, whole).text, whole.text)
        XCTAssertEqual(stitcher.better(whole, short).text, whole.text)
        // Two readings of the same words: the surer one.
        let unsure = bubble("yeah, I'II be there at 10pm. let me know if you", confidence: 0.6)
        XCTAssertEqual(stitcher.better(unsure, short).confidence, 0.95)
    }

    func testShotsThatDoNotOverlapAreNotJoinedByLookalikeCutBubbles() {
        // Found by StitchProperties (seed 599773): without the middle shot, the bubble cut at
        // the bottom of one shot and another cut at the top of the next shared a few words,
        // and the missing shot's gap was not reported.
        let seed = 599_773
        let conversation = SyntheticConversation(seed: seed, count: 30)
        var shots = conversation.shots(seed: seed, pixels: true, step: 0.62...0.75)
        XCTAssertGreaterThanOrEqual(shots.count, 3)
        shots.remove(at: shots.count / 2)
        let result = AutoStitcher().stitch(shots)
        XCTAssertEqual(result.gaps.count, 1)
        XCTAssertEqual(
            ConversationEvaluator().score(output: result.messages, truth: conversation.truth).duplicates, 0)
    }

    func testABubbleOneShotReadWithItsTimeStillJoinsTheOtherShotsCopyInEitherOrder() {
        // Mirage: a photo wallpaper that stays put gives no pixel offset; one shot read the
        // time after the words ("14:03 at"), the other did not. The same bubble, once.
        func shot(_ source: String, _ bubbles: [(Speaker, String)]) -> ScreenRead {
            ScreenRead(
                source: source, title: nil,
                bubbles: bubbles.enumerated().map { index, bubble in
                    Bubble(
                        speaker: bubble.0, text: bubble.1,
                        box: PixelRect(x: 40, y: 300 + 120 * index, width: 600, height: 90),
                        confidence: 0.9, source: source)
                })
        }
        let upper = shot(
            "a", [(.me, "Use markdown, the guide explains the links"), (.them, "Mary Very interesting indeed")])
        let lower = shot(
            "b",
            [(.unknown, "Mary Very interesting indeed 14:03 at"), (.them, "How do you make these links by the way?")])
        for order in [[upper, lower], [lower, upper]] {
            let texts = AutoStitcher().stitch(order).messages.map(\.text)
            XCTAssertEqual(texts.count, 3, "\(texts)")
            XCTAssertEqual(texts.last, "How do you make these links by the way?")
        }
    }
}
