import XCTest

@testable import ReplyShot

final class RiskTests: XCTestCase {
    let assessor = try! RiskAssessor(contentsOf: Fixtures.prompts.appendingPathComponent("risk-rules.json"))

    func conversation(_ theirs: [String], mine: [String] = []) -> Conversation {
        Conversation(
            title: nil,
            messages: theirs.map { Message(speaker: .them, text: $0, confidence: 1, source: "x") }
                + mine.map { Message(speaker: .me, text: $0, confidence: 1, source: "x") })
    }

    func testScamsAreFlaggedWithCategoriesAndEvidence() {
        let otp = assessor.assess(
            conversation([
                "Hi, this is your bank fraud department", "We just sent a verification code, send me the code urgently",
            ]))
        XCTAssertEqual(otp.level, .high)
        XCTAssertTrue(otp.categories.contains("otp-phishing"))
        XCTAssertTrue(otp.explanation.contains("verification code"))
        let giftCards = assessor.assess(
            conversation([
                "I am stuck abroad and need help", "Can you buy gift cards and send me the numbers right now?",
            ]))
        XCTAssertGreaterThanOrEqual(giftCards.level, .medium)
        XCTAssertTrue(giftCards.categories.contains("payment-request"))
        let crypto = assessor.assess(
            conversation(["Is this Emma?", "I trade bitcoin on a platform with guaranteed returns, you should invest"]))
        XCTAssertEqual(crypto.level, .high)
        let parcel = assessor.assess(
            conversation([
                "Royal Mail: your parcel could not be delivered. Tap the link to pay the fee: https://rm-redeliver.example"
            ]))
        XCTAssertGreaterThanOrEqual(parcel.level, .low)
        XCTAssertTrue(parcel.categories.contains("impersonation"))
    }

    func testOrdinaryChatsAboutMoneyStayCalm() {
        for chat in [
            ["I'll pay you back for dinner tomorrow"], ["You can send me your half whenever"],
            ["The rent is due on Friday, can you transfer your share?"], ["Can you send me the photos from the party?"],
            ["I am delighted to offer you the position, the salary details are attached"],
        ] {
            XCTAssertLessThanOrEqual(assessor.assess(conversation(chat)).level, .low, "\(chat)")
        }
        // The user's own words are not a scam aimed at the user.
        XCTAssertEqual(assessor.assess(conversation([], mine: ["send me the code"])).level, .none)
    }
}
