/// Every threshold the OCR, Read and Stitch stages use, with its unit and the reason for its value,
/// as `replyshot config --tuning` prints it. The values are read from the types that use
/// them, so this table cannot drift from the code.
public enum TuningTable {
    public struct Entry: Sendable {
        public var stage: String
        public var name: String
        public var value: String
        public var meaning: String
    }

    public static func entries() -> [Entry] {
        let read = ReadingTuning()
        func number(_ value: Double) -> String { String(value) }
        var rows: [Entry] = [
            .init(
                stage: "OCR", name: "colorTolerance", value: String(RegionFinder().colorTolerance),
                meaning:
                    "largest channel difference (0-255) between neighbouring pixels that grow one region (areas compare at \(RGB.sameFlatColour))"
            ),
            .init(
                stage: "OCR", name: "strongTolerance", value: String(RegionFinder().strongTolerance),
                meaning:
                    "marks closer than this to the page (wallpaper, shadows) count only as solid areas or as outlines around text"
            ),
            .init(
                stage: "OCR", name: "enlargeBelowWidth", value: "\(RGBImage.smallScreenWidth) px",
                meaning:
                    "narrower screenshots are enlarged to about \(RGBImage.enlargedWidth) px before any stage looks at them"
            ),
            .init(
                stage: "OCR", name: "fadeShare", value: number(PageGradient.minimumFadeShare),
                meaning:
                    "a page fading down at least this share of the height, by \(Int(PageGradient.minimumSpread)) levels or more, into a flat page is painted flat"
            ),
            .init(
                stage: "OCR", name: "joinWidth", value: "\(RegionFinder().joinWidth) px",
                meaning: "letters and words closer than this are joined into one region"),
            .init(
                stage: "OCR", name: "toolbarEdgeShare", value: number(RegionFinder.toolbarEdgeShare),
                meaning: "a header or input bar in the page's colour reaches this close (share of width) to both edges"),
            .init(
                stage: "OCR", name: "toolbarReach", value: number(RegionFinder.toolbarReach),
                meaning: "such toolbars sit within this share of the height from the top or bottom"),
            .init(
                stage: "OCR", name: "toolbarItemHeightRatio", value: "\(RegionFinder.toolbarItemHeightRatio)",
                meaning: "a box this many times as tall as a toolbar's middle item is content grown into the bar"),
            .init(
                stage: "OCR", name: "pictureMarginShare", value: number(PicturePage.maximumMarginShare),
                meaning:
                    "a page whose margins' commonest colour covers less of them is a picture (a photo, a doodled shading)"
            ),
            .init(
                stage: "OCR", name: "pictureFlatRunShare", value: number(PicturePage.flatRunShare),
                meaning: "on a picture, a bubble's fill runs flat along a row for at least this share of the width"),
            .init(
                stage: "OCR", name: "pictureRectangleRows", value: number(PicturePage.minimumRectangleRows),
                meaning: "on a picture, at least this share of a flat patch's rows reach both of its sides: a bubble"),
            .init(
                stage: "OCR", name: "attachedPictureBreak",
                value:
                    "\(AttachedPictureSplitter.columnGap) px or 1/\(AttachedPictureSplitter.columnGapDivisor) of the height",
                meaning:
                    "a sender's photo touching its bubble goes on past a break of this many plain columns (a smooth cheek)"
            ),
            .init(
                stage: "OCR", name: "inkContrast", value: String(RegionAnatomist.inkContrast),
                meaning: "ink differs from its paper by at least this (0-255); closer pixels are letter edges"),
            .init(
                stage: "OCR", name: "offAxisShare", value: number(RegionAnatomist.offAxisShare),
                meaning: "a row with this share of colours off the paper-ink line is part of a picture"),
            .init(
                stage: "OCR", name: "pageBesideBubble", value: String(RegionAnatomist.marginColourDistance),
                meaning:
                    "past a bubble's own colour, a row that is mostly within this (0-255) of the page's colour is the page beside it, not a photo"
            ),
            .init(
                stage: "OCR", name: "waveformBars", value: String(WaveformFinder.minimumBars),
                meaning:
                    "a voice message's waveform: at least this many solid bars at one pitch on one line, the tallest \(number(WaveformFinder.minimumHeightRatio)) times the shortest or more"
            ),
            .init(
                stage: "OCR", name: "windowMargin", value: number(WindowCapture.minimumMarginShare),
                meaning:
                    "a picture transparent at its corners and this share of its width or more at both sides is a captured window: only the window is read"
            ),
            .init(
                stage: "OCR", name: "selectedContactShare", value: number(ChatPaneFinder.selectedRowShare),
                meaning:
                    "the edge between a window's list and its chat may stop along one run of rows this share of them (the selected contact, in the chat's colour)"
            ),
            .init(
                stage: "OCR", name: "composerBandReach", value: "\(RegionFinder.composerBandReach)%",
                meaning:
                    "a band across the screen low down is the composer only with at most this share of the height under it before the next bar"
            ),
            .init(
                stage: "OCR", name: "composerItemShare",
                value: number(Double(RegionFinder.composerMaximumShare) / 1000),
                meaning:
                    "the items of a composer on the page above a navigation bar are at most this share of the height tall"
            ),
            .init(
                stage: "OCR", name: "pictureOverName", value: number(RegionScreenRecognizer.pictureOverNameHeight),
                meaning:
                    "a square picture at least this many times as tall as the words beside it gives them back to their own region (a name)"
            ),
            .init(
                stage: "OCR", name: "stackedBubbleBand", value: number(StackedBubbleSplitter.maximumBandPaperShare),
                meaning:
                    "two papers in one region, with rows of the page between them that show at most this share of either, are two bubbles a wallpaper joined"
            ),
            .init(
                stage: "OCR", name: "shadowBandRows", value: number(Double(StackedBubbleSplitter.minimumShadowBand)),
                meaning:
                    "rows without the paper or ink across a region of one paper, at least this many, are the shadow between two bubbles of one person"
            ),
            .init(
                stage: "OCR", name: "shadowBandSides", value: number(StackedBubbleSplitter.sideShare),
                meaning:
                    "the band shows no paper in this share of the region's width at either side (a quote or a card inside a bubble keeps its paper there)"
            ),
            .init(
                stage: "OCR", name: "shadowBandWidth", value: number(Double(StackedBubbleSplitter.minimumWidthInSides)),
                meaning:
                    "a region narrower than this many of the smallest region's sides is a profile picture or an icon, never two bubbles"
            ),
            .init(
                stage: "OCR", name: "pictographShare", value: number(PictographFinder.minimumOffAxisShare),
                meaning: "a word with this share of solid colour off its paper-ink line is an emoji, not letters"),
            .init(
                stage: "OCR", name: "pictographAreaOnLine",
                value: "1/\(PictographFinder.lineAxisSolidSideDivisor)",
                meaning:
                    "a word all emoji is measured against its line's paper and ink too, in squares this share of its height across (a coloured name is strokes)"
            ),
            .init(
                stage: "OCR", name: "highlightSolidShare", value: "\(HighlightBandFinder.solidPercent)%",
                meaning:
                    "a full-width band inside the chat that starts with a patch this solid (a sender's picture) is a highlighted message, not a bar"
            ),
            .init(
                stage: "OCR", name: "minimumPictureShare", value: number(RegionAnatomist.minimumPictureShare),
                meaning: "a picture is at least this share of the screen height (shorter: emoji in text)"),
            .init(
                stage: "OCR", name: "albumGutterShare", value: number(PictureTiler.maximumGutterShare),
                meaning:
                    "a flat line of the page's or bubble's colour this thin for its block (or \(PictureTiler.minimumGutterAllowance) px) between pictures splits an album"
            ),
            .init(
                stage: "OCR", name: "albumPieceShare", value: number(PictureTiler.minimumPieceShare),
                meaning: "each photo an album is cut into is at least this share of the side being cut"),
            .init(
                stage: "OCR", name: "haloPaperShare", value: number(RegionFinder.minimumPaperShare),
                meaning:
                    "a fill within \(RegionFinder.faintFillDistance) of the page covering less of its box than this is a coloured line's halo, not a bubble"
            ),
            .init(
                stage: "OCR", name: "underlineRun",
                value: "\(UnderlineEraser(canvasWidth: 1080).minimumRun) px at 1080",
                meaning:
                    "ink this long along a row, at most \(UnderlineEraser(canvasWidth: 1080).maximumThickness) px thick, with letters over it and few under, is a link's underline and is erased"
            ),
            .init(
                stage: "OCR", name: "secondOpinionConfidence",
                value: number(RegionScreenRecognizer.secondOpinionConfidence),
                meaning: "a region with a word below this confidence is read again, enlarged, as one block"),
            .init(
                stage: "OCR", name: "smallScreenWidth", value: "\(RegionScreenRecognizer.smallScreenWidth) px",
                meaning: "narrower screens' canvases are enlarged twice before recognition"),
            .init(
                stage: "OCR", name: "minimumGraphicShare", value: number(RegionScreenRecognizer.minimumGraphicShare),
                meaning: "a textless shape at least this share of the height is kept for the reader (a sticker?)"),
            .init(
                stage: "OCR", name: "islandStatusBarShare", value: "\(RegionFinder.islandStatusBarShare)/1000",
                meaning:
                    "a status bar around a camera's cut-out (a Dynamic Island, a notch, a punch hole) is at most this tall"
            ),
            .init(
                stage: "OCR", name: "tallPhoneAspect", value: number(RegionFinder.tallPhoneAspect),
                meaning:
                    "a screen this many times as tall as wide is a phone's: its status bar may set its icons lower, over a title bar"
            ),
            .init(
                stage: "OCR", name: "menuBarLengthRatio", value: String(RegionFinder.menuBarLengthRatio),
                meaning: "a menu button's bars (\"≡\") differ in length by at most this factor"),
            .init(
                stage: "OCR", name: "cutOutCentring", value: number(RegionFinder.cutOutCentring),
                meaning:
                    "a status bar's item this close to the middle of the width (a share of it) is the camera's cut-out"),
            .init(
                stage: "OCR", name: "fixedChromeDrawnShare", value: "\(FixedChrome().minimumDrawnShare)/1000",
                meaning:
                    "rows standing still at the chat area's top or bottom while two shots scroll are chrome when this many are drawn"
            ),
        ]
        // The read stage's rows, typed up front: a literal this long is too much to infer.
        let readRows: [(String, String, String)] = [
            (
                "sideMargin", number(read.sideMargin),
                "a bubble within this share of the width from a side is anchored to it"
            ),
            (
                "wideBubbleGapRatio", number(read.wideBubbleGapRatio),
                "a bubble near both sides belongs to the closer one when the other gap is this many times wider"
            ),
            ("minimumConfidence", number(read.minimumConfidence), "words below this confidence are noise"),
            (
                "emojiGlyphConfidence", number(read.emojiGlyphConfidence),
                "symbol words below this are emoji read as symbols"
            ),
            ("edgeTouch", "\(read.edgeTouch) px", "a region this close to the chat area's edge is cut by it"),
            (
                "composerZoneShare", number(read.composerZoneShare),
                "a hint to write (\"Type a message...\") this close to the chat area's bottom is the composer's"
            ),
            (
                "cornerTimeShare", number(read.cornerTimeShare),
                "a time smaller than this share of the line height is a corner time"
            ),
            (
                "slicedHeightShare", number(ReadingTuning.slicedHeightShare),
                "an edge line lower than this share is a sliver"
            ),
            (
                "authorInkContrast", String(read.authorInkContrast),
                "a sender's name is drawn at least this far from the text's ink"
            ),
            ("authorHeightShare", number(read.authorHeightShare), "or at most this share of the text's line height"),
            (
                "smallPrintLabelShare", number(read.smallPrintLabelShare),
                "a lone row on the page this low is a label (a name, a counter), never a message"
            ),
            ("pictureRegionShare", number(read.pictureRegionShare), "a region at least this share picture is media"),
            (
                "bubbleFillRowShare", number(read.bubbleFillRowShare),
                "a shape in the bubbles' fill on this share of its rows is an unread bubble, not a sticker"
            ),
            (
                "splitPictureGapLines", number(read.splitPictureGapLines),
                "aligned pictures at most this many lines apart are one picture"
            ),
            (
                "minimumMediaShare", number(read.minimumMediaShare),
                "a picture at least this share of the height is a message"
            ),
            (
                "pictureMaximumAspect", number(read.pictureMaximumAspect),
                "a picture more than this many times as wide as tall is a strip of wallpaper or a banner"
            ),
            (
                "minimumGraphicShare", number(read.minimumGraphicShare),
                "a textless shape at least this share is a sticker"
            ),
            (
                "graphicMaximumAspect", number(read.graphicMaximumAspect),
                "a textless shape this many times as wide as tall is a reaction's pill, not a sticker"
            ),
            (
                "emojiMaximumLines", number(read.emojiMaximumLines),
                "a textless shape at most this many line heights tall is big emoji, taller a sticker"
            ),
            (
                "unreadGlyphLines", number(read.unreadGlyphLines),
                "a bubble whose only words start this many line heights in holds unread emoji before them"
            ),
            (
                "unreadGlyphInkLines", number(read.unreadGlyphInkLines),
                "so it does when something is drawn before them on this many line heights of rows"
            ),
            (
                "unreadGlyphInsetLines", number(read.unreadGlyphInsetLines),
                "drawn at least this many line heights in from the bubble's side (its corners are not)"
            ),
            (
                "likeSquareHeightTolerance", number(read.likeSquareHeightTolerance),
                "squares side by side within this share of one height are a row of emoji, not avatars"
            ),
            ("centeredTolerance", number(read.centeredTolerance), "centered: side gaps differ by at most this share"),
            (
                "replyDraftComposerGap", number(read.replyDraftComposerGap),
                "a reply's preview bar ends within this many line heights of the composer"
            ),
            (
                "replyDraftWidthShare", number(read.replyDraftWidthShare),
                "a reply's preview bar spans this share of the width"
            ),
            (
                "replyDraftWidthRatio", number(read.replyDraftWidthRatio),
                "a reply's preview bar is this many times as wide as the bubble it repeats"
            ),
            (
                "replyDraftSimilarity", number(read.replyDraftSimilarity),
                "a reply's preview bar repeats the bubble's words this closely"
            ),
            (
                "headerLeakLines", number(read.headerLeakLines),
                "a header's name and status are looked for this many lines into the chat area"
            ),
            (
                "answerParagraphGapLines", number(read.answerParagraphGapLines),
                "an assistant's paragraphs this many lines apart or closer are one answer"
            ),
            (
                "smallPrintShare", number(MessageMetadata.smallPrintShare),
                "small print is at most this share of the line height"
            ),
            (
                "edgeSlice", "\(read.edgeSlice) px",
                "a line this close to the chat area's edge has lost part of its letters"
            ),
            (
                "fallbackLineHeight", "\(number(read.fallbackLineHeight)) px",
                "line height assumed on a screen without text"
            ),
            (
                "bubblePaddingShare", number(read.bubblePaddingShare),
                "text keeps this share of the line height from its bubble's side; a closer stroke is the bubble's edge"
            ),
            (
                "colorTolerance", String(read.colorTolerance),
                "largest channel difference (0-255) between colours the reader takes for one flat UI colour"
            ),
            (
                "maximumQuoteLines", String(read.maximumQuoteLines),
                "a longer tinted block is a link preview, not a quote"
            ),
            ("maximumAuthorWords", String(read.maximumAuthorWords), "a sender's name is at most this many words"),
            (
                "nameAboveMaximumLines", number(read.nameAboveMaximumLines),
                "a sender's name above a bubble, outside it, is at most this many line heights tall"
            ),
            (
                "nameAboveMaximumGap", number(read.nameAboveMaximumGap),
                "and ends at most this many line heights above the bubble"
            ),
            (
                "nameAboveMaximumIndent", number(read.nameAboveMaximumIndent),
                "and starts within this many line heights of the bubble's left edge (or half its width in)"
            ),
            (
                "nameBelowPictureMaximumGap", number(read.nameBelowPictureMaximumGap),
                "a name beside the sender's picture heads the message starting this many line heights under it"
            ),
            (
                "framedTextConfidence", number(read.framedTextConfidence),
                "a filled region frames a message when a line in it is read at least this surely"
            ),
            (
                "oneLetterBubbleAspect", number(read.oneLetterBubbleAspect),
                "a filled shape this many times as wide as tall frames a message of one letter"
            ),
            ("centeredMinimumGap", number(read.centeredMinimumGap), "centered: each side gap is at least this share"),
            (
                "sparseTextShare", number(read.sparseTextShare),
                "a large filled region whose text fills less of its height is a picture with labels (a map)"
            ),
            (
                "pictureScrapLines", number(read.pictureScrapLines),
                "a word of up to 3 characters this many line heights tall is a picture read as letters"
            ),
            (
                "largeTitleLines", number(read.largeTitleLines),
                "a line of words atop the chat this many line heights tall, with no bar holding a title, is the large title"
            ),
            (
                "flatBarBandShare", number(read.flatBarBandShare),
                "with no bar found, a first row this share of the height from the chat's top, icons at both sides, is the bar"
            ),
            (
                "flatBarIconEdgeShare", number(read.flatBarIconEdgeShare),
                "and its icons stand this share of the width from either side (back at the left, an action at the right)"
            ),
            (
                "drawnAvatarHeight", number(read.drawnAvatarHeight),
                "a square at a row's start read as a letter or two this many times as tall as the words beside it is a drawn profile picture"
            ),
            (
                "fadedAvatarMinimumRatio", number(read.fadedAvatarMinimumRatio),
                "a profile photo whose pale sides fade into the page may be found this narrow for its height"
            ),
            (
                "avatarIndentMinimum", number(read.avatarIndentMinimum),
                "a bubble's first row starting this many of its heights right of the text under it has a picture in front: a name"
            ),
            ("avatarIndentMaximum", number(read.avatarIndentMaximum), "and at most this many"),
            (
                "detachedScrapGap", number(read.detachedScrapGap),
                "a 1-2 character scrap this many line heights before a line's next word is a picture"
            ),
            (
                "quoteIndentLines", number(read.quoteIndentLines),
                "a quote beside a bar is set in by this many line heights from the message's rows"
            ),
            (
                "quoteBarWidthShare", number(read.quoteBarWidthShare),
                "a quote's drawn bar is at most this share of the screen's width across"
            ),
            (
                "quoteBarCoverage", number(read.quoteBarCoverage),
                "rows beside a quote's bar show it on at least this share of their rows and the gaps between"
            ),
            (
                "quoteBarAbsentShare", number(read.quoteBarAbsentShare),
                "the reply's own rows under the quote show the bar on at most this share"
            ),
            (
                "minimumSidedBubbles", String(read.minimumSidedBubbles),
                "this many unfilled lines hugging the right, and one the left, make a chat of outlined bubbles"
            ),
            (
                "minimumUnansweredBubbles", String(read.minimumUnansweredBubbles),
                "with none at the left, this many unfilled lines down the right and no other text are the user's"
            ),
            (
                "sidedBubbleGap", number(read.sidedBubbleGap),
                "such a bubble keeps this share of the width clear on its other side"
            ),
            (
                "wordSpaceLines", number(read.wordSpaceLines),
                "words of a line stand at most this many line heights apart; an unsure scrap further off may be a picture"
            ),
            (
                "pictureScrapHeightRatio", number(read.pictureScrapHeightRatio),
                "and is one when this many times as tall as the words after it"
            ),
            (
                "nameOverPostHeightRatio", number(read.nameOverPostHeightRatio),
                "a name over a post is at most this many times as tall as the post's text"
            ),
            (
                "sharedEdgeShare", number(read.sharedEdgeShare),
                "a bubble of unclear side whose outer edge is this share of the width from a side's bubbles' edge is that side's"
            ),
            (
                "scrapConfidence", number(read.scrapConfidence),
                "a row of words of up to 3 letters read below this confidence is a picture read as letters"
            ),
            (
                "playerScrapConfidence", number(read.playerScrapConfidence),
                "in a bubble with a recording's length and its time, a row read below this is the waveform"
            ),
            (
                "reactionScrapConfidence", number(MessageMetadata.reactionScrapConfidence),
                "a row of two or more counts among words of up to 3 letters read below this confidence is reactions"
            ),
            (
                "replyHeaderNameWords", "\(ReplyHeaders.maximumNameWords) words",
                "\"Replying to\" or \"In reply to\" and a name this short heads the quoted line of the reply under it"
            ),
            (
                "centredColumnInset", number(BubbleReader.centredColumnInset),
                "bubbles keeping this share of the width from both edges, hugging both of their column's sides, take sides from the column"
            ),
            (
                "acrossTheChatGapShare", number(BubbleReader.acrossTheChatGapShare),
                "a bubble leaving at most this share of the width on the far side, in the others' fill, is theirs"
            ),
            (
                "bubblesOfASidesFill", number(Double(BubbleReader.minimumBubblesOfASidesFill)),
                "bubbles of one side, and none of the other, in one fill make it that side's colour"
            ),
            (
                "bubblesOfAFlushEdge", number(Double(BubbleReader.minimumBubblesOfAFlushEdge)),
                "the user's bubbles, every one lined up on the left and ending raggedly, are the others'"
            ),
            (
                "raggedEdgeShare", number(BubbleReader.raggedEdgeShare),
                "bubbles' ends this share of the width apart, or more, are ragged, not one edge"
            ),
            (
                "edgeScrapLength", "\(BubbleReader.edgeScrapLength) characters",
                "a scrap this short at a bubble's side, further than a space from the text, is a picture over the corner"
            ),
            (
                "nameStampGapLines", number(SenderNames.stampGapLines),
                "a stamp in words at least this many name heights after a name (or past a dot) is no part of it"
            ),
            (
                "sureWordConfidence", number(read.sureWordConfidence),
                "a lone scrap of up to 3 characters read below this, half as tall again as the text, is a picture"
            ),
            (
                "besideStampLines", number(Double(BubbleReader.besideStampLines)),
                "small print starting within this many name heights after a name row, taken off it or apart, stamps it"
            ),
            (
                "farSideLabelIndent", number(Double(BubbleReader.farSideLabelIndent)),
                "a name this many of its heights in from the text, at the user's bubble's far side, labels it"
            ),
            (
                "nickBadgeLength", "\(LogLineReader.badgeScrapLength) characters",
                "before a \"nick:\" that leads a log's line, up to two scraps this short are the chat's badges"
            ),
            (
                "nickColumnRows", "\(LogLineReader.minimumNickColumnRows) rows",
                "this many nicks, each with its text on the edge the other rows start at, make a nick column"
            ),
            (
                "nickRowShare", number(LogLineReader.minimumNickRowShare),
                "of a nick column's rows at least this share show a nick (Polari shows it once for a run of lines)"
            ),
            (
                "colonNickShare", number(LogLineReader.minimumColonNickShare),
                "at least this share of the rows must start \"nick:\" for a screen to be a log written so"
            ),
            (
                "wordSpaceShare", number(LogLineReader.wordSpaceShare),
                "a space is this share of a line's height: a row whose first word would have fitted after the row above is a line of its own"
            ),
            (
                "inlineNames", "\(SenderNames.minimumInlineNames) bubbles",
                "where this many of the other side's bubbles start \"Name: \" (two names or more), each name is its bubble's author"
            ),
            (
                "chipWords", "\(ChipRows.maximumWords) words",
                "two or more filled pills side by side in one colour, each this short and wider than tall, are chips"
            ),
        ]
        rows += readRows.map { Entry(stage: "Read", name: $0.0, value: $0.1, meaning: $0.2) }
        let offsets = ScrollOffsetFinder(), planner = RevealedRegionPlanner(), text = BubbleAlignmentStitcher()
        let grouper = ConversationGrouper()
        rows += [
            (
                "scrollMinimumRows", "\(offsets.minimumRows) rows at 1170 px",
                "pixel rows two shots must share before a scroll offset counts (scaled with the width)"
            ),
            ("scrollAgreement", number(offsets.agreement), "share of the overlap's informative rows that must match"),
            ("scrollRowTolerance", String(offsets.tolerance), "block means of one row may differ this much (0-255)"),
            (
                "scrollEdgeRows", "\(offsets.edgeRows) rows at 1170 px",
                "rows this close to the chat area's edges are no evidence (shadows, floating buttons)"
            ),
            (
                "repeatBoxTolerance", "\(planner.tolerance) px",
                "a bubble the shot before showed whole, at the scrolled place within this, is not read again"
            ),
            (
                "repeatEdgeMargin", "\(planner.edgeMargin) px",
                "a bubble ending this close to the chat area's edge is cut and is read again"
            ),
            (
                "repeatShortBubbleWidth", "\(planner.shortBubbleWidthPercent)%",
                "narrower bubbles (a few words) are always read again: one misread letter ruins them"
            ),
            ("textMatch", number(text.matchThreshold), "two readings of one bubble agree at least this much"),
            (
                "cutPiecesOverlap", "1/\(PlacedBubble.cutPiecesOverlapShare)",
                "two cut pieces sharing this share of the shorter's rows are one message"
            ),
            (
                "cutPiecesAgreement", number(CutCopySplice.agreement),
                "where the lower piece's first words meet the upper piece's, they read this alike"
            ),
            ("textCutMatch", number(text.cutMatchThreshold), "the same for a bubble cut at the screen's edge"),
            (
                "textMinimumEvidence", "\(text.minimumEvidence) letters",
                "an overlap found by text must cover this many letters"
            ),
            (
                "textExactEvidence", "\(text.exactEvidence) letters",
                "whole bubbles read alike (and 3 words or more) make an overlap from this many letters"
            ),
            (
                "runTogetherLetters", "\(RunTogetherBubbles.minimumLetters) letters",
                "a whole bubble this long that ends another of its sender's splits that one off"
            ),
            (
                "groupTitleSimilarity", number(grouper.titleSimilarity),
                "shots whose titles agree this much (and look alike) are one conversation"
            ),
            (
                "groupColorTolerance", String(grouper.colorTolerance),
                "page colours of two shots of one conversation differ at most this (an average, which JPEG moves more)"
            ),
        ].map { Entry(stage: "Stitch", name: $0.0, value: $0.1, meaning: $0.2) }
        return rows
    }
}
