import XCTest

@testable import ReplyShot

/// Looks met in chat clients that run in a terminal or a desktop window (gurk, matterhorn):
/// a pane's title on its frame beside the log, a day's divider between its lines, a link
/// after a list's bullet.
extension RealLookReadingTests {
    func testAPanesTitleAtTheMarginLeavesWrappedLinesUnderTheirText() {
        // gurk: each line starts with its time and the nick; a wrapped rest hangs under the
        // text. The pane's title ("Messages", on its frame) is read as a row further left.
        func row(_ text: String, x: Int = 80, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let read = read([
            row("Messages", x: 10, y: 240),
            row("18:09 boxdot: So, not part of the MVP.", y: 300),
            row("18:10 krstn: At the moment, I just dump", y: 360),
            row("single json file.", x: 340, y: 420),
            row("18:10 boxdot: It contains the channels", y: 480),
            row("and messages.", x: 340, y: 540),
            row("18:12 dagit: Ah.", y: 600),
        ])
        let lines = read.bubbles.filter { $0.author != nil }
        XCTAssertEqual(
            lines.map(\.text),
            [
                "So, not part of the MVP.", "At the moment, I just dump single json file.",
                "It contains the channels and messages.", "Ah.",
            ])
        XCTAssertEqual(lines.map(\.author), ["boxdot", "krstn", "boxdot", "dagit"])
    }

    func testADateAloneOnItsRowDividesALogsDaysAndIsNoText() {
        // matterhorn: "──── 2016-12-16 ────" between two days' lines; the rules either side
        // are not read. A time alone on a row is a wrapped line's rest and stays.
        func row(_ text: String, x: Int = 20, y: Int) -> TextRegion { unframed(text, x: x, y: y) }
        let read = read([
            row("[10:56] trevor: i've been really liking moka recently:", y: 300),
            row("https://urbnet.bandcamp.com/album/carrots-and-eggs", x: 300, y: 360),
            row("2016-12-16", x: 480, y: 420),
            row("[11:12] rdockins: Chiptunes!", y: 480),
            row("[11:13] dagit: Topic set on 18 June 2023,", y: 540),
            row("14:22:53", x: 300, y: 600),
        ])
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "i've been really liking moka recently: https://urbnet.bandcamp.com/album/carrots-and-eggs",
                "Chiptunes!",
                "Topic set on 18 June 2023, 14:22:53",
            ])
        XCTAssertEqual(read.bubbles.map(\.author), ["trevor", "rdockins", "dagit"])
    }

    func testALinksSchemeAfterABulletIsNoNick() {
        // "• https://www.youtube.com/…" read as "•", "https:" and the rest: the scheme ends in
        // a colon as a nick does.
        XCTAssertNil(LogLineReader.colonNick(line("• https: //www.youtube.com/watch", x: 20, y: 300).words[...]))
        XCTAssertNil(LogLineReader.colonNick(line("http: //example.org", x: 20, y: 300).words[...]))
        XCTAssertEqual(
            LogLineReader.colonNick(line("• trevor: https://urbnet", x: 20, y: 300).words[...])?.nick, "trevor")
    }
}

extension RealLookReadingTests {
    func testANickShownOnceHeadsEveryLineUnderItThatDidNotWrap() {
        // Polari: the nick stands once, left of its first line; the lines sent after it stand
        // under that line's text, each a message of its own, and a line too long for the
        // window wraps under its text too. A row is the rest of the one above only where its
        // first word would not have fitted at the end of that one. Joins and parts stand at
        // the nicks' edge.
        func nickRow(_ nick: String, _ text: String, y: Int) -> TextRegion {
            let name = line(nick, x: 20, y: y, height: 30), said = line(text, x: 200, y: y, height: 30)
            let row = OCRLine(
                words: name.words + said.words,
                box: PixelRect(x: 20, y: y, width: said.box.maxX - 20, height: 30))
            return region(PixelRect(x: 20, y: y, width: row.box.width, height: 30), fill: Self.white, lines: [row])
        }
        func under(_ text: String, y: Int) -> TextRegion { unframed(text, x: 200, y: y, height: 30) }
        let page = OCRPage(
            source: "shot.png", layout: Self.layout, background: Self.white,
            regions: [
                nickRow("ebassi", "Servers getting hogged by people at the", y: 300),
                under("end of the week", y: 340),
                nickRow("Company", "oh of course", y: 400),
                under("I had somehow thought it was over", y: 440),
                under("read a few posts about it", y: 480),
                under("wonder why", y: 520),
                unframed("3 users joined, 3 users left", x: 20, y: 580, height: 30),
                nickRow("hergertme", "its tarball day today", y: 640),
                under("lets try it next", y: 680),
                under("and then commit it", y: 720),
                under("then ship it", y: 760),
            ])
        let read = BubbleReader().read(page, options: ReadOptions(myName: "Company"))
        XCTAssertEqual(
            read.bubbles.map(\.text),
            [
                "Servers getting hogged by people at the end of the week", "oh of course",
                "I had somehow thought it was over", "read a few posts about it", "wonder why",
                "3 users joined, 3 users left", "its tarball day today", "lets try it next", "and then commit it",
                "then ship it",
            ])
        XCTAssertEqual(
            read.bubbles.map(\.author), ["ebassi", "Company", nil, nil, nil, nil, "hergertme", nil, nil, nil])
        XCTAssertEqual(read.bubbles.map(\.speaker), [.them, .me, .me, .me, .me, .unknown, .them, .them, .them, .them])
    }
}
