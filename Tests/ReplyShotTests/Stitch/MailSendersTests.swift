import XCTest

@testable import ReplyShot

/// In a mail, every paragraph is the sender's whose line heads the mail.
final class MailSendersTests: XCTestCase {
    func message(_ speaker: Speaker, _ text: String, author: String? = nil, kind: MessageKind = .text) -> Message {
        Message(speaker: speaker, author: author, text: text, kind: kind, confidence: 0.9, source: "shot.png")
    }

    func testEachParagraphTakesTheSenderOfTheMailItIsIn() {
        // A thread of two mails: each heads its paragraphs; the paragraph above the first
        // sender's line belongs to a mail the screen cut off, and the header's notice to nobody.
        let thread = Conversation(
            title: "Invoice March",
            messages: [
                message(.unknown, "thanks again for the quick reply"),
                message(.them, "Dear Maily,", author: "Service Company"),
                message(.unknown, "please find attached the invoice"),
                message(.unknown, "[file invoice.pdf]", kind: .media),
                message(.unknown, "Sent with Maily", kind: .notice),
                message(.me, "Thank you, paid today", author: "Maily"),
                message(.unknown, "Best, Maily"),
            ])
        let assigned = MailSenders().assigned(thread)
        XCTAssertEqual(
            assigned.messages.map(\.author),
            [nil, "Service Company", "Service Company", "Service Company", nil, "Maily", "Maily"])
        XCTAssertEqual(assigned.messages.map(\.speaker), [.unknown, .them, .them, .them, .unknown, .me, .me])
    }
}
