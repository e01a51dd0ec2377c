import XCTest

@testable import ReplyShot

final class SeedStitcherTests: XCTestCase {
    /// Distinct filler so that no accidental overlap exists.
    private func text(_ count: Int, seed: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var state = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
        return String(
            (0..<count).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return alphabet[Int(state >> 33) % alphabet.count]
            })
    }

    func testOverlapOnTheStepGridIsRemoved() {
        let overlap = text(40, seed: 1)
        let a = text(60, seed: 2) + overlap, b = overlap + text(60, seed: 3)
        // Lengths tried: 100, 90, ..., 40 — found at 40, which is > 20.
        XCTAssertEqual(SeedStitcher.merge([a, b]), a + b.dropFirst(40))
    }

    func testOverlapOffTheStepGridIsNotFound() {
        let overlap = text(35, seed: 4)
        let a = text(65, seed: 5) + overlap, b = overlap + text(65, seed: 6)
        // Tried: 100, 90, ..., 20; 35 is never tried, so the chunks are kept whole with a separator.
        XCTAssertEqual(SeedStitcher.merge([a, b]), a + "\n---\n" + b)
    }

    func testStepsStartFromTheShortestLength() {
        let overlap = text(35, seed: 7)
        let a = text(10, seed: 8) + overlap, b = overlap + text(80, seed: 9)
        // min(len(result)=45, len(chunk)=115, 200) = 45: tried 45, 35 → found.
        XCTAssertEqual(SeedStitcher.merge([a, b]), a + b.dropFirst(35))
    }

    func testAnOverlapOfExactlyTwentyDoesNotCount() {
        let overlap = text(20, seed: 10)
        let a = text(50, seed: 11) + overlap, b = overlap + text(50, seed: 12)
        XCTAssertEqual(SeedStitcher.merge([a, b]), a + "\n---\n" + b)
    }

    func testOverlapsLongerThanTwoHundredAreMissed() {
        let overlap = text(210, seed: 13)
        let a = text(30, seed: 14) + overlap, b = overlap + text(30, seed: 15)
        XCTAssertEqual(SeedStitcher.merge([a, b]), a + "\n---\n" + b)
    }

    func testMessagesKeepSpeakersAndGapsAreReported() {
        let shot1 = ScreenRead(
            source: "1.png", title: "Olivia",
            bubbles: [
                bubble(.them, "Okay your second photo is the best thing"),
                bubble(.me, "The one with the goat? He was very cooperative"),
            ])
        let shot2 = ScreenRead(
            source: "2.png", title: "Olivia",
            bubbles: [
                bubble(.me, "The one with the goat? He was very cooperative"),
                bubble(.them, "Is it your goat or were you just borrowing him"),
            ])
        let shot3 = ScreenRead(
            source: "3.png", title: "Olivia", bubbles: [bubble(.them, "Something unrelated and new")])
        let conversation = SeedStitcher().stitch([shot1, shot2, shot3])
        // The repeated line is 51 characters: off the 10-step grid the seed searches
        // (min(96, 100, 200) = 96, 86, ..., 56, 46, ...), so, faithfully, it is kept twice.
        XCTAssertEqual(conversation.messages.map(\.speaker), [.them, .me, .me, .them, .them])
        XCTAssertEqual(conversation.messages.map(\.text).last, "Something unrelated and new")
        XCTAssertEqual(conversation.gaps, [ConversationGap(afterMessage: 1), ConversationGap(afterMessage: 3)])
        XCTAssertEqual(conversation.title, "Olivia")
    }
}

final class BubbleAlignmentStitcherTests: XCTestCase {
    let stitcher = BubbleAlignmentStitcher()

    func testFuzzyOverlapIsJoinedOnce() {
        let a = ScreenRead(
            source: "a", title: nil,
            bubbles: [
                bubble(.them, "Are we still on for climbing tomorrow?"), bubble(.me, "Yes! The gym opens at 9"),
                bubble(.them, "ok"),
                bubble(.them, "I will book the auto belay for 10:15 then"),
            ])
        let b = ScreenRead(
            source: "b", title: nil,
            bubbles: [
                bubble(.me, "Yes! The gym opens at 9"), bubble(.them, "ok"),
                bubble(.them, "l will book the auto belay for 10:15 then"),
                bubble(.me, "Perfect"),
            ])
        let texts = stitcher.stitch([a, b]).messages.map(\.text)
        XCTAssertEqual(
            texts,
            [
                "Are we still on for climbing tomorrow?", "Yes! The gym opens at 9", "ok",
                "I will book the auto belay for 10:15 then", "Perfect",
            ])
    }

    func testRealRepeatsSurvive() {
        let a = ScreenRead(source: "a", title: nil, bubbles: [bubble(.them, "haha"), bubble(.them, "haha")])
        let b = ScreenRead(source: "b", title: nil, bubbles: [bubble(.them, "haha"), bubble(.me, "what is so funny")])
        // "haha" alone is not evidence of an overlap: nothing is merged, and a gap is reported.
        let conversation = stitcher.stitch([a, b])
        XCTAssertEqual(conversation.messages.count, 4)
        XCTAssertEqual(conversation.gaps, [ConversationGap(afterMessage: 1)])
    }

    func testOneWholeSentenceReadAlikeAtTheJunctionIsOneMessage() {
        // A mail scrolled so that only its sign-off is left at the top of the second shot:
        // one sentence of a few words, whole in both and read alike, is the overlap. Short
        // words said twice ("haha", "ok sure") still prove nothing.
        let a = ScreenRead(
            source: "a", title: nil,
            bubbles: [bubble(.them, "Please come prepared with questions."), bubble(.them, "Best regards, William")])
        let b = ScreenRead(source: "b", title: nil, bubbles: [bubble(.them, "Best regards, William")])
        XCTAssertEqual(
            stitcher.stitch([a, b]).messages.map(\.text),
            [
                "Please come prepared with questions.", "Best regards, William",
            ])
        let c = ScreenRead(source: "c", title: nil, bubbles: [bubble(.them, "ok sure"), bubble(.them, "ok sure")])
        let d = ScreenRead(source: "d", title: nil, bubbles: [bubble(.them, "ok sure")])
        XCTAssertEqual(stitcher.stitch([c, d]).messages.count, 3)
    }

    func testAPostTakenForAnotherSpeakersInOneShotIsStillOneMessage() {
        // Quasseldroid: the nick heading the post is above the second shot's edge, so there
        // the post reads as the previous post's sender's. The same long sentence in both shots
        // is one message; two short replies of different speakers stay two.
        let a = ScreenRead(
            source: "a", title: nil,
            bubbles: [
                bubble(.them, "romibi: You probably don't need to say it's an avatar"),
                bubble(.me, "Your avatar doesn't exist yet, it seems"),
            ])
        let b = ScreenRead(
            source: "b", title: nil,
            bubbles: [
                bubble(.them, "Your avatar doesn't exist yet, it seems"),
                bubble(.them, "ah ... adding an email is not enough"),
            ])
        XCTAssertEqual(stitcher.stitch([a, b]).messages.count, 3)
        XCTAssertTrue(BubbleAlignmentStitcher.mayBeOneMessage(bubble(.me, "ok"), bubble(.unknown, "ok")))
        XCTAssertFalse(BubbleAlignmentStitcher.mayBeOneMessage(bubble(.me, "ok sure"), bubble(.them, "ok sure")))
    }

    func testCutBubbleIsReplacedByTheWholeOne() {
        let a = ScreenRead(
            source: "a", title: nil,
            bubbles: [
                bubble(.them, "Also Maya asked if she can join us"),
                bubble(.me, "The more the merrier. Is she new to bouldering?"),
                bubble(.them, "She did a few sessions in", cut: true),
            ])
        let b = ScreenRead(
            source: "b", title: nil,
            bubbles: [
                bubble(.me, "The more the merrier. Is she new to bouldering?"),
                bubble(.them, "She did a few sessions in Berlin but nothing since the summer"),
            ])
        let texts = stitcher.stitch([a, b]).messages.map(\.text)
        XCTAssertEqual(texts.last, "She did a few sessions in Berlin but nothing since the summer")
        XCTAssertEqual(texts.count, 3)
    }
}

func bubble(_ speaker: Speaker, _ text: String, cut: Bool = false) -> Bubble {
    Bubble(
        speaker: speaker, text: text, box: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 0.9,
        source: "test.png", isCutOff: cut)
}

final class ConversationGrouperTests: XCTestCase {
    func testShotsOfOneScrollStayTogetherWhateverTheirTitlesReadAs() {
        let conversation = SyntheticConversation(seed: 3, count: 20)
        var rng = SeededRNG(seed: 3)
        var first = conversation.shot(at: 0, index: 0, noise: &rng, pixels: true)
        var second = conversation.shot(at: 700, index: 1, noise: &rng, pixels: true)
        first.title = "Nico"
        second.title = "(nN) Nico"
        XCTAssertEqual(
            ConversationGrouper().group([first, second]), [[0, 1]], "their rows line up at a scroll offset")

        // Without pixel evidence, titles that disagree keep shots apart.
        first.rows = .empty
        second.rows = .empty
        XCTAssertEqual(ConversationGrouper().group([first, second]), [[0], [1]])

        // One reading took the subtitle into the title: still one channel.
        first.title = "soju @ libera - 206 users"
        second.title = "soju @ libera"
        XCTAssertEqual(ConversationGrouper().group([first, second]), [[0, 1]])
        first.title = "Project Alpha Design"
        second.title = "Project Alpha"
        XCTAssertEqual(ConversationGrouper().group([first, second]), [[0], [1]], "another channel")
        first.title = "Mom · online"
        second.title = "Mom"
        XCTAssertEqual(ConversationGrouper().group([first, second]), [[0], [1]], "too short to tell")
    }
}
