import XCTest

@testable import ReplyShot

/// Messages no cue on the screen puts on a side are the others', once the shots are stitched.
final class UnmarkedSpeakersTests: XCTestCase {
    func testAMailsParagraphsWithNoSideAreTheOthersAndTheAppsNoticeNobodys() {
        // A mail read without bubbles: its paragraphs, the picture it carries, and the
        // user's own bubble elsewhere in the conversation stay as they were told.
        let conversation = Conversation(
            title: "Invoice March",
            messages: [
                Message.read(.unknown, "Dear Maily,"), Message.read(.unknown, "[file invoice.pdf]", kind: .media),
                Message.read(.unknown, "Messages are end-to-end encrypted", kind: .notice),
                Message.read(.me, "Thanks, paid today"), Message.read(.unknown, "Yours Robert"),
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
                Message.read(.unknown, "ship it in the next beta"),
                Message.read(.them, "Sounds good, I'll update the tokens", author: "Emma Wilson"),
                Message.read(.unknown, "Looks right to me", author: "Kim Dawson"),
                Message.read(.unknown, "and the icons too"),
            ])
        XCTAssertEqual(
            UnmarkedSpeakers().assigned(conversation).messages.map(\.speaker), [.unknown, .them, .them, .them])
    }
}
