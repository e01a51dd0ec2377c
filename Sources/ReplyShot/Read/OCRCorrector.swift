import Foundation

/// Fixes the confusions Tesseract makes on phone fonts, where a capital I is a bare
/// vertical stroke: "|", "l", "1", "!" or "]" standing alone as a word mean "I".
///
/// Only whole tokens are touched, and a digit only when the next word is one that follows
/// "I" (so "1 more thing" keeps its number); names, numbers and links are left alone.
struct OCRCorrector {
    private static let strokes: Set<String> = ["|", "l", "!", "]", "[", "/", "¦", "I"]
    private static let followsI: Set<String> = [
        "am", "was", "have", "had", "will", "would", "can", "could", "do", "did", "don't", "didn't",
        "think", "know", "love", "like", "want", "need", "hope", "guess", "mean", "feel", "just", "also",
        "should", "shall", "might", "must", "may", "really", "keep", "teach", "got", "get", "see", "saw",
        "made", "make", "tried", "try", "said", "wish", "bet", "swear", "promise", "agree", "totally",
        "can't", "won't", "wasn't", "haven't", "never", "always", "still", "only", "went", "go", "miss",
    ]
    private static let pictureEdges: Set<String> = [")", "}", ")]"]
    private static let contractions = ["'m", "'ll", "'d", "'ve", "’m", "’ll", "’d", "’ve"]

    /// A bare vertical stroke that may be the pronoun "I".
    static func isStroke(_ word: String) -> Bool { strokes.contains(word) }

    func correct(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // No message opens with a lone closing bracket: it is the edge of a round picture
        // against the text ("Martin's photo) Awesome").
        if words.count > 1, let first = words.first, Self.pictureEdges.contains(first) { words.removeFirst() }
        words = Self.withoutEmojiSigns(words)
        for index in words.indices {
            let word = words[index]
            let next =
                index + 1 < words.count
                ? words[index + 1].lowercased().trimmingCharacters(in: .punctuationCharacters) : ""
            if Self.strokes.contains(word), word != "I" {
                // A lone stroke between words is a pronoun; at the very end it may be punctuation.
                if word != "!" || !next.isEmpty { words[index] = "I" }
            } else if ["ls", "lt", "lf"].contains(word),
                index == 0 || words[index - 1].last.map({ ".!?".contains($0) }) == true
            {
                // Sentence-initial "ls"/"lt"/"lf" are "Is"/"It"/"If" with a misread capital.
                words[index] = "I" + word.dropFirst()
            } else if word == "lam", !next.isEmpty {
                // "I am" with the space and the capital lost: "Oh lam so sorry".
                words[index] = "I am"
            } else if word == "1", Self.followsI.contains(next) {
                words[index] = "I"
            } else if let first = word.first, "|l1!]".contains(first),
                Self.contractions.contains(where: { word.dropFirst() == $0 })
            {
                words[index] = "I" + word.dropFirst()
            }
        }
        return Self.joiningWrappedLinks(words).joined(separator: " ")
    }

    /// Signs Tesseract reads an emoji as, surely and in the text's ink: "Hey 👋" as "Hey &",
    /// "🎉 Hey" as "# Hey", "👋" as "¥". No message opens or ends with one of them standing
    /// alone (between words "&" is the sign itself: "Tom & Jerry").
    static let emojiSigns: Set<String> = ["&", "@", "#", "©", "®", "§", "¥", "£", "€"]
    /// Currencies stand after an amount ("5 €"): there the sign is the message's.
    private static let currencies: Set<String> = ["¥", "£", "€"]

    /// `words` without a lone emoji sign at either end, when a word with a letter remains.
    static func withoutEmojiSigns(_ words: [String]) -> [String] {
        var words = words[...]
        guard words.contains(where: { $0.contains(where: \.isLetter) }) else { return Array(words) }
        if let last = words.last, emojiSigns.contains(last), words.count > 1,
            !(currencies.contains(last) && words.dropLast().last!.contains(where: \.isNumber))
        {
            words.removeLast()
        }
        if let first = words.first, emojiSigns.contains(first), words.count > 1,
            words.dropFirst().first!.contains(where: \.isLetter)
        {
            words.removeFirst()
        }
        return Array(words)
    }

    /// A link too long for its bubble wraps where it has no space, and the lines are joined
    /// with one: "https://v.redd.it /al0uhxnclg941" is one link. A word that goes on a link
    /// (a path, a query, a domain's rest) joins it; a sentence's next word does not.
    static func joiningWrappedLinks(_ words: [String]) -> [String] {
        var joined: [String] = []
        for word in words {
            if let last = joined.last, isOpenLink(last), isLinkRest(word) {
                joined[joined.count - 1] = last + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// A link that may go on: no sentence punctuation at its end.
    static func isOpenLink(_ word: String) -> Bool {
        let lower = word.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("www.") else { return false }
        return !(word.last.map { ",;!)".contains($0) } ?? true) && !word.hasSuffix("...")
    }

    /// The rest of a wrapped link: starts with a path, a query or a dot, or holds one.
    static func isLinkRest(_ word: String) -> Bool {
        guard let first = word.first else { return false }
        if "/?=&#%._-".contains(first) { return word.count >= 2 }
        return word.contains { "/?=&#%_".contains($0) } && !word.contains { $0.isWhitespace }
    }
}
