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

final class RunTogetherBubblesTests: XCTestCase {
    func testABubbleRunTogetherWithTheNextOneInOneShotKeepsOnlyItsOwnWords() {
        // Ricochet: a scroll bar joined two of the user's bubbles in the first shot; the next
        // shot shows the second one on its own, after the other's replies.
        let split = RunTogetherBubbles().split([
            bubble(.them, "Hey Phineas! watcha doin?"),
            bubble(
                .me, "Hi Isabella! What do you suggest? Okay, well what about Tristate park? We could have a picnic!"),
            bubble(.them, "Well, we haven't gone on an official date yet"),
            bubble(.them, "romantic"),
            bubble(.me, "Okay, well what about Tristate park? We could have a picnic!"),
        ])
        XCTAssertEqual(split.map(\.text)[1], "Hi Isabella! What do you suggest?")
        XCTAssertEqual(split.count, 5)
        // Another sender's words, a short repeat, or a message that is all of the earlier one
        // stay as they are.
        let kept = [
            bubble(.them, "Sure, see you at the station then. Bring the tickets please"),
            bubble(.me, "see you at the station then. Bring the tickets please"),
            bubble(.me, "ok sure"), bubble(.me, "ok sure"),
        ]
        XCTAssertEqual(RunTogetherBubbles().split(kept).map(\.text), kept.map(\.text))
        // A copy that the next shot's top cuts is the end of the same long message.
        let cut = [
            bubble(
                .me, "Hi Isabella! What do you suggest? Okay, well what about Tristate park? We could have a picnic!"),
            bubble(.me, "Okay, well what about Tristate park? We could have a picnic!", cut: true),
        ]
        XCTAssertEqual(RunTogetherBubbles().split(cut).map(\.text), cut.map(\.text))
    }

    func testOnTheCanvasABubbleRunTogetherInOneShotIsSplitByTheShotThatShowsItApart() {
        // Two shots placed by their pixel offset (scrolled by 200): the first read the user's
        // two bubbles at rows 100 and 240 as one region; the second shows the lower one alone.
        var state: UInt64 = 7
        let content: [UInt64] = (0..<1000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state | 1
        }
        let top = 100, height = 600
        let first = "Hi Isabella! What do you suggest?",
            second = "Okay, well what about Tristate park? We could have a picnic!"
        func bubble(_ text: String, row: Int, rows: Int, scroll: Int, index: Int) -> Bubble {
            Bubble(
                speaker: .me, text: text, box: PixelRect(x: 500, y: top + row - scroll, width: 400, height: rows),
                confidence: 0.9, source: "shot\(index)", isCutOff: false)
        }
        let a = ScreenRead(
            source: "shot0", title: "Isabella",
            bubbles: [bubble(first + " " + second, row: 100, rows: 200, scroll: 0, index: 0)],
            rows: RowSignatures(top: top, hashes: Array(content[0..<height])))
        let b = ScreenRead(
            source: "shot1", title: "Isabella",
            bubbles: [bubble(second, row: 240, rows: 60, scroll: 200, index: 1)],
            rows: RowSignatures(top: top, hashes: Array(content[200..<(200 + height)])))
        for shots in [[a, b], [b, a]] {
            XCTAssertEqual(AutoStitcher().stitch(shots).messages.map(\.text), [first, second])
        }
    }
}
