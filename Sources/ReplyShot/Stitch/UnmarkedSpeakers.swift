/// A message that nothing on the screen puts on either side (no bubble's edge or colour, no
/// name the user goes by) is the others': a person screenshots what was sent to them in order
/// to answer it, and a mail or a post read on a page without bubbles is someone else's unless
/// it is signed with the user's name (`--me`). The reader leaves such messages `unknown`, as
/// the screen does; the conversation takes this default once the shots are stitched, so that
/// two copies of one message still meet on what the shots themselves showed.
///
/// Not every message: the app's notices stay nobody's, and so do messages above the first
/// named one where the messages are named (a group, a channel): the screen's top edge cut off
/// the header of the post they continue, which may be the user's.
struct UnmarkedSpeakers {
    func assigned(_ conversation: Conversation) -> Conversation {
        var result = conversation
        let firstNamed = conversation.messages.firstIndex { $0.author != nil && $0.kind != .notice }
        for index in result.messages.indices where result.messages[index].speaker == .unknown {
            guard result.messages[index].kind != .notice else { continue }
            if let firstNamed, index < firstNamed, result.messages[index].author == nil { continue }
            result.messages[index].speaker = .them
        }
        return result
    }
}
