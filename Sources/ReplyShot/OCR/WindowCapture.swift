import CLeptonica

/// A desktop app captured as a window (macOS's window screenshot, a tool's "capture window")
/// is the window on a transparent margin that holds its drop shadow. The margin is no part of
/// the screen: its transparent pixels decode as black, the window becomes one big "bubble" on
/// a black page, and its list, title and messages read as one paragraph. Only the window is
/// read.
struct WindowCapture {
    /// A pixel at least this opaque (of 255) is the window's; the shadow fades from about a
    /// half down to nothing.
    static let opaqueAlpha: UInt32 = 250
    /// The transparent margin is at least this share of the picture's width at the left and
    /// at the right: a phone's screenshot with rounded corners is transparent only in them,
    /// and a stray transparent column at an edge is no shadow.
    static let minimumMarginShare = 0.01

    /// The window's box in the picture, or nil when the picture is no window capture.
    static func windowBox(of pix: UnsafeMutablePointer<PIX>) -> PixelRect? {
        guard pixGetDepth(pix) == 32, pixGetSpp(pix) == 4,
            let alpha = pixGetRGBComponent(pix, Int32(L_ALPHA_CHANNEL)).map(LeptonicaPix.init)
        else { return nil }
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        // The corners are the shadow's farthest reach: fully transparent.
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)] {
            var value: UInt32 = 0
            guard pixGetPixel(alpha.pointer, Int32(x), Int32(y), &value) == 0, value == 0 else { return nil }
        }
        // Opaque pixels become the foreground (1) of a binary mask: inverted, they are dark.
        guard let inverted = pixInvert(nil, alpha.pointer).map(LeptonicaPix.init),
            let mask = pixThresholdToBinary(inverted.pointer, Int32(256 - opaqueAlpha)).map(LeptonicaPix.init)
        else { return nil }
        var box: UnsafeMutablePointer<BOX>?
        defer { boxDestroy(&box) }
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        guard pixClipToForeground(mask.pointer, nil, &box) == 0, box != nil,
            boxGetGeometry(box, &x, &y, &w, &h) == 0
        else { return nil }
        let window = PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
        let margin = Int(Double(width) * minimumMarginShare)
        guard window.x >= margin, width - window.maxX >= margin, window.width > 0, window.height > 0 else {
            return nil
        }
        return window
    }
}
