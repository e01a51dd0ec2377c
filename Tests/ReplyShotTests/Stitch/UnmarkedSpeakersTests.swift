import XCTest

@testable import ReplyShot

/// Messages no cue on the screen puts on a side are the others', once the shots are stitched.
final class UnmarkedSpeakersTests: XCTestCase {
    func message(_ speaker: Speaker, _ text: String, author: String? = nil, kind: MessageKind = .text) -> Message {
        Message(speaker: speaker, author: author, text: text, kind: kind, confidence: 0.9, source: "shot.png")
    }

    func testAMailsParagraphsWithNoSideAreTheOthersAndTheAppsNoticeNobodys() {
        // A mail read without bubbles: its paragraphs, the picture it carries, and the
        // user's own bubble elsewhere in the conversation stay as they were told.
        let conversation = Conversation(
            title: "Invoice March",
            messages: [
                message(.unknown, "Dear Maily,"), message(.unknown, "[file invoice.pdf]", kind: .media),
                message(.unknown, "Messages are end-to-end encrypted", kind: .notice),
                message(.me, "Thanks, paid today"), message(.unknown, "Yours Robert"),
            ])
        let assigned = UnmarkedSpeakers().assigned(conversation)
        XCTAssertEqual(assigned.messages.map(\.speaker), [.them, .them, .unknown, .me, .them])
        XCTAssertEqual(assigned.messages.map(\.text), conversation.messages.map(\.text))
    }

    func testAMessageAboveTheFirstNamedOneInANamedChannelStaysNobodys() {
        // The screen's top cut off the header of the post the first paragraph continues: it
        // may be the user's. Under a name, an unmarked message is another's.
        let conversation = Conversation(
            title: "#design",
            messages: [
                message(.unknown, "ship it in the next beta"),
                message(.them, "Sounds good, I'll update the tokens", author: "Emma Wilson"),
                message(.unknown, "Looks right to me", author: "Kim Dawson"),
                message(.unknown, "and the icons too"),
            ])
        XCTAssertEqual(
            UnmarkedSpeakers().assigned(conversation).messages.map(\.speaker), [.unknown, .them, .them, .them])
    }
}
