import CLeptonica

/// Which marks close to the page's colour are content.
///
/// A patterned wallpaper (Threema, WhatsApp, Telegram) is drawn in colours close to the
/// page's and runs behind and between the bubbles; joined to the text it makes the whole chat
/// one region. So faint marks count only as solid areas (a bubble's fill, a picture, a chip)
/// or as the outline of a bubble that has no fill of its own: a thin ring that encloses text
/// and nothing solid. A wallpaper's strokes enclose either nothing with text (its own loops)
/// or the bubbles themselves (solid), so they are left out, and so are its small filled
/// doodles.
struct FaintMarks {
    /// Marks that differ from the page by a little (one bit per pixel).
    let faint: UnsafeMutablePointer<PIX>
    /// Marks that differ from the page by a lot: text, icons, strong shapes.
    let strong: UnsafeMutablePointer<PIX>
    let screenWidth: Int

    /// A solid faint mark smaller than this both ways is a wallpaper's filled doodle (a star,
    /// a dot); bubbles, chips and pictures are larger in at least one direction.
    var smallestArea: Int32 { Int32(max(8, screenWidth / 30)) }

    /// Thinner than this (in pixels, both ways) a faint mark is a stroke, not an area.
    var solidSide: Int32 { Int32(max(5, screenWidth / 120)) }

    /// The faint marks to keep; the caller owns the image.
    func kept() -> UnsafeMutablePointer<PIX>? {
        var owned: [UnsafeMutablePointer<PIX>?] = []
        defer {
            for index in owned.indices { pixDestroy(&owned[index]) }
        }
        func keep(_ pix: UnsafeMutablePointer<PIX>?) -> UnsafeMutablePointer<PIX>? {
            owned.append(pix)
            return pix
        }
        guard let opened = keep(pixOpenBrick(nil, faint, solidSide, solidSide)),
            let solid = pixSelectBySize(
                opened, smallestArea, smallestArea, 8, Int32(L_SELECT_IF_EITHER),
                Int32(L_SELECT_IF_GTE), nil)
        else { return nil }
        guard let thin = keep(pixSubtract(nil, faint, solid)),
            let filled = keep(pixFillClosedBorders(thin, 4)),
            let holes = keep(pixXor(nil, filled, thin)),
            // Holes with something solid in them (a bubble in the wallpaper's mesh) are not
            // the inside of an outlined bubble.
            let solidInHoles = keep(pixAnd(nil, holes, solid)),
            let solidHoles = keep(pixSeedfillBinary(nil, solidInHoles, holes, 4)),
            let emptyOfSolid = keep(pixSubtract(nil, holes, solidHoles)),
            let textInHoles = keep(pixAnd(nil, emptyOfSolid, strong)),
            let textHoles = keep(pixSeedfillBinary(nil, textInHoles, emptyOfSolid, 4)),
            // The ring around such a hole, reached from the hole's rim.
            let rim = keep(pixDilateBrick(nil, textHoles, 3, 3)),
            let ringSeed = keep(pixAnd(nil, rim, thin)),
            let rings = keep(pixSeedfillBinary(nil, ringSeed, thin, 8))
        else {
            // Without the rings the solid areas alone are still the right answer.
            return solid
        }
        pixOr(solid, solid, rings)
        return solid
    }
}
