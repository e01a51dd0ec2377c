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
}
