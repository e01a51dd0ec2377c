import XCTest

@testable import ReplyShot

/// A dark page saved as a photo-compressed JPEG (WhatsApp's wallpaper in a README picture) is
/// not one colour but a spread around it; that spread is page, not marks.
final class NoisyPageTests: XCTestCase {
    /// A dark page whose every 3×3 block is up to `noise` levels off its colour, with two
    /// dark-grey bubbles of white words 40 pixels apart.
    func screen(noise: Int) throws -> PageBackgroundTests.PaintedScreen {
        let screen = try PageBackgroundTests.PaintedScreen(width: 720, height: 1280)
        var state: UInt64 = 11
        for y in stride(from: 0, to: screen.height, by: 3) {
            for x in stride(from: 0, to: screen.width, by: 3) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let offset = noise == 0 ? 0 : Int(state >> 33) % (2 * noise + 1) - noise
                let level = UInt32(30 + offset)
                screen.paint(x, y, 3, 3, level, level + 2, level + 4)
            }
        }
        for top in [500, 640] {
            screen.paint(30, top, 420, 100, 70, 76, 82)
            for word in stride(from: 60, to: 400, by: 80) { screen.paint(word, top + 38, 56, 22, 235, 235, 235) }
        }
        return screen
    }

    func testThePagesNoiseJoinsNoBubbles() throws {
        let content = try screen(noise: 10).regions().regions.filter { $0.zone == .content }
        XCTAssertEqual(content.count, 2, "\(content.map(\.box))")
        for (region, top) in zip(content.sorted { $0.box.y < $1.box.y }, [500, 640]) {
            XCTAssertLessThanOrEqual(abs(region.box.y - top), 6, "\(region.box)")
            XCTAssertLessThanOrEqual(region.box.height, 112, "\(region.box)")
        }
    }

    func testAFlatPageKeepsTheFlatTolerance() throws {
        let image = try screen(noise: 0).image()
        let finder = RegionFinder()
        XCTAssertEqual(finder.find(in: image).regions.filter { $0.zone == .content }.count, 2)
        XCTAssertEqual(finder.markTolerance(image, background: finder.pageBackground(image)), finder.colorTolerance)
    }
}
