import XCTest

@testable import ReplyShot

/// The reader and the stitcher on real screenshots of real apps (samples/real, where each
/// came from is in its SOURCES.md), run through `replyshot eval` the way a user runs it.
///
/// The floors sit a little under what was measured when they were set (README, "Real screenshots"):
/// they catch a change that makes real screens read worse, and they are raised as the
/// reader improves. They are far from the rendered samples' near-perfect floors on
/// purpose: real apps are not yet read as well as the rendered ones.
final class RealCorpusTests: XCTestCase {
    struct Row: Decodable {
        var conversation: String
        var shots: Int
        var score: EvaluationScore
        /// The truth's language, and the one replyshot read the screen in.
        var language: String?
        var readIn: String?

        var isEnglish: Bool { (language ?? "eng") == "eng" }
    }

    struct Floors {
        var recall: Double
        var duplicates: Int
        var noisePerShot: Double
        var speakerAccuracy: Double
        /// Of the found messages whose truth names a group sender.
        var authorAccuracy: Double
        var characterErrorRate: Double
    }

    /// Every row, and the total of the English ones: the floors were set on English screens,
    /// and screens in other languages have tests of their own below.
    func evaluate(_ extra: [String] = []) throws -> (rows: [Row], total: Row) {
        let corpus = Fixtures.samples.appendingPathComponent("real").path
        let result = try Fixtures.runReplyshot(["eval", corpus, "--format", "json"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try JSONDecoder().decode([Row].self, from: result.stdout)
        XCTAssertEqual(rows.last?.conversation, "TOTAL")
        let conversations = Array(rows.dropLast())
        let english = conversations.filter(\.isEnglish)
        let total = Row(
            conversation: "TOTAL", shots: english.map(\.shots).reduce(0, +),
            score: EvaluationScore.total(english.map(\.score)))
        return (conversations, total)
    }

    func check(_ total: Row, against floors: Floors, _ label: String) {
        let score = total.score
        let noisePerShot = Double(score.noise) / Double(max(1, total.shots))
        XCTAssertGreaterThanOrEqual(score.recall, floors.recall, "\(label): \(score)")
        XCTAssertLessThanOrEqual(score.duplicates, floors.duplicates, "\(label): \(score)")
        XCTAssertLessThanOrEqual(noisePerShot, floors.noisePerShot, "\(label): \(score)")
        XCTAssertGreaterThanOrEqual(score.speakerAccuracy, floors.speakerAccuracy, "\(label): \(score)")
        XCTAssertGreaterThanOrEqual(score.authorAccuracy, floors.authorAccuracy, "\(label): \(score)")
        XCTAssertLessThanOrEqual(score.meanCharacterErrorRate, floors.characterErrorRate, "\(label): \(score)")
    }

    func testRealScreenshotsOfManyAppsScoreAboveTheirFloorsInTheirLanguages() throws {
        let (rows, total) = try evaluate()
        // The corpus is many apps, not one app many times: a floor over a handful would say little.
        XCTAssertGreaterThanOrEqual(rows.filter(\.isEnglish).count, 30)
        XCTAssertGreaterThanOrEqual(total.score.truthMessages, 150)
        // Measured: recall 83.9%, three duplicates, 1.04 noise lines a shot, speakers 95.8%,
        // authors 83.3% (279 English shots of 228 app ids). The 22 latest, of apps new to the
        // corpus, read 62.1% as they came and 75.2% now: a phone frame's curved edges left in a
        // crop, a web chat's list inside one outline, a 270-pixel-wide screen, a feature phone.
        // The 257 before them read as they did or better: 84.8%, 1.05 noise lines; the recall floor
        // moved from 0.84 to 0.83 with the harder apps, not with a loss on those. Of the 257,
        // the six latest, of apps new to the
        // corpus, read 90.3%, one of them 33% before a page fading to black was painted flat.
        // The 251 before them read the same: 84.6%, authors 84.4%; of those, the seven latest
        // of apps new to the
        // corpus, read 85.7% as they came, 0.86 noise lines a shot: a LoRa mesh client's routing
        // line under each text, and an X-ray found as two photos, the third duplicate. The seven
        // before them read 47% as they came and 75% now, with 3.7 noise lines a shot: a landscape
        // Matrix tablet of code posts reads nothing, a boarding pass photographed is read as
        // text. The 237 before those: 84.9%, 1.00 noise lines, authors 83.7%).
        // Earlier: (228 English shots of 178 app ids; the 216 before the last twelve: 87.0%,
        // 0.95 noise lines, authors 86.2%; of the twelve, a terminal Discord client and a small
        // desktop Tox window read nothing, two opened mails name no author, and a 2014 XMPP
        // client on a photo wallpaper shows no header the reader finds). One duplicate is Falcon's: the
        // photos waiting in its composer, over the chat, read as a photo of the user's. The
        // other is Cheogram's 👍 in a bubble beside its sender's picture, read as a photo after
        // a photo.
        // Still weak: desktop windows whose member list is not split off (Abaddon), a log whose
        // nicks are in a script the screen is not read in (uTox: its lines are found, whose
        // they are is not), photo wallpapers with translucent bubbles (Mirage), IRC-like posts
        // with reply blocks (Quaternion), web chats whose header is found too tall (Let's
        // Chat), threads (Manyverse), terminal clients (tiny; Discordo's nick that leads one
        // line only), a mail's bulleted list read as one paragraph (Simple Mail), and any other
        // size than the stored one (make sizes).
        check(
            total,
            against: Floors(
                recall: 0.83, duplicates: 3, noisePerShot: 1.10, speakerAccuracy: 0.95, authorAccuracy: 0.83,
                characterErrorRate: 0.04),
            "real, one shot each")
        // Apps the reader already handles must stay handled: no conversation falls apart.
        for row in rows where row.score.truthMessages >= 3 {
            XCTAssertLessThanOrEqual(row.score.duplicates, 1, "\(row.conversation): \(row.score)")
        }
        checkEachScreenIsReadInItsLanguage(rows)
    }

    /// Russian, German, French, Spanish screens of four apps, read with no language given: the
    /// script and the words choose it (French data is not installed in CI: it is still named).
    /// Checked on the rows of the floors' run (one run of the corpus costs minutes in CI).
    func checkEachScreenIsReadInItsLanguage(_ rows: [Row]) {
        let foreign = rows.filter { !$0.isEnglish }
        XCTAssertGreaterThanOrEqual(Set(foreign.compactMap(\.language)).count, 3)
        for row in foreign {
            XCTAssertEqual(row.readIn, row.language, row.conversation)
        }
        for row in rows.filter(\.isEnglish) {
            XCTAssertEqual(row.readIn, "eng", "\(row.conversation): an English screen stays English")
        }
    }

    func testTheSameScreenshotGivesTheSameTranscriptInEveryRun() throws {
        // Each process hashes differently; a tie broken by a dictionary's order once made this
        // shot read one way in one run and another way in the next.
        let shot = Fixtures.samples.appendingPathComponent("real/chatto-01/screen.png").path
        var readings = Set<String>()
        for _ in 0..<5 {
            let result = try Fixtures.runReplyshot(["analyze", shot, "--format", "json", "--generator", "offline"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let report = try AnalysisReport.decoder().decode(AnalysisReport.self, from: result.stdout)
            readings.insert(report.conversation.messages.map(\.text).joined(separator: "\n"))
        }
        XCTAssertEqual(readings.count, 1, readings.joined(separator: "\n---\n"))
    }

    func testTwoScrollPositionsOfARealScreenStitchWithoutDuplicates() throws {
        // Each real shot cut into two scroll positions 40% of its chat area apart, handed over
        // newest first (the harder order): the overlap must be kept once.
        let (rows, total) = try evaluate(["--scroll-pairs", "0.4", "--order", "reverse"])
        XCTAssertGreaterThanOrEqual(rows.count, 30)
        XCTAssertEqual(total.shots, rows.filter(\.isEnglish).count * 2)
        // Measured: see the README's scroll-pair table (279 pairs 40% apart, reversed: recall
        // 82.5%, three duplicates, 0.61 noise lines a shot, speakers 94.8%, authors 78.0%; the
        // 257 before this round's apps: 82.7%, authors 78.9%; the third duplicate is the 2014
        // XMPP client's, on a photo wallpaper with no header found).
        check(
            total,
            against: Floors(
                recall: 0.81, duplicates: 3, noisePerShot: 0.64, speakerAccuracy: 0.94, authorAccuracy: 0.77,
                characterErrorRate: 0.04),
            "real, scroll pairs reversed")
    }
}
