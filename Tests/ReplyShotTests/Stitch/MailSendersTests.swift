import XCTest

@testable import ReplyShot

/// In a mail, every paragraph is the sender's whose line heads the mail.
final class MailSendersTests: XCTestCase {
    func testEachParagraphTakesTheSenderOfTheMailItIsIn() {
        // A thread of two mails: each heads its paragraphs; the paragraph above the first
        // sender's line belongs to a mail the screen cut off, and the header's notice to nobody.
        let thread = Conversation(
            title: "Invoice March",
            messages: [
                Message.read(.unknown, "thanks again for the quick reply"),
                Message.read(.them, "Dear Maily,", author: "Service Company"),
                Message.read(.unknown, "please find attached the invoice"),
                Message.read(.unknown, "[file invoice.pdf]", kind: .media),
                Message.read(.unknown, "Sent with Maily", kind: .notice),
                Message.read(.me, "Thank you, paid today", author: "Maily"),
                Message.read(.unknown, "Best, Maily"),
            ])
        let assigned = MailSenders().assigned(thread)
        XCTAssertEqual(
            assigned.messages.map(\.author),
            [nil, "Service Company", "Service Company", "Service Company", nil, "Maily", "Maily"])
        XCTAssertEqual(assigned.messages.map(\.speaker), [.unknown, .them, .them, .them, .unknown, .me, .me])
    }
}
