/// In a mail every paragraph is its sender's: the sender's line heads the whole mail, and the
/// reader finds it once, over the first paragraph. A chat names a sender only where the screen
/// shows the name (over the first of a run of bubbles), so this holds for mail apps alone.
///
/// A message with no author takes the author (and, where its own side is unknown, the side) of
/// the nearest message above it that has one; messages above the first named one belong to a
/// mail whose header the screen cut off, and the app's notices to nobody.
struct MailSenders {
    func assigned(_ conversation: Conversation) -> Conversation {
        var result = conversation
        var sender: (name: String, speaker: Speaker)?
        for index in result.messages.indices where result.messages[index].kind != .notice {
            if let author = result.messages[index].author {
                sender = (author, result.messages[index].speaker)
            } else if let sender {
                result.messages[index].author = sender.name
                if result.messages[index].speaker == .unknown { result.messages[index].speaker = sender.speaker }
            }
        }
        return result
    }
}
