import XCTest

@testable import ReplyShot

/// A desktop chat's scroll bar: a thin thumb down the window's edge, where the view is.
final class ScrollThumbTests: XCTestCase {
    func testAScrollBarsThumbBesideTheBubblesDoesNotJoinThem() throws {
        // Ricochet: the user's bubbles end a few pixels from the thumb, which runs down a third
        // of the window; joined through it, two bubbles and the other's between were one region.
        let screen = try PageBackgroundTests.PaintedScreen(width: 1080, height: 2340)
        screen.paint(0, 0, 1080, 2340, 255, 255, 255)
        screen.paint(1068, 500, 8, 800, 187, 187, 187)
        for (x, y) in [(560, 600), (40, 800), (560, 1000)] {
            screen.paint(x, y, 490, 120, 225, 236, 250)
            for word in stride(from: x + 30, to: x + 420, by: 90) { screen.paint(word, y + 45, 60, 24, 30, 30, 30) }
        }
        let content = try screen.regions().regions.filter { $0.zone == .content }.sorted { $0.box.y < $1.box.y }
        XCTAssertEqual(content.count, 3, "\(content.map(\.box))")
        for region in content { XCTAssertLessThanOrEqual(region.box.height, 130, "\(region.box)") }
    }
}
