import XCTest

@testable import ReplyShot

/// A long message said again is a reply's quote, or a copy of one bubble, never a new message.
final class RepeatedMessagesTests: XCTestCase {
    let original = "aspiers: Sorry, was working on something... in case you're interested (but don't use it yet)"
    // The quote under "reply to", in smaller type and read less well than the message.
    let quoteRead = "Spiers: Sorry, was working on somethin... in case youre interested (but dont use it 20 33"

    /// Bubbles one under the other, as a shot shows them.
    func shot(_ source: String, _ bubbles: [Bubble]) -> ScreenRead {
        var placed = bubbles
        for index in placed.indices {
            placed[index].box = PixelRect(x: 40, y: 300 + 120 * index, width: 600, height: 90)
        }
        return ScreenRead(source: source, title: nil, bubbles: placed)
    }

    func authored(_ text: String, by author: String) -> Bubble {
        var message = bubble(.them, text)
        message.author = author
        return message
    }

    func testALongMessageReadAgainOverAReplyIsThatReplysQuote() {
        // The quote sits under the reply's sender's name, and is read as that sender's.
        let read = shot(
            "a",
            [
                authored(original, by: "alphapapa"), bubble(.them, "Haha awesome"), bubble(.me, "yes"),
                authored(quoteRead, by: "hpfr"), authored("why the new one?", by: "hpfr"), bubble(.me, "haha"),
                bubble(.me, "haha"),
            ])
        let messages = AutoStitcher().stitch([read]).messages
        XCTAssertEqual(
            messages.map(\.text), [original, "Haha awesome", "yes", "why the new one?", "haha", "haha"])
        XCTAssertEqual(messages.map(\.quote), [nil, nil, nil, original, nil, nil])
    }

    func testTheQuoteOfAMessageInAnEarlierShotIsFoldedAndTheGapStillFollowsItsShot() {
        // Two shots that do not overlap: the second starts with the quote of a message the
        // first showed; the gap between them stays after the first shot's last message.
        let first = shot("a", [bubble(.them, original), bubble(.me, "Wait, is this a new client?")])
        let second = shot("b", [bubble(.unknown, quoteRead), bubble(.them, "why the new one?")])
        let conversation = AutoStitcher().stitch([first, second])
        XCTAssertEqual(
            conversation.messages.map(\.text), [original, "Wait, is this a new client?", "why the new one?"])
        XCTAssertEqual(conversation.messages.last?.quote, original)
        XCTAssertEqual(conversation.gaps, [ConversationGap(afterMessage: 1)])
    }

    func testDifferentLongMessagesNoticesAndOneSendersOwnRepeatsStay() {
        // A bank texts from one template, and may send one text twice.
        let spent = "INR 385.00 spent on ICICI Bank Card XX7008 on 14-Aug-26 at BLUE TOKAI COFFEE."
        let folded = RepeatedMessages().folded(
            [
                bubble(.them, spent),
                bubble(.them, "INR 649.00 spent on ICICI Bank Card XX7008 on 20-Aug-26 at NETFLIX."),
                bubble(.them, spent),
                bubble(.them, "Are you coming to the climbing gym on Saturday morning with us?"),
                bubble(.me, "Are you coming to the board game night on Friday evening with us?"),
                Bubble(
                    speaker: .unknown, text: "alice has kicked q (your behavior is not conductive to the environment)",
                    kind: .notice, box: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 0.9, source: "a"),
                Bubble(
                    speaker: .unknown, text: "alice has kicked q (your behavior is not conductive to the environment)",
                    kind: .notice, box: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 0.9, source: "a"),
            ], gaps: [])
        XCTAssertEqual(folded.0.count, 7)
        // A demo sends one canned message from both sides; the second has no reply under it.
        let canned = "Hello! No problem. I can today at 2 pm. And after we can go to the office."
        let demo = RepeatedMessages().folded(
            [bubble(.me, canned), bubble(.them, "Hello!"), bubble(.them, canned)], gaps: [])
        XCTAssertEqual(demo.0.map(\.text), [canned, "Hello!", canned])
    }
}
