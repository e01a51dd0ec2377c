import CLeptonica
import XCTest

@testable import ReplyShot

/// The OCR stage's own parts: the reading canvas, palette and true-colour decoding, and
/// skipping the bubbles an earlier shot already showed, on the bundled samples.
final class OCRStageTests: XCTestCase {
    func testCanvasGroupsStayWithinTheirHeightAndHoldEveryRegionOnce() {
        var rng = SeededRNG(seed: 7)
        for _ in 0..<200 {
            var y = Int.random(in: 0...300, using: &rng)
            let boxes = (0..<Int.random(in: 1...25, using: &rng)).map { _ -> PixelRect in
                let height = Int.random(in: 20...(Bool.random(using: &rng) ? 200 : 1000), using: &rng)
                defer { y += height + Int.random(in: 0...120, using: &rng) }
                return PixelRect(x: 40, y: y, width: 700, height: height)
            }.shuffled(using: &rng)
            let groups = ReadingCanvas.groups(boxes)
            XCTAssertEqual(groups.flatMap { $0 }.sorted(), Array(boxes.indices))
            for group in groups where group.count > 1 {
                let top = group.map { boxes[$0].y }.min()!, bottom = group.map { boxes[$0].maxY }.max()!
                XCTAssertLessThanOrEqual(bottom - top, ReadingCanvas.maxHeight)
            }
        }
    }

    func testALineReadOnTwoCanvasesIsKeptOnceTheSurerReading() {
        // A block of text on a mail's panel taller than a canvas: the panel and the block are
        // on two canvases, and the block's line is read on both.
        func line(_ text: String, confidence: Double) -> OCRLine {
            let box = PixelRect(x: 100, y: 1200, width: 600, height: 40)
            return OCRLine(words: [OCRWord(text: text, box: box, confidence: confidence)], box: box)
        }
        var regions = [
            TextRegion(
                box: PixelRect(x: 40, y: 300, width: 1000, height: 2000), zone: .content,
                fill: RGB(r: 255, g: 255, b: 255), isFilled: false),
            TextRegion(
                box: PixelRect(x: 90, y: 1190, width: 700, height: 60), zone: .content,
                fill: RGB(r: 255, g: 255, b: 255), isFilled: false),
        ]
        RegionScreenRecognizer.add(line("Hello there", confidence: 0.9), to: 1, of: &regions)
        RegionScreenRecognizer.add(line("Hell0 there", confidence: 0.6), to: 0, of: &regions)
        XCTAssertEqual(regions.flatMap(\.lines).map(\.text), ["Hello there"])
        RegionScreenRecognizer.add(line("Hello, there", confidence: 0.95), to: 0, of: &regions)
        XCTAssertEqual(regions.flatMap(\.lines).map(\.text), ["Hello, there"])
        // A line beside it, or a surer fragment inside it, is its own.
        for box in [
            PixelRect(x: 100, y: 1260, width: 600, height: 40), PixelRect(x: 400, y: 1205, width: 40, height: 30),
        ] {
            RegionScreenRecognizer.add(
                OCRLine(words: [OCRWord(text: "—", box: box, confidence: 0.99)], box: box), to: 0, of: &regions)
        }
        XCTAssertEqual(regions.flatMap(\.lines).map(\.text).sorted(), ["Hello, there", "—", "—"])
    }

    func testALineRunFromAPictureIntoTheBubbleBesideItIsSplitBetweenThem() {
        // Smoke: a sender's ringed initial on the page, read as "(N)", and the short "Hi." in
        // the blue bubble beside it come back from sparse mode as one line; the picture is
        // taller, so the whole line would go to it and the bubble would be read as empty.
        let white = RGB(r: 250, g: 250, b: 250), blue = RGB(r: 68, g: 120, b: 250)
        let regions = [
            TextRegion(
                box: PixelRect(x: 50, y: 1540, width: 95, height: 95), zone: .content, fill: white, isFilled: false),
            TextRegion(
                box: PixelRect(x: 182, y: 1530, width: 590, height: 140), zone: .content, fill: blue, isFilled: true),
        ]
        let picture = OCRWord(text: "(N)", box: PixelRect(x: 60, y: 1555, width: 70, height: 66), confidence: 0.5)
        let hi = OCRWord(text: "Hi.", box: PixelRect(x: 210, y: 1570, width: 50, height: 30), confidence: 0.9)
        let line = OCRLine(words: [picture, hi], box: PixelRect(enclosing: [picture.box, hi.box]))
        let parts = RegionScreenRecognizer.parts(of: line, among: [0, 1], of: regions)
        XCTAssertEqual(parts.map(\.0), [0, 1])
        XCTAssertEqual(parts.map(\.1.text), ["(N)", "Hi."])
        // A line on the page with an emoji (a small square of its own colour) in it stays whole.
        let emojiRegions = [
            regions[0],
            TextRegion(
                box: PixelRect(x: 182, y: 1560, width: 40, height: 40), zone: .content, fill: blue, isFilled: true),
        ]
        let emoji = OCRWord(text: "Ww", box: PixelRect(x: 185, y: 1563, width: 34, height: 34), confidence: 0.4)
        let withEmoji = OCRLine(words: [picture, emoji], box: PixelRect(enclosing: [picture.box, emoji.box]))
        XCTAssertEqual(RegionScreenRecognizer.parts(of: withEmoji, among: [0, 1], of: emojiRegions).map(\.0), [0])
        // Maid: a sender's photo, read as "65", and the name "User" beside it on the page come
        // back as one line; the photo is taller and would take the name.
        let named = [
            TextRegion(
                box: PixelRect(x: 26, y: 264, width: 84, height: 83), zone: .content, fill: white, isFilled: false),
            TextRegion(
                box: PixelRect(x: 138, y: 285, width: 120, height: 40), zone: .content, fill: white, isFilled: false),
        ]
        let photo = OCRWord(text: "65", box: PixelRect(x: 30, y: 268, width: 78, height: 76), confidence: 0.3)
        let user = OCRWord(text: "User", box: PixelRect(x: 141, y: 288, width: 100, height: 34), confidence: 0.9)
        let nameLine = OCRLine(words: [photo, user], box: PixelRect(enclosing: [photo.box, user.box]))
        let nameParts = RegionScreenRecognizer.parts(of: nameLine, among: [0, 1], of: named)
        XCTAssertEqual(nameParts.map(\.0), [0, 1])
        XCTAssertEqual(nameParts.map(\.1.text), ["65", "User"])
        // Manyverse: a thumb's icon and its label "Like" are one button, the icon a little taller.
        let button = [
            TextRegion(
                box: PixelRect(x: 16, y: 392, width: 52, height: 44), zone: .content, fill: white, isFilled: false),
            TextRegion(
                box: PixelRect(x: 76, y: 396, width: 50, height: 36), zone: .content, fill: white, isFilled: false),
        ]
        let thumb = OCRWord(text: "10", box: PixelRect(x: 18, y: 394, width: 48, height: 40), confidence: 0.4)
        let like = OCRWord(text: "Like", box: PixelRect(x: 78, y: 398, width: 46, height: 32), confidence: 0.9)
        let buttonLine = OCRLine(words: [thumb, like], box: PixelRect(enclosing: [thumb.box, like.box]))
        XCTAssertEqual(RegionScreenRecognizer.parts(of: buttonLine, among: [0, 1], of: button).map(\.0), [0])
    }

    func testLinesOnTheCanvasMoveBackToTheirScreenRows() throws {
        // A header, then two bubbles far below it: two slices with white between them.
        let header = PixelRect(x: 0, y: 150, width: 1170, height: 140)
        let first = PixelRect(x: 40, y: 1500, width: 700, height: 180)
        let second = PixelRect(x: 430, y: 1700, width: 700, height: 120)
        let canvas = try XCTUnwrap(ReadingCanvas(width: 1170, covering: [second, header, first]))
        XCTAssertEqual(canvas.slices.count, 2)
        XCTAssertLessThan(
            canvas.pix.height, second.maxY - header.y, "the rows between header and bubbles are not on the canvas")
        for box in [header, first, second] {
            let row = try XCTUnwrap(canvas.canvasRow(forSourceRow: box.y + 30))
            let word = OCRWord(
                text: "hi", box: PixelRect(x: box.x + 10, y: row, width: 50, height: 40), confidence: 0.9)
            let line = OCRLine(words: [word], box: word.box, baseline: row + 35)
            let moved = try XCTUnwrap(canvas.sourceLine(line))
            XCTAssertEqual(moved.box.y, box.y + 30)
            XCTAssertEqual(moved.words[0].box.y, box.y + 30)
            XCTAssertEqual(moved.baseline, box.y + 65)
        }
        XCTAssertNil(canvas.canvasRow(forSourceRow: 1000), "a row no region covers has no place on the canvas")
    }

    func testPaletteAndTrueColourFilesOfOneScreenAreRecognisedAlike() throws {
        let palette = Fixtures.samples.appendingPathComponent("whatsapp-mum/IMG_6310.PNG")
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trueColour = folder.appendingPathComponent("IMG_6310.PNG")
        var decoded: UnsafeMutablePointer<PIX>? = try XCTUnwrap(pixRead(palette.path))
        defer { pixDestroy(&decoded) }
        XCTAssertNotNil(pixGetColormap(decoded), "the sample is a palette PNG")
        var rgb: UnsafeMutablePointer<PIX>? = try XCTUnwrap(pixConvertTo32(decoded))
        defer { pixDestroy(&rgb) }
        XCTAssertEqual(pixWrite(trueColour.path, rgb, Int32(IFF_PNG)), 0)

        let a = try RGBImage(path: FileSystemPath(palette.path), name: "palette")
        let b = try RGBImage(path: FileSystemPath(trueColour.path), name: "true colour")
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        var rng = SeededRNG(seed: 11)
        for _ in 0..<2000 {
            let x = Int.random(in: 0..<a.width, using: &rng), y = Int.random(in: 0..<a.height, using: &rng)
            XCTAssertEqual(a.color(x: x, y: y), b.color(x: x, y: y), "pixel \(x),\(y)")
        }
        let foundA = RegionFinder().find(in: a), foundB = RegionFinder().find(in: b)
        XCTAssertEqual(foundA.regions, foundB.regions)
        XCTAssertEqual(foundA.layout, foundB.layout)
    }

    /// Samples with overlapping shots read as well when repeated bubbles are skipped as when
    /// every shot is read whole, in capture order and scrolling up, and bubbles are in fact
    /// skipped.
    func testSkippingRepeatedBubblesKeepsEveryMessage() throws {
        let recognizer = try RegionScreenRecognizer(options: OCROptions(jobs: 2))
        for (name, reversed) in [("hinge-olivia", false), ("imessage-light-jordan", true), ("whatsapp-scam", true)] {
            let folder = Fixtures.samples.appendingPathComponent(name)
            let truth = try TruthFile.load(from: folder.appendingPathComponent("truth.json"))
            var shots = try FolderLibrary(folder: folder).recentScreenshots(window: .everything, limit: 10, now: Date())
                .screenshots
            XCTAssertEqual(shots.count, truth.shots.count, name)
            if reversed { shots.reverse() }

            let skipping = try recognizer.recognize(shots, skippingRepeats: true).pages.map { try $0.get() }
            let whole = try recognizer.recognize(shots, skippingRepeats: false).pages.map { try $0.get() }
            let skipped = skipping.map { $0.regions.filter(\.readInEarlierShot).count }
            XCTAssertEqual(skipped.first, 0, "\(name): the first shot is read whole")
            XCTAssertGreaterThan(skipped.reduce(0, +), 0, "\(name): overlapping shots repeat bubbles")
            XCTAssertTrue(whole.allSatisfy { !$0.regions.contains(where: \.readInEarlierShot) })

            var scores: [EvaluationScore] = []
            for pages in [skipping, whole] {
                let reads = pages.map { BubbleReader().read($0, options: ReadOptions(myName: truth.me)) }
                let conversation = AutoStitcher().stitch(reads)
                scores.append(ConversationEvaluator().score(output: conversation.messages, truth: truth.messages))
            }
            XCTAssertGreaterThanOrEqual(scores[0].found, scores[1].found, "\(name): \(scores)")
            XCTAssertEqual(scores[0].duplicates, 0, "\(name): \(scores)")
            XCTAssertLessThanOrEqual(scores[0].noise, scores[1].noise, "\(name): \(scores)")
            XCTAssertLessThanOrEqual(
                scores[0].meanCharacterErrorRate, scores[1].meanCharacterErrorRate + 0.01, "\(name): \(scores)")
        }
    }
}

final class PageBackgroundTests: XCTestCase {
    /// A screen painted box by box, as the region finder sees it once written and read back.
    final class PaintedScreen {
        let width: Int, height: Int
        private var pix: UnsafeMutablePointer<PIX>?

        /// `withAlpha`: the picture keeps an alpha channel, as a window capture does.
        init(width: Int, height: Int, withAlpha: Bool = false) throws {
            self.width = width
            self.height = height
            pix = try XCTUnwrap(pixCreate(Int32(width), Int32(height), 32))
            if withAlpha { pixSetSpp(pix, 4) }
        }

        deinit { pixDestroy(&pix) }

        func paint(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ r: UInt32, _ g: UInt32, _ b: UInt32, alpha: UInt32 = 255) {
            var box = boxCreate(Int32(x), Int32(y), Int32(w), Int32(h))
            pixSetInRectArbitrary(pix, box, (r << 24) | (g << 16) | (b << 8) | alpha)
            boxDestroy(&box)
        }

        func write(to file: URL) {
            XCTAssertEqual(pixWritePng(file.path, pix, 0), 0)
        }

        /// The painted screen as the OCR stage loads it: written as a PNG and decoded again.
        func image(asStored: Bool = false) throws -> RGBImage {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("painted-\(UUID()).png")
            defer { try? FileManager.default.removeItem(at: file) }
            XCTAssertEqual(pixWritePng(file.path, pix, 0), 0)
            return try RGBImage(path: FileSystemPath(file.path), name: "painted.png", asStored: asStored)
        }

        func regions() throws -> RegionFinder.Found {
            RegionFinder().find(in: try image())
        }
    }

    /// A screen shaded towards its edges (a store picture's vignette): the margins are grey,
    /// the page behind the bubbles is white, and the page is what bubbles are told from.
    func testAVignetteAtTheEdgesIsNotThePage() throws {
        let screen = try PaintedScreen(width: 828, height: 1600)
        screen.paint(0, 0, screen.width, screen.height, 255, 255, 255)
        // The shade: 242 at the very edge, lightening to the page over 30 pixels.
        for step in 0..<30 {
            let level = UInt32(242 + step * 13 / 30)
            screen.paint(step, 0, 1, screen.height, level, level, level)
            screen.paint(screen.width - 1 - step, 0, 1, screen.height, level, level, level)
        }
        // Bubbles on both sides, as many rows as not.
        for (index, y) in stride(from: 340, to: 1260, by: 120).enumerated() {
            if index.isMultiple(of: 2) {
                screen.paint(18, y, 560, 90, 232, 232, 231)
            } else {
                screen.paint(250, y, 560, 90, 217, 250, 233)
            }
        }
        let found = try screen.regions()
        XCTAssertLessThanOrEqual(found.background.distance(to: RGB(r: 255, g: 255, b: 255)), 6)
        // Each bubble is its own region, not one region of the whole shaded chat.
        let bubbles = found.regions.filter { $0.zone == .content && $0.isFilled }
        XCTAssertEqual(bubbles.count, 8, "\(found.regions.map(\.box))")
    }

    /// A store picture cropped out of its phone: a frame a few levels greyer than the page at
    /// the edges (246 on a 252 page), and a header of a grey between (244). The page is the
    /// colour that covers the chat, and the header differs from it edge to edge: a bar.
    /// Zulip's link: blue letters on the white page, each stroke in a halo of faint cyan
    /// tints that outnumber the white between them. Taken for a bubble of that tint, the
    /// line's letters were cleared where the page reached between them ("Dttps Jog Zuup").
    func testAColouredLinesHaloIsNoBubble() throws {
        let screen = try PaintedScreen(width: 676, height: 1200)
        screen.paint(0, 0, screen.width, screen.height, 255, 255, 255)
        // The link: strokes 2 pixels wide, 13 apart, each in a halo fading to the page over
        // four pixels either side; three pixels of white between halos. The nearest tint is
        // the commonest colour (4 in 13), the page's white next (3 in 13).
        for x in stride(from: 130, to: 630, by: 13) {
            screen.paint(x - 4, 600, 10, 26, 250, 255, 255)
            screen.paint(x - 3, 600, 8, 26, 244, 255, 255)
            screen.paint(x - 2, 600, 6, 26, 232, 255, 255)
            screen.paint(x, 600, 2, 26, 20, 120, 190)
        }
        // A real bubble as faint as that tint, with dark letters on it, stays a bubble.
        screen.paint(130, 800, 300, 80, 232, 255, 255)
        for x in stride(from: 150, to: 400, by: 16) { screen.paint(x, 825, 3, 24, 30, 30, 30) }
        let content = try screen.regions().regions.filter { $0.zone == .content }
        let link = try XCTUnwrap(
            content.first { $0.box.sharesRows(with: PixelRect(x: 0, y: 610, width: 10, height: 5)) })
        XCTAssertFalse(link.isFilled, "the link's halo is the page: \(link.box), fill \(link.fill)")
        let bubble = try XCTUnwrap(
            content.first { $0.box.sharesRows(with: PixelRect(x: 0, y: 840, width: 10, height: 5)) })
        XCTAssertTrue(bubble.isFilled, "\(bubble.box)")
    }

    func testAFrameAFewLevelsFromThePageLeavesTheHeaderABar() throws {
        let screen = try PaintedScreen(width: 828, height: 1656)
        screen.paint(0, 0, screen.width, screen.height, 252, 252, 252)
        screen.paint(0, 0, 20, screen.height, 246, 246, 246)
        screen.paint(screen.width - 20, 0, 20, screen.height, 246, 246, 246)
        screen.paint(0, 0, screen.width, 177, 244, 244, 243)
        screen.paint(300, 100, 220, 30, 40, 40, 40)
        for (index, y) in stride(from: 300, to: 1400, by: 150).enumerated() {
            let x = index.isMultiple(of: 2) ? 40 : 300
            screen.paint(x, y, 480, 100, 255, 255, 255)
            screen.paint(x + 30, y + 38, 300, 24, 30, 30, 30)
        }
        let found = try screen.regions()
        XCTAssertLessThanOrEqual(found.background.distance(to: RGB(r: 252, g: 252, b: 252)), 2, "\(found.background)")
        XCTAssertEqual(Double(found.layout.contentTop), 177, accuracy: 8, "\(found.layout)")
    }

    func testAHairlineSetInFromBothEdgesUnderTheTitleEndsTheHeader() throws {
        // Material 3 (UDP Ai Chat): the title on the page's own colour, then a grey hairline
        // that stops short of both edges, then the chat. No bar from edge to edge anywhere.
        func screen(ruleAt ruleY: Int) throws -> PaintedScreen {
            let screen = try PaintedScreen(width: 720, height: 1600)
            screen.paint(0, 0, screen.width, screen.height, 250, 250, 250)
            screen.paint(24, 40, 240, 36, 30, 30, 30)
            screen.paint(14, ruleY, 692, 2, 200, 200, 200)
            for (index, y) in stride(from: 300, to: 1300, by: 160).enumerated() {
                let x = index.isMultiple(of: 2) ? 20 : 200
                screen.paint(x, y, 480, 100, 120, 80, 200)
                screen.paint(x + 30, y + 38, 300, 24, 255, 255, 255)
            }
            return screen
        }
        let header = try screen(ruleAt: 98).regions().layout
        XCTAssertEqual(Double(header.contentTop), 100, accuracy: 6, "\(header)")
        // The same rule lower down divides the chat (a date's rule): the chat area is not cut.
        let divider = try screen(ruleAt: 620).regions().layout
        XCTAssertLessThan(divider.contentTop, 300, "\(divider)")
    }

    func testATallPhonesBlackStatusBarLeavesTheAppBarOfThePagesColourToBeFound() throws {
        // Nostros on a 20:9 phone: a black status bar 4% of the height tall, then the app bar
        // in the page's own navy (a back arrow, the title, the room's picture at the right),
        // then cards of the chat.
        let screen = try PaintedScreen(width: 576, height: 1280)
        screen.paint(0, 0, screen.width, screen.height, 0, 26, 61)
        screen.paint(0, 0, screen.width, 50, 0, 0, 0)
        screen.paint(24, 76, 26, 26, 200, 200, 220)
        screen.paint(84, 74, 150, 28, 220, 220, 230)
        screen.paint(500, 64, 48, 48, 190, 190, 240)
        for (index, y) in stride(from: 200, to: 1100, by: 180).enumerated() {
            let x = index.isMultiple(of: 2) ? 20 : 120
            screen.paint(x, y, 430, 120, 10, 40, 80)
            screen.paint(x + 24, y + 40, 300, 24, 220, 220, 230)
        }
        let layout = try screen.regions().layout
        XCTAssertGreaterThanOrEqual(layout.contentTop, 112, "the app bar is the header: \(layout)")
        XCTAssertLessThan(layout.contentTop, 200, "\(layout)")
    }

    func testBubblesOnAWallpaperThatShadesFromTopToBottomStayApart() throws {
        // Gapopa's wallpaper shades from a darker grey-blue at the top to a lighter one at the
        // bottom, with a glow in the middle of each row: low on the screen, the middle of the
        // rows between two bubbles differs from the page's overall colour by more than a faint
        // mark may, yet it is the page.
        let screen = try PaintedScreen(width: 1080, height: 2000)
        let width = screen.width, height = screen.height
        // At the sides 224 at the top to 232 at the bottom; 5 lighter in the middle of a row.
        for y in stride(from: 0, to: height, by: 4) {
            for x in stride(from: 0, to: width, by: 20) {
                let glow = 5 * (width / 2 - abs(x + 10 - width / 2)) / (width / 2)
                let level = UInt32(224 + 8 * y / height + glow)
                screen.paint(x, y, 20, 4, level, level + 3, level + 5)
            }
        }
        // White bubbles on both sides, 40 rows apart.
        let tops = Array(stride(from: 300, to: 1700, by: 140))
        for (index, y) in tops.enumerated() {
            screen.paint(index.isMultiple(of: 2) ? 40 : 420, y, 620, 100, 255, 255, 255)
        }
        let found = try screen.regions()
        // One region a bubble: none of the wallpaper's glow, none spanning two bubbles.
        let bubbles = found.regions.filter { $0.zone == .content && $0.isFilled }
        XCTAssertEqual(bubbles.count, tops.count, "\(found.regions.map(\.box))")
        XCTAssertEqual(Set(bubbles.map(\.box.y)), Set(tops), "\(found.regions.map(\.box))")
    }

    func testBubblesOnAWallpaperThatShadesFromSideToSideStayApart() throws {
        // grouped_list's chat: the page shades from a light lavender at the left to a deeper
        // one at the right (24 levels apart), and the user's bubbles reach close to the right
        // side, hiding the page's colour there on their rows.
        let screen = try PaintedScreen(width: 780, height: 1680)
        let width = screen.width, height = screen.height
        for x in stride(from: 0, to: width, by: 4) {
            let shade = UInt32(24 * x / width)
            screen.paint(x, 0, 4, height, 229 - shade, 237 - shade, 253 - shade / 8)
        }
        let tops = Array(stride(from: 200, to: 1500, by: 130))
        for (index, y) in tops.enumerated() {
            if index.isMultiple(of: 2) {
                screen.paint(110, y, 420, 90, 255, 255, 255)
            } else {
                screen.paint(180, y, 570, 90, 73, 148, 236)
            }
        }
        let found = try screen.regions()
        let bubbles = found.regions.filter { $0.zone == .content && $0.isFilled }
        XCTAssertEqual(bubbles.count, tops.count, "\(found.regions.map(\.box))")
        XCTAssertEqual(Set(bubbles.map(\.box.y)), Set(tops), "\(found.regions.map(\.box))")
    }
}

final class StatusBarTests: XCTestCase {
    typealias PaintedScreen = PageBackgroundTests.PaintedScreen

    /// A white screen with an iPhone's status bar (clock, icons) and a bubble under it;
    /// `island`: the black pill between clock and icons, taller than they are.
    func screen(island: Bool, pillWidth: Int = 188) throws -> PaintedScreen {
        let screen = try PaintedScreen(width: 603, height: 1311)
        screen.paint(0, 0, screen.width, screen.height, 255, 255, 255)
        screen.paint(84, 30, 54, 20, 20, 20, 20)  // the clock
        screen.paint(430, 33, 120, 14, 20, 20, 20)  // signal, Wi-Fi, battery
        if island { screen.paint((screen.width - pillWidth) / 2, 22, pillWidth, 53, 0, 0, 0) }
        screen.paint(20, 500, 400, 90, 233, 233, 235)
        return screen
    }

    func testTheStatusBarEndsUnderADynamicIslandAndThePillIsNoMessage() throws {
        let plain = try screen(island: false).regions()
        XCTAssertEqual(plain.layout.statusBarBottom, 51, "under the clock")
        let found = try screen(island: true).regions()
        XCTAssertGreaterThanOrEqual(found.layout.statusBarBottom, 75, "under the island")
        XCTAssertLessThan(found.layout.statusBarBottom, 100)
        XCTAssertFalse(found.regions.contains { $0.zone == .content && $0.box.y < 100 }, "\(found.regions.map(\.box))")
    }

    func testADarkBlockAcrossTheTopIsNoIsland() throws {
        // As wide as most of the screen: a photo or a banner under a cut-off status bar.
        let found = try screen(island: true, pillWidth: 560).regions()
        XCTAssertEqual(found.layout.statusBarBottom, 0)
    }
}
