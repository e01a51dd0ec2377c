/// Text from outside (a screenshot, a model's answer, a server's error page, a file name)
/// made safe to show on a terminal and to store: escape sequences could set the window's
/// title, clear the screen or forge a `replyshot: error:` line, and bidirectional overrides
/// could show text in another order than it is.
public enum DisplaySafeText {
    /// Without C0 and C1 control characters (tab and, when kept, newline aside), DEL, and
    /// bidirectional embedding, override and isolate marks.
    public static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingNewlines: scalars.append(scalar)
            case 0x09: scalars.append(" ")
            case 0x0A, 0x0D: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
