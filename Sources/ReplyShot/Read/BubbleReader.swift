import Foundation

/// The Read stage: OCR regions in, chat bubbles with speakers out.
public protocol ScreenReading: Sendable {
    func read(_ page: OCRPage, options: ReadOptions) -> ScreenRead
}

public struct ReadOptions: Sendable, Equatable {
    /// A post author whose posts are the user's own (`--me NAME`).
    public var myName: String?
    /// The thresholds of the app's layout (prompts/layouts.json); nil: the reader's own.
    public var tuning: ReadingTuning?

    public init(myName: String? = nil, tuning: ReadingTuning? = nil) {
        self.myName = myName
        self.tuning = tuning
    }
}

/// Reads bubbles the way a person does: each coloured bubble is one message, its side says
/// who wrote it, and what is not the message is set apart: the app's chrome (title, stamps,
/// receipts), a bubble's small print (time, ticks, "edited"), the sender's name above a group
/// message (its `author`), a quoted reply (its `quote`), pictures (`media`) and the app's own
/// centered notices (`notice`). Every decision is recorded for `--explain`.
public struct BubbleReader: ScreenReading {
    var tuning = ReadingTuning()
    /// Who wrote each bubble, where a group chat names its senders (set per screen by `read`).
    private var names = SenderNames()
    /// The column the screen's bubbles stand in, when it is centred in a wider window (set per
    /// screen by `read`); nil: the screen's own width.
    private var column: ClosedRange<Int>?
    private let chrome: ChromeFilter
    private let corrector = OCRCorrector()
    private let metadata: MessageMetadata
    private let posts: PostReader
    private let logs: LogLineReader

    /// With every shipped language's chrome words.
    public init() {
        chrome = ChromeFilter()
        metadata = MessageMetadata()
        posts = PostReader(chrome: chrome, metadata: metadata)
        logs = LogLineReader(chrome: chrome, metadata: metadata)
    }

    /// With the chrome words of the languages the pipeline loaded (`--prompts` may add some).
    public init(chrome words: ChromeWords) {
        chrome = ChromeFilter(words: words)
        metadata = MessageMetadata(words: words)
        posts = PostReader(chrome: chrome, metadata: metadata)
        logs = LogLineReader(chrome: chrome, metadata: metadata)
    }

    public func read(_ page: OCRPage, options: ReadOptions = ReadOptions()) -> ScreenRead {
        if let layout = options.tuning, layout != tuning {
            var reader = self
            reader.tuning = layout
            return reader.read(page, options: options)
        }
        var log = DecisionLog()
        let bodyHeight = typicalLineHeight(page)
        var (content, mailFields) = withoutMailHeader(
            withoutChips(
                withoutMenus(
                    page.regions.filter { $0.zone == .content }, page: page, lineHeight: bodyHeight, log: &log),
                page: page, bodyHeight: bodyHeight, log: &log),
            log: &log)
        var headerTitle = title(page, bodyHeight: bodyHeight, log: &log) ?? mailFields?.subject
        if headerTitle == nil, let large = largeTitle(in: content, page: page, bodyHeight: bodyHeight) {
            for box in large.regions { log.add(box, .title, large.text) }
            headerTitle = large.text
            content.removeAll { large.regions.contains($0.box) }
        }
        if headerTitle == nil, let bar = flatBarTitle(in: content, page: page, bodyHeight: bodyHeight) {
            for region in content where bar.regions.contains(region.box) {
                log.add(region.box, region.box == bar.title ? .title : .header, region.text)
            }
            headerTitle = bar.text
            content.removeAll { bar.regions.contains($0.box) }
        }
        let names = SenderNames(tuning: tuning, screen: content)
        logChrome(page.layout, log: &log)
        // IRC-style logs: one line a message, led by its time or the sender's nick.
        let logRows = Self.rows(
            of: content.filter { !isAvatar($0, on: page) }.flatMap { region in
                region.lines.filter { $0.confidence >= tuning.minimumConfidence && !inPicture($0, of: region) }
                    .compactMap { Self.line($0, keeping: { !isEmojiGlyph($0) }) }
            }
        ).filter { !isPictureScrap($0) }
        // A log's lines stand on the page, a highlighted one or two aside; text mostly in
        // filled shapes is bubbles.
        let inShapes = logRows.filter { row in content.contains { $0.isFilled && $0.box.encloses(row.box) } }
        if inShapes.count * 2 < logRows.count,
            let lines = logs.read(rows: logRows, page: page, myName: options.myName, bodyHeight: bodyHeight)
        {
            for line in lines {
                log.add(line.box, line.kind == .notice ? .notice : ReadDecision.Role(line.speaker), line.text)
            }
            return Self.screenRead(page, title: headerTitle, bubbles: lines, log: log)
        }
        // Apps without bubbles (Slack, e-mail) are read as posts and paragraphs; their
        // profile pictures are the only filled shapes and hold no message.
        // A bubble holds words: a photo, a sticker or a coloured icon is filled but frames none.
        let framed = content.filter { region in
            region.isFilled && !isAvatar(region, on: page) && !isPicture(region)
                && (region.readInEarlierShot
                    || region.lines.contains {
                        $0.confidence >= tuning.framedTextConfidence
                            && ($0.text.filter(\.isLetter).count >= 2 || framesOneLetter(region, line: $0)
                                || framesANumber($0))
                    })
        }
        // Chat apps that show posts (Mattermost, Zulip, Slack) still draw a few filled shapes
        // with words: buttons, cards, highlighted mentions. Post headers outnumbering them
        // say which kind of screen this is. A header's time may stand apart from the name, at
        // the row's far end, in a region of its own: headers are looked for in whole rows. A
        // name and time over a bubble (a group chat's) head that bubble, not a post.
        let postHeaders = Self.rows(of: content.filter { !$0.isFilled }.flatMap(\.lines)).filter { row in
            posts.author(inHeader: row) != nil
                && !framed.contains {
                    $0.box.y >= row.box.y + row.box.height / 2
                        && Double($0.box.y - row.box.maxY) < Double(row.box.height) * tuning.nameAboveMaximumGap
                }
        }
        // Bubbles drawn as outlines only, or with no frame at all, are not filled; with no post
        // headers on the screen, lines of text that hug either side (some the left, some the
        // right) are such bubbles.
        let sided = postHeaders.isEmpty ? outlinedBubbles(in: content, page: page) : []
        let bubbleRegions = framed.isEmpty ? sided : framed
        guard !bubbleRegions.isEmpty, postHeaders.count < max(2, bubbleRegions.count) else {
            var text: [TextRegion] = []
            var media: [Bubble] = []
            for region in content {
                if region.readInEarlierShot {
                    log.add(region.box, .readEarlier, "")
                    continue
                }
                if isAvatar(region, on: page) {
                    log.add(region.box, .avatar, region.text)
                    continue
                }
                media += self.media(in: region, page: page, bodyHeight: bodyHeight, log: &log)
                text.append(region)
            }
            let lines = text.flatMap { region in
                region.lines.filter { $0.confidence >= tuning.minimumConfidence && !inPicture($0, of: region) }
            }
            // A profile picture read as a letter or two stands as tall as several lines of text.
            let tallScrap = bodyHeight * tuning.pictureScrapLines
            // A composer's hint may float over the words being typed (Material's label): what
            // stands under a hint at the composer is the draft, not a post.
            var composerHintBottom: Int?
            let rows = Self.rows(
                of: lines.filter { !(Double($0.box.height) > tallScrap && $0.text.count <= 3) }
                    .compactMap { Self.line($0, keeping: { !isEmojiGlyph($0) }) }
            ).filter { row in
                // A composer the layout did not set apart ("Send a message...") is no post, nor
                // is a button ("Load more").
                guard !isPictureScrap(row) else { return false }
                let atComposer = isAtComposer(row.box, layout: page.layout)
                if atComposer, let hintBottom = composerHintBottom, row.box.midY > hintBottom {
                    log.add(row.box, .inputBar, row.text)
                    return false
                }
                guard
                    chrome.isControl(row.text) || ChromeFilter.isRowOfIcons(row.words)
                        || chrome.isComposerHint(row.text, atComposer: atComposer)
                else { return true }
                if atComposer, chrome.isComposerHint(row.text) { composerHintBottom = row.box.maxY }
                log.add(row.box, .placeholder, row.text)
                return false
            }
            var posts = self.posts.read(
                rows: rows, page: page, myName: options.myName, bodyHeight: bodyHeight,
                isNameRow: { index in
                    // (A mail's sender: a name over the sender's address.)
                    index + 1 < rows.count
                        && (names.isNameOverPost(rows[index], above: rows[index + 1], in: text)
                            || isNameBesideAvatar(rows[index], above: rows[index + 1], page: page)
                            || (PostReader.isAddressRow(rows[index + 1])
                                && names.isNameShaped(ChromeFilter.withoutIconScraps(rows[index].text))))
                })
            for index in posts.bubbles.indices {
                // A post that is a file's name and size is the file.
                if let file = MediaLabel.file(in: posts.bubbles[index].text) {
                    posts.bubbles[index].text = file
                    posts.bubbles[index].kind = .media
                    log.add(posts.bubbles[index].box, .media, file)
                } else {
                    log.add(
                        posts.bubbles[index].box, ReadDecision.Role(posts.bubbles[index].speaker),
                        posts.bubbles[index].text)
                }
            }
            let ordered = (posts.bubbles + media).sorted { $0.box.y < $1.box.y }
            // A name alone right over a picture heads that picture, as it heads a post.
            let named = ordered.contains { $0.author != nil }
            var bubbles: [Bubble] = []
            for var bubble in ordered {
                if bubble.kind == .media, named, let name = bubbles.last, names.isNameShaped(name.text),
                    Double(name.box.height) <= bodyHeight * tuning.nameAboveMaximumLines,
                    Double(bubble.box.y - name.box.maxY) <= bodyHeight * tuning.nameAboveMaximumGap
                {
                    log.relabel(name.box, as: .author)
                    bubble.author = SenderNames.cleanName(name.text)
                    bubble.speaker = name.author == nil ? .them : name.speaker
                    bubbles.removeLast()
                }
                bubbles.append(bubble)
            }
            // An opened mail whose sender line stayed in the fixed header above the body
            // ("Bob Developer <bob@demo.root.cloud>"): its paragraphs are that sender's.
            if !bubbles.contains(where: { $0.author != nil }),
                let sender = mailSender(inHeaderOf: page) ?? mailFields?.sender
            {
                for index in bubbles.indices where bubbles[index].kind == .text && bubbles[index].speaker == .unknown {
                    bubbles[index].author = sender
                    bubbles[index].speaker = .of(sender: sender, me: options.myName)
                }
            }
            // A picture in a post is the post author's.
            for index in bubbles.indices.dropFirst() where bubbles[index].kind == .media && bubbles[index].author == nil
            {
                bubbles[index].author = bubbles[index - 1].author
                bubbles[index].speaker = bubbles[index - 1].speaker
            }
            return Self.screenRead(page, title: posts.subject ?? headerTitle, bubbles: bubbles, log: log)
        }
        var reader = self
        reader.names = names
        reader.column = centredColumn(of: content, width: page.layout.width)
        let closing = ClosingStamps(metadata: metadata)
        let messages = UnframedParagraphs().joined(content).flatMap { closing.split($0, lineHeight: bodyHeight) }
        // Every message region read as bubbles, logged on top of what was logged so far.
        func readMessages(_ reader: BubbleReader) -> ([Bubble], DecisionLog) {
            var bubbles: [Bubble] = []
            var messageLog = log
            for region in messages {
                bubbles += reader.bubbles(from: region, page: page, bodyHeight: bodyHeight, log: &messageLog)
            }
            bubbles = reader.takingNameLabels(
                bubbles, regions: messages, page: page, bodyHeight: bodyHeight, log: &messageLog)
            return (bubbles, messageLog)
        }
        var (bubbles, messageLog) = readMessages(reader)
        // A name told apart by its ink or size marks a group chat; there every bubble from the
        // others that starts with a row shaped like a name starts with its sender's, even where
        // the ink cannot tell (a photo avatar beside the rows, a name in the text's colour).
        // A header that counts the group's members says so too, even where no name in this
        // shot stands out (one scroll position of a group chat).
        let groupHeader = page.regions.filter { $0.zone == .header }.flatMap(\.lines).contains {
            chrome.isMemberCount($0.text)
        }
        if !reader.names.namesHeadBubbles, groupHeader || bubbles.contains(where: { $0.author != nil }) {
            reader.names.namesHeadBubbles = true
            (bubbles, messageLog) = readMessages(reader)
        }
        log = messageLog
        bubbles = joiningSplitPictures(bubbles, regions: messages, lineHeight: bodyHeight, width: page.layout.width)
        bubbles = joiningGraphicsInARow(bubbles)
        bubbles = reader.takingSmallPrintLabels(bubbles, regions: messages, bodyHeight: bodyHeight, log: &log)
        sidingBubblesOfTwoNamesWithTheOthers(&bubbles, myName: options.myName, log: &log)
        assignSpeakersByFill(&bubbles, regions: messages)
        reader.correctingSidesByFill(&bubbles, regions: messages, page: page)
        reader.correctingSidesByFlushEdge(&bubbles, regions: messages, page: page)
        assignSpeakersByEdge(&bubbles, width: page.layout.width)
        assignSpeakersWithinABubble(&bubbles, regions: messages)
        reader.names.takeNamesBesideBubbles(&bubbles, regions: messages, bodyHeight: bodyHeight, log: &log)
        SenderNames.takeInlineNames(&bubbles)
        assignSpeakersNamedAsTheUser(&bubbles, regions: messages, myName: options.myName)
        bubbles = joiningAnswerParagraphs(bubbles, regions: messages, bodyHeight: bodyHeight, log: log)
        dropReplyDraft(&bubbles, layout: page.layout, bodyHeight: bodyHeight, log: &log)
        return Self.screenRead(page, title: headerTitle, bubbles: bubbles, log: log)
    }

    /// An assistant writes its answer on the page, in paragraphs, while the user's prompts
    /// stand in bubbles: where every message of the user's is framed and none of the other
    /// side's is, the other side's paragraphs between two prompts are one answer. Messages
    /// in bubbles too pale to be told from a wallpaper are no paragraphs: each ends in its
    /// time, and small print between two of them keeps them apart; so does a gap wider than
    /// a paragraph's blank (`answerParagraphGapLines`).
    func joiningAnswerParagraphs(_ bubbles: [Bubble], regions: [TextRegion], bodyHeight: Double, log: DecisionLog)
        -> [Bubble]
    {
        let smallPrint = log.decisions.filter { [.metadata, .stamp].contains($0.role) }.map(\.box.midY)
        func isFramed(_ bubble: Bubble) -> Bool {
            regions.contains {
                $0.isFilled && $0.box.overlapArea(with: bubble.box) * 2 >= bubble.box.width * bubble.box.height
            }
        }
        let texts = bubbles.filter { $0.kind == .text }
        let prompts = texts.filter { $0.speaker == .me }, answers = texts.filter { $0.speaker == .them }
        guard !prompts.isEmpty, !answers.isEmpty, prompts.allSatisfy(isFramed), !answers.contains(where: isFramed)
        else { return bubbles }
        return Self.joiningConsecutive(
            bubbles,
            when: { last, bubble in
                last.speaker == .them && bubble.speaker == .them && last.kind == .text && bubble.kind == .text
                    && last.author == bubble.author && bubble.quote == nil
                    && Double(bubble.box.y - last.box.maxY) <= bodyHeight * tuning.answerParagraphGapLines
                    && !smallPrint.contains(where: { (last.box.y..<bubble.box.y).contains($0) })
            },
            alsoFolding: { answer, paragraph in
                answer.text += " " + paragraph.text
                answer.confidence = min(answer.confidence, paragraph.confidence)
            })
    }

    /// `bubbles` with each one that `continues` the one kept before it folded into that one:
    /// one box over both, cut off where either is, and whatever else `fold` takes over.
    static func joiningConsecutive(
        _ bubbles: [Bubble], when continues: (Bubble, Bubble) -> Bool,
        alsoFolding fold: (inout Bubble, Bubble) -> Void = { _, _ in }
    ) -> [Bubble] {
        var joined: [Bubble] = []
        for bubble in bubbles {
            if let last = joined.last, continues(last, bubble) {
                joined[joined.count - 1].box = last.box.union(bubble.box)
                joined[joined.count - 1].isCutOff = last.isCutOff || bubble.isCutOff
                fold(&joined[joined.count - 1], bubble)
                continue
            }
            joined.append(bubble)
        }
        return joined
    }

    /// `content` without an opened mail's labelled header fields (`MailHeaderFields`), and
    /// those fields; without the subject repeated as the mail's heading over them, too.
    func withoutMailHeader(_ content: [TextRegion], log: inout DecisionLog) -> ([TextRegion], MailHeaderFields?) {
        guard
            let fields = content.lazy.compactMap(MailHeaderFields.init(region:)).first
                ?? MailHeaderFields(spreadOver: content)
        else { return (content, nil) }
        for region in fields.regions { log.add(region.box, .header, region.text) }
        let top = fields.regions.map(\.box.y).min() ?? 0
        let heading = fields.subject.flatMap { subject in
            content.first {
                $0.box.maxY <= top
                    && TextSimilarity.similarity($0.text, subject) >= ReadingTuning.sameSubjectSimilarity
            }
        }
        if let heading { log.add(heading.box, .title, heading.text) }
        let header = Set(fields.regions.map(\.box))
        return (content.filter { !header.contains($0.box) && $0.box != heading?.box }, fields)
    }

    /// Whether a filled shape frames a message of one letter ("k", "a"): a lone word in a
    /// shape much wider than tall, as a bubble is, where an icon read as a letter fills a
    /// square or a circle of its own.
    func framesOneLetter(_ region: TextRegion, line: OCRLine) -> Bool {
        line.words.count == 1 && line.text.filter(\.isLetter).count == 1
            && Double(region.box.width) >= Double(region.box.height) * tuning.oneLetterBubbleAspect
    }

    /// Whether a filled shape's line holds a number of two digits or more with nothing else
    /// in the word ("234" beside its time): a message of figures. A time ("11:56") is no such
    /// word, so a pill of a stamp alone still frames nothing.
    func framesANumber(_ line: OCRLine) -> Bool {
        line.words.contains { $0.text.count >= 2 && $0.text.allSatisfy(\.isNumber) }
    }

    /// The preview of the message being answered, drawn in a bar over the composer while the
    /// user writes a reply (a name, the replied-to words, a close button): the same words as a
    /// bubble above, in a bar across the screen. The bubble itself is the message; a real
    /// repeat ("ok", "ok") comes in a bubble of its own width.
    func dropReplyDraft(_ bubbles: inout [Bubble], layout: ScreenLayout, bodyHeight: Double, log: inout DecisionLog) {
        guard let last = bubbles.indices.max(by: { bubbles[$0].box.maxY < bubbles[$1].box.maxY }) else { return }
        let draft = bubbles[last]
        guard draft.kind == .text,
            Double(layout.contentBottom - draft.box.maxY) <= bodyHeight * tuning.replyDraftComposerGap,
            Double(draft.box.width) >= Double(layout.width) * tuning.replyDraftWidthShare,
            draft.text.split(separator: " ").count >= 2
        else { return }
        let repeats = bubbles.indices.contains { index in
            index != last && bubbles[index].box.maxY <= draft.box.y && bubbles[index].kind == .text
                && Double(bubbles[index].box.width) * tuning.replyDraftWidthRatio <= Double(draft.box.width)
                && TextSimilarity.similarity(bubbles[index].text, draft.text) >= tuning.replyDraftSimilarity
        }
        guard repeats else { return }
        log.relabel(draft.box, as: .inputBar)
        bubbles.remove(at: last)
    }

    /// What was read off `page`, with every decision and the page's regions for `--explain`.
    static func screenRead(_ page: OCRPage, title: String?, bubbles: [Bubble], log: DecisionLog) -> ScreenRead {
        var log = log
        let bubbles = ReplyHeaders().folding(bubbles, log: &log)
        var read = ScreenRead(
            source: page.source, title: title, bubbles: bubbles, rows: page.rows,
            background: page.background, decisions: log.decisions, layout: page.layout)
        read.regionBoxes = page.regions.map(\.box)
        return read
    }

    /// Unfilled regions of confident text that each hug one side, keep well clear of the other
    /// (`sidedBubbleGap`; an avatar may stand before the other side's) and stand alone on
    /// their rows, when the right has at least `minimumSidedBubbles` and the left one: a
    /// mail's lines, a post's time or a date alone at the right are no conversation. None
    /// otherwise.
    func outlinedBubbles(in content: [TextRegion], page: OCRPage) -> [TextRegion] {
        let width = page.layout.width
        let margin = Double(width) * tuning.sideMargin, gap = Double(width) * tuning.sidedBubbleGap
        let texts = content.filter { region in
            !region.isFilled && !isAvatar(region, on: page) && !isPicture(region)
                && region.lines.contains {
                    $0.confidence >= tuning.framedTextConfidence && $0.text.filter(\.isLetter).count >= 2
                        && !metadata.isMetadataRow($0.words)
                }
        }
        // A bubble stands alone on its rows; a heading's words or a button beside a name share them.
        func alone(_ region: TextRegion) -> Bool {
            !texts.contains { $0.box != region.box && $0.box.sharesRows(with: region.box) }
        }
        let right = texts.filter { Double(width - $0.box.maxX) <= margin && Double($0.box.x) >= gap && alone($0) }
        let left = texts.filter { Double($0.box.x) < gap && Double(width - $0.box.maxX) >= gap && alone($0) }
        // The user's messages alone (a test chat, a scroll past the other side's): a column of
        // them down the right, and no other text on the screen.
        let onlyMine = left.isEmpty && right.count >= tuning.minimumUnansweredBubbles && right.count == texts.count
        guard right.count >= tuning.minimumSidedBubbles, !left.isEmpty || onlyMine else { return [] }
        return right + left
    }

    /// One region as its messages: usually one bubble; a picture with a caption is two
    /// (media, then the caption's text); nothing when only chrome or small print is left.
    func bubbles(from region: TextRegion, page: OCRPage, bodyHeight: Double, log: inout DecisionLog) -> [Bubble] {
        let layout = page.layout
        if region.readInEarlierShot {
            log.add(region.box, .readEarlier, "")
            return []
        }
        if isAvatar(region, on: page) {
            log.add(region.box, .avatar, region.text)
            return []
        }
        var result: [Bubble] = []
        result += media(in: region, page: page, bodyHeight: bodyHeight, log: &log)
        // (A picture above a tinted block of text is a link's preview, decided below.)
        if region.lines.isEmpty, result.isEmpty,
            let graphic = graphic(region, page: page, bodyHeight: bodyHeight, log: &log)
        {
            return [graphic]
        }
        // An emoji read as a scrap is dropped from its line; a bubble that held nothing else
        // (an emoji and its time) is still a message.
        var droppedEmoji = false
        // The small time some apps print in a bubble's corner is dropped word by word,
        // before fragments are joined into rows, so it cannot glue onto the text.
        let confident = region.lines.filter { $0.confidence >= tuning.minimumConfidence && !inPicture($0, of: region) }
        // (A signing row may be read in fragments, its time one of them: "Alice ·", "12:30".)
        let signatures = Self.rows(of: confident).compactMap { row in
            metadata.signature(row.words, maximumNameWords: tuning.maximumAuthorWords, smallPrint: true).map {
                (row: row.box, name: $0)
            }
        }
        let readable =
            confident.compactMap { line -> OCRLine? in
                // A stamp that signs the message keeps its time until the sender's name is taken.
                let signs = signatures.contains { $0.row.encloses(line.box) }
                let unstamped =
                    signs ? line : withoutCornerTime(line, filled: region.isFilled, bodyHeight: bodyHeight, log: &log)
                // A reaction's chip ("🥰 1"): with its emoji dropped, its count would be a message.
                if MessageMetadata.isReactionChip(unstamped.words, isEmoji: isEmojiGlyph) {
                    log.add(unstamped.box, .metadata, unstamped.text)
                    return nil
                }
                if unstamped.words.contains(where: isEmojiGlyph) { droppedEmoji = true }
                return Self.line(
                    unstamped, keeping: { !isEmojiGlyph($0) && !isBubbleEdge($0, of: region, bodyHeight: bodyHeight) })
            }
        // A round button floating over the chat (WhatsApp's "scroll to the latest message")
        // holds a chevron read as a scrap of ticks ("Vv"): a shape about as wide as tall whose
        // only word is such a scrap is no message.
        let readWords = readable.flatMap(\.words)
        if region.isFilled, result.isEmpty, readWords.count == 1, let only = readWords.first,
            Self.hasEmojiAspect(region.box), Self.isChevronScrap(only.text)
        {
            log.add(region.box, .placeholder, only.text)
            return []
        }
        // (The bar may be a fragment of its own: it is looked for in whole rows.)
        var lines = Self.rows(of: readable).map {
            withoutEdgeScrap(withoutQuoteBar($0, of: region), of: region, bodyHeight: bodyHeight, log: &log)
        }.filter { row in
            guard isPictureScrap(row) || isTallScrap(row, bodyHeight: bodyHeight) else { return true }
            log.add(row.box, .noise, row.text)
            return false
        }
        let touchesTop = region.box.y <= layout.contentTop + tuning.edgeTouch
        let touchesBottom = region.box.maxY >= layout.contentBottom - tuning.edgeTouch
        // A line sliced by the screen edge reads as garbage; the neighbouring shot has it whole.
        let wholeMargin = bodyHeight * ReadingTuning.wholeLineMarginShare
        // Bare page of several lines' height beside a line of text on the page: the chat's
        // very start or end, scrolled past (a composer's own hint may follow). A line cut there
        // by the edge of an earlier capture (under its composer) is short and garbled at once;
        // a whole last line ("ok") is read surely.
        let others = page.regions.filter { $0.zone == .content && $0.box != region.box }
        let band = Int(bodyHeight * ReadingTuning.barePageLines)
        let bareAbove = !others.contains {
            $0.box.maxY > region.box.y - band && $0.box.maxY <= region.box.y + tuning.edgeTouch
        }
        let bareBelow = !others.contains {
            $0.box.y < region.box.maxY + band && $0.box.y >= region.box.maxY - tuning.edgeTouch
        }
        func isCut(_ line: OCRLine, atEdge touches: Bool, overBarePage bare: Bool, margin: Int, edgeGap: Int) -> Bool {
            let nearEdge = Double(margin) < wholeMargin
            if touches {
                return edgeGap <= tuning.edgeSlice || (Self.isSliced(line, lineHeight: bodyHeight) && nearEdge)
            }
            // A line alone in its region (text on the page): under a bubble's last line a
            // time in small print, short and read poorly too, is whole.
            return bare && region.lines.count == 1 && Self.isCutAndGarbled(line, lineHeight: bodyHeight)
        }
        if let first = lines.first,
            isCut(
                first, atEdge: touchesTop, overBarePage: bareAbove, margin: first.box.y - region.box.y,
                edgeGap: first.box.y - layout.contentTop)
        {
            log.add(first.box, .sliced, first.text)
            lines.removeFirst()
        }
        if let last = lines.last,
            isCut(
                last, atEdge: touchesBottom, overBarePage: bareBelow, margin: region.box.maxY - last.box.maxY,
                edgeGap: layout.contentBottom - last.box.maxY)
        {
            log.add(last.box, .sliced, last.text)
            lines.removeLast()
        }
        let stripped = strippingMetadata(lines, bodyHeight: bodyHeight, log: &log)
        var speaker = speaker(of: region, width: layout.width)
        // A profile picture beside the bubble says whose it is, even where the bubble reaches
        // across to the other side (Knit draws both sides' bubbles in one colour, wide).
        let avatarSide = sideOfAvatar(beside: region, on: page)
        if avatarSide != .unknown { speaker = avatarSide }
        if speaker == .unknown, let reported = stripped.reportedSide { speaker = reported }
        // Its play button may read as a sign (">"): no letter or figure, an icon. A group's
        // recording may be signed in its small print ("Bob just now · 5 KiB"), or headed by
        // its sender's name over the player ("Admin").
        let everyWord = region.lines.flatMap(\.words)
        let playerHeading =
            stripped.lines.count == 1 && region.lines.count > 1
                && names.isNameShaped(stripped.lines[0].words.map(\.text)) ? stripped.lines[0] : nil
        // A waveform without bars to find may read as an unsure row of letters.
        let waveformRows = region.lines.filter { $0.confidence < tuning.playerScrapConfidence }.map(\.box)
        let playerWords = everyWord.filter { word in
            !(playerHeading.map { $0.box.encloses(word.box) } ?? false)
                && !waveformRows.contains { $0.encloses(word.box) }
        }
        if stripped.lines.allSatisfy({ line in
            line.box == playerHeading?.box || waveformRows.contains { $0.encloses(line.box) }
                || !line.text.contains { $0.isLetter || $0.isNumber }
        }),
            region.isFilled, result.isEmpty,
            metadata.isVoiceNote(playerWords) || metadata.holdsLengthAndStamp(playerWords)
        {
            log.add(region.box, .media, "[voice] " + region.text)
            let author =
                playerHeading.map { SenderNames.cleanName($0.text) } ?? (speaker == .me ? nil : signatures.first?.name)
            return [
                Bubble(
                    speaker: speaker, author: author, text: MediaLabel.voice,
                    kind: .media, box: region.box, confidence: everyWord.meanConfidence, source: page.source,
                    isCutOff: touchesTop || touchesBottom)
            ]
        }
        lines = stripped.lines
        // A mail's recipients under its sender ("To: daily@example.com") are its header, no
        // message and no sender's name.
        if lines.count == 1, PostReader.isRecipientsLine(lines[0].text) {
            log.add(lines[0].box, .metadata, lines[0].text)
            return result
        }
        // A picture in front of the text is often a fragment of its own, so it is looked for
        // in whole rows, and after the small print: "Ok" before a time at the far side stays.
        lines = lines.map { withoutDetachedScraps($0, bodyHeight: bodyHeight, log: &log) }
        guard !lines.isEmpty else {
            // The bubble is told from a reaction's chip (an emoji and its reactor's picture,
            // under a bubble) by its time, and from a centred stamp by its side.
            let stamped = everyWord.contains { metadata.isTimeInFigures($0.text) }
            // Emoji Tesseract saw nothing in leave no scrap to drop: only what is drawn before
            // the time, well in from the bubble's side ("🤣🤣🤣  09:30 ✓✓"), shows them. (A
            // bubble's rounded corners show the page right at its side; the rest of a bubble
            // whose words lie past a cut shows nothing before its time, and the rest of a
            // picture shows picture rows.)
            let firstWord = everyWord.map(\.box.x).min() ?? region.box.x
            let inset = Int(bodyHeight * tuning.unreadGlyphInsetLines)
            let drawnRows = region.leftMarks(over: region.box.y..<region.box.maxY).filter { mark in
                mark.map { $0.x >= region.box.x + inset && $0.x + $0.width <= firstWord } ?? false
            }.count
            let unreadStart =
                region.anatomy.pictureRows.isEmpty
                && Double(firstWord - region.box.x) >= bodyHeight * tuning.unreadGlyphLines
                && Double(drawnRows) >= bodyHeight * tuning.unreadGlyphInkLines
            guard result.isEmpty, droppedEmoji || unreadStart, stamped, region.isFilled, speaker != .unknown,
                !touchesChatEdge(region.box, layout: layout)
            else { return result }
            // Before a lone length from zero ("00:17"), what is drawn is a play button: a
            // recording, not emoji (a stamp reads so only in the first hour after midnight).
            let figures = everyWord.filter { $0.text.contains(where: \.isNumber) }
            if !droppedEmoji, !figures.isEmpty, figures.allSatisfy({ MessageMetadata.isLengthFromZero($0.text) }) {
                log.add(region.box, .media, "[voice] " + region.text)
                return [
                    Bubble(
                        speaker: speaker, text: MediaLabel.voice, kind: .media, box: region.box,
                        confidence: everyWord.meanConfidence, source: page.source)
                ]
            }
            return [emojiOnly(region, speaker: speaker, page: page, log: &log)]
        }
        // A group's photo carries its sender's name over the picture, in the same bubble (a
        // caption goes under it): a lone name-shaped row over every picture of the region
        // names the pictures' sender, and is no message.
        if speaker != .me, let pictureTop = result.filter({ $0.kind == .media }).map(\.box.y).min(),
            let name = lines.first, name.box.maxY <= pictureTop,
            lines.dropFirst().allSatisfy({ $0.box.y >= pictureTop }), names.isNameShaped(name.text)
        {
            log.add(name.box, .author, name.text)
            for index in result.indices where result[index].kind == .media {
                result[index].author = SenderNames.cleanName(name.text)
                result[index].speaker = .them
            }
            lines.removeFirst()
            guard !lines.isEmpty else { return result }
        }

        // A sender's name heads a group message: a short first row in another ink than the text.
        var author: String?
        // (The time and a "more" button beside the name are no part of it.)
        let heading = lines.first.map(names.withoutStamp)
        // (A first row on a tinted block heads the quoted reply, and names the quoted author;
        // apps do not name the user over the user's own bubbles, so a name there is a quote's.
        // A first row shaped like a name, with its post's stamp beside it, heads a post on
        // either side: a quote's author line carries no time.)
        // (The stamp may stand apart, found as a region of its own right after the name.)
        let stampedName =
            heading.map { heading in
                (heading.words.count < lines[0].words.count || hasStampBeside(heading, on: page))
                    && names.isNameShaped(heading, above: Array(lines.dropFirst()))
            } ?? false
        if region.isFilled, lines.count >= 2, let heading,
            !isOnTint(lines[0], in: region, background: page.background),
            barredQuoteCount(lines, in: region, screenWidth: layout.width) == nil,
            (speaker != .me && names.headsBubble(heading, above: Array(lines.dropFirst()), in: region)) || stampedName
                || (speaker == .me && isOwnLabel(heading, above: Array(lines.dropFirst()), on: page))
        {
            author = name(heading: heading)
            log.add(lines[0].box, .author, lines[0].text)
            lines.removeFirst()
        } else if speaker != .me || stampedName, lines.count >= 2, let heading,
            isNameBesideAvatar(heading, above: lines[1], page: page),
            !region.isFilled || names.isNameShaped(heading.text)
        {
            // A post with no bubble, or a card (Matrix, Slack-like clients): the sender's
            // picture beside the first row, which is the name, then the post. (The user's own
            // posts are told by `--me` on screens read as posts; here a named post is another's.)
            // In a bubble the row must look like a name: a short first line is often a greeting.
            author = name(heading: heading)
            speaker = .them
            log.add(lines[0].box, .author, lines[0].text)
            lines.removeFirst()
        } else if speaker != .me, !region.isFilled, lines.count >= 2, let heading,
            names.isNameOverPost(heading, above: lines[1], in: page.regions)
        {
            // A post with no bubble whose picture the region took in with it (a photo as dark
            // as the page, close to the text): the name alone over the post, in its own ink.
            author = name(heading: heading)
            speaker = .them
            log.add(lines[0].box, .author, lines[0].text)
            lines.removeFirst()
        } else if speaker != .me, let signedBy = stripped.signedBy {
            // Conversations signs a group message under its text: "2:11 PM · Alice".
            author = signedBy
        }
        // A quoted reply sits on a tinted block at the top of the bubble, or beside a bar.
        var quote: String?
        let tinted =
            region.isFilled ? Array(lines.prefix { isOnTint($0, in: region, background: page.background) }) : []
        let quoted =
            tinted.isEmpty
            ? Array(lines.prefix(barredQuoteCount(lines, in: region, screenWidth: layout.width) ?? 0)) : tinted
        if !quoted.isEmpty, isLinkPreview(quoted, in: region, bodyHeight: bodyHeight) {
            // A link's preview card (a picture, a title, a description) is the page it points
            // to, not the message: the message is the link under it.
            for line in quoted { log.add(line.box, .metadata, "[link preview] " + line.text) }
            lines.removeFirst(quoted.count)
            guard !lines.isEmpty else { return result.filter { $0.kind != .media } }
            result.removeAll { $0.kind == .media }
        } else if !quoted.isEmpty, quoted.count < lines.count {
            quote = quoteText(quoted, in: region, log: &log)
            lines.removeFirst(quoted.count)
        } else if quoted.isEmpty, let count = barQuoteRows(lines, in: region, bodyHeight: bodyHeight) {
            // A reply may quote beside a bar instead of on a tint (Element X).
            log.add(lines[0].box, .author, lines[0].text)
            let quoteLines = lines[1..<count]
            quote = corrector.correct(quoteLines.map(\.text).joined(separator: " "))
            for line in quoteLines { log.add(line.box, .quote, line.text) }
            lines.removeFirst(count)
        }
        let text = corrector.correct(lines.map(\.text).joined(separator: " "))
        let box = PixelRect(enclosing: lines.map(\.box))
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
            log.add(box, .noise, text)
            return result
        }
        if chrome.isPlaceholder(text) || chrome.isControl(text)
            || chrome.isComposerHint(text, atComposer: isAtComposer(box, layout: layout))
            || (lines.count == 1 && ChromeFilter.isRowOfIcons(lines[0].words))
        {
            log.add(box, .placeholder, text)
            return result
        }
        // The header's name and status, at the top of the chat where the header went unseen.
        if Double(region.box.y - layout.contentTop) <= bodyHeight * tuning.headerLeakLines,
            chrome.isNameAndStatus([author, text].compactMap { $0 }.joined(separator: " "))
        {
            log.add(box, .header, text)
            return result
        }
        let centered = isCentered(region.box, width: layout.width)
        // The line an app draws across the chat where the unread messages start, labelled
        // "New" in its middle, marks a place; no one said it.
        if centered, ChromeFilter.isUnreadDivider(text) {
            log.add(box, .placeholder, text)
            return result
        }
        // A day stamp is centered; a time row under a bubble may sit at either side.
        if (centered && chrome.isCenteredStamp(text))
            || (!region.isFilled || centered) && metadata.isMetadataRow(lines.flatMap(\.words))
        {
            log.add(box, .stamp, text)
            return result
        }
        if !region.isFilled, chrome.isReceipt(text) {
            log.add(box, .stamp, text)
            return result
        }
        let words = lines.flatMap(\.words)
        let confidence = words.meanConfidence
        let isCutOff = touchesTop || touchesBottom
        let noticeText = ChromeFilter.withoutLeadingIcon(text)
        // A centred notice may set its subject's name apart, over the rest ("Simon" over
        // "joined the chat"), where it reads as a sender's name: the name starts the notice.
        let namedNotice = author.map { "\($0) \(noticeText)" }.flatMap {
            centered && quote == nil && chrome.isSystemNotice($0) ? $0 : nil
        }
        if namedNotice != nil
            || (author == nil && quote == nil
                && ((centered && speaker == .unknown && !sharesFillWithSidedBubbles(region, on: page))
                    || (!region.isFilled && chrome.isSystemNotice(noticeText))))
        {
            let text = namedNotice ?? (centered ? text : noticeText)
            log.add(region.box, .notice, text)
            return result + [
                Bubble(
                    speaker: .unknown, text: text, kind: .notice, box: region.box, confidence: confidence,
                    source: page.source, isCutOff: isCutOff)
            ]
        }
        // A map too pale to be told from a bubble by its colours still names its maker in a
        // corner ("Legal" under Apple's maps, which a short row's ink may take for a name),
        // and holds no other words.
        let printed = region.lines.map(\.text).joined(separator: " ")
        let textRows = lines.map(\.box.height).reduce(0, +)
        let mapLike =
            region.isFilled && region.anatomy.pictureRows.isEmpty && words.count <= tuning.maximumAuthorWords
            && Double(region.box.height) >= Double(layout.height) * tuning.minimumMediaShare
            && Double(textRows) < Double(region.box.height) * tuning.sparseTextShare
            && MediaLabel.isMap(printed: printed)
        // (Its first row may be taken for a heading or a quote: the card's labelled fields
        // give it away whole.)
        let locationCard =
            MediaLabel.isSharedLocation(text)
            || (MediaLabel.isSharedLocation(printed)
                && printed.split(separator: " ").filter { $0.hasSuffix(":") }.count >= 2)
        if mapLike || locationCard {
            // A location card ("Location: 43.54542, 7.03605, Accuracy 100 m") is a place, not words.
            log.add(region.box, .media, "[location] " + text)
            return result + [
                Bubble(
                    speaker: speaker, author: mapLike ? nil : author, text: MediaLabel.location, kind: .media,
                    box: region.box,
                    confidence: confidence, source: page.source, isCutOff: isCutOff)
            ]
        }
        if metadata.isDuration(text) || MediaLabel.isRecordingCaption(text) {
            // Beside a waveform already read as the recording, the length is small print.
            if result.contains(where: { $0.text == MediaLabel.voice }) {
                log.add(box, .metadata, text)
                return result
            }
            // A voice message shows its length and a waveform, nothing to read.
            log.add(region.box, .media, "[voice] " + text)
            return result + [
                Bubble(
                    speaker: speaker, author: author, text: MediaLabel.voice, kind: .media, box: region.box,
                    confidence: confidence, source: page.source, isCutOff: isCutOff)
            ]
        }
        if let file = MediaLabel.file(in: text) {
            log.add(box, .media, file)
            return result + [
                Bubble(
                    speaker: speaker, author: author, text: file, kind: .media, box: region.box,
                    confidence: confidence, source: page.source, isCutOff: isCutOff)
            ]
        }
        log.add(box, ReadDecision.Role(speaker), (author.map { "<\($0)> " } ?? "") + text)
        // Beside a picture from the same bubble, the text keeps its own rows, so the two stay
        // two messages wherever they are placed.
        return result + [
            Bubble(
                speaker: speaker, author: author, text: text, quote: quote,
                box: result.isEmpty ? region.box : box,
                confidence: confidence, source: page.source, isCutOff: isCutOff)
        ]
    }

    /// A photo, map, sticker or video frame in a region, as one media message; an album's
    /// photos (`RegionAnatomy.pictureTiles`), one message each; a voice message's waveform.
    func media(in region: TextRegion, page: OCRPage, bodyHeight: Double, log: inout DecisionLog) -> [Bubble] {
        voiceMessage(in: region, page: page, log: &log)
            + pictures(in: region, page: page, bodyHeight: bodyHeight, log: &log)
    }

    /// A recording, told by its waveform: its length and the time beside it are small print.
    private func voiceMessage(in region: TextRegion, page: OCRPage, log: inout DecisionLog) -> [Bubble] {
        guard let waveform = region.anatomy.waveform else { return [] }
        let layout = page.layout
        log.add(waveform, .media, MediaLabel.voice)
        return [
            Bubble(
                speaker: mediaSpeaker(of: region, on: page), text: MediaLabel.voice, kind: .media,
                box: waveform, confidence: 1, source: page.source,
                isCutOff: touchesChatEdge(region.box, layout: layout))
        ]
    }

    /// The picture rows' photo, map or video frame, or an album's photos.
    private func pictures(in region: TextRegion, page: OCRPage, bodyHeight: Double, log: inout DecisionLog)
        -> [Bubble]
    {
        guard let first = region.anatomy.pictureRows.first, let last = region.anatomy.pictureRows.last else {
            return []
        }
        let box = PixelRect(
            x: region.box.x, y: first.lowerBound, width: region.box.width, height: last.upperBound - first.lowerBound)
        let layout = page.layout
        // A picture cut by the chat area's edge is still a picture; only a sliver is not.
        guard Double(box.height) >= Double(layout.height) * tuning.minimumMediaShare,
            Double(box.width) <= Double(box.height) * tuning.pictureMaximumAspect
        else { return [] }
        // A lone emoji is sent drawn a few times the size of text, about square, with nothing
        // to read: a message of emoji, not a photo (a photo's thumbnail is many lines tall).
        if region.lines.isEmpty, Double(box.height) <= bodyHeight * tuning.emojiMaximumLines,
            Self.hasEmojiAspect(box), !touchesChatEdge(box, layout: layout)
        {
            return [emojiOnly(region, speaker: mediaSpeaker(of: region, on: page), page: page, log: &log)]
        }
        // A map names its makers in a corner; a photo has no such words.
        let printed = region.lines.filter { inPicture($0, of: region) }.map(\.text).joined(separator: " ")
        let label = MediaLabel.isMap(printed: printed) ? MediaLabel.location : MediaLabel.photo
        let speaker = mediaSpeaker(of: region, on: page)
        let album = label == MediaLabel.photo ? region.anatomy.pictureTiles.filter { box.encloses($0) } : []
        return (album.isEmpty ? [box] : album).map { picture in
            log.add(picture, .media, label)
            return Bubble(
                speaker: speaker, text: label, kind: .media, box: picture, confidence: 1, source: page.source,
                isCutOff: touchesChatEdge(picture, layout: layout))
        }
    }

    /// Whose picture it is: the sender's profile picture beside it says so even where a
    /// wide photo reaches across the middle; else the side it hugs.
    func mediaSpeaker(of region: TextRegion, on page: OCRPage) -> Speaker {
        let side = sideOfAvatar(beside: region, on: page)
        return side == .unknown ? speaker(of: region, width: page.layout.width) : side
    }

    /// Whether `box` reaches the chat area's top or bottom edge, where the header or the
    /// composer may cut what it holds.
    func touchesChatEdge(_ box: PixelRect, layout: ScreenLayout) -> Bool {
        box.y <= layout.contentTop + tuning.edgeTouch || box.maxY >= layout.contentBottom - tuning.edgeTouch
    }

    /// A large shape with nothing to read in it (a like sticker, a big emoji in one colour).
    /// Not one that the chat area's edge cuts: that is as likely the end of a bubble whose
    /// text lies beyond the edge, and the neighbouring shot shows which.
    func graphic(_ region: TextRegion, page: OCRPage, bodyHeight: Double, log: inout DecisionLog) -> Bubble? {
        let layout = page.layout
        // A patch of one flat colour with nothing drawn on it (a wallpaper's glow, a shadow)
        // is no picture: a sticker has an outline, an ink or many colours.
        let anatomy = region.anatomy
        let drawnOn = anatomy.rowPaper.isEmpty || !anatomy.pictureRows.isEmpty || anatomy.rowInk.contains { $0 != nil }
        guard drawnOn, Double(region.box.height) >= Double(layout.height) * tuning.minimumGraphicShare,
            region.box.width < layout.width * 2 / 3,
            Double(region.box.width) < Double(region.box.height) * tuning.graphicMaximumAspect,
            !touchesChatEdge(region.box, layout: layout), !isUnreadBubble(region, on: page)
        else { return nil }
        let side = speaker(of: region, width: layout.width)
        // Apps draw a message of emoji alone a few times the size of text, side by side; a
        // sticker is a picture many lines tall, and a lone shape (a like's thumb) is one too.
        if Double(region.box.height) <= bodyHeight * tuning.emojiMaximumLines, hasLikeSquareBeside(region, on: page) {
            return emojiOnly(region, speaker: side, page: page, log: &log)
        }
        log.add(region.box, .media, MediaLabel.sticker)
        return Bubble(
            speaker: side, text: MediaLabel.sticker, kind: .media, box: region.box,
            confidence: 1, source: page.source)
    }

    /// A picture with a line drawn across it (a horizon, the edge of a caption's band) may be
    /// found as two regions, one right under the other with the same left and right edges:
    /// one picture. Two messages' pictures keep the bubbles' spacing between them, and the
    /// photos of an album, cut apart in one region, stay apart.
    func joiningSplitPictures(_ bubbles: [Bubble], regions: [TextRegion], lineHeight: Double, width: Int) -> [Bubble] {
        let tolerance = Int(Double(width) * tuning.sharedEdgeShare)
        return Self.joiningConsecutive(bubbles) { last, bubble in
            last.kind == .media && bubble.kind == .media
                && abs(last.box.x - bubble.box.x) <= tolerance && abs(last.box.maxX - bubble.box.maxX) <= tolerance
                && (0...Int(lineHeight * tuning.splitPictureGapLines)).contains(bubble.box.y - last.box.maxY)
                && !regions.contains { $0.box.encloses(last.box) && $0.box.encloses(bubble.box) }
        }
    }

    /// A message of emoji alone: Tesseract has no emoji, so its text is empty (as a reader
    /// scores it, with emoji taken out of the truth), and it is a message to answer.
    func emojiOnly(_ region: TextRegion, speaker: Speaker, page: OCRPage, log: inout DecisionLog) -> Bubble {
        log.add(region.box, ReadDecision.Role(speaker), MediaLabel.emojiOnly)
        return Bubble(speaker: speaker, text: "", box: region.box, confidence: 1, source: page.source)
    }

    /// Stickers (or big emoji) side by side on one row, a glyph's gap apart, are one message:
    /// a row of big emoji ("🔥🔥🔥") is found as one shape each, the one nearer the middle
    /// perhaps of no clear side; the side of the first that has one is the row's. Two
    /// stickers sent apart stand one over the other.
    func joiningGraphicsInARow(_ bubbles: [Bubble]) -> [Bubble] {
        func isGraphic(_ bubble: Bubble) -> Bool {
            (bubble.kind == .media && bubble.text == MediaLabel.sticker)
                || (bubble.kind == .text && bubble.text.isEmpty)
        }
        return Self.joiningConsecutive(
            bubbles,
            when: { last, bubble in
                isGraphic(last) && isGraphic(bubble) && last.kind == bubble.kind
                    && abs(last.box.midY - bubble.box.midY) * 2 <= min(last.box.height, bubble.box.height)
                    && (0...min(last.box.height, bubble.box.height) / 2).contains(bubble.box.x - last.box.maxX)
            },
            alsoFolding: { row, bubble in
                if row.speaker == .unknown { row.speaker = bubble.speaker }
            })
    }

    /// A shape filled edge to edge (its colour the commonest on nearly every row) with the
    /// colour of bubbles whose words were read, and no picture in it, is a bubble whose few
    /// words were not (":D" in a small round bubble): no sticker, and the next shot, or none,
    /// reads it. A like sticker in the bubbles' colour leaves the page showing beside its thumb.
    func isUnreadBubble(_ region: TextRegion, on page: OCRPage) -> Bool {
        let paper = region.anatomy.rowPaper
        let filledRows = paper.filter { $0.distance(to: region.fill) <= tuning.colorTolerance }.count
        return region.isFilled && region.anatomy.pictureRows.isEmpty
            && Double(filledRows) >= Double(paper.count) * tuning.bubbleFillRowShare
            && page.regions.contains { other in
                other.box != region.box && other.isFilled && !other.lines.isEmpty
                    && other.fill.distance(to: region.fill) <= tuning.colorTolerance
            }
    }

    /// Most of the region is a picture (photo, map, sticker): there is no text to read in it.
    func isPicture(_ region: TextRegion) -> Bool {
        region.pictureShare(of: region.box) >= tuning.pictureRegionShare
    }

    /// On the picture's rows, or, in a bubble that holds a picture, written on neither the
    /// bubble's fill nor the page: text printed in the picture (a map's labels), not a caption.
    private func inPicture(_ line: OCRLine, of region: TextRegion) -> Bool {
        if region.pictureShare(of: line.box) > 0.5 { return true }
        // A waveform's bars read as scraps of letters.
        if let waveform = region.anatomy.waveform,
            line.box.overlapArea(with: waveform) * 2 > line.box.width * line.box.height
        {
            return true
        }
        guard region.isFilled, !region.anatomy.pictureRows.isEmpty, let paper = region.paper(of: line.box) else {
            return false
        }
        return paper.distance(to: RGB(bucket: region.fill.bucket)) > tuning.colorTolerance
    }

    /// Small print (times, ticks, "edited", sizes) off the ends of rows; rows of nothing else go.
    /// `signedBy`: the sender's name when a row under the text signs it with a stamp.
    /// `reportedSide`: whose message a row of small print says it is, where it reports the
    /// delivery (`DeliveryReport`).
    func strippingMetadata(_ lines: [OCRLine], bodyHeight: Double, log: inout DecisionLog) -> (
        lines: [OCRLine], signedBy: String?, reportedSide: Speaker?
    ) {
        var kept: [OCRLine] = []
        var signedBy: String?
        var reports: [String] = []
        for (index, line) in lines.enumerated() {
            func isSmallPrint(_ word: OCRWord) -> Bool {
                Double(word.box.height) < bodyHeight * MessageMetadata.smallPrintShare
            }
            let inSmallType = line.words.allSatisfy(isSmallPrint)
            func signer(smallPrint: Bool) -> String? {
                metadata.signature(line.words, maximumNameWords: tuning.maximumAuthorWords, smallPrint: smallPrint)
            }
            // Under the text, a name in the message's own type may sign it with a smaller stamp
            // and no separator ("Voicemail Transcription just now", the Conversations family): on
            // the bubble's last row, with a small time, a name of capitalised words is taken so
            // ("see you there 10:42" is the message's own row).
            func signerBeforeASmallStamp() -> String? {
                guard index == lines.count - 1,
                    line.words.contains(where: { isSmallPrint($0) && metadata.isTime($0.text) }),
                    let name = signer(smallPrint: true),
                    name.split(separator: " ").allSatisfy({ $0.first?.isUppercase == true })
                else { return nil }
                return name
            }
            if index > 0, let name = signer(smallPrint: inSmallType) ?? signerBeforeASmallStamp() {
                log.add(line.box, .metadata, line.text)
                signedBy = name
                continue
            }
            // Under the text, a lock or a tick in small print may read as a letter or two ("a",
            // "aH") beside the time; on the row of the text it may be a word ("Ok 5m").
            let withoutIcons = line.words.filter {
                !(isSmallPrint($0)
                    && $0.text.filter { $0.isLetter || $0.isNumber }.count <= 2 && !metadata.isTime($0.text))
            }
            // Over the text, a longer stamp is small print when it reports the delivery ("Sent
            // 2022-10-04 01:23:39 State Delivered" heads Sideband's cards).
            let reportsDelivery = lines.count > 1 && line.words.contains { metadata.isMarker($0.text) }
            // A row that a time opens, under a row that ends "at", goes on with the sentence
            // ("my train gets in at" / "18:50 18:22"): only the stamp after that time is small print.
            let continuesTime =
                (kept.last?.words.last).map { metadata.introducesTime($0.text.lowercased()) } == true
                && line.words.first.map { metadata.isTimeInFigures($0.text) } == true
            let smallPrint =
                !continuesTime
                && (metadata.isMetadataRow(line.words) || (index > 0 && metadata.isMetadataRow(withoutIcons)))
                && (index > 0 || lines.count == 1 || line.words.count <= 3 || reportsDelivery)
            // A bubble's last row set smaller than the message above it, with a figure or a
            // receipt in it, is the app's small print, whatever else it says ("Delivered to
            // recipient", "SNR 5.50 dB"): a message keeps one size of type. (A smaller row of
            // words alone may be the message under its sender's larger name, and "at 9:30" the
            // end of its sentence.)
            let endsInSmallType =
                index > 0 && index == lines.count - 1
                && line.words.contains { $0.text.contains(where: \.isNumber) || metadata.isMarker($0.text) }
                && !(line.words.count >= 2 && metadata.introducesTime(line.words[0].text.lowercased())
                    && metadata.isTime(line.words[1].text))
                && ownTypeHeight(of: line).map { last in
                    lines[..<index].compactMap(Self.typeHeight).max().map { last < $0 * Self.smallerTypeShare } ?? false
                } ?? false
            let isLabel =
                (endsInSmallType && !continuesTime) || (index == lines.count - 1 && metadata.isReactionRow(line.words))
                || (index > 0 && chrome.isTranslationNote(line.text))
                || (lines.count > 1 && (index == 0 || index == lines.count - 1) && chrome.isForwardLabel(line.text))
            if smallPrint || isLabel {
                log.add(line.box, .metadata, line.text)
                reports.append(line.text)
                continue
            }
            let (words, removed) = metadata.strippingTrailing(
                line.words, lineHeight: bodyHeight, wholeRow: line.words.count <= 2,
                continuing: kept.last?.words.last?.text)
            if !removed.isEmpty {
                let box = PixelRect(enclosing: removed.map(\.box))
                log.add(box, .metadata, removed.map(\.text).joined(separator: " "))
            }
            guard !words.isEmpty else { continue }
            let left = PixelRect(enclosing: words.map(\.box))
            kept.append(OCRLine(words: words, box: left, baseline: line.baseline))
        }
        return (kept, signedBy, DeliveryReport.side(of: reports))
    }

    /// How tall the row's type is: the median height of its words with a capital, a digit or
    /// a tall letter (a row of "was on" is short in any type), leaving out scraps of one or
    /// two characters (an icon read as "ab"); nil when it has no such word.
    static func typeHeight(of row: OCRLine) -> Double? {
        let tall = row.words.filter { word in
            word.text.filter { $0.isLetter || $0.isNumber }.count >= 3
                && word.text.contains { $0.isUppercase || $0.isNumber || "bdfhklt".contains($0) }
        }
        guard !tall.isEmpty else { return nil }
        let heights = tall.map(\.box.height).sorted()
        return Double(heights[heights.count / 2])
    }
    /// The type size of a row's own words, its time and ticks aside: they are set smaller
    /// than the words they end ("seven 18:09 ✓✓") and say nothing of their size. Words of
    /// low letters alone ("seven", "soon") are as high as the type's x-height, which is
    /// about `xHeightShare` of the height `typeHeight` measures. A row of small print alone
    /// is measured whole.
    func ownTypeHeight(of row: OCRLine) -> Double? {
        let own = row.words.filter {
            !(metadata.isTime($0.text) || metadata.isMarker($0.text) || metadata.isTickScrap($0))
        }
        guard !own.isEmpty else { return Self.typeHeight(of: row) }
        if let height = Self.typeHeight(of: OCRLine(words: own, box: row.box, baseline: row.baseline)) { return height }
        let low = own.filter { $0.text.filter(\.isLetter).count >= 3 }.map(\.box.height).sorted()
        guard !low.isEmpty else { return Self.typeHeight(of: row) }
        return Double(low[low.count / 2]) / Self.xHeightShare
    }
    static let xHeightShare = 0.72

    /// A row whose type is less than this share of the tallest type above it in the bubble
    /// is smaller print (a message keeps one size; small print is about two thirds of it).
    static let smallerTypeShare = 0.75

    /// A row of nothing but short words, read unsurely: a picture's texture or an icon read
    /// as letters ("a Tah", "ys"). Short words of real text ("ok", "hi") read surely.
    func isPictureScrap(_ row: OCRLine) -> Bool {
        row.confidence < tuning.scrapConfidence
            && row.words.allSatisfy { word in
                word.text.filter { $0.isLetter || $0.isNumber }.count <= ReadingTuning.scrapWordLength
            }
    }

    /// Whether small print (a time, "PM", a "more" button) stands right after `row` on its
    /// line: a post's stamp beside its sender's name, though the corner time was taken off the
    /// row already, or found as a region of its own (Campfire in the dark).
    func hasStampBeside(_ row: OCRLine, on page: OCRPage) -> Bool {
        let reach = row.box.maxX + row.box.height * Self.besideStampLines
        let beside = page.regions.flatMap(\.lines).flatMap(\.words).filter { word in
            word.box.x >= row.box.maxX && abs(word.box.midY - row.box.midY) <= row.box.height / 2
        }.sorted { $0.box.x < $1.box.x }
        guard let first = beside.first, first.box.x <= reach else { return false }
        // Read as one row with the name, the stamp is what a name row's stamp is.
        let whole = OCRLine(words: row.words + beside, box: row.box, baseline: row.baseline)
        return names.withoutStamp(whole).words.count == row.words.count
    }
    /// A stamp set apart after a name starts within this many of the name's heights.
    static let besideStampLines = 3

    /// A label over the user's own bubble ("You", "Anon"): a name in smaller type than the
    /// text under it, set at the bubble's far side over text that starts at the near one (a
    /// first row of text starts where the others do), or over several of the user's bubbles.
    /// A quote on the user's bubble is told apart before (its tint or bar).
    func isOwnLabel(_ row: OCRLine, above below: [OCRLine], on page: OCRPage) -> Bool {
        guard let start = below.map(\.box.x).min(), let end = below.map(\.box.maxX).max() else { return false }
        let height = row.box.height
        // The same name (a nickname too: ChatQL's "jdoe") heading several of the user's
        // bubbles (SocketChat's "Nima"): no two messages start with one line. Heading one
        // bubble of the others' too, it may be the user's sentence naming them.
        if names.sharedFirstRows.contains(row.text), headsOnlyTheUsersBubbles(row.text, on: page) { return true }
        guard names.isNameShaped(row.text) else { return false }
        if row.box.x - start > height * Self.farSideLabelIndent, abs(row.box.maxX - end) <= height { return true }
        // A smaller label stands where the text starts; a quote's author is set in by its bar.
        guard abs(row.box.x - start) <= height / 2, let label = Self.typeHeight(of: row),
            let text = below.compactMap(Self.typeHeight).max()
        else { return false }
        return label < text * Self.smallerTypeShare
    }

    /// Whether every framed bubble that `text` heads is on the user's side.
    func headsOnlyTheUsersBubbles(_ text: String, on page: OCRPage) -> Bool {
        page.regions.filter { region in
            region.isFilled && region.zone == .content
                && Self.confidentRows(of: region, tuning: tuning).first?.text == text
        }.allSatisfy { speaker(of: $0, width: page.layout.width) == .me }
    }

    /// The region's rows of the lines read surely enough to be text (`minimumConfidence`).
    static func confidentRows(of region: TextRegion, tuning: ReadingTuning) -> [OCRLine] {
        rows(of: region.lines.filter { $0.confidence >= tuning.minimumConfidence })
    }

    /// A label set at the far side starts at least this many of its heights in from the text.
    static let farSideLabelIndent = 2

    /// A row of one scrap much taller than the text's lines, not read surely: a profile
    /// picture inside the card, on rows of its own beside the name and the text ("Af)").
    /// Short words of the text are as tall as its other lines; a jumbo emoji reads as nothing.
    func isTallScrap(_ row: OCRLine, bodyHeight: Double) -> Bool {
        row.words.count == 1 && row.confidence < tuning.sureWordConfidence
            && row.text.filter({ $0.isLetter || $0.isNumber }).count <= ReadingTuning.scrapWordLength
            && Double(row.box.height) >= bodyHeight * tuning.pictureScrapHeightRatio
    }

    /// How many rows at the top of a bubble quote another message beside a bar: the quoted
    /// sender's name in its own ink, then up to `maximumQuoteLines` quoted rows, all set in
    /// (by the bar) from where the message's own rows start, which follow; nil for none.
    func barQuoteRows(_ lines: [OCRLine], in region: TextRegion, bodyHeight: Double) -> Int? {
        guard lines.count >= 3, let left = lines.map(\.box.x).min() else { return nil }
        let indent = bodyHeight * tuning.quoteIndentLines
        let count = lines.prefix { Double($0.box.x - left) >= indent }.count
        guard (2...tuning.maximumQuoteLines + 1).contains(count), count < lines.count,
            lines[count...].allSatisfy({ Double($0.box.x - left) < indent / 2 }),
            names.isAuthorRow(lines[0], below: Array(lines[1..<count]), in: region)
        else { return nil }
        return count
    }

    /// A bubble that looks centered only because the sender's picture is left out beside it
    /// (grouped messages) has the fill of that side's other bubbles, which hug their side; a
    /// notice's pill or plain line has a colour of its own.
    func sharesFillWithSidedBubbles(_ region: TextRegion, on page: OCRPage) -> Bool {
        region.isFilled
            && page.regions.contains { other in
                other.zone == .content && other.isFilled && other.box != region.box && !other.lines.isEmpty
                    && other.fill.distance(to: region.fill) <= tuning.colorTolerance
                    && speaker(of: other, width: page.layout.width) != .unknown
            }
    }

    /// `bubbles` without the sender's name that an assistant's app (Maid) sets beside the
    /// sender's picture over each message: a one-row message of a name's shape, unframed, with
    /// a profile picture just left of it and level with it, and the next message starting
    /// under that picture (not beside it, as a bubble next to its sender's picture does). The
    /// name becomes that message's author; the scraps of the buttons on the name's row (a
    /// pencil read as "4") go.
    func takingNameLabels(
        _ bubbles: [Bubble], regions: [TextRegion], page: OCRPage, bodyHeight: Double, log: inout DecisionLog
    ) -> [Bubble] {
        var result: [Bubble] = []
        var index = 0
        while index < bubbles.count {
            let bubble = bubbles[index]
            index += 1
            let onRow = bubbles[index...].prefix { $0.box.sharesRows(with: bubble.box) }
            let next = index + onRow.count
            guard bubble.kind == .text, bubble.author == nil, names.isNameShaped(bubble.text),
                let region = regions.first(where: { !$0.isFilled && $0.box.encloses(bubble.box) }),
                Self.rows(of: region.lines).count == 1,
                let picture = pictureBeside(bubble.box, page: page), next < bubbles.count,
                onRow.allSatisfy({ $0.text.count <= Self.buttonScrapLength }),
                bubbles[next].box.y >= picture.maxY, bubbles[next].box.x <= picture.maxX,
                Double(bubbles[next].box.y - picture.maxY) <= bodyHeight * tuning.nameBelowPictureMaximumGap
            else {
                result.append(bubble)
                continue
            }
            log.relabel(bubble.box, as: .author)
            for scrap in onRow { log.relabel(scrap.box, as: .noise) }
            var message = bubbles[next]
            message.author = message.author ?? SenderNames.cleanName(bubble.text)
            result.append(message)
            index = next + 1
        }
        return result
    }

    /// A row of a few words in small print on the page, alone, is a label, never a message:
    /// a sender's name over (or, in some apps, under) a message the reader could not tie it
    /// to (an emoji-only bubble it cannot read, a photo), an assistant's "User", a page
    /// counter. A name heads the nearest message under it, or labels the picture above it;
    /// any other such label goes.
    func takingSmallPrintLabels(_ bubbles: [Bubble], regions: [TextRegion], bodyHeight: Double, log: inout DecisionLog)
        -> [Bubble]
    {
        // A name (capitalised words) or a counter (no letter); a lone "ok" is a message. An
        // address alone on the page, outside every bubble, names a member at any size (a chat
        // that shows its members by their e-mail or XMPP address, over each run of bubbles).
        func isAddress(_ bubble: Bubble) -> Bool { PostReader.isAddressAlone(bubble.text) }
        func isName(_ bubble: Bubble) -> Bool { names.isNameShaped(bubble.text) || isAddress(bubble) }
        func isLabel(_ bubble: Bubble) -> Bool {
            let words = bubble.text.split(separator: " ")
            return bubble.kind == .text
                && (isName(bubble) || !bubble.text.contains(where: \.isLetter))
                && bubble.author == nil
                && bubble.quote == nil
                && (1...tuning.maximumAuthorWords).contains(words.count)
                && (Double(bubble.box.height) <= bodyHeight * tuning.smallPrintLabelShare || isAddress(bubble))
                && !".?!".contains(bubble.text.last ?? ".")
                && !regions.contains { $0.isFilled && $0.box.encloses(bubble.box) }
        }
        var result = bubbles
        var index = 0
        while index < result.count {
            let label = result[index]
            guard isLabel(label) else {
                index += 1
                continue
            }
            let reach = bodyHeight * tuning.nameAboveMaximumGap
            let isName = isName(label)
            let below = result.indices.filter {
                $0 != index && result[$0].box.y >= label.box.maxY - label.box.height / 2
            }
            .min { result[$0].box.y < result[$1].box.y }
            let above = index > 0 ? index - 1 : nil
            // A name right under a message of its own is that message's, as `SenderNames`
            // finds later with the app's side of the names.
            if let previous = above, result[previous].kind == .text, result[previous].author == nil,
                Double(label.box.y - result[previous].box.maxY) <= reach
            {
                index += 1
                continue
            }
            // The message the name heads, else the picture it labels.
            let named: Int? =
                if isName, let next = below, result[next].author == nil,
                    Double(result[next].box.y - label.box.maxY) <= reach
                {
                    next
                } else if isName, let previous = above, result[previous].kind == .media,
                    result[previous].author == nil, Double(label.box.y - result[previous].box.maxY) <= reach
                {
                    previous
                } else {
                    nil
                }
            if let named {
                result[named].author = SenderNames.cleanName(label.text)
                // A message of no known side that a name heads is the others' (an app that
                // names the user too does so over bubbles on the user's side).
                if result[named].speaker == .unknown { result[named].speaker = .them }
                log.relabel(label.box, as: .author)
            } else {
                log.relabel(label.box, as: .metadata)
            }
            result.remove(at: index)
        }
        return result
    }

    /// A button read as text gives a scrap of at most this many characters.
    static let buttonScrapLength = 3

    /// A profile picture just left of `box` and level with it.
    private func pictureBeside(_ box: PixelRect, page: OCRPage) -> PixelRect? {
        page.regions.first { picture in
            picture.zone == .content && isAvatar(picture, on: page) && picture.box.maxX <= box.x
                && Double(box.x - picture.box.maxX) <= Double(box.height) * tuning.avatarIndentMaximum
                && abs(picture.box.midY - box.midY) <= picture.box.height / 2
        }?.box
    }

    /// A short first row with a profile picture just left of it and level with it, over a row
    /// that starts where it does: a post's sender (a sentence ends in punctuation).
    func isNameBesideAvatar(_ row: OCRLine, above next: OCRLine, page: OCRPage) -> Bool {
        let height = Double(row.box.height)
        guard (1...tuning.maximumAuthorWords).contains(row.words.count), !SenderNames.endsLikeSentence(row),
            Double(abs(row.box.x - next.box.x)) <= height * tuning.quoteIndentLines
        else { return false }
        return page.regions.contains { picture in
            picture.zone == .content && isAvatar(picture, on: page)
                && picture.box.maxX <= row.box.x
                && Double(row.box.x - picture.box.maxX) <= height * tuning.avatarIndentMaximum
                && (Double(abs(picture.box.y - row.box.y)) <= height
                    // A label in smaller type than the text under it may stand beside the
                    // picture's middle (Chatbox's role); a row of the text's own size there is
                    // the message beside a name that went unread.
                    || (height <= Double(next.box.height) * tuning.authorHeightShare
                        && Double(row.box.y) >= Double(picture.box.y) - height
                        && Double(row.box.midY) <= Double(picture.box.midY) + height))
        }
    }

    /// How many rows at the top of a bubble stand beside a quote's bar, nil for none: a narrow
    /// mark left of the first row that runs down through these rows and the gaps between them,
    /// and stops before the message's own rows (a letter's mark leaves the gaps empty; a
    /// bubble's border runs down beside every row).
    func barredQuoteCount(_ lines: [OCRLine], in region: TextRegion, screenWidth: Int) -> Int? {
        guard lines.count >= 2, !region.anatomy.rowLeftMark.isEmpty else { return nil }
        let widest = max(2, Int(Double(screenWidth) * tuning.quoteBarWidthShare))
        let candidates = region.leftMarks(over: lines[0].box.y..<lines[0].box.maxY).compactMap { $0 }
            .filter { $0.width <= widest && $0.x + $0.width < lines[0].box.x }
        guard
            let barX = Dictionary(grouping: candidates.map(\.x), by: { $0 }).max(by: { $0.value.count < $1.value.count }
            )?.key
        else { return nil }
        func barShare(_ rows: Range<Int>) -> Double {
            let marks = region.leftMarks(over: rows)
            let beside = marks.filter { mark in mark.map { abs($0.x - barX) <= 2 && $0.width <= widest } ?? false }
            return Double(beside.count) / Double(max(1, marks.count))
        }
        var count = 0
        for (index, line) in lines.enumerated() {
            // A line beside the one before (an icon read as a letter) starts within its rows:
            // the gap between them is then none.
            let top = index == 0 ? line.box.y : min(lines[index - 1].box.maxY, line.box.y)
            guard barShare(top..<line.box.maxY) >= tuning.quoteBarCoverage else { break }
            count = index + 1
        }
        guard count >= 1, count < lines.count,
            barShare(lines[count].box.y..<max(lines[count].box.y, lines[lines.count - 1].box.maxY))
                <= tuning.quoteBarAbsentShare
        else { return nil }
        return count
    }

    /// The text a tinted block quotes. The quoted message's author heads the block, in its own
    /// ink or shaped like a name (apps always say whom a reply quotes), and is no part of it.
    func quoteText(_ block: [OCRLine], in region: TextRegion, log: inout DecisionLog) -> String {
        var quoteLines = block
        if quoteLines.count >= 2, names.headsQuote(quoteLines[0], above: Array(quoteLines.dropFirst()), in: region) {
            log.add(quoteLines[0].box, .author, quoteLines[0].text)
            quoteLines.removeFirst()
        }
        for line in quoteLines { log.add(line.box, .quote, line.text) }
        return corrector.correct(quoteLines.map(\.text).joined(separator: " "))
    }

    /// The row sits on another paper than the bubble: the tinted block of a quoted reply.
    /// Paper colours are measured in 5-bit steps, so the fill is compared at the same step;
    /// a row on the page's own background is outside the bubble, not on a tinted block.
    func isOnTint(_ line: OCRLine, in region: TextRegion, background: RGB) -> Bool {
        guard let paper = region.paper(of: line.box) else { return false }
        let fill = RGB(bucket: region.fill.bucket)
        guard paper.distance(to: fill) > tuning.colorTolerance,
            paper.distance(to: RGB(bucket: background.bucket)) > tuning.colorTolerance
        else { return false }
        // Light letters set close on a dark bubble whose fill shades over two colour steps
        // can outnumber either step on their rows, which then seem to lie on the letters' own
        // colour. A quote's tint is never the colour the bubble's text is written in.
        return textInk(of: region, fill: fill).map { paper.distance(to: $0) > tuning.colorTolerance } ?? true
    }

    /// The ink of the rows that lie on the bubble's own fill: the colour its text is written in.
    func textInk(of region: TextRegion, fill: RGB) -> RGB? {
        let anatomy = region.anatomy
        let inks = zip(anatomy.rowPaper, anatomy.rowInk).compactMap { paper, ink in
            paper.distance(to: fill) <= tuning.colorTolerance ? ink : nil
        }
        return Self.mostCommon(inks)
    }

    /// A tinted block with a picture in it or longer than a quote ever is: a link preview.
    func isLinkPreview(_ block: [OCRLine], in region: TextRegion, bodyHeight: Double) -> Bool {
        guard let first = block.first, let last = block.last else { return false }
        let top = region.anatomy.pictureRows.first.map { min($0.lowerBound, first.box.y) } ?? first.box.y
        let span = PixelRect(x: region.box.x, y: top, width: region.box.width, height: last.box.maxY - top)
        return block.count > tuning.maximumQuoteLines || region.pictureShare(of: span) > 0.2
    }

    /// A small filled square or circle with a letter or two: a profile picture, not a message.
    /// It sits beside a bubble or a post (a sticker stands alone).
    func isAvatar(_ region: TextRegion, on page: OCRPage) -> Bool {
        let width = page.layout.width
        let ratio = Double(region.box.width) / Double(max(1, region.box.height))
        let initials = region.text.filter { $0.isLetter || $0.isNumber }
        // A photo's pale sides may blend into the page, leaving only its middle: a picture
        // may be found narrower than tall, though never taller than an avatar is.
        let minimumRatio = region.anatomy.pictureRows.isEmpty ? 0.8 : tuning.fadedAvatarMinimumRatio
        guard ratio > minimumRatio && ratio < 1.25 && region.box.width < width / 7,
            region.box.height < width / 7 || ratio > 0.8
        else { return false }
        let beside = regions(beside: region, on: page, within: width / 8 - 1)
        // Pictures never stand in pairs beside a message: squares of one size side by side,
        // with nothing else on their rows, are a row of big emoji.
        guard !beside.isEmpty, !beside.allSatisfy({ isLikeSquare($0, as: region) }) else { return false }
        // A letter avatar shows initials; a photo avatar is a picture whose scraps may read as
        // anything ("a", "©"), or a shape with nothing to read (a round photo in a ring on the
        // page's colour, whose rows are too few colours to count as a picture's).
        let lettered =
            (region.isFilled || !region.anatomy.pictureRows.isEmpty) && initials.count <= 2
            && initials.allSatisfy({ $0.isUppercase || $0.isNumber })
        // A drawing on the page's own paper (a cartoon face) has no fill; read as a letter it
        // stands far taller than the words beside it, at the row's start by the screen's edge
        // (a button's icon stands among the words or after them).
        let besideHeight = beside.flatMap(\.lines).map(\.box.height).max() ?? Int.max
        let drawn =
            !region.isFilled && initials.count <= 2 && region.lines.count == 1 && region.box.x < width / 8
            && beside.allSatisfy({ $0.box.x >= region.box.maxX })
            && Double(region.lines[0].box.height) >= Double(besideHeight) * tuning.drawnAvatarHeight
        // A round picture of its own colour (a silhouette on a dark disc), resized or
        // compressed, reads as unsure scraps ("oe" over "@"), where a short message in a
        // bubble beside a picture reads surely. Icons on the page's paper (a row of buttons
        // read "Cc", "7") are no picture of a sender.
        let scraps =
            region.isFilled
            && region.lines.filter { $0.text.contains { $0.isLetter || $0.isNumber } }.allSatisfy(isPictureScrap)
        return lettered || isPicture(region) || initials.isEmpty || scraps || drawn
    }

    /// The chat's other regions on `region`'s rows, at most `gap` pixels to its left or right.
    func regions(beside region: TextRegion, on page: OCRPage, within gap: Int) -> [TextRegion] {
        page.regions.filter { other in
            other.box != region.box && other.zone == .content && other.box.sharesRows(with: region.box)
                && max(other.box.x - region.box.maxX, region.box.x - other.box.maxX) <= gap
        }
    }

    /// Another shape like `region` right beside it, a glyph's gap away: a row of emoji.
    func hasLikeSquareBeside(_ region: TextRegion, on page: OCRPage) -> Bool {
        regions(beside: region, on: page, within: region.box.height / 2).contains { isLikeSquare($0, as: region) }
    }

    /// Width over height of one emoji lies between these: about square, some a little taller
    /// than wide (a flame, a bottle).
    static let emojiMinimumAspect = 0.7, emojiMaximumAspect = 1.3

    /// Whether `box` is shaped like one emoji (or a round button), within those bounds.
    static func hasEmojiAspect(_ box: PixelRect) -> Bool {
        (emojiMinimumAspect...emojiMaximumAspect).contains(Double(box.width) / Double(max(1, box.height)))
    }

    /// A shape with nothing read in it, about as wide and as tall as `region`: an emoji
    /// beside another one.
    func isLikeSquare(_ other: TextRegion, as region: TextRegion) -> Bool {
        let ratio = Double(other.box.width) / Double(max(1, other.box.height))
        let heights = Double(other.box.height) / Double(max(1, region.box.height))
        return other.lines.allSatisfy(isPictureScrap) && ratio > Self.emojiMinimumAspect
            && ratio < Self.emojiMaximumAspect
            && abs(heights - 1) <= tuning.likeSquareHeightTolerance
    }

    /// The user is one person: where bubbles that hug the user's side are headed by two
    /// different names (neither the user's), the app does not set the user's bubbles apart by
    /// side (Nostros draws every message as a card of one width, set in by the avatars'
    /// column), and a named bubble is someone else's. Names read a little differently
    /// (`distinctNameSimilarity`) are one name.
    func sidingBubblesOfTwoNamesWithTheOthers(_ bubbles: inout [Bubble], myName: String?, log: inout DecisionLog) {
        func isOthers(_ author: String) -> Bool { Speaker.of(sender: author, me: myName) != .me }
        var names: [String] = []
        for author in bubbles.filter({ $0.speaker == .me }).compactMap(\.author) where isOthers(author) {
            if !names.contains(where: { TextSimilarity.similarity($0, author) >= Self.distinctNameSimilarity }) {
                names.append(author)
            }
        }
        guard names.count >= 2 else { return }
        for index in bubbles.indices {
            guard let author = bubbles[index].author, isOthers(author), bubbles[index].speaker != .them else {
                continue
            }
            bubbles[index].speaker = .them
            log.relabel(bubbles[index].box, as: .them)
        }
    }

    /// Two names read at least this alike are one name misread.
    static let distinctNameSimilarity = 0.8

    /// Bubbles whose side is unclear (a wide message) take the speaker of the bubbles that
    /// share their fill colour: each side of a chat has its own.
    func assignSpeakersByFill(_ bubbles: inout [Bubble], regions: [TextRegion]) {
        func fill(_ bubble: Bubble) -> RGB? { Self.fill(of: bubble, in: regions) }
        var votes: [(RGB, Speaker)] = []
        for bubble in bubbles where bubble.kind == .text && bubble.speaker != .unknown {
            if let colour = fill(bubble) { votes.append((colour, bubble.speaker)) }
        }
        for index in bubbles.indices where bubbles[index].kind == .text && bubbles[index].speaker == .unknown {
            guard let colour = fill(bubbles[index]) else { continue }
            let matching = votes.filter { $0.0.distance(to: colour) <= tuning.colorTolerance }.map(\.1)
            if let speaker = Self.mostCommon(matching) { bubbles[index].speaker = speaker }
        }
    }

    /// A bubble put on one side by its margins alone, in the fill of several of the other
    /// side's bubbles and of none of its own side's, is the other side's: each side of a chat
    /// has its colour, and a long message set in from its side by the column of senders'
    /// pictures (the first of a run, without the picture; one cut by the top edge) may end
    /// nearer the other side than it starts from its own. A sender's picture beside it, or a
    /// name heading it, still decides.
    func correctingSidesByFill(_ bubbles: inout [Bubble], regions: [TextRegion], page: OCRPage) {
        let fills = bubbles.map { Self.fill(of: $0, in: regions) }
        let sided = bubbles.indices.filter {
            bubbles[$0].kind == .text && bubbles[$0].speaker != .unknown && fills[$0] != nil
        }
        var corrected: [(Int, Speaker)] = []
        for index in sided where bubbles[index].author == nil {
            let bubble = bubbles[index]
            // Only a bubble that reaches across the chat: a short one far from the other
            // side is where it is, whatever its colour (SimpleX draws both sides in one grey).
            let farGap = bubble.speaker == .me ? bubble.box.x : page.layout.width - bubble.box.maxX
            guard let colour = fills[index],
                Double(farGap) <= Double(page.layout.width) * Self.acrossTheChatGapShare,
                let region = regions.first(where: { $0.box == bubble.box }),
                sideOfAvatar(beside: region, on: page) == .unknown
            else { continue }
            let alike = sided.filter { other in
                other != index && fills[other].map { colour.distance(to: $0) <= tuning.colorTolerance } == true
            }
            let otherSide: Speaker = bubble.speaker == .me ? .them : .me
            guard alike.filter({ bubbles[$0].speaker == otherSide }).count >= Self.minimumBubblesOfASidesFill,
                !alike.contains(where: { bubbles[$0].speaker == bubble.speaker })
            else { continue }
            corrected.append((index, otherSide))
        }
        for (index, speaker) in corrected { bubbles[index].speaker = speaker }
    }
    /// Bubbles of one side in a fill, at least, before that fill is taken as the side's colour.
    static let minimumBubblesOfASidesFill = 2
    /// A bubble reaches across the chat when it leaves at most this share of the width on
    /// the side it is not on (a long message beside a column of senders' pictures: 17–18%;
    /// a short own message in one colour with the others': 40% and more).
    static let acrossTheChatGapShare = 0.25

    /// The user's bubbles line up on the right and start raggedly, as their lengths fall.
    /// When every bubble given to the user by its margins alone lines up on the left instead,
    /// and ends raggedly, the margins were wrong: a run of the others' long bubbles set in by
    /// the column of senders' pictures, drawn beside the first of the run only (motd,
    /// Telegram's groups), ends nearer the right than it starts from the left. A sender's
    /// picture beside a bubble, or a name heading it, still decides; bubbles of one width
    /// say nothing. (Not the other way round: the others' bubbles often take in the picture
    /// beside them, which makes their starts look ragged.)
    func correctingSidesByFlushEdge(_ bubbles: inout [Bubble], regions: [TextRegion], page: OCRPage) {
        let width = page.layout.width
        let tolerance = Int(Double(width) * tuning.sharedEdgeShare)
        let raggedness = Int(Double(width) * Self.raggedEdgeShare)
        let mine = bubbles.indices.filter { bubbles[$0].kind == .text && bubbles[$0].speaker == .me }
        guard mine.count >= Self.minimumBubblesOfAFlushEdge,
            mine.allSatisfy({ index in
                guard bubbles[index].author == nil, let bubble = Self.filledRegion(of: bubbles[index], in: regions)
                else { return false }
                return sideOfAvatar(beside: bubble, on: page) == .unknown
            })
        else { return }
        let starts = mine.map { bubbles[$0].box.x }, ends = mine.map { bubbles[$0].box.maxX }
        guard starts.max()! - starts.min()! <= tolerance, ends.max()! - ends.min()! >= raggedness else { return }
        for index in mine { bubbles[index].speaker = .them }
    }
    /// The user's bubbles, at least, before their edges say which side they are on.
    static let minimumBubblesOfAFlushEdge = 2
    /// Ends this share of the width apart, or more, are ragged (not one edge read unevenly).
    static let raggedEdgeShare = 0.05

    /// The fill of the bubble's own filled region; nil for a bubble on the page.
    static func fill(of bubble: Bubble, in regions: [TextRegion]) -> RGB? {
        filledRegion(of: bubble, in: regions)?.fill
    }

    /// The bubble's own filled region; nil for a bubble on the page.
    static func filledRegion(of bubble: Bubble, in regions: [TextRegion]) -> TextRegion? {
        regions.first { $0.box == bubble.box && $0.isFilled }
    }

    /// An app that names every sender names the user as `Speaker.namesOfTheUser` says, or by
    /// the name the user gave: those bubbles are the user's whatever side they hug, and so is
    /// every bubble of their fill that no one else's name heads.
    func assignSpeakersNamedAsTheUser(_ bubbles: inout [Bubble], regions: [TextRegion], myName: String?) {
        func fill(_ bubble: Bubble) -> RGB? { Self.fill(of: bubble, in: regions) }
        let names = Speaker.namesOfTheUser.union(myName.map { [$0.lowercased()] } ?? [])
        func isTheUser(_ author: String) -> Bool { names.contains(author.lowercased()) }
        let named = bubbles.filter { $0.author.map(isTheUser) ?? false }
        guard !named.isEmpty else { return }
        let fills = named.compactMap(fill)
        for index in bubbles.indices where bubbles[index].kind != .notice {
            let bubble = bubbles[index]
            if let author = bubble.author, !isTheUser(author) { continue }
            let ownFill = fill(bubble).map { colour in
                fills.contains { $0.distance(to: colour) <= tuning.colorTolerance }
            }
            if named.contains(where: { $0.box == bubble.box }) || ownFill == true { bubbles[index].speaker = .me }
        }
    }

    /// Bubbles whose side is still unclear (a wide message, a photo spanning the chat) take
    /// the side whose bubbles start (theirs) or end (mine) where they do: each side keeps one
    /// edge, even where a sticker or a long text leaves both gaps small. Notices stay unknown.
    func assignSpeakersByEdge(_ bubbles: inout [Bubble], width: Int) {
        let tolerance = Double(width) * tuning.sharedEdgeShare
        let theirEdges = bubbles.filter { $0.speaker == .them }.map(\.box.x)
        let myEdges = bubbles.filter { $0.speaker == .me }.map(\.box.maxX)
        for index in bubbles.indices where bubbles[index].kind != .notice && bubbles[index].speaker == .unknown {
            let box = bubbles[index].box
            let startsWithTheirs = theirEdges.contains { Double(abs($0 - box.x)) <= tolerance }
            let endsWithMine = myEdges.contains { Double(abs($0 - box.maxX)) <= tolerance }
            if startsWithTheirs != endsWithMine { bubbles[index].speaker = startsWithTheirs ? .them : .me }
        }
        // Still unclear (an avatar set it in from the left): a bubble that keeps well clear of
        // the side one speaker's bubbles hug is the other's.
        let gap = Double(width) * tuning.sidedBubbleGap
        for index in bubbles.indices
        where bubbles[index].speaker == .unknown
            && (bubbles[index].kind == .media
                || (bubbles[index].kind == .text && bubbles[index].text.filter(\.isLetter).count >= 2))
        {
            let box = bubbles[index].box
            let clearOfRight = Double(width - box.maxX) >= gap, clearOfLeft = Double(box.x) >= gap
            if clearOfRight != clearOfLeft, !(clearOfRight ? myEdges : theirEdges).isEmpty {
                bubbles[index].speaker = clearOfRight ? .them : .me
            }
        }
    }

    /// A photo and its caption are read from one bubble as two messages, the caption boxed
    /// by its own rows, which keep clear of both sides: it is on the side the photo was given
    /// (or any other message of that bubble).
    func assignSpeakersWithinABubble(_ bubbles: inout [Bubble], regions: [TextRegion]) {
        for index in bubbles.indices where bubbles[index].speaker == .unknown && bubbles[index].kind == .text {
            let box = bubbles[index].box
            guard let region = regions.first(where: { $0.isFilled && $0.box != box && $0.box.encloses(box) }),
                let sided = bubbles.first(where: {
                    $0.speaker != .unknown && $0.kind != .notice && $0.box != box && region.box.encloses($0.box)
                })
            else { continue }
            bubbles[index].speaker = sided.speaker
        }
    }

    /// A chevron or a pair of ticks as Tesseract reads them: two or three of the letters
    /// shaped like a "v" and nothing else ("Vv", "VV", "vw"); no message is so spelt.
    static func isChevronScrap(_ text: String) -> Bool {
        (2...3).contains(text.count) && text.lowercased().allSatisfy { "vw".contains($0) }
    }

    /// A picture read as letters gives a few of them.
    static let pictureScrapLength = 4

    /// `line` without the pictures in front of its text: scraps of one or two characters at
    /// its start that stand apart from the words after them by more than a line height (a
    /// profile picture or an icon; Siskin's avatar read as "F": words are a third of a line
    /// height apart, only a picture leaves such a gap), or a few unsure letters much taller
    /// than the line's words (an emoji).
    func withoutDetachedScraps(_ line: OCRLine, bodyHeight: Double, log: inout DecisionLog) -> OCRLine {
        var words = line.words[...]
        // Close to the text, a picture still shows as a scrap read unsurely and taller than
        // the words after it (an avatar at a bubble's side read as "WF").
        // (A scrap of three or four, "Af)", only so: a short word may stand apart.)
        func isPictureInFront(_ first: OCRWord, before rest: ArraySlice<OCRWord>) -> Bool {
            let gap = Double(rest.first!.box.x - first.box.maxX)
            if first.text.count <= 2, gap > max(Double(first.box.height), bodyHeight) * tuning.detachedScrapGap {
                return true
            }
            let restHeight = Double(rest.map(\.box.height).max()!)
            return first.confidence < tuning.scrapConfidence && gap > bodyHeight * tuning.wordSpaceLines
                && Double(first.box.height) > restHeight * tuning.pictureScrapHeightRatio
        }
        while words.count >= 2, let first = words.first, first.text.count <= Self.pictureScrapLength,
            isPictureInFront(first, before: words.dropFirst())
        {
            log.add(first.box, .avatar, first.text)
            words = words.dropFirst()
        }
        // So does an icon after it, far off at the row's end (a read receipt's eye, a seen-by
        // picture): words of one sentence are a space apart, never a line's height.
        // (An overflow menu's three dots read as a word of round letters: "eee".)
        while words.count >= 2, let last = words.last,
            last.text.count <= 2 || MessageMetadata.isOverflowDots(last.text),
            !last.text.contains(where: \.isNumber),
            Double(last.box.x - words[words.endIndex - 2].box.maxX)
                > max(Double(last.box.height), bodyHeight) * tuning.detachedScrapGap
        {
            log.add(last.box, .metadata, last.text)
            words = words.dropLast()
        }
        // An emoji or a photo's edge in front of the text reads as a few unsure letters much
        // taller than the line's words ("eds @4-§ Cool!", "ids hola Alex"), with stray marks
        // among them: no word of the line's own type is half as tall again as its others.
        let heights = line.words.map(\.box.height).sorted()
        let median = Double(heights[heights.count / 2])
        var picture = 0
        for (offset, word) in words.enumerated() {
            let tall =
                Double(word.box.height) > median * tuning.pictureScrapHeightRatio
                && word.confidence < tuning.emojiGlyphConfidence && word.text.count <= Self.pictureScrapLength
            let mark = word.text.count <= 2 && word.text.filter(\.isLetter).count <= 1
            if tall { picture = offset + 1 } else if !mark { break }
        }
        if picture > 0, picture < words.count {
            for word in words.prefix(picture) { log.add(word.box, .media, word.text) }
            words = words.dropFirst(picture)
        }
        guard words.count < line.words.count else { return line }
        let box = PixelRect(enclosing: words.map(\.box))
        return OCRLine(words: Array(words), box: box, baseline: line.baseline)
    }

    /// `line` with only the words `keep` accepts; nil when none is left.
    static func line(_ line: OCRLine, keeping keep: (OCRWord) -> Bool) -> OCRLine? {
        let words = line.words.filter(keep)
        return words.isEmpty ? nil : OCRLine(words: words, box: line.box, baseline: line.baseline)
    }

    /// Tesseract's sparse mode may return one visual row as several fragments; rows are
    /// rebuilt from vertical overlap, left to right, top to bottom. Fragments of one row
    /// overlap by most of the shorter one (a time in small print beside a name), unless the
    /// taller is more than this many times as tall: a picture read as a letter, beside two or
    /// three lines, overlaps each of them so and must not glue them into one row; it joins a
    /// row only when it overlaps most of itself.
    static let tallerFragmentRatio = 1.6

    static func rows(of lines: [OCRLine]) -> [OCRLine] {
        var rows: [OCRLine] = []
        for line in lines.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = rows.last {
                let overlap = min(last.box.maxY, line.box.maxY) - max(last.box.y, line.box.y)
                let (short, tall) = (min(last.box.height, line.box.height), max(last.box.height, line.box.height))
                if overlap * 2 > tall
                    || (overlap * 2 > short && Double(tall) <= Double(short) * Self.tallerFragmentRatio)
                {
                    let words = (last.words + line.words).sorted { $0.box.x < $1.box.x }
                    rows[rows.count - 1] = OCRLine(words: words, box: last.box.union(line.box), baseline: last.baseline)
                    continue
                }
            }
            rows.append(line)
        }
        return rows
    }

    /// Right-anchored bubbles are the user's, left-anchored ones the other side's: anchored to
    /// the chat's column where a wide window centres one (`centredColumn`), else to the screen.
    func speaker(of region: TextRegion, width screenWidth: Int) -> Speaker {
        let column = self.column ?? 0...screenWidth
        let width = column.upperBound - column.lowerBound
        let margin = Int(Double(width) * tuning.sideMargin)
        let left = region.box.x - column.lowerBound, right = column.upperBound - region.box.maxX
        switch (left <= margin, right <= margin) {
        case (true, false): return .them
        case (false, true): return .me
        case (true, true):
            // Lines on the page that span it are set flush with one side and ragged at the
            // other: the flush side is the side (an assistant's answer is flush left, and its
            // longest line may end nearer the right edge than it starts from the left).
            if let flush = Self.flushSide(of: region) { return flush }
            // A wide bubble near both sides still hugs its own side more closely: apps keep
            // a wider gap on the other side than on their own.
            let (near, far) = (min(left, right), max(left, right))
            guard Double(far) >= Double(near) * tuning.wideBubbleGapRatio, far - near >= width / 40 else {
                return .unknown
            }
            return left < right ? .them : .me
        case (false, false): return .unknown
        }
    }

    /// The column a chat's bubbles stand in, when a wide window centres it (WhatsApp Web, a
    /// desktop client, a tablet): the shapes in the chat (bubbles, pictures) all keep more than
    /// `centredColumnInset` of the width from both edges, and bubbles of words hug each of the
    /// column's sides (posts, or highlighted rows across the column, say nothing of sides). On
    /// a phone they reach one edge or the other, and the screen is the column.
    func centredColumn(of content: [TextRegion], width: Int) -> ClosedRange<Int>? {
        let shapes = content.filter(\.isFilled)
        guard shapes.count >= Self.minimumColumnShapes, let left = shapes.map(\.box.x).min(),
            let right = shapes.map(\.box.maxX).max()
        else { return nil }
        let inset = Double(width) * Self.centredColumnInset
        guard Double(left) > inset, Double(width - right) > inset else { return nil }
        let margin = Int(Double(right - left) * tuning.sideMargin)
        let bubbles = shapes.filter { $0.lines.contains { $0.text.filter(\.isLetter).count >= 2 } }
        let hugLeft = bubbles.contains { $0.box.x - left <= margin && right - $0.box.maxX > margin }
        let hugRight = bubbles.contains { right - $0.box.maxX <= margin && $0.box.x - left > margin }
        return hugLeft && hugRight ? left...right : nil
    }
    static let centredColumnInset = 0.08
    /// Fewer shapes than this say too little of where a column's edges are.
    static let minimumColumnShapes = 3

    /// The side an unframed region's lines are flush with: most of its lines start where its
    /// leftmost line does (them) or end where its widest does (me); nil for a bubble, a single
    /// line or a block flush with both (justified) or neither.
    static func flushSide(of region: TextRegion) -> Speaker? {
        let lines = rows(of: region.lines)
        guard !region.isFilled, lines.count >= 2, let left = lines.map(\.box.x).min(),
            let right = lines.map(\.box.maxX).max()
        else { return nil }
        let tolerance = (PostReader.median(lines.map { Double($0.box.height) }) ?? 0) * flushToleranceLines
        let flushLeft = lines.filter { Double($0.box.x - left) <= tolerance }.count
        let flushRight = lines.filter { Double(right - $0.box.maxX) <= tolerance }.count
        guard flushLeft != flushRight else { return nil }
        return flushLeft > flushRight ? .them : .me
    }

    /// Lines flush with one side start (or end) within this many line heights of each other.
    static let flushToleranceLines = 0.5

    /// A bubble set in from its side by the sender's picture beside it (a dating app's round
    /// photo against the bubble) is on the side of that picture, when the picture hugs it.
    func sideOfAvatar(beside region: TextRegion, on page: OCRPage) -> Speaker {
        let width = page.layout.width
        let margin = Int(Double(width) * tuning.sideMargin)
        for picture in page.regions where picture.zone == .content && picture.box.sharesRows(with: region.box) {
            guard isAvatar(picture, on: page) else { continue }
            let near = width / 8
            if picture.box.maxX <= region.box.x, region.box.x - picture.box.maxX < near, picture.box.x <= margin {
                return .them
            }
            if picture.box.x >= region.box.maxX, picture.box.x - region.box.maxX < near,
                width - picture.box.maxX <= margin
            {
                return .me
            }
        }
        return .unknown
    }

    /// The contact or channel name: the largest line in the header that is not a control or
    /// a status ("online", "4 members", a date).
    func title(_ page: OCRPage, bodyHeight: Double, log: inout DecisionLog) -> String? {
        var candidates: [(text: String, height: Int, box: PixelRect)] = []
        for line in page.regions.filter({ $0.zone == .header }).flatMap(\.lines) {
            // An avatar or an icon beside the name reads as a scrap: "aa) Drúscila", "€ Jojo".
            var words = line.words
            while let first = words.first, words.count > 1, metadata.isScrap(first) { words.removeFirst() }
            while let last = words.last, words.count > 1, metadata.isScrap(last) { words.removeLast() }
            let line = OCRLine(words: words, box: line.box, baseline: line.baseline)
            var text = line.text.trimmingCharacters(
                in: CharacterSet.letters.union(.decimalDigits).union(.whitespaces).inverted
            )
            .trimmingCharacters(in: .whitespaces)
            // Unknown senders are shown by number: "+44 7700 900123".
            if line.text.hasPrefix("+"), text.first?.isNumber == true { text = "+" + text }
            let letters = text.filter(\.isLetter).count, digits = text.filter(\.isNumber).count
            guard letters >= 2 || digits >= 6, line.confidence >= 0.5, !chrome.isHeaderNoise(text),
                !chrome.isStamp(text), !metadata.isMetadataRow(line.words)
            else {
                log.add(line.box, .header, line.text)
                continue
            }
            candidates.append((text, line.box.height, line.box))
        }
        let best = candidates.max { $0.height < $1.height }
        for candidate in candidates {
            log.add(candidate.box, candidate.box == best?.box ? .title : .header, candidate.text)
        }
        return best?.text
    }

    /// The large title an iOS screen draws at the top of its content where no bar holds the
    /// conversation's name: the topmost line of words on the page well taller than the
    /// messages' text (`largeTitleLines`), read surely, starting in the top third of the chat,
    /// alone on its row with nothing framed beside it (a toolbar's smaller controls may stand
    /// above it). Its words, set wide, may be found as several regions along its row: the
    /// title is all of them.
    func largeTitle(in content: [TextRegion], page: OCRPage, bodyHeight: Double) -> (
        text: String, regions: [PixelRect]
    )? {
        let tall = bodyHeight * tuning.largeTitleLines
        let layout = page.layout
        guard
            let top = content.filter({ region in
                !region.isFilled && !region.readInEarlierShot
                    && region.lines.contains {
                        Double($0.box.height) >= tall && $0.confidence >= tuning.framedTextConfidence
                    }
            }).min(by: { $0.box.y < $1.box.y }),
            top.box.y - layout.contentTop <= (layout.contentBottom - layout.contentTop) / 3
        else { return nil }
        let row = content.filter { $0.box.sharesRows(with: top.box) }
        let rows = Self.rows(of: row.flatMap(\.lines))
        guard !row.contains(where: \.isFilled), rows.count == 1, let line = rows.first,
            line.text.filter(\.isLetter).count >= 2
        else { return nil }
        return (line.text.trimmingCharacters(in: .whitespaces), row.map(\.box))
    }

    /// An app bar drawn in the page's own colour (a black screen's) has no band to find it by,
    /// but its row gives it away: the first words on the screen with an icon far to their left
    /// (the back button) and another far to their right (an action), which no message stands
    /// between; a post's header has the sender's picture, filled, where the back button is.
    /// The name's subtitle ("Verified", "online") may stand under it, set where it is.
    func flatBarTitle(in content: [TextRegion], page: OCRPage, bodyHeight: Double) -> (
        text: String, title: PixelRect, regions: [PixelRect]
    )? {
        let layout = page.layout
        let worded = content.filter { region in
            !region.readInEarlierShot && region.lines.contains { $0.text.filter(\.isLetter).count >= 3 }
        }
        guard let top = worded.min(by: { $0.box.y < $1.box.y }), !top.isFilled, let name = top.lines.first,
            Double(top.box.y - layout.contentTop) <= Double(layout.height) * tuning.flatBarBandShare
        else { return nil }
        let row = content.filter { $0.box.sharesRows(with: top.box) }
        // A bar's icons are outlines drawn on it; a sender's picture heading a post is filled.
        func isIcon(_ region: TextRegion) -> Bool {
            !region.isFilled && region.lines.allSatisfy { $0.text.filter { $0.isLetter || $0.isNumber }.count <= 2 }
                && Double(region.box.height) <= bodyHeight * tuning.emojiMaximumLines
        }
        let edge = Int(Double(layout.width) * tuning.flatBarIconEdgeShare)
        guard row.contains(where: { isIcon($0) && $0.box.maxX <= edge }),
            row.contains(where: { isIcon($0) && $0.box.x >= layout.width - edge })
        else { return nil }
        let subtitle = content.filter { region in
            region.box.y >= top.box.maxY && Double(region.box.y - top.box.maxY) <= bodyHeight
                && Double(abs(region.box.x - top.box.x)) <= bodyHeight && !region.isFilled
        }
        return (name.text, top.box, (row + subtitle).map(\.box))
    }

    private func logChrome(_ layout: ScreenLayout, log: inout DecisionLog) {
        if layout.statusBarBottom > 0 {
            log.add(PixelRect(x: 0, y: 0, width: layout.width, height: layout.statusBarBottom), .statusBar, "")
        }
        if layout.contentBottom < layout.height {
            log.add(
                PixelRect(
                    x: 0, y: layout.contentBottom, width: layout.width, height: layout.height - layout.contentBottom),
                layout.height - layout.contentBottom > layout.height * 3 / 10 ? .keyboard : .inputBar, "")
        }
    }

    /// The usual height of a line of message text on this screen. Regions cut by the chat
    /// area's edges are left out: their slivers read as many short fragments, which would
    /// pull the figure down on a screen with few bubbles read (the others read in the shot
    /// before), and with it every size judged against it.
    func typicalLineHeight(_ page: OCRPage) -> Double {
        let content = page.regions.filter { $0.zone == .content && !$0.lines.isEmpty }
        let whole = content.filter { !touchesChatEdge($0.box, layout: page.layout) }
        // Bubbles read in the shot before count with the heights they were read with there.
        let earlier = page.regions.filter { $0.zone == .content && $0.readInEarlierShot }.flatMap(\.earlierLineHeights)
        // One bubble taller than the screen is all a shot may show.
        let heights =
            ((whole.isEmpty ? content : whole).flatMap(\.lines).filter {
                $0.confidence >= tuning.minimumConfidence
            }
            .map(\.box.height) + earlier).sorted()
        guard !heights.isEmpty else { return tuning.fallbackLineHeight }
        return Double(heights[heights.count * 3 / 4])
    }

    /// What Tesseract makes of an emoji: a word of symbols ("@&", "@#", "‘@"), or of symbols
    /// and one stray letter ("#w"), that it is unsure of. Real punctuation standing alone is
    /// read with confidence, and a lone stroke may be the pronoun "I", so neither is dropped.
    func isEmojiGlyph(_ word: OCRWord) -> Bool {
        // Drawn in colours no letter has, and read as a scrap: an emoji, however surely read.
        if word.isPictograph, PictographFinder.isScrap(word) {
            return true
        }
        guard word.confidence < tuning.emojiGlyphConfidence, !OCRCorrector.isStroke(word.text),
            !word.text.contains(where: \.isNumber)
        else { return false }
        let letters = word.text.filter(\.isLetter).count
        return letters == 0
            || (letters == 1 && word.text.count <= 3 && word.text.contains { $0.isSymbol || "@#&%*".contains($0) })
    }

    /// The sender a mail's header names with the address beside it ("Bob Developer
    /// <bob@demo.root.cloud>", "From Sara Chen <sara@company.com>"); nil when no header row
    /// is so.
    func mailSender(inHeaderOf page: OCRPage) -> String? {
        for row in page.regions.filter({ $0.zone == .header }).flatMap(\.lines) {
            let text = row.text
            guard let open = text.firstIndex(of: "<"), text[open...].contains("@") else { continue }
            var name = text[..<open].trimmingCharacters(in: .whitespaces)
            for label in ["From:", "From"] where name.hasPrefix(label + " ") {
                name = String(name.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
            }
            if names.isNameShaped(name) { return name }
        }
        return nil
    }

    /// The sender's name in the row that heads a message, without the date or time some
    /// apps print at the row's far end ("Jane   December 14, 2020").
    func name(heading row: OCRLine) -> String {
        let words = row.words
        let stampStart = (1..<max(1, words.count)).first { metadata.isMetadataRow(Array(words[$0...])) }
        let nameWords = stampStart.map { Array(words[..<$0]) } ?? words
        return SenderNames.cleanName(nameWords.map(\.text).joined(separator: " "))
    }

    /// Short and poorly read at once: a line cut across, wherever it stands ("ok" alone is
    /// short, but read surely).
    static func isCutAndGarbled(_ line: OCRLine, lineHeight: Double) -> Bool {
        Double(line.box.height) < lineHeight * ReadingTuning.slicedHeightShare
            && line.confidence < ReadingTuning.slicedConfidence
    }

    /// A line at a cut edge that is short or poorly read shows only part of its letters.
    static func isSliced(_ line: OCRLine, lineHeight: Double) -> Bool {
        Double(line.box.height) < lineHeight * ReadingTuning.slicedHeightShare
            || line.confidence < ReadingTuning.slicedConfidence
    }

    static func mostCommon<T: Hashable>(_ values: [T]) -> T? {
        var counts: [T: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        // A tie goes to the value met first: a dictionary's order changes from run to run.
        guard let most = counts.values.max() else { return nil }
        return values.first { counts[$0] == most }
    }

    /// A stroke right at a bubble's side is its rounded edge, not the pronoun "I": text keeps
    /// a padding from the bubble's border.
    func isBubbleEdge(_ word: OCRWord, of region: TextRegion, bodyHeight: Double) -> Bool {
        let padding = Int(bodyHeight * tuning.bubblePaddingShare)
        return region.isFilled && OCRCorrector.isStroke(word.text)
            && (word.box.x - region.box.x < padding || region.box.maxX - word.box.maxX < padding)
    }

    /// `line` without a scrap at the bubble's very edge before its text: the sender's picture
    /// laid over the bubble's corner (CometChat) reads as a letter or two ("Bp Cool...").
    /// Text keeps a padding from the bubble's side and a word's space from the next word;
    /// such a scrap touches the side and stands further off.
    func withoutEdgeScrap(_ line: OCRLine, of region: TextRegion, bodyHeight: Double, log: inout DecisionLog)
        -> OCRLine
    {
        let padding = Int(bodyHeight * tuning.bubblePaddingShare)
        guard region.isFilled, line.words.count >= 2, let scrap = line.words.first,
            scrap.text.filter({ $0.isLetter || $0.isNumber }).count <= Self.edgeScrapLength,
            scrap.box.x - region.box.x < padding,
            Double(line.words[1].box.x - scrap.box.maxX) > bodyHeight * tuning.wordSpaceLines
        else { return line }
        log.add(scrap.box, .avatar, scrap.text)
        // The row keeps its height: how tall it is tells whether an edge of the screen cut it.
        let words = Array(line.words.dropFirst())
        let left = words[0].box.x
        return OCRLine(
            words: words, box: PixelRect(x: left, y: line.box.y, width: line.box.maxX - left, height: line.box.height),
            baseline: line.baseline)
    }
    /// Letters or digits of a scrap at a bubble's edge, at most (a picture reads as one or two).
    static let edgeScrapLength = 2

    /// `line` without a quote's bar read as its first word ("|", "I"): a stroke over the thin
    /// mark drawn down the bubble's left, taller than the quoted words and set apart from them
    /// by more than a space ("I am fine" keeps its "I"). `barredQuoteCount` then finds the bar
    /// left of the text.
    func withoutQuoteBar(_ line: OCRLine, of region: TextRegion) -> OCRLine {
        guard region.isFilled, line.words.count >= 2, let bar = line.words.first, OCRCorrector.isStroke(bar.text),
            let tallest = line.words.dropFirst().map(\.box.height).max(),
            // The bar runs down the quote's padding too: half as tall again as its letters.
            Double(bar.box.height) >= Double(tallest) * tuning.pictureScrapHeightRatio,
            Double(line.words[1].box.x - bar.box.maxX) > Double(tallest) * tuning.wordSpaceLines
        else { return line }
        let marks = region.leftMarks(over: bar.box.y..<bar.box.maxY).compactMap { $0 }
        let over = marks.filter {
            $0.x <= bar.box.maxX && $0.x + $0.width >= bar.box.x && $0.width <= bar.box.width * 2
        }
        guard Double(over.count) >= Double(bar.box.height) * tuning.quoteBarCoverage else { return line }
        let words = Array(line.words.dropFirst())
        return OCRLine(words: words, box: PixelRect(enclosing: words.map(\.box)), baseline: line.baseline)
    }

    /// The line without a small corner time and the ticks right after it.
    private func withoutCornerTime(_ line: OCRLine, filled: Bool, bodyHeight: Double, log: inout DecisionLog) -> OCRLine
    {
        guard filled, let index = line.words.firstIndex(where: { isCornerTime($0, bodyHeight: bodyHeight) }) else {
            return line
        }
        var end = index + 1
        while end < line.words.count, metadata.isTickScrap(line.words[end]) { end += 1 }
        let removed = line.words[index..<end]
        log.add(
            PixelRect(enclosing: removed.map(\.box)), .metadata,
            removed.map(\.text).joined(separator: " "))
        var words = line.words
        words.removeSubrange(index..<end)
        return OCRLine(words: words, box: line.box, baseline: line.baseline)
    }

    private func isCornerTime(_ word: OCRWord, bodyHeight: Double) -> Bool {
        chrome.isBubbleTime(word.text) && Double(word.box.height) < bodyHeight * tuning.cornerTimeShare
    }

    /// The regions without the words of a menu opened over the conversation (`OverlayMenu`);
    /// a region the menu covers whole goes.
    func withoutMenus(_ content: [TextRegion], page: OCRPage, lineHeight: Double, log: inout DecisionLog)
        -> [TextRegion]
    {
        let menus = OverlayMenu.find(
            in: Self.rows(of: content.flatMap(\.lines)), width: page.layout.width, lineHeight: lineHeight)
        guard !menus.isEmpty else { return content }
        for menu in menus { log.add(menu, .menu, "") }
        return content.compactMap { region in
            var region = region
            region.lines = region.lines.compactMap { OverlayMenu.line($0, outside: menus) }
            let covered = menus.contains { $0.encloses(region.box) }
            return covered && region.lines.isEmpty ? nil : region
        }
    }

    /// The regions without rows of chips (`ChipRows`), logged as the app's labels.
    func withoutChips(_ content: [TextRegion], page: OCRPage, bodyHeight: Double, log: inout DecisionLog)
        -> [TextRegion]
    {
        let chips = ChipRows(metadata: metadata).chips(in: content, bodyHeight: bodyHeight) {
            isAvatar($0, on: page) || isPicture($0)
        }
        guard !chips.isEmpty else { return content }
        for chip in chips { log.add(chip.box, .placeholder, chip.text) }
        let boxes = Set(chips.map(\.box))
        return content.filter { !boxes.contains($0.box) }
    }

    /// Whether text ends within `composerZoneShare` of the screen over the chat area's bottom,
    /// where a composer the layout did not set apart sits.
    func isAtComposer(_ box: PixelRect, layout: ScreenLayout) -> Bool {
        Double(layout.contentBottom - box.maxY) < Double(layout.height) * tuning.composerZoneShare
    }

    /// Centered with room on both sides: the app's own line, not anyone's bubble.
    func isCentered(_ box: PixelRect, width: Int) -> Bool {
        let left = box.x, right = width - box.maxX
        return abs(left - right) <= Int(Double(width) * tuning.centeredTolerance)
            && Double(min(left, right)) >= Double(width) * tuning.centeredMinimumGap
    }
}

/// The reader's decisions, in the order it made them.
struct DecisionLog {
    private(set) var decisions: [ReadDecision] = []

    mutating func add(_ box: PixelRect, _ role: ReadDecision.Role, _ text: String) {
        decisions.append(ReadDecision(box: box, role: role, text: text))
    }

    /// A message decided on earlier turns out to be something else (a sender's name).
    /// `box` is the message's region; the decision may have been logged for its text's box.
    mutating func relabel(_ box: PixelRect, as role: ReadDecision.Role) {
        guard
            let index = decisions.lastIndex(where: {
                [.me, .them, .unknown].contains($0.role) && box.encloses($0.box)
            })
        else { return }
        decisions[index].role = role
    }
}

extension ReadDecision.Role {
    init(_ speaker: Speaker) {
        switch speaker {
        case .me: self = .me
        case .them: self = .them
        case .unknown: self = .unknown
        }
    }
}
