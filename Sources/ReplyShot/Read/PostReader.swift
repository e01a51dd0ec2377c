import Foundation

/// Reads screens without bubbles: Slack-style posts (a "Name 9:41 AM" header line, then
/// the post) and e-mails (subject, sender, then paragraphs). One message per post or
/// paragraph; the header or sender becomes the author and is not part of the text.
struct PostReader {
    let chrome: ChromeFilter
    let metadata: MessageMetadata
    private let corrector = OCRCorrector()
    /// A word of a name: capitalised, and of two letters only with a small second ("Li";
    /// "VY" is a tick read as letters).
    private static let nameWordPattern = #"[A-Z](?:[\p{L}.'’-]{2,}|\p{Ll})"#
    /// "Name 9:41 AM": a capitalised name of up to four words, then a time. The profile
    /// picture beside it may be read as a short scrap in front ("(4)", "é"), a role badge
    /// may stand between name and time ("Kim Dawson (Guest) 3:17pm"), and so may the
    /// delivery ticks of one's own posts, read as one or two marks or capitals ("Bender W
    /// 22:23", "Bender VY 22:24"), never a word ("Lunch at 12:30").
    private static let postHeader = try! NSRegularExpression(
        pattern:
            #"^(?:(?:[^\p{L}\s]\S{0,3}|\p{L})\s+)?("# + nameWordPattern + #"(?:\s+"# + nameWordPattern
            + #"){0,3})(?:\s+[(\[][\p{L} ]{1,12}[)\]|]?)?(?:\s+(?:[^\p{L}\p{N}\s]{1,2}|\p{Lu}{1,2}))?\s+(\d{1,2}[:.;,-]\s?\d{2}(?:\s*[A-Za-z.]{1,4})?)$"#
    )

    /// "Name (25 Mar 2009 14:15)": a terminal client's header (nchat), the date and time in
    /// brackets after the name, the delivery tick after them read as a mark or a "v".
    private static let bracketedTimeHeader = try! NSRegularExpression(
        pattern:
            #"^("# + nameWordPattern + #"(?:\s+"# + nameWordPattern
            + #"){0,3})\s+\((?:[\p{L}\p{N},./ -]{0,20}\s)?\d{1,2}[:.]\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?\)(?:\s+(?:[^\p{L}\p{N}\s]{1,2}|\p{Lu}{1,2}|[vV]{1,2}))?$"#
    )

    /// The author a header row names: a post's "Name 9:41 AM", or a mail's sender line, a
    /// name and when it was sent ("Dave Cridland Dec 12", "Allison Trabucco 4 hrs ago"), or
    /// the sender's address. nil for any other row, small print alone ("Read 14:02",
    /// "Yesterday at 9:41 PM") included.
    func author(inHeader row: OCRLine) -> String? {
        sender(inHeader: row)?.name
    }

    /// A header row's sender, and whether the row is a mail's sender line (under which the
    /// recipients may follow) rather than a post's header.
    /// `messagesTimed`: every message's first row here ends in its time, far off at the right
    /// (an IRC client's), so a row ending so is a message ("Neat 19:40"), never a header.
    /// `nickHeaders`: the screen heads its posts with a nickname in any case and the time
    /// right after it ("wookie 12:46"); on a screen with one such row it is a message.
    func sender(inHeader row: OCRLine, messagesTimed: Bool = false, nickHeaders: Bool = false)
        -> (name: String, isMail: Bool)?
    {
        guard !metadata.isMetadataRow(row.words) else { return nil }
        if nickHeaders, let nick = Self.nickAndTime(row) { return (nick, false) }
        if messagesTimed, endsInTimeSetApart(row, gapLines: Self.farTimeGapLines) { return nil }
        if let name = Self.firstMatch(Self.postHeader, row.text) ?? Self.firstMatch(Self.bracketedTimeHeader, row.text)
        {
            return (name, false)
        }
        if let name = nickname(heading: row) { return (name, false) }
        if let name = nameBeforeHandle(row.words) { return (name, false) }
        // An IRC client's header: the nick, the real name and the address ("romibi romibi
        // (Gravatar: <noreply@romibi.ch>)").
        if let last = row.words.last, row.words.count <= Self.maximumHostmaskHeaderWords,
            Self.firstMatch(Self.hostmask, last.text) != nil, row.words.count >= 2
        {
            // The profile picture beside the nick may read as a scrap of capitals in front.
            var words = row.words[...]
            if words.count > 2, let first = words.first, first.text.count <= 2 { words = words.dropFirst() }
            return (words.first!.text.trimmingCharacters(in: CharacterSet(charactersIn: "@+%&~")), false)
        }
        // A mail whose sender has no name shows the address in the name's place, with at most
        // a control beside it ("SHOW MORE"); "bob@example.com is my address" is a sentence.
        if let first = row.words.first, Self.firstMatch(Self.mailAddress, first.text) != nil,
            row.words.count <= 4,
            !row.words.dropFirst().contains(where: { $0.text.count >= 2 && $0.text.allSatisfy(\.isLowercase) })
        {
            return (first.text, true)
        }
        if let name = nameBeforeControl(row.words) { return (name, true) }
        var words = row.words[...]
        // The profile picture beside the name may be read as a scrap in front of it.
        if let first = words.first, words.count > 2, first.text.count <= 2, !Self.isNameWord(first.text) {
            words = words.dropFirst()
        }
        // "Fri 6 Jul 22:07" alone is a date, not a sender called Fri.
        let nameWords = words.prefix { Self.isNameWord($0.text) && !metadata.isDateWord($0.text) }.count
        // The longest name whose rest is a stamp: "Dec" is a name's shape too. A mail's
        // sender has a full name here; one word before a stamp is too often a sentence ("Ok
        // now", "Party on Dec 12").
        for count in stride(from: min(nameWords, Self.maximumNameWords), through: 2, by: -1) {
            let stamp = Array(words.dropFirst(count))
            if !stamp.isEmpty, isSendingStamp(stamp) {
                return (words.prefix(count).map(\.text).joined(separator: " "), true)
            }
        }
        return nil
    }

    /// "Mara Draft": a mail client marks the user's unsent reply with a badge after the name;
    /// the name is the user's.
    static func withoutDraftBadge(_ name: String) -> (name: String, isUser: Bool) {
        var words = name.split(separator: " ")
        guard words.count >= 2, let last = words.last, draftBadges.contains(last.lowercased()) else {
            return (name, false)
        }
        words.removeLast()
        return (words.joined(separator: " "), true)
    }
    static let draftBadges: Set<String> = ["draft", "(draft)"]

    /// A mail's sender line with the button that shows the addresses at its end ("Leo Babauta
    /// - Zen Habits ⚠ SHOW MORE ▾"): the name before the button, its words capitalised (a
    /// dash or an ampersand may join them). A sentence before a button has small words.
    private func nameBeforeControl(_ words: [OCRWord]) -> String? {
        guard words.count >= 3 else { return nil }
        // The button's arrow may read as a letter ("v" for ▾).
        let button = { (cut: Int) in words[cut...].map(\.text).reversed().drop { $0.count <= 1 }.reversed() }
        for cut in 1..<words.count where chrome.isControl(button(cut).joined(separator: " ")) {
            var name = Array(words[..<cut])
            // The icon before the button ("⚠" read as "A").
            while name.count > 1, let last = name.last, last.text.count <= 1 { name.removeLast() }
            let named = name.filter { !Self.nameJoiners.contains($0.text) }
            guard (2...Self.maximumNameWords).contains(named.count), named.allSatisfy({ Self.isNameWord($0.text) })
            else { return nil }
            return name.map(\.text).joined(separator: " ")
        }
        return nil
    }
    private static let nameJoiners: Set<String> = ["-", "–", "—", "&", "·"]

    /// Discord-, Matrix- and IRC-like clients head a post with the sender's nickname, in any
    /// case ("luna", "EVA-01"), and the time far off at the row's end. A short message and
    /// its time in a bubble sit close together.
    private func nickname(heading row: OCRLine) -> String? {
        let words = row.words
        guard words.count >= 2,
            let cut = (1..<words.count).first(where: { metadata.isStamp(Array(words[$0...])) })
        else { return nil }
        var name = words[..<cut]
        var stamp = words[cut...]
        // A separator between them ("Wing · Today", read "Wing - Today") sets the stamp apart as
        // surely as a wide gap: a sentence does not put a dot before "Today".
        let separator = { (word: OCRWord) in MessageMetadata.signatureSeparators.contains(word.text) }
        var separated = false
        if stamp.count >= 2, separator(stamp.first!) {
            stamp = stamp.dropFirst()
            separated = true
        } else if name.count >= 2, separator(name.last!) {
            name = name.dropLast()
            separated = true
        }
        // A time and a date in figures together ("14:43:09 31/01/24") are a post's stamp even
        // set close to the name (Discord's clients); a time alone there ends a message ("Neat 19:40").
        let timeAndDate =
            stamp.contains { metadata.isTimeInFigures($0.text) }
            && stamp.contains {
                $0.text.contains(where: \.isNumber) && !metadata.isTime($0.text) && metadata.isDateWord($0.text)
                    && $0.text.contains { "/.-".contains($0) }
            }
        guard name.count <= Self.maximumNicknameWords,
            name.allSatisfy({ MessageMetadata.isNameWord($0.text) && !metadata.isDateWord($0.text) }),
            name.contains(where: { $0.text.filter(\.isLetter).count >= 2 }),
            let nameHeight = name.map(\.box.height).max()
        else { return nil }
        let gap = Double(stamp.first!.box.x - name.last!.box.maxX) / Double(nameHeight)
        // A day in words ("Today at 09:29AM") a dot's room after the name, the dot lost to OCR:
        // a sentence runs on a space apart ("see you today").
        let dayApart =
            metadata.isTime(stamp.first!.text) && !stamp.first!.text.contains(where: \.isNumber)
            && gap >= SenderNames.stampGapLines
        guard timeAndDate || separated || dayApart || gap >= Self.nicknameTimeGapLines else { return nil }
        return name.map(\.text).joined(separator: " ")
    }

    /// A nickname is a word or two ("EVA-01", "luna", "Jane D").
    static let maximumNicknameWords = 2
    /// Between a post's nickname and its time lie at least this many of the name's heights:
    /// the time is set at the row's far end, while a bubble's corner time follows its text.
    static let nicknameTimeGapLines = 4.0

    /// When a mail was sent: small print, or a day and a month with nothing else, which
    /// alone under a bubble would be too little to call small print. Not a time a sentence
    /// introduces ("Meet Me At 5 pm") and not a word such as "now" alone.
    private func isSendingStamp(_ words: [OCRWord]) -> Bool {
        let lowered = words.map { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        guard let first = lowered.first, !metadata.introducesTime(first),
            !lowered.allSatisfy(MessageMetadata.ambiguousTimes.contains)
        else { return false }
        return metadata.isMetadataRow(words)
            || (lowered.contains(where: metadata.isMonth) && words.allSatisfy { metadata.isDateWord($0.text) })
    }

    /// "wookie 12:46", "luke 9:41 AM": a single nickname in any case, then its post's time.
    static func nickAndTime(_ row: OCRLine) -> String? { firstMatch(nickTime, row.text) }
    private static let nickTime = try! NSRegularExpression(
        pattern: #"^([\p{L}][\p{L}\p{N}_.\-]{1,23})\s+\d{1,2}[:.]\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?$"#)
    /// Rows shaped so that make a screen's post headers: one is too easily a short message.
    static let minimumNickHeaders = 2

    /// A time in a column of its own at the right keeps at least this many of the row's
    /// heights from the text; a time a sentence ends with follows it by a space.
    static let farTimeGapLines = 2.0
    /// In a column of times, a long line may come within half a line of its time.
    static let columnTimeGapLines = 0.5
    /// At least this many rows ending in a time at the right edge make a column of times.
    static let timeColumnRows = 3

    /// A social app's post header: the display name, the account's handle, perhaps cut short,
    /// and when it was posted ("Ben Lubar (any pronouns) @ben@lubar.... 8m", "retiolus
    /// @retiolus@mamot.fr 8m", "Ana @ana 2h"). The name may carry pronouns in brackets.
    func nameBeforeHandle(_ words: [OCRWord]) -> String? {
        guard let handleIndex = words.firstIndex(where: { Self.firstMatch(Self.handle, $0.text) != nil }),
            (1...Self.maximumNameWords + 2).contains(handleIndex)
        else { return nil }
        // A custom emoji after the name reads as a mark or two ("Steffo @").
        let nameWords = words[..<handleIndex].reversed().drop { !$0.text.contains { $0.isLetter || $0.isNumber } }
        let name = nameWords.reversed().map(\.text).joined(separator: " ")
        let after = Array(words[(handleIndex + 1)...])
        guard Self.firstMatch(Self.displayName, name) != nil, after.isEmpty || metadata.isMetadataRow(after) else {
            return nil
        }
        return name
    }
    /// "@ben", "@ben@lubar.net", "@skyfaller@jawns...." (cut with an ellipsis).
    private static let handle = try! NSRegularExpression(
        pattern: #"^@[\p{L}\p{N}_.]+(?:@[\p{L}\p{N}_.-]*)?(?:…|\.{2,})?$"#)
    /// A display name: words of letters, then perhaps a few words in brackets.
    private static let displayName = try! NSRegularExpression(
        pattern: #"^[\p{L}\p{N}'’._-]+,?(?:\s+[\p{L}\p{N}'’._-]+,?){0,3}(?:\s+\([\p{L} /]{1,24}\))?$"#)

    /// "<janne@kuschku.de>", "<noreply@romibi.ch>)": an address in angle brackets ends the row.
    private static let hostmask = try! NSRegularExpression(pattern: #"^<[^<>\s]+@[^<>\s]+>\)?$"#)
    static let maximumHostmaskHeaderWords = 8

    /// A row that is only an address, bare or in angle brackets.
    static func isAddressAlone(_ text: String) -> Bool {
        firstMatch(mailAddress, text.trimmingCharacters(in: CharacterSet(charactersIn: "<> "))) != nil
    }
    /// The sender's address row under the name: the address, after at most a word read
    /// unsurely (the same address in a smaller type that Tesseract garbled, "ennhiaMeaiirntar
    /// sophie@eurotech.example"). A name read surely before it is the sender's line itself.
    static func isAddressRow(_ row: OCRLine) -> Bool {
        guard let last = row.words.last, isAddressAlone(last.text) else { return false }
        return row.words.dropLast().allSatisfy { $0.confidence < unsureScrapConfidence }
            && row.words.count <= 2
    }
    /// Below this a word beside the address is a scrap, not a name.
    static let unsureScrapConfidence = 0.6
    /// An e-mail address, unanchored: the shape both the address rows and the recipients
    /// line look for.
    private static let addressShape = #"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"#
    private static let mailAddress = try! NSRegularExpression(pattern: "^" + addressShape + "$")

    /// The blank between two rows, in the smaller row's heights, that a paragraph break
    /// leaves: lines of one paragraph leave 0.2–0.5 (up to 0.9 under a line without
    /// ascenders or descenders), a paragraph break a line and more.
    static let paragraphBlankLines = 0.9

    /// Names have up to this many words before the time.
    static let maximumNameWords = 4
    private static let nameWord = try! NSRegularExpression(pattern: "^" + nameWordPattern + "$")
    private static func isNameWord(_ text: String) -> Bool { firstMatch(nameWord, text) != nil }

    private static let recipientLine = try! NSRegularExpression(
        pattern: #"^(?i)to(?:\s+(?:me|you)\b|:\s*(?:me|you|<?"# + addressShape + #">?)(?:\W|$))"#)
    /// "to me", "To: daily@example.com": the recipients of a mail, under its sender's name.
    static func isRecipientsLine(_ text: String) -> Bool { firstMatch(recipientLine, text) != nil }
    /// "To Jeff,", "to standards", "to me, Anna Li": the recipients under a mail's sender
    /// line, one word or names and addresses ("To be honest" is a sentence); the sender's own
    /// address may come first ("mara@hendricks.studio · to Joy Okafor").
    private static let recipientsAfterSender = try! NSRegularExpression(
        pattern: #"^(?:\S+@\S+\s*[-·•‧]?\s*)?(?i:to):?\s+(?:\S+|(?:(?:[A-Z]\S*|\S*@\S*|me|you),?\s*){1,4})$"#)
    private static let dateOnly = try! NSRegularExpression(
        pattern:
            #"^((?i)"# + MessageMetadata.monthPrefix
            + #"\s+\d{1,2}(,\s*\d{4})?|\d{1,2}[:.]\d{2}\s*([AaPp][Mm])?|yesterday|today)$"#
    )
    /// After a name, a time's colon may come out as a dash ("sing.li 21-16" in Rocket.Chat's
    /// small grey type): no name ends in a word of two figures, a dash and two more ("EVA-01"
    /// is one word, and stays).
    private static let trailingDate = try! NSRegularExpression(
        pattern:
            #"\s+((?i)"# + MessageMetadata.monthPrefix
            + #"\s+\d{1,2}|\d{1,2}[:.\-–]\d{2}\s*([AaPp][Mm])?|yesterday|today)$"#
    )

    struct Result {
        var subject: String?
        var bubbles: [Bubble]
    }

    /// Names under which chat apps post their own notices (members added, a header changed).
    static let appAuthors: Set<String> = ["system"]

    /// `isNameRow`: whether the row at an index, in the rows handed in, is a sender's name
    /// on its own (told by its ink, which this reader does not see).
    func read(
        rows: [OCRLine], page: OCRPage, myName: String?, bodyHeight: Double, isNameRow: (Int) -> Bool = { _ in false }
    ) -> Result {
        var bubbles: [Bubble] = []
        var author: String?
        // The header marks the post as the user's own (a mail's "Draft").
        var authorIsUser = false
        var subject: String?
        var block: [OCRLine] = []
        let layout = page.layout
        let typical = Self.median(rows.map { Double($0.box.height) }) ?? bodyHeight
        // Lines of one paragraph follow each other at the line pitch; a paragraph or post break
        // adds space. Baselines are compared, so ascenders and descenders do not matter.
        let pitches = zip(rows, rows.dropFirst()).map { Double($1.baseline - $0.baseline) }.filter {
            $0 > 0 && $0 < typical * 2
        }
        let breakDistance = (Self.median(pitches) ?? typical * 1.4) * 1.15

        func flush() {
            defer { block = [] }
            guard !block.isEmpty else { return }
            // "(edited)" under a post's last line marks the post, in brackets or small type.
            while block.count > 1, let last = block.last,
                last.words.allSatisfy({
                    metadata.isSmallPrintMarker(
                        $0, small: Double($0.box.height) < typical * MessageMetadata.smallPrintShare, besideTime: false)
                })
            {
                block.removeLast()
            }
            let text = corrector.correct(block.map(\.text).joined(separator: " "))
            let words = block.flatMap(\.words)
            // Small print alone ("(edited)" under a post) is no paragraph.
            guard text.contains(where: \.isLetter), !metadata.isMetadataRow(words) else { return }
            // Reactions under a post are who liked it, not words of it.
            guard block.count > 1 || !metadata.isReactionRow(words) else { return }
            let box = PixelRect(enclosing: block.map(\.box))
            // A line the app writes about the room among the posts ("tuhana joined the room
            // 11:38 AM") is a notice, whoever posted last, and so are such lines one post
            // combines ("You joined the channel." over "You left the channel.").
            let events = block.compactMap { systemLine($0, lineHeight: typical) }
            if events.count == block.count {
                bubbles.append(
                    Bubble(
                        speaker: .unknown, author: nil, text: events.map(\.text).joined(separator: " "), kind: .notice,
                        box: box, confidence: words.meanConfidence, source: page.source))
                return
            }
            // A post the app itself signs (Mattermost's "System") is a notice about the room.
            if let author, Self.appAuthors.contains(author.lowercased()) {
                bubbles.append(
                    Bubble(
                        speaker: .unknown, author: author, text: text, kind: .notice, box: box,
                        confidence: words.meanConfidence, source: page.source))
                return
            }
            let speaker: Speaker = author.map { authorIsUser ? .me : .of(sender: $0, me: myName) } ?? .unknown
            // A paragraph that ends within a line of the screen's edge may go on beyond it.
            let cut = layout.mayGoOnBeyondEdge(box, lineHeight: typical)
            bubbles.append(
                Bubble(
                    speaker: speaker, author: author, text: text, box: box,
                    confidence: words.meanConfidence,
                    source: page.source, isCutOff: cut))
        }

        // A row sliced by the screen's edge reads as garbage; the neighbouring shot has it whole.
        var rows = Array(zip(rows.indices, rows))
        // Text has no frame here, so a row right at the edge may be whole: only a short or
        // poorly read one counts as sliced. Further in, bare page lies between the edge and
        // the row (the chat's start or end, scrolled past): one both short and poorly read.
        if let first = rows.first?.1,
            (first.box.y < layout.contentTop + Int(typical) && BubbleReader.isSliced(first, lineHeight: typical))
                || BubbleReader.isCutAndGarbled(first, lineHeight: typical)
        {
            rows.removeFirst()
        }
        if let last = rows.last?.1,
            (last.box.maxY > layout.contentBottom - Int(typical) && BubbleReader.isSliced(last, lineHeight: typical))
                || BubbleReader.isCutAndGarbled(last, lineHeight: typical)
        {
            rows.removeLast()
        }
        var afterMailSender = false
        // Rows under a mail's sender line, up to the date under them, are the mail's subject
        // (Tutanota: sender, subject, date, then the body).
        var inMailHeading = false
        var afterHeader = false
        // Under a chat post's header, not a mail's sender. Rows above the first header on a
        // screen of chat posts are the end of a post whose header has scrolled off.
        let rightEdge = rows.map(\.1.box.maxX).max() ?? layout.width
        // Rows that end in a time at the right edge: a column of times (an IRC client's) when
        // there are several; the messages' own when some are long lines of text, so a word
        // before such a time is a message ("Neat 19:40"), not a nickname heading a post.
        let timedRows = rows.filter { _, row in
            row.words.count >= 2 && row.words.last.map { chrome.isBubbleTime($0.text) } == true
                && row.box.maxX >= rightEdge - row.box.height
        }
        let timesInColumn = timedRows.count >= Self.timeColumnRows
        let messagesTimed =
            timesInColumn && timedRows.filter { sender(inHeader: $0.1) == nil }.count >= 2
        // Not where nicknames stand with the time far off (Commet): there a short message
        // with its time ("sure 9:41 PM") is no header.
        let nickHeaders =
            rows.filter { Self.nickAndTime($0.1) != nil }.count >= Self.minimumNickHeaders
            && !rows.contains { nickname(heading: $0.1) != nil }
        var headers = rows.map { sender(inHeader: $0.1, messagesTimed: messagesTimed, nickHeaders: nickHeaders) }
        // A nickname that reads like delivery ticks ("tk 09:47 AM") was taken for small print;
        // standing where the screen's other post headers stand, at their names' start with its
        // time at their times' end, it heads its post all the same (not in a log, whose
        // messages end in their times: "Neat 19:40").
        let postHeaderRows = rows.indices.filter { headers[$0].map { !$0.isMail } ?? false }.map { rows[$0].1 }
        for index in rows.indices where headers[index] == nil && !messagesTimed {
            let row = rows[index].1
            guard let nick = Self.nickAndTime(row),
                postHeaderRows.contains(where: { other in
                    abs(other.box.x - row.box.x) <= row.box.height
                        && abs(other.box.maxX - row.box.maxX) <= row.box.height
                })
            else { continue }
            headers[index] = (nick, false)
        }
        // A post has a body: a chat post's header right under another header is that post's
        // first line ("Neat 19:40" under Quassel's nick line).
        for index in headers.indices.dropFirst() where headers[index - 1] != nil && headers[index]?.isMail == false {
            headers[index] = nil
        }
        var inChatPost = headers.contains { $0.map { !$0.isMail } ?? false }
        // A header row (a nick, a name, an address) is no wrapped text, and a log's time at the
        // far end stands in a column of its own that the text wraps before: neither says how
        // wide the posts' lines run.
        let untimed = rows.map { withoutFarTime($0.1, rightEdge: rightEdge, inColumn: timesInColumn) }
        let bodyRows = rows.indices.filter { headers[$0] == nil }.map { index in
            let (row, timed) = untimed[index]
            guard timed, let last = row.words.last else { return row }
            let text = PixelRect(x: row.box.x, y: row.box.y, width: last.box.maxX - row.box.x, height: row.box.height)
            return OCRLine(words: row.words, box: text, baseline: row.baseline)
        }
        for (index, (given, timedRow)) in rows.enumerated() {
            // A log's time at the far end of a message's first row (Quassel) starts that
            // message and is no part of it.
            let (row, timeStarts) = headers[index] == nil ? untimed[index] : (timedRow, false)
            if timeStarts { flush() }
            let text = row.text
            afterHeader = index > 0 && headers[index - 1] != nil
            if let header = headers[index] {
                flush()
                (author, authorIsUser) = Self.withoutDraftBadge(header.name)
                afterMailSender = header.isMail
                inMailHeading = header.isMail
                inChatPost = !header.isMail
                continue
            }
            // Element: the sender's name alone, in a colour of its own, over the messages.
            if !afterHeader, isNameRow(given) {
                flush()
                author = SenderNames.cleanName(text)
                authorIsUser = false
                afterMailSender = false
                // Over the sender's address, the name heads a mail, whose paragraphs are its
                // messages.
                inChatPost = !(index + 1 < rows.count && Self.isAddressRow(rows[index + 1].1))
                continue
            }
            defer { afterMailSender = false }
            // A row that starts with the sender's address is a mail's, whatever the header's
            // form ("Mara 1:53" over "mara@hendricks.studio · to Joy Okafor").
            if afterMailSender || (afterHeader && Self.firstMatch(Self.mailAddress, row.words[0].text) != nil),
                Self.firstMatch(Self.recipientsAfterSender, text) != nil
            {
                continue
            }
            if Self.firstMatch(Self.recipientLine, text) != nil {
                // "to me" sits under the sender's name: that name (without its date) is the
                // author; the sender's address may stand between them ("<tester@ccarr.com>").
                while let last = block.last,
                    Self.firstMatch(Self.dateOnly, last.text) != nil || Self.isAddressRow(last)
                {
                    block.removeLast()
                }
                if let sender = block.last {
                    author = Self.removingTrailingDate(sender.text)
                    authorIsUser = false
                    inChatPost = false
                    block.removeLast()
                }
                flush()
                continue
            }
            if index == 0, subject == nil, Double(row.box.height) > typical * 1.25, row.box.y < layout.height / 3 {
                subject = text
                continue
            }
            if chrome.isCenteredStamp(text), abs(row.box.midX - layout.width / 2) < layout.width / 10 { continue }
            // A heading's large lines follow each other at their own, larger pitch. The
            // screen's usual pitch may be that of other type (a mail list's small previews
            // over a mail's body), so a break also needs a blank of most of a line's height
            // between the two rows. Measured from the baselines with the smaller row's height,
            // since a picture read as a letter stretches a row's box.
            let startsParagraph =
                block.last.map {
                    let lineHeight = Double(min(row.box.height, $0.box.height))
                    let pitch = Double(row.baseline - $0.baseline)
                    return pitch > breakDistance * max(1, lineHeight / typical)
                        && pitch - lineHeight > lineHeight * Self.paragraphBlankLines
                } ?? true
            // The subject follows the sender line at the line pitch; a break ends the heading.
            if startsParagraph, !afterHeader { inMailHeading = false }
            if inMailHeading, !block.isEmpty, isSendingStamp(row.words) {
                subject = subject ?? block.map(\.text).joined(separator: " ")
                block = []
                inMailHeading = false
                continue
            }
            // System lines of one post follow each other, each short; one that carries its own
            // time is an event of its own.
            let event = systemLine(row, lineHeight: typical)
            let lastEvent = block.last.flatMap { systemLine($0, lineHeight: typical) }
            let eventsGoOn = event.map { !$0.isTimed } == true && lastEvent.map { !$0.isTimed } == true
            if startsParagraph || event?.isTimed == true || lastEvent?.isTimed == true
                || (inChatPost && !eventsGoOn
                    && block.last.map { endsShort($0, before: row, among: bodyRows) } ?? false)
            {
                flush()
            }
            // A row of small print on its own ("Fri 6 Jul 22:07") is when, not what; within a
            // paragraph ("on Monday at 10:00.") it is the paragraph's.
            if startsParagraph, metadata.isMetadataRow(row.words) { continue }
            block.append(row)
        }
        flush()
        return Result(subject: subject, bubbles: foldingQuotes(bubbles))
    }

    /// A reply in a chat of posts shows the message it answers over its own text, after the
    /// quoted sender's name (Cinny, Slack-like clients: "Lozenge current app.tar.gz or dmg
    /// should work"). A paragraph that repeats another sender's earlier one on the screen, a
    /// name in front, right over another paragraph of the same post, is that reply's quote.
    func foldingQuotes(_ bubbles: [Bubble]) -> [Bubble] {
        var result: [Bubble] = []
        var index = 0
        while index < bubbles.count {
            let paragraph = bubbles[index]
            if index + 1 < bubbles.count, bubbles[index + 1].author == paragraph.author, paragraph.kind == .text,
                let quoted = result.first(where: {
                    $0.author != paragraph.author && Self.repeats(paragraph.text, $0.text)
                })
            {
                var reply = bubbles[index + 1]
                reply.quote = quoted.text
                result.append(reply)
                index += 2
                continue
            }
            result.append(paragraph)
            index += 1
        }
        return result
    }

    /// The quote's words after a name of at most `maximumQuotedNameWords` are the earlier
    /// paragraph's, another sender's (a quote is long enough to tell: `minimumQuoteLetters`).
    static func repeats(_ text: String, _ earlier: String) -> Bool {
        let words = text.split(separator: " ")
        guard earlier.filter(\.isLetter).count >= minimumQuoteLetters, words.count >= 2 else { return false }
        return (1...min(maximumQuotedNameWords, words.count - 1)).contains { drop in
            TextSimilarity.similarity(words.dropFirst(drop).joined(separator: " "), earlier) >= quoteSimilarity
        }
    }
    static let maximumQuotedNameWords = 2
    static let minimumQuoteLetters = 12
    static let quoteSimilarity = 0.9

    /// The row without a time set apart at its end, at the page's right edge (`rightEdge`,
    /// within a line's height) and at least `farTimeGapLines` of its height after the text
    /// (half a line where the screen's times stand in a column: `inColumn`); and whether it
    /// had one.
    func withoutFarTime(_ row: OCRLine, rightEdge: Int, inColumn: Bool) -> (OCRLine, Bool) {
        guard endsInTimeSetApart(row, gapLines: inColumn ? Self.columnTimeGapLines : Self.farTimeGapLines),
            let time = row.words.last, rightEdge - time.box.maxX <= row.box.height
        else { return (row, false) }
        // The row keeps its box: the text wrapped before the time's column, so the line is
        // full to there, not ended short.
        return (OCRLine(words: Array(row.words.dropLast()), box: row.box, baseline: row.baseline), true)
    }

    /// Whether the row's last word is a time at least `gapLines` of the row's height after
    /// the text before it.
    func endsInTimeSetApart(_ row: OCRLine, gapLines: Double) -> Bool {
        guard row.words.count >= 2, let time = row.words.last, chrome.isBubbleTime(time.text) else { return false }
        let before = row.words[row.words.count - 2]
        return Double(time.box.x - before.box.maxX) >= Double(row.box.height) * gapLines
    }

    /// The row as a line the app writes about the room ("Carlos joined the room", after the
    /// icon in front and the time at the end go), and whether it ends in a time; nil for
    /// any other row.
    func systemLine(_ row: OCRLine, lineHeight: Double) -> (text: String, isTimed: Bool)? {
        let stripped = metadata.strippingTrailing(row.words, lineHeight: lineHeight)
        let event = ChromeFilter.withoutLeadingIcon(stripped.kept.map(\.text).joined(separator: " "))
        guard chrome.isSystemNotice(event) else { return nil }
        return (event, !stripped.removed.isEmpty)
    }

    /// Whether a row of a chat post ends its message: the next row's first word would have
    /// fitted after it within the width that lines of the same column reach, so the sender
    /// broke the line (Matrix and Discord-like clients show one message a line under one
    /// header). A wrapped line leaves less room than its next word, however wide the column
    /// really is. Rows with a wide gap inside (a name and a time at the far end) are no
    /// measure of the text's width, nor are headers.
    func endsShort(_ row: OCRLine, before next: OCRLine, among rows: [OCRLine]) -> Bool {
        guard let word = next.words.first,
            abs(next.box.x - row.box.x) < next.box.height  // the same column, not an indented block
        else { return false }
        let column = rows.filter { other in
            abs(other.box.x - row.box.x) < next.box.height
                && !zip(other.words, other.words.dropFirst()).contains {
                    Double($1.box.x - $0.box.maxX) >= Double(other.box.height) * Self.nicknameTimeGapLines
                }
        }
        let right = column.map(\.box.maxX).max() ?? next.box.maxX
        let room = right - row.box.maxX
        return Double(room) > Double(word.box.width) + Double(next.box.height) * Self.wrapSlackLines
    }

    /// Room, in line heights, for the space before a word and the play of OCR boxes.
    static let wrapSlackLines = 1.0

    static func removingTrailingDate(_ text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        return trailingDate.stringByReplacingMatches(in: text, range: range, withTemplate: "")
    }

    private static func firstMatch(_ regex: NSRegularExpression, _ text: String) -> String? {
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        return Range(group, in: text).map { String(text[$0]) }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
