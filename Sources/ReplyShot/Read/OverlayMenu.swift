import Foundation

/// A menu opened over the conversation (a long press's "Reply, Forward, Copy, Delete", a
/// mail's "Reply all, Forward, Move, Archive"): its items are the app's, not anyone's
/// message, and the words it covers in part are unreadable. Told by its shape, a column of
/// short labels that are actions, each under the last at a steady pitch; everything from
/// its icons' column rightwards, over its rows, is the menu's.
struct OverlayMenu {
    /// At least this many labels one under the other make a menu: two may be a chance (a
    /// "Copy" and a "Delete" a user wrote).
    static let minimumItems = 3
    /// Labels of one menu start within this many line heights of each other.
    static let columnSlack = 0.6
    /// Consecutive items are at most this many line heights apart.
    static let maximumItemPitch = 4.0
    /// Words further apart than this many line heights on a row are separate things (text
    /// of the page beside the menu, the menu's label).
    static let clusterGap = 1.5
    /// The items' icons stand this many line heights left of their labels, at most.
    static let iconReach = 3.0

    /// What menus say: English actions on a message, a mail or a chat.
    static let actions: Set<String> = [
        "reply", "reply all", "reply privately", "forward", "forward as attachment", "forward attachment", "copy",
        "copy text", "copy link", "delete", "delete for me", "delete for everyone", "edit", "pin", "unpin", "share",
        "select", "select all", "info", "message info", "details", "archive", "unarchive", "move", "move to",
        "mark as read", "mark as unread", "mark as junk", "mark as spam", "mark unread", "report", "save", "star",
        "unstar", "react", "translate", "quote", "redirect", "block", "mute", "unmute", "flag", "unflag",
        "is read", "is unread", "is flagged", "is not flagged", "resend", "retry", "download", "save to gallery",
        "open", "view", "print", "add reaction", "mark as not junk", "snooze", "label", "labels",
    ]

    /// The menus among `rows` (OCR rows, top to bottom), as boxes that reach the screen's right
    /// edge (`width`).
    static func find(in rows: [OCRLine], width: Int, lineHeight: Double) -> [PixelRect] {
        let labels = rows.flatMap { clusters(of: $0, lineHeight: lineHeight) }.filter { isAction($0.text) }
            .sorted { $0.box.y < $1.box.y }
        var menus: [PixelRect] = []
        var used = Set<Int>()
        for (index, label) in labels.enumerated() where !used.contains(index) {
            var items = [index]
            for next in labels.indices.dropFirst(index + 1) where !used.contains(next) {
                let last = labels[items.last!]
                let candidate = labels[next]
                guard Double(abs(candidate.box.x - label.box.x)) <= lineHeight * columnSlack else { continue }
                guard Double(candidate.box.y - last.box.y) <= lineHeight * maximumItemPitch else { break }
                items.append(next)
            }
            guard items.count >= minimumItems else { continue }
            used.formUnion(items)
            let boxes = items.map { labels[$0].box }
            let pitch = Double(boxes.last!.y - boxes.first!.y) / Double(boxes.count - 1)
            let left = max(0, boxes.map(\.x).min()! - Int(lineHeight * iconReach))
            let top = max(0, boxes.first!.y - Int(pitch / 2))
            let bottom = boxes.last!.maxY + Int(pitch / 2)
            menus.append(PixelRect(x: left, y: top, width: width - left, height: bottom - top))
        }
        return menus
    }

    /// The row's words split where they stand far apart.
    static func clusters(of row: OCRLine, lineHeight: Double) -> [OCRLine] {
        var clusters: [[OCRWord]] = []
        for word in row.words {
            if let last = clusters.last?.last, Double(word.box.x - last.box.maxX) < lineHeight * clusterGap {
                clusters[clusters.count - 1].append(word)
            } else {
                clusters.append([word])
            }
        }
        return clusters.map { words in
            OCRLine(
                words: words, box: PixelRect(enclosing: words.map(\.box)), baseline: row.baseline)
        }
    }

    /// A label that is an action, its icon read as a scrap in front or not ("EB Move").
    static func isAction(_ text: String) -> Bool {
        let words = text.lowercased().split(separator: " ").map(String.init)
        let label = { (words: ArraySlice<String>) in
            words.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        }
        return actions.contains(label(words[...]))
            || (words.count >= 2 && words[0].count <= 2 && actions.contains(label(words.dropFirst())))
    }

    /// `line` without the words a menu covers: nil when none is left.
    static func line(_ line: OCRLine, outside menus: [PixelRect]) -> OCRLine? {
        let words = line.words.filter { word in
            !menus.contains { menu in
                (menu.x..<menu.maxX).contains(word.box.midX) && (menu.y..<menu.maxY).contains(word.box.midY)
            }
        }
        guard !words.isEmpty else { return nil }
        if words.count == line.words.count { return line }
        return OCRLine(
            words: words, box: PixelRect(enclosing: words.map(\.box)), baseline: line.baseline)
    }
}
