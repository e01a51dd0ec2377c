import Foundation

/// The reader's thresholds in one place, each with its unit and the reason for its value.
/// Shares are of the screen's width or height unless said otherwise; heights are compared
/// with the screen's usual line height (ascender to descender of body text).
///
/// An app layout (`prompts/layouts.json`, chosen by the app catalog's `layout` key) may set
/// any of these by name for the apps that draw their screens differently.
public struct ReadingTuning: Codable, Equatable, Sendable {
    /// A bubble whose edge is within this share of the screen's width from a side is
    /// anchored to that side (them on the left, me on the right).
    var sideMargin = 0.12
    /// A bubble within `sideMargin` of both sides belongs to the side it is closer to when
    /// the other gap is at least this many times as wide.
    var wideBubbleGapRatio = 2.5
    /// A bubble whose side is unclear belongs to the side whose bubbles' outer edge lies within
    /// this share of the screen's width of its own (antialiasing and shadows move an edge a
    /// few pixels; the other side's edge is a margin's width away).
    var sharedEdgeShare = 0.015
    /// Words Tesseract is this unsure of (0...1) are noise (an icon, a photo), not text.
    var minimumConfidence = 0.35
    /// Symbol-only words below this confidence are emoji read as symbols.
    var emojiGlyphConfidence = 0.7
    /// Pixels: a region this close to the chat area's edge is cut by it.
    var edgeTouch = 3
    /// Pixels: a line this close to the edge has lost part of its letters.
    var edgeSlice = 6
    /// Text ending within this share of the screen's height above the chat area's bottom
    /// sits where a composer does; a hint to write there is the composer's.
    var composerZoneShare = 0.1
    /// Line height (px) assumed when a screen has no text to measure it from.
    var fallbackLineHeight = 40.0
    /// A time word smaller than this share of the line height sits in a bubble's corner.
    var cornerTimeShare = 0.6
    /// A line at a cut edge lower than this share of the line height, or read with less
    /// confidence, is a sliver.
    static let slicedHeightShare = 0.7
    static let slicedConfidence = 0.75
    /// A line with at least this share of the line height of its region's fill above it (or
    /// below it, at the bottom edge) is whole: the edge cut the region, not the line. A small
    /// sender's name at the top of a card that starts right under the header is no sliver.
    static let wholeLineMarginShare = 0.4
    /// Bare page at least this many line heights tall beside a region marks the end of what
    /// a capture shows (the chat's start or end); the gap between two messages is smaller.
    static let barePageLines = 3.0
    /// Text keeps at least this share of the line height from its bubble's side; a stroke
    /// closer than that is the bubble's edge.
    var bubblePaddingShare = 0.25
    /// Colour distance (largest channel difference, 0...255) beyond which two flat UI colours
    /// differ; antialiasing and JPEG noise stay below it.
    var colorTolerance = RGB.sameFlatColour
    /// A sender's name is drawn in an ink at least this far from the message's ink.
    var authorInkContrast = 60
    /// A sender's name is at most this share of the message's line height when it is set in
    /// the same ink (line boxes: a name without descenders still reaches 0.85 of a line).
    var authorHeightShare = 0.75
    /// A lone row on the page this share of the body's line height or less is a label
    /// (a name, a counter), never a message. Lower than `authorHeightShare`: a short row's box
    /// has no descender ("Hello" stands a fifth lower than "my code.").
    var smallPrintLabelShare = 0.65
    /// Apps clip a quoted reply to a few lines; a longer tinted block is a link's preview.
    var maximumQuoteLines = 3
    /// A quote beside a bar is set in by at least this many line heights from the message's
    /// own rows (the bar and its padding).
    var quoteIndentLines = 0.4
    /// A quote's bar is at most this share of the screen's width across (2–4 dp on a phone);
    /// a profile picture or a picture beside the text is far wider.
    var quoteBarWidthShare = 0.012
    /// Rows beside a bar: the bar runs down at least this share of their rows (the gaps
    /// between them too); the message's own rows show it on at most `quoteBarAbsentShare`.
    var quoteBarCoverage = 0.85
    var quoteBarAbsentShare = 0.2
    /// A name over a post is set at most this many times as tall as the post's text; a taller
    /// row is a heading (a mail's subject).
    var nameOverPostHeightRatio = 1.6
    /// A sender's name is at most this many words.
    var maximumAuthorWords = 4
    /// A row of reactions under a bubble shows at most this many emoji with their counts.
    static let maximumReactions = 4
    /// A sender's name printed above a bubble, outside it, is one line: at most this many line
    /// heights tall, ends at most this many line heights above the bubble, and starts at most
    /// this many line heights left of where the bubble starts and at most this many, or half
    /// the bubble's width, right of it (a rounded corner, an avatar inside the bubble's region).
    var nameAboveMaximumLines = 1.5
    var nameAboveMaximumGap = 1.0
    var nameAboveMaximumIndent = 1.5
    /// A name set beside the sender's picture heads the message that starts at most this many
    /// line heights under the picture.
    var nameBelowPictureMaximumGap = 2.0
    /// A filled region frames a message when a line in it is read at least this surely; a
    /// photo's or an icon's scraps are not (they would turn a screen of posts into bubbles).
    var framedTextConfidence = 0.7
    /// A heading over a mail's header fields this like the Subject field is the subject again.
    static let sameSubjectSimilarity = 0.9
    /// A filled shape at least this many times as wide as tall frames a message of one letter
    /// ("k"): a bubble's padding widens it, where an icon's letter fills a square or a circle.
    var oneLetterBubbleAspect = 2.5
    /// Unfilled lines of text hugging the right, at least this many, and one hugging the left
    /// make a chat of outlined or frameless bubbles.
    var minimumSidedBubbles = 2
    /// Without a bubble hugging the left, at least this many unframed ones down the right
    /// (and no other text) are the user's side: fewer may be a heading's words set right.
    var minimumUnansweredBubbles = 3
    /// Such a bubble keeps at least this share of the width clear on the side it does not hug.
    var sidedBubbleGap = 0.25
    /// A region whose rows are at least this share picture is a picture, not a bubble.
    var pictureRegionShare = 0.6
    /// A bubble's fill is the commonest colour on at least this share of its rows (a round
    /// one's ends aside: 0.82 for a small round bubble); a sticker in a bubble's colour leaves
    /// the page showing on more (0.62 for a like thumb).
    var bubbleFillRowShare = 0.75
    /// Two pictures at most this many line heights apart, edges aligned, are one picture cut
    /// in two by a line across it (bubbles keep more space between them).
    var splitPictureGapLines = 0.3
    /// A picture at least this share of the screen's height is a message of its own (smaller
    /// colourful patches are emoji and icons).
    var minimumMediaShare = 0.05
    /// A photo, a map or a video is at most this many times as wide as tall (a panorama is
    /// about 4); a thinner strip of picture is the wallpaper seen round a bubble or a banner.
    var pictureMaximumAspect = 6.0
    /// A large filled region whose lines of text fill less than this share of its height is a
    /// picture with a few words on it (a map's labels), not a bubble of text.
    var sparseTextShare = 0.25
    /// A "word" of up to three characters more than this many line heights tall is a picture
    /// Tesseract read as letters (a profile picture beside a mail's sender), not text.
    var pictureScrapLines = 2.2
    /// A line of words on the page in the top third of the chat, at least this many times as
    /// tall as the messages' text and with no bubble beside it, is the screen's large title
    /// (iOS), where no bar holds one.
    var largeTitleLines = 1.5
    /// An app bar in the page's own colour: its row starts within this share of the screen's
    /// height from the chat's top, with an icon this share of the width from either side (a
    /// back button at the left, an action at the right).
    var flatBarBandShare = 0.15
    var flatBarIconEdgeShare = 0.2
    /// A square region beside text, read as a letter or two at least this many times as tall
    /// as the lines beside it, is a drawn profile picture (a cartoon on the page's paper).
    var drawnAvatarHeight = 1.6
    /// A profile photo whose pale sides fade into the page is found as its middle, down to
    /// this many times as wide as tall (AirMessage's: 0.6); a letter avatar stays square.
    var fadedAvatarMinimumRatio = 0.55
    /// A row of words of at most `scrapWordLength` letters or digits, read with less than
    /// this mean confidence (0...1), is a picture read as letters: Tesseract reads short real
    /// words in a clean font at 0.8 and more, and a photo's or an icon's scraps at 0.3–0.55.
    var scrapConfidence = 0.6
    /// In a bubble that shows a recording's length and its time, a row read below this is its
    /// waveform or its play button read as letters ("svallll" at 0.40, "eo. Oh" at 0.49).
    var playerScrapConfidence = 0.5
    /// Real words in a clean font read at this confidence and more; a scrap below it that
    /// stands out otherwise (half as tall again as the text) is a picture.
    var sureWordConfidence = 0.8
    static let scrapWordLength = 3
    /// A scrap of one or two characters at a line's start, more than this many line heights
    /// before the next word, is a picture in front of the text, not a word.
    var detachedScrapGap = 1.0
    /// Words of a line are set at most this many line heights apart (a space is 0.25–0.35); a
    /// wider gap after an unsure scrap taller than the text by `pictureScrapHeightRatio` sets
    /// a picture apart from the text, even when closer than `detachedScrapGap`. Capitals
    /// stand about 1.4 times as tall as small letters, so the ratio is above that.
    var wordSpaceLines = 0.5
    var pictureScrapHeightRatio = 1.5
    /// A first row that starts between these many of its own heights right of the rows under
    /// it (which all start at one edge) has a profile picture in front of it: a sender's name.
    var avatarIndentMinimum = 0.9
    var avatarIndentMaximum = 2.6
    /// A shape with nothing to read at least this share of the screen's height is a sticker
    /// (a like, a big emoji); smaller ones are icons.
    var minimumGraphicShare = 0.035
    /// A sticker is about as wide as tall; a textless pill at least this many times as wide
    /// as tall is a reaction's (an emoji and its count under a bubble).
    var graphicMaximumAspect = 1.6
    /// A textless shape at most this many line heights tall is a message of big emoji (apps
    /// draw them two to four times the size of text); a taller one is a sticker.
    var emojiMaximumLines = 4.5
    /// A bubble whose only words (its time, its ticks) start at least this many line heights
    /// in from its left side holds something unread before them: emoji Tesseract saw nothing in.
    var unreadGlyphLines = 1.5
    /// Something is drawn there on at least this many line heights' worth of rows, starting
    /// at least `unreadGlyphInsetLines` in from the bubble's side.
    var unreadGlyphInkLines = 0.5
    var unreadGlyphInsetLines = 0.3
    /// Big emoji side by side are drawn the same size: heights within this share of each other.
    var likeSquareHeightTolerance = 0.2
    /// Centered: the gaps on either side differ by at most this share of the width, and each
    /// is at least `centeredMinimumGap` (bubbles hug one side; notices and stamps do not).
    var centeredTolerance = 0.05
    var centeredMinimumGap = 0.06
    /// A reply's preview bar over the composer: it ends within this many line heights of the
    /// chat area's bottom, spans at least `replyDraftWidthShare` of the width, is at least
    /// `replyDraftWidthRatio` times as wide as the bubble whose words it repeats, and repeats
    /// them this closely (normalised edit distance).
    var replyDraftComposerGap = 1.0
    var replyDraftWidthShare = 0.7
    var replyDraftWidthRatio = 1.5
    var replyDraftSimilarity = 0.9
    /// A header the layout did not set apart leaks into the chat area's first lines: its name
    /// and status are looked for no further down than this many line heights.
    var headerLeakLines = 2.0
    /// An answer's paragraphs are at most this many line heights apart (a blank line and the
    /// margins around it, up to 2.2 before a heading in PocketPal); two answers in a row stand
    /// further apart.
    var answerParagraphGapLines = 2.5

    /// The defaults.
    public init() {}

    /// The defaults with `overrides` (threshold name → number) applied; a name that is not a
    /// threshold, or a value of the wrong kind, is an error naming it.
    init(overrides: [String: Double]) throws {
        var values =
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(ReadingTuning())) as? [String: Any] ?? [:]
        for (name, value) in overrides {
            guard values[name] != nil else { throw LayoutError.unknownThreshold(name) }
            // A whole number may stand for a count as well as a share.
            values[name] = value.rounded() == value && abs(value) < 1e9 ? Int(value) as Any : value
        }
        do {
            self = try JSONDecoder().decode(
                ReadingTuning.self, from: JSONSerialization.data(withJSONObject: values))
        } catch {
            throw LayoutError.wrongKind(overrides.keys.sorted().joined(separator: ", "))
        }
    }
}

enum LayoutError: Error {
    case unknownThreshold(String)
    case wrongKind(String)
}
