import CLeptonica
import Foundation

public enum ExplainError: Error, LocalizedError, Equatable {
    case cannotDraw(String)
    case intoInputFolder(String)

    public var errorDescription: String? {
        switch self {
        case .cannotDraw(let file): return "The --explain picture for \(file) could not be drawn."
        case .intoInputFolder(let folder):
            return
                "--explain would write into \(folder), which holds the screenshots; replyshot never writes there. Name another folder."
        }
    }
}

/// Draws what the reader decided over a screenshot, with Leptonica: every region boxed in
/// the colour of its role (me, them, notice, media, avatar, metadata, header, ...), numbered,
/// and beside the screen a panel that lists each number, role and the text read there. The
/// app's zones (status bar, header, chat area, input bar) are marked at the left edge.
public struct ExplainImage {
    /// Leptonica's built-in bitmap fonts come in these sizes only.
    static let fontSizes: [Int32] = [8, 10, 12, 14, 16, 18, 20]
    /// The panel beside the screen, as a share of the screen's width: room for the text.
    static let panelShare = 0.9
    static let boxLineWidth: Int32 = 3

    public init() {}

    /// The PNG bytes of the annotated picture.
    public func render(screenshot: Screenshot, read: ScreenRead) throws -> Data {
        let image = try RGBImage(path: screenshot.path, name: screenshot.fileName)
        guard let screen = pixConvertTo32(image.pix.pointer) else { throw ExplainError.cannotDraw(screenshot.fileName) }
        let screenPix = LeptonicaPix(screen)
        let width = image.width, height = image.height
        let panelWidth = Int(Double(width) * Self.panelShare)
        let fontSize = Self.fontSizes.last { Double($0) <= Double(width) / 70 } ?? 8
        guard let font = bmfCreate(nil, fontSize) else { throw ExplainError.cannotDraw(screenshot.fileName) }
        var fontPointer: UnsafeMutablePointer<L_BMF>? = font
        defer { bmfDestroy(&fontPointer) }

        // The reader measured from the chat pane's first column (a wide window's list of
        // conversations left out); the picture shows the whole screen.
        let paneLeft = read.layout?.paneLeft ?? 0
        let decisions = read.decisions.map { decision in
            var moved = decision
            moved.box.x += paneLeft
            return moved
        }.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        // Lay the panel's entries out first: it may need to be taller than the screen.
        var entries: [(decision: ReadDecision, number: Int, top: Int, height: Int)] = []
        var nextFree = 4
        for (number, decision) in decisions.enumerated() {
            let text = Self.printable("\(number + 1) \(decision.role.rawValue): \(decision.text)")
            var lineHeight: Int32 = 0
            var lines = bmfGetLineStrings(font, text, Int32(panelWidth - 16), 0, &lineHeight)
            let count = lines.map { Int(sarrayGetCount($0)) } ?? 1
            sarrayDestroy(&lines)
            let entryHeight = max(Int(lineHeight), count * Int(Double(fontSize) * 2.2)) + 6
            let top = max(nextFree, decision.box.y)
            entries.append((decision, number + 1, top, entryHeight))
            nextFree = top + entryHeight
        }
        let totalHeight = max(height, nextFree + 8)
        guard let canvas = pixCreate(Int32(width + panelWidth), Int32(totalHeight), 32) else {
            throw ExplainError.cannotDraw(screenshot.fileName)
        }
        let canvasPix = LeptonicaPix(canvas)
        pixSetAll(canvas)
        pixRasterop(canvas, 0, 0, Int32(width), Int32(height), PIX_SRC, screenPix.pointer, 0, 0)

        if let layout = read.layout { drawZones(layout, on: canvas, font: font, width: width) }
        // The regions the OCR stage found, dashed, under the reader's boxes.
        for region in read.regionBoxes {
            guard
                let box = boxCreate(
                    Int32(region.x + paneLeft), Int32(region.y), Int32(max(1, region.width)),
                    Int32(max(1, region.height)))
            else { continue }
            var pointer: UnsafeMutablePointer<BOX>? = box
            pixRenderHashBoxArb(canvas, box, 12, 1, Int32(L_POS_SLOPE_LINE), 1, 255, 0, 255)
            boxDestroy(&pointer)
        }
        for entry in entries {
            let color = Self.color(entry.decision.role)
            let box = entry.decision.box
            if let leptBox = boxCreate(Int32(box.x), Int32(box.y), Int32(max(1, box.width)), Int32(max(1, box.height)))
            {
                var boxPointer: UnsafeMutablePointer<BOX>? = leptBox
                pixRenderBoxArb(canvas, leptBox, Self.boxLineWidth, color.r, color.g, color.b)
                boxDestroy(&boxPointer)
            }
            let label = "\(entry.number)"
            fill(
                canvas, x: box.x, y: max(0, box.y - Int(fontSize) * 2), width: label.count * Int(fontSize) + 8,
                height: Int(fontSize) * 2, color: color)
            var drawn: Int32 = 0, overflow: Int32 = 0
            pixSetTextline(
                canvas, font, label, 0xFFFF_FF00, Int32(box.x + 4),
                Int32(max(0, box.y - Int(fontSize) * 2) + Int(fontSize) * 3 / 2),
                &drawn, &overflow)
            // A leader from the box to its entry in the panel.
            pixRenderLineArb(
                canvas, Int32(min(width - 1, box.maxX)), Int32(box.y + 2), Int32(width + 6), Int32(entry.top + 10), 1,
                color.r, color.g, color.b)
            let text = Self.printable("\(entry.number) \(entry.decision.role.rawValue): \(entry.decision.text)")
            pixSetTextblock(
                canvas, font, text, Self.packed(color), Int32(width + 10), Int32(entry.top + Int(fontSize) * 3 / 2),
                Int32(panelWidth - 16), 0, &overflow)
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemPng(&bytes, &size, canvasPix.pointer, 0) == 0, let bytes else {
            throw ExplainError.cannotDraw(screenshot.fileName)
        }
        defer { free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// Writes one picture per screenshot into `directory` (`<name>.explain.png`); each file
    /// appears whole or not at all.
    public func write(screenshots: [Screenshot], reads: [ScreenRead], to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var written: [URL] = []
        for (shot, read) in zip(screenshots, reads) {
            let file = directory.appendingPathComponent(
                (shot.fileName as NSString).deletingPathExtension + ".explain.png")
            try AtomicFileWriter.write(try render(screenshot: shot, read: read), to: file)
            written.append(file)
        }
        return written
    }

    /// `IMG_1.PNG` → `IMG_1.explain.png`.
    public static func fileName(for screenshot: String) -> String {
        ((screenshot as NSString).lastPathComponent as NSString).deletingPathExtension + ".explain.png"
    }

    private func drawZones(
        _ layout: ScreenLayout, on canvas: UnsafeMutablePointer<PIX>, font: UnsafeMutablePointer<L_BMF>, width: Int
    ) {
        let bands: [(String, Int, Int)] = [
            ("status bar", 0, layout.statusBarBottom), ("header", layout.statusBarBottom, layout.contentTop),
            ("chat area", layout.contentTop, layout.contentBottom),
            ("input bar / keyboard", layout.contentBottom, layout.height),
        ]
        let left = layout.paneLeft
        for (index, band) in bands.enumerated() where band.2 > band.1 {
            let color: RGB = index == 2 ? RGB(r: 0, g: 170, b: 170) : RGB(r: 128, g: 128, b: 128)
            fill(canvas, x: left, y: band.1, width: 6, height: band.2 - band.1, color: color)
            pixRenderLineArb(
                canvas, Int32(left), Int32(band.1), Int32(width - 1), Int32(band.1), 1, color.r, color.g, color.b)
            var drawn: Int32 = 0, overflow: Int32 = 0
            pixSetTextline(
                canvas, font, band.0, Self.packed(color), Int32(left + 10), Int32(band.1 + 24), &drawn, &overflow)
        }
        if left > 0 {
            let grey = RGB(r: 128, g: 128, b: 128)
            fill(canvas, x: left - 3, y: 0, width: 3, height: layout.height, color: grey)
            var drawn: Int32 = 0, overflow: Int32 = 0
            pixSetTextline(
                canvas, font, "list beside the chat (not read)", Self.packed(grey), 10, Int32(layout.height / 2),
                &drawn,
                &overflow)
        }
    }

    private func fill(_ canvas: UnsafeMutablePointer<PIX>, x: Int, y: Int, width: Int, height: Int, color: RGB) {
        guard let box = boxCreate(Int32(x), Int32(y), Int32(max(1, width)), Int32(max(1, height))) else { return }
        var pointer: UnsafeMutablePointer<BOX>? = box
        pixSetInRectArbitrary(canvas, box, Self.packed(color))
        boxDestroy(&pointer)
    }

    /// Leptonica's 32-bit pixel value for a colour.
    static func packed(_ color: RGB) -> UInt32 {
        UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8
    }

    /// The bitmap fonts hold printable ASCII only: other scripts are spelled in Latin letters
    /// ("Привет" as "Privet", "Grüße" as "Grusse") so a Russian screen's decisions can be read;
    /// what has no spelling (emoji) shows as "?".
    static func printable(_ text: String) -> String {
        let latin = text.applyingTransform(Self.toASCII, reverse: false) ?? text
        return String(latin.unicodeScalars.map { (32...126).contains($0.value) ? Character($0) : "?" })
    }

    /// ICU's transliteration to Latin, then to plain ASCII.
    private static let toASCII = StringTransform("Any-Latin; Latin-ASCII")

    static func color(_ role: ReadDecision.Role) -> RGB {
        switch role {
        case .me: return RGB(r: 0, g: 90, b: 255)
        case .them: return RGB(r: 0, g: 150, b: 50)
        case .unknown: return RGB(r: 90, g: 90, b: 90)
        case .notice: return RGB(r: 140, g: 40, b: 200)
        case .media: return RGB(r: 255, g: 130, b: 0)
        case .title: return RGB(r: 0, g: 120, b: 130)
        case .author: return RGB(r: 220, g: 0, b: 160)
        case .quote: return RGB(r: 150, g: 90, b: 30)
        case .metadata, .stamp: return RGB(r: 200, g: 150, b: 0)
        case .avatar: return RGB(r: 0, g: 170, b: 220)
        case .header, .statusBar, .inputBar, .keyboard, .placeholder, .menu: return RGB(r: 120, g: 120, b: 120)
        case .noise, .sliced: return RGB(r: 230, g: 0, b: 0)
        case .readEarlier: return RGB(r: 170, g: 170, b: 170)
        }
    }
}
