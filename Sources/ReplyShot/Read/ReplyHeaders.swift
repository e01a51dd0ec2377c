import Foundation

/// "Replying to naomi", "In reply to @alice:example.org": a line saying that the message
/// under it answers another, over the answered message's first line. Apps that draw the pair
/// as lines of their own above the reply, rather than on a tinted block or beside a bar
/// (Discord's clients, some Matrix clients), leave the reader a message made of the quoted
/// line, headed by the phrase as if it were a sender's name, or the phrase as a message of
/// its own and the quoted line as the next: either way the quoted line is the reply's quote,
/// and kept as a message it repeats the message it quotes.
struct ReplyHeaders {
    private static let phrase = try! NSRegularExpression(
        pattern: #"^(?i)(?:replying\s+to|in\s+reply\s+to|replied\s+to|reply\s+to)\b"#)

    /// Whether `text` is a reply's header: the phrase and a name (or a handle, and the scrap
    /// the name's picture reads as), no sentence ("Reply to me when you can!").
    static func isHeader(_ text: String) -> Bool {
        guard let match = phrase.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let end = Range(match.range, in: text)?.upperBound
        else { return false }
        let name = text[end...].split(separator: " ")
        return (1...maximumNameWords).contains(name.count) && !(name.last?.last.map { ".?!,".contains($0) } ?? true)
    }
    /// The name after the phrase, with its picture's scrap, is at most this many words.
    static let maximumNameWords = 3

    /// `bubbles` with each reply's quoted line moved into the reply under it: one bubble of
    /// the quoted line named by the phrase, or the phrase alone and then the quoted line. The
    /// reply is the next text from the same side. Where the screen's edge cut the reply off
    /// (the header and the quoted line end the screen), both go; where a message of another
    /// kind or side follows, nothing changes but the phrase taken for a sender's name, which
    /// names no one.
    func folding(_ bubbles: [Bubble], log: inout DecisionLog) -> [Bubble] {
        var result: [Bubble] = []
        var index = 0
        while index < bubbles.count {
            let bubble = bubbles[index]
            // (Messages under it took the phrase as their sender's name too: the first is the quote.)
            let namedByPhrase =
                (bubble.author.map(Self.isHeader) ?? false)
                && (index == 0 || bubbles[index - 1].author != bubble.author)
            let phraseAlone = !namedByPhrase && Self.isHeader(bubble.text)
            let quoteIndex = phraseAlone ? index + 1 : index
            let replyIndex = quoteIndex + 1
            if bubble.kind == .text, namedByPhrase || phraseAlone, replyIndex < bubbles.count,
                bubbles[quoteIndex].kind == .text, bubbles[replyIndex].kind == .text,
                bubbles[replyIndex].quote == nil, bubbles[replyIndex].speaker == bubble.speaker
            {
                var reply = bubbles[replyIndex]
                reply.quote = bubbles[quoteIndex].text
                if phraseAlone { log.relabel(bubble.box, as: .author) }
                log.relabel(bubbles[quoteIndex].box, as: .quote)
                result.append(reply)
                index = replyIndex + 1
                continue
            }
            // The screen's edge cut the reply off: the header and the quoted line are no
            // messages of their own (the quoted one is where it was sent).
            if bubble.kind == .text, namedByPhrase || phraseAlone, quoteIndex < bubbles.count,
                replyIndex >= bubbles.count
            {
                for cut in bubbles[index...] { log.relabel(cut.box, as: .quote) }
                break
            }
            result.append(bubble)
            index += 1
        }
        // The phrase names no one.
        for index in result.indices where result[index].author.map(Self.isHeader) ?? false {
            result[index].author = nil
        }
        return result
    }
}
