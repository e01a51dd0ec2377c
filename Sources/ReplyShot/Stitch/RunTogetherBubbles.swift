/// Two bubbles one shot read as one (a scroll bar or an outline down the chat's side joined
/// their regions), seen apart in the next shot: the run-together message ends with the words
/// of a later message of the same sender. Kept whole, the later message would be said twice;
/// the run-together one keeps only what comes before it.
struct RunTogetherBubbles {
    /// Only a message this long ends another by no chance.
    static let minimumLetters = 30
    /// The run-together message's end and the later message agree at least this much.
    static let endSimilarity = 0.9
    /// The earlier message's own words are at least this many letters.
    static let minimumOwnLetters = 10
    /// The later message comes within this many messages of the run-together one (the
    /// other side's bubbles between them were read apart).
    static let reach = 4

    func split(_ bubbles: [Bubble]) -> [Bubble] {
        var result = bubbles
        for later in result.indices {
            let message = result[later]
            for earlier in stride(from: later - 1, through: max(0, later - Self.reach), by: -1) {
                guard let own = Self.ownWords(of: result[earlier], before: message) else { continue }
                result[earlier].text = own
                break
            }
        }
        return result
    }

    /// `run`'s words before `later`'s, when `run` is the two read as one: a text of the same
    /// sender that ends with `later`'s long enough text and has words of its own before it.
    /// Both are whole: a copy cut by the screen's top is the end of the same message.
    static func ownWords(of run: Bubble, before later: Bubble) -> String? {
        guard run.kind == .text, later.kind == .text, run.speaker == later.speaker, !run.isCutOff, !later.isCutOff,
            later.text.filter(\.isLetter).count >= minimumLetters, run.text.count > later.text.count
        else { return nil }
        let end = String(run.text.suffix(later.text.count))
        let own = String(run.text.dropLast(later.text.count)).trimmingCharacters(in: .whitespaces)
        guard TextSimilarity.similarity(end, later.text) >= endSimilarity,
            own.filter(\.isLetter).count >= minimumOwnLetters
        else { return nil }
        return own
    }
}
