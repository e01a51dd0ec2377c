import XCTest

@testable import ReplyShot

/// Two shots of one chat, the second scrolled 300 rows further down. The app's header (a
/// picture and a name on the page's colour, no bar) runs from row 50 to 150, but each
/// survey alone put the chat area's top at row 50.
final class FixedChromeTests: XCTestCase {
    let layout = ScreenLayout(width: 500, height: 1000, statusBarBottom: 50, contentTop: 50, contentBottom: 950)
    let title = PixelRect(x: 90, y: 80, width: 200, height: 40)
    let bubble = PixelRect(x: 20, y: 400, width: 300, height: 80)

    /// A shot scrolled `scroll` rows down: the header's rows hash the same in every shot
    /// (`headerDrawn`: something is drawn on them; `header`: where their hashes start, so
    /// another header reads otherwise), the messages' rows move.
    /// `footer`: rows 850 to 950 stand still too (a composer drawn over the chat, or the
    /// page's end under a short chat), holding `footerRegions`.
    func survey(
        scroll: Int, headerDrawn: Bool = true, header: UInt64 = 1_000, footer: Bool = false,
        footerRegions: [PixelRect] = []
    ) -> RegionFinder.Found {
        let hashes = (50..<950).map { y -> UInt64 in
            if y < 150 { return headerDrawn ? header + UInt64(y) : 0 }
            return footer && y >= 850 ? UInt64(9_000 + y) : UInt64(5_000 + y + scroll)
        }
        let regions = ([title, bubble] + footerRegions).map {
            TextRegion(box: $0, zone: .content, fill: RGB(r: 255, g: 255, b: 255), isFilled: false, lines: [])
        }
        return RegionFinder.Found(
            background: RGB(r: 255, g: 255, b: 255), layout: layout, regions: regions,
            rows: RowSignatures(top: 50, hashes: hashes))
    }

    let scrolled = ScrollMap(offsets: [[0, 300], [-300, 0]])

    func testRowsThatStoodStillWhileTheMessagesScrolledAreTheHeader() throws {
        let narrowed = FixedChrome().narrowing([survey(scroll: 0), survey(scroll: 300)], scrollMap: scrolled)
        for found in narrowed {
            let found = try XCTUnwrap(found)
            XCTAssertEqual(found.layout.contentTop, 121, "under the title")
            XCTAssertEqual(found.layout.contentBottom, 950)
            XCTAssertEqual(found.regions.map(\.zone), [.header, .content])
        }
    }

    func testBlankRowsStandingStillOrShotsNotLinkedChangeNothing() throws {
        let blank = FixedChrome().narrowing(
            [survey(scroll: 0, headerDrawn: false), survey(scroll: 300, headerDrawn: false)], scrollMap: scrolled)
        XCTAssertEqual(blank.compactMap { $0?.layout.contentTop }, [50, 50])
        let unlinked = FixedChrome().narrowing(
            [survey(scroll: 0), survey(scroll: 300)], scrollMap: ScrollMap(offsets: [[0, nil], [nil, 0]]))
        XCTAssertEqual(unlinked.compactMap { $0?.layout.contentTop }, [50, 50])
        XCTAssertEqual(unlinked.compactMap { $0?.regions.map(\.zone) }, [[.content, .content], [.content, .content]])
    }

    func testAStillBandAtTheBottomIsTheFooterOnlyWhereSomethingStandsInIt() throws {
        // The page's end under a short chat: nothing in it, the chat area keeps its bottom.
        let blank = FixedChrome().narrowing(
            [survey(scroll: 0, footer: true), survey(scroll: 300, footer: true)], scrollMap: scrolled)
        XCTAssertEqual(blank.compactMap { $0?.layout.contentBottom }, [950, 950])
        // A composer's hint the survey took for a message.
        let hint = PixelRect(x: 30, y: 880, width: 300, height: 40)
        let composed = FixedChrome().narrowing(
            [
                survey(scroll: 0, footer: true, footerRegions: [hint]),
                survey(scroll: 300, footer: true, footerRegions: [hint]),
            ],
            scrollMap: scrolled)
        for found in composed {
            let found = try XCTUnwrap(found)
            XCTAssertEqual(found.layout.contentBottom, 879)
            XCTAssertEqual(found.regions.map(\.zone), [.header, .content, .footer])
        }
    }

    func testOnlyWhatEveryLinkedShotSawStandStillIsChrome() throws {
        // A third shot, further down, shows another header (the app changed its title bar):
        // the first shot's top stood still beside the second shot only.
        let map = ScrollMap(offsets: [[0, 300, 600], [-300, 0, 300], [-600, -300, 0]])
        let narrowed = FixedChrome().narrowing(
            [survey(scroll: 0), survey(scroll: 300), survey(scroll: 600, header: 7_000)], scrollMap: map)
        XCTAssertEqual(narrowed.compactMap { $0?.layout.contentTop }, [50, 50, 50])
        XCTAssertEqual(narrowed[0]?.regions.map(\.zone), [.content, .content])
    }
}
