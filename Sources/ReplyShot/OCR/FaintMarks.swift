import CLeptonica

/// Which marks close to the page's colour are content.
///
/// A patterned wallpaper (Threema, WhatsApp, Telegram) is drawn in colours close to the
/// page's and runs behind and between the bubbles; joined to the text it makes the whole chat
/// one region. So faint marks count only as solid areas (a bubble's fill, a picture, a chip)
/// or as the outline of a bubble that has no fill of its own: a thin ring that encloses text
/// on the page's colour and nothing solid. A wallpaper's strokes enclose either nothing with
/// text (its own loops) or the bubbles themselves (solid), so they are left out, and so are
/// its small filled doodles.
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
            // An outlined bubble's inside is mostly the page: areas are left there once its
            // text is taken out. A bubble filled in a strong colour leaves none.
            let pageInside = keep(pixSubtract(nil, textHoles, strong)),
            let openPageInside = keep(pixOpenBrick(nil, pageInside, solidSide, solidSide)),
            let outlinedHoles = keep(pixSeedfillBinary(nil, openPageInside, textHoles, 4)),
            let filledHoles = keep(pixSubtract(nil, textHoles, outlinedHoles)),
            let outlines = keep(rings(around: outlinedHoles, thin: thin, keep: keep)),
            let rims = keep(rings(around: filledHoles, thin: thin, keep: keep)),
            // The faint ring around a strong fill is kept only where it continues a faint
            // fill (a dark bubble's edge beside the photos in it). Alone it is a shadow, and
            // two shadows touching would join two bubbles into one (white bubbles on a grey
            // page, a few rows apart).
            let nearSolid = keep(pixDilateBrick(nil, solid, 3, 3)),
            let rimSeed = keep(pixAnd(nil, nearSolid, rims)),
            let bubbleEdges = keep(pixSeedfillBinary(nil, rimSeed, rims, 8))
        else {
            // Without the rings the solid areas alone are still the right answer.
            return solid
        }
        pixOr(solid, solid, outlines)
        pixOr(solid, solid, bubbleEdges)
        return solid
    }

    /// The thin marks that ring `holes`, reached from their rim.
    private func rings(
        around holes: UnsafeMutablePointer<PIX>, thin: UnsafeMutablePointer<PIX>,
        keep: (UnsafeMutablePointer<PIX>?) -> UnsafeMutablePointer<PIX>?
    ) -> UnsafeMutablePointer<PIX>? {
        guard let rim = keep(pixDilateBrick(nil, holes, 3, 3)), let seed = keep(pixAnd(nil, rim, thin)) else {
            return nil
        }
        return pixSeedfillBinary(nil, seed, thin, 8)
    }
}
