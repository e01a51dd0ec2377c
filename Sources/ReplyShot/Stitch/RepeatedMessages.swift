/// A long message right over a reply that says again what an earlier message of the
/// conversation said is no new message: it is the quote the reply shows over its own text,
/// read as a message of its own (Ement: the replied-to words under "reply to @alphapapa", in
/// a box of their own), in the same shot as the message it quotes or in another. Kept, the
/// conversation would say it twice. Short repeats ("ok", "haha") are real and stay, and so do
/// a sender's own long repeats (a bank's texts made from one template, a message sent again)
/// and a repeat with no reply under it (a demo's canned message, sent by both sides).
struct RepeatedMessages {
    /// Only sentences this long never say the same by chance.
    static let minimumLetters = 40
    /// Two readings of one long message agree at least this much: a quote is set in other
    /// type (smaller, on a tint) and read less well than the message it quotes.
    static let sameMessageSimilarity = 0.7
    /// A quote that shows only the start of the message it quotes ("...Is …") agrees with
    /// that start at least this much.
    static let quotedStartSimilarity = 0.85

    /// `bubbles` (oldest first) with each repeat right over a message of its sender made that
    /// message's quote. `gaps` are renumbered to match.
    func folded(_ bubbles: [Bubble], gaps: [ConversationGap]) -> ([Bubble], [ConversationGap]) {
        var kept: [Bubble] = []
        // For each bubble, how many were kept up to and including it.
        var keptThrough: [Int] = []
        var quoteForNext: String?
        for (index, bubble) in bubbles.enumerated() {
            defer { keptThrough.append(kept.count) }
            let quote = quoteForNext
            quoteForNext = nil
            guard index + 1 < bubbles.count, Self.mayAnswer(bubbles[index + 1], under: bubble),
                let original = kept.firstIndex(where: { Self.repeats(bubble, $0) })
            else {
                var message = bubble
                if message.quote == nil { message.quote = quote }
                kept.append(message)
                continue
            }
            // Of two copies of one message, a whole one beats one cut by a screen's edge.
            if kept[original].isCutOff, !bubble.isCutOff {
                kept[original].text = bubble.text
                kept[original].isCutOff = false
            }
            quoteForNext = kept[original].text
        }
        let renumbered = gaps.compactMap { gap -> ConversationGap? in
            guard keptThrough.indices.contains(gap.afterMessage), keptThrough[gap.afterMessage] > 0 else { return nil }
            return ConversationGap(afterMessage: keptThrough[gap.afterMessage] - 1)
        }
        return (kept, renumbered)
    }

    /// Whether `bubble` says again what `earlier`, another sender's (or one whose sender a
    /// shot did not tell), said: the whole of it, or its start.
    static func repeats(_ bubble: Bubble, _ earlier: Bubble) -> Bool {
        guard bubble.kind == .text, earlier.kind == .text,
            bubble.speaker != earlier.speaker || bubble.author != earlier.author,
            bubble.text.filter(\.isLetter).count >= minimumLetters,
            earlier.text.filter(\.isLetter).count >= minimumLetters
        else { return false }
        if TextSimilarity.similarity(bubble.text, earlier.text) >= sameMessageSimilarity { return true }
        return bubble.text.count < earlier.text.count
            && TextSimilarity.partialSimilarity(bubble.text, earlier.text) >= quotedStartSimilarity
    }

    /// Whether `reply`, right under the repeat `quote`, is the message that quotes it: its
    /// sender's (as far as either tells), with no quote of its own.
    static func mayAnswer(_ reply: Bubble, under quote: Bubble) -> Bool {
        reply.quote == nil && reply.kind != .notice
            && (reply.speaker == quote.speaker || reply.speaker == .unknown || quote.speaker == .unknown)
    }
}
