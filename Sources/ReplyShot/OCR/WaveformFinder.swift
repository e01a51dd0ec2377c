import CLeptonica

/// Finds a voice message's waveform in a region: a row of bars drawn at one even pitch, all
/// about as wide, standing on one line (Telegram, Unigram) or centred on one (WhatsApp,
/// Signal), and of many heights, as speech rises and falls. Tesseract reads such bars as
/// scraps of letters ("cell ALIN"); the bubble holds a recording, nothing to read.
///
/// Text never looks like that: its letters share a baseline, but they are neither evenly
/// spaced nor all one width, and thin letters in a row ("llll", "1111") are one height.
struct WaveformFinder {
    /// A waveform has at least this many bars side by side (a status bar's signal meter has
    /// four, a typing indicator three dots; apps draw thirty or more).
    static let minimumBars = 12
    /// A bar differs from the bubble's paper by more than this (per channel): the unplayed
    /// part is often a pale tint of the played part's colour.
    static let inkContrast = 24
    /// The distance from one bar to the next stays within this share of the first distance.
    static let pitchSpread = 0.25
    /// Bars are as wide as each other within this share of the first bar's width.
    static let widthSpread = 0.35
    /// Bars stand on one line, or centre on one, within this share of a bar's width (and a
    /// pixel): antialiasing moves an edge, a letter's descender a lot more.
    static let alignmentShare = 0.5
    /// The tallest bar is at least this many times as tall as the shortest (a stylised
    /// waveform of three heights, 2.4; letters of two heights in a row, "lilili", 1.3 at most).
    static let minimumHeightRatio = 2.0
    /// A bar is solid: at least this share of its box is ink (a rounded end takes a little).
    /// A letter is strokes round holes and gaps, but for a few ("l", "i", "1", "I").
    static let minimumBarFill = 0.75
    /// Only regions at most this share of the screen's height tall are looked at: a voice
    /// message is a row or two high; a photo or a wall of text is not one.
    static let maximumRegionShare = 0.2

    /// The waveform's box (in the screen's pixels) in the region `box` on `paper`, if any.
    func waveform(in image: RGBImage, box: PixelRect, paper: RGB, screenHeight: Int) -> PixelRect? {
        guard box.width >= Self.minimumBars * 2, box.height >= 4,
            Double(box.height) <= Double(screenHeight) * Self.maximumRegionShare
        else { return nil }
        let marks = inkBoxes(image, box: box, paper: paper)
        for alignment in [Alignment.bottom, .centre] {
            let run = longestRun(marks, alignedBy: alignment)
            if run.count >= Self.minimumBars {
                let heights = run.map(\.height)
                guard let tallest = heights.max(), let shortest = heights.min(),
                    Double(tallest) >= Double(shortest) * Self.minimumHeightRatio
                else { continue }
                return PixelRect(enclosing: run)
            }
        }
        return nil
    }

    enum Alignment {
        /// Bars rise from one line (their bottoms meet it).
        case bottom
        /// Bars spread up and down from one line (their middles meet it); counted in half
        /// pixels, so that odd and even heights compare.
        case centre

        func key(_ box: PixelRect) -> Int {
            switch self {
            case .bottom: return box.maxY * 2
            case .centre: return box.y + box.maxY
            }
        }
    }

    /// The longest run of marks, left to right, that follow one another at an even pitch,
    /// as wide as each other and on one line.
    func longestRun(_ marks: [PixelRect], alignedBy alignment: Alignment) -> [PixelRect] {
        let sorted = marks.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        var best: [PixelRect] = []
        for (index, first) in sorted.enumerated() {
            var run = [first]
            var pitch: Int?
            var cursor = index + 1
            while cursor < sorted.count {
                let last = run[run.count - 1], next = sorted[cursor]
                cursor += 1
                guard next.x >= last.maxX else { continue }
                let step = next.x - last.x
                if let pitch, Double(abs(step - pitch)) > max(1, Double(pitch) * Self.pitchSpread) {
                    // Past the next bar's place, the run has ended.
                    if step > pitch * 2 { break }
                    continue
                }
                guard fits(next, after: first, alignment: alignment) else {
                    if let pitch, step > pitch * 2 { break }
                    continue
                }
                pitch = pitch ?? step
                run.append(next)
            }
            if run.count > best.count { best = run }
        }
        return best
    }

    /// Whether `mark` is as wide as the run's first bar and on its line.
    private func fits(_ mark: PixelRect, after first: PixelRect, alignment: Alignment) -> Bool {
        let width = Double(first.width)
        guard abs(Double(mark.width) - width) <= max(1, width * Self.widthSpread) else { return false }
        let tolerance = 2 * max(1, width * Self.alignmentShare)
        return Double(abs(alignment.key(mark) - alignment.key(first))) <= tolerance
    }

    /// The boxes of the solid marks in `box` (connected pixels unlike the paper, filling most of
    /// their box), in the screen's pixels.
    private func inkBoxes(_ image: RGBImage, box: PixelRect, paper: RGB) -> [PixelRect] {
        guard let mask = pixCreate(Int32(box.width), Int32(box.height), 1) else { return [] }
        var maskPointer: UnsafeMutablePointer<PIX>? = mask
        defer { pixDestroy(&maskPointer) }
        let data = pixGetData(mask)!
        let wpl = Int(pixGetWpl(mask))
        for y in 0..<box.height {
            let row = data + y * wpl
            for x in 0..<box.width
            where image.color(x: box.x + x, y: box.y + y).distance(to: paper) > Self.inkContrast {
                row[x >> 5] |= UInt32(1) << UInt32(31 - (x & 31))
            }
        }
        guard let boxa = pixConnCompBB(mask, 8) else { return [] }
        var boxaPointer: UnsafeMutablePointer<BOXA>? = boxa
        defer { boxaDestroy(&boxaPointer) }
        var boxes: [PixelRect] = []
        for index in 0..<boxaGetCount(boxa) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            boxaGetBoxGeometry(boxa, index, &x, &y, &w, &h)
            var inked: Int32 = 0
            var markBox = boxCreate(x, y, w, h)
            pixCountPixelsInRect(mask, markBox, &inked, nil)
            boxDestroy(&markBox)
            guard Double(inked) >= Double(w * h) * Self.minimumBarFill else { continue }
            boxes.append(PixelRect(x: box.x + Int(x), y: box.y + Int(y), width: Int(w), height: Int(h)))
        }
        return boxes
    }
}
