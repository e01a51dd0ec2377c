import XCTest

@testable import ReplyShot

/// The `--explain` picture draws the reader's boxes where they are on the screenshot.
final class ExplainImageTests: XCTestCase {
    /// A wide window read from its chat pane: the reader's boxes are measured from the pane's
    /// first column, and the picture puts them back over the chat, not over the list.
    func testBoxesOfAChatPaneAreDrawnOverThePane() throws {
        let screen = try ChatPaneTests.paintedDesktopWindow()
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("window.png")
        screen.write(to: file)
        let shot = Screenshot(
            url: file, capturedAt: Date(), captureTimeSource: .modificationTime, width: screen.width,
            height: screen.height)
        var layout = ScreenLayout(width: 800 - 337, height: 734, statusBarBottom: 0, contentTop: 85, contentBottom: 674)
        layout.paneLeft = 337
        let bubble = PixelRect(x: 318, y: 92, width: 125, height: 52)
        let read = ScreenRead(
            source: "window.png", title: nil, bubbles: [],
            decisions: [ReadDecision(box: bubble, role: .me, text: "Hi, Bob")], layout: layout)
        let png = try ExplainImage().render(screenshot: shot, read: read)
        let drawn = folder.appendingPathComponent("drawn.png")
        try png.write(to: drawn)
        let picture = try RGBImage(path: FileSystemPath(drawn.path), name: "drawn.png", asStored: true)
        let blue = ExplainImage.color(.me)
        // The box's left side runs down the bubble's left edge in the window (x 655), ...
        XCTAssertEqual(picture.color(x: 337 + 318 + 1, y: 92 + 30), blue)
        // ... and nothing of it is drawn where the pane's coordinates would put it in the list.
        XCTAssertNotEqual(picture.color(x: 318 + 1, y: 92 + 30), blue)
    }
}
