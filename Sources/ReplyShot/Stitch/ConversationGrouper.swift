import Foundation

/// Splits the shots of one time window into conversations, so a chat and an unrelated
/// e-mail taken minutes apart are never glued together.
///
/// "Same conversation" is decided from the screen: the header's title (contact, channel or
/// subject) and the page background (the app's look). Two shots of one chat with a stretch
/// missing between them still share both, and stay one conversation with a gap. Shots whose
/// chat rows line up at a scroll offset are one conversation whatever their titles read as
/// (an avatar beside a name can garble one reading of it), and the OCR stage relies on that:
/// a bubble it read in only one of them must reach the stitcher.
struct ConversationGrouper {
    var titleSimilarity = 0.8
    var colorTolerance = 12

    /// Groups of indexes into `reads` (capture order kept inside each group); the group of
    /// the newest shot comes last. `scrollMap` is indexed like `reads`.
    func group(_ reads: [ScreenRead], scrollMap: ScrollMap) -> [[Int]] {
        var groups: [[Int]] = []
        for (index, read) in reads.enumerated() {
            let match = groups.lastIndex { members in
                members.contains {
                    looksAndTitlesAgree(reads[$0], read) || scrollMap.offset(from: $0, to: index) != nil
                }
            }
            if let match { groups[match].append(index) } else { groups.append([index]) }
        }
        let newest = reads.indices.last.flatMap { last in groups.firstIndex { $0.contains(last) } }
        if let newest { groups.append(groups.remove(at: newest)) }
        return groups
    }

    /// For shots whose offsets nobody measured yet (tests): measured here.
    func group(_ reads: [ScreenRead]) -> [[Int]] {
        group(reads, scrollMap: ScrollMap(measuring: reads))
    }

    private func looksAndTitlesAgree(_ a: ScreenRead, _ b: ScreenRead) -> Bool {
        if let ca = a.background, let cb = b.background, ca.distance(to: cb) > colorTolerance { return false }
        guard let ta = a.title, let tb = b.title else { return true }
        return TextSimilarity.similarity(ta, tb) >= titleSimilarity || Self.isOneTitleWithItsSubtitle(ta, tb)
    }

    /// One reading of a header took its subtitle into the title and the other did not ("soju @
    /// libera - 206 users", "soju @ libera"): the longer goes on from the shorter after a mark
    /// that sets a subtitle apart. A longer name without one ("Project Alpha Design") is
    /// another conversation.
    static func isOneTitleWithItsSubtitle(_ a: String, _ b: String) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        let trimmedShort = short.trimmingCharacters(in: .whitespaces).lowercased()
        guard trimmedShort.filter(\.isLetter).count >= minimumTitleLetters,
            long.lowercased().hasPrefix(trimmedShort)
        else { return false }
        let rest = long.dropFirst(trimmedShort.count).drop { $0 == " " }
        return rest.first.map(subtitleMarks.contains) ?? false
    }
    static let subtitleMarks: Set<Character> = ["-", "–", "—", "·", "•", "|", ",", ":", "("]
    /// A title this short may begin many others.
    static let minimumTitleLetters = 4
}
