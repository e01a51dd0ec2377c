import Foundation

/// What kind of media a picture or card in a chat is, told from the words on and around it,
/// and the placeholder the transcript shows for it.
enum MediaLabel {
    static let photo = "[photo]"
    static let location = "[location]"
    static let voice = "[voice]"
    static let sticker = "[sticker]"
    /// How the explain picture labels a message of emoji alone, whose text is empty.
    static let emojiOnly = "(emoji)"

    /// Map makers print their name (or, for Apple's snapshots, "Legal") in a corner of every
    /// map; these words do not appear printed inside a photo a person sends. Matched as whole
    /// words, case-insensitively, on what OCR read inside the picture.
    static let mapAttributions = ["openstreetmap", "leaflet", "mapbox", "google", "legal", "osm"]

    /// Latitude and longitude as apps print a shared place: two decimals with at least four
    /// places (three would be a thousands group: "12.500, 13.000"), the first at most 90 in
    /// size, separated by a comma ("43.54542, 7.03605").
    private static let coordinates = try! NSRegularExpression(
        pattern: #"(?<![\d.])-?(?:[0-8]?\d|90)\.\d{4,}\s*[,;]\s*-?(?:1[0-7]\d|0?\d{1,2}|180)\.\d{4,}(?![\d.])"#)

    /// A file as chats show it: its name with an extension of two to five letters or digits,
    /// and perhaps its size ("rare_bird.webp 50.99 kB", "Enquete_impact_2021.pdf (6.08 MB)").
    private static let fileName = try! NSRegularExpression(
        pattern:
            #"^\s*([^\s/]+\.([A-Za-z][A-Za-z0-9]{1,4}))\s*([·•|,-]?\s*\(?\d+(?:[.,]\d+)?\s*(?:[KkMGT]i?B|bytes|B)\)?)?\s*$"#
    )
    /// A file whose name has spaces in it ("Market analysis.odt, 172.4 KB"): only with its
    /// size, since a sentence may end in a file's name ("see report.pdf"). The card's icon may
    /// read as a scrap or two in front, and its button as a word after the size.
    private static let spacedFileName = try! NSRegularExpression(
        pattern:
            #"^\s*(?:(?:\S{1,2}|\d+)\s+){0,2}(\p{L}[^\s/]*(?:\s+[^\s/]+){1,4}\.([A-Za-z][A-Za-z0-9]{1,4}))\s*[·•|,-]?\s*(\(?\d+(?:[.,]\d+)?\s*(?:[KkMGT]i?B|bytes|B)\)?)(?:\s+(?i:download|open|save|preview))?\s*$"#
    )
    /// A long name a narrow bubble wraps, its rows joined by a space: a first part of eight
    /// characters or more with a figure, "_" or "-" in it (a word of a sentence has none),
    /// then the rest of the name with its extension ("v12044gd0000ch4ahsrc77u5k6lh2e 00.mp4").
    private static let wrappedFileName = try! NSRegularExpression(
        pattern: #"^\s*([^\s/.]{8,})\s+([^\s/]+\.([A-Za-z][A-Za-z0-9]{1,4}))\s*$"#)
    /// Without a size, only these extensions make a file ("Thanks.Bye" is a sentence).
    private static let commonExtensions: Set<String> = [
        "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "txt", "csv", "json", "xml", "html",
        "zip", "rar", "7z", "gz", "tar", "apk", "epub", "vcf", "ics", "svg", "jpg", "jpeg", "png", "gif", "webp",
        "heic", "mp3", "m4a", "ogg", "opus", "wav", "mp4", "mov", "avi", "mkv", "webm",
    ]
    /// `[file NAME]` when `text` is a file's name (and size) and nothing else; nil otherwise.
    /// A name needs a letter before its dot: "12.50" or "v2.0" is not a file.
    static func file(in text: String) -> String? {
        let whole = NSRange(text.startIndex..., in: text)
        if let wrapped = wrappedFileName.firstMatch(in: text, range: whole),
            let head = Range(wrapped.range(at: 1), in: text), let tail = Range(wrapped.range(at: 2), in: text),
            let ext = Range(wrapped.range(at: 3), in: text),
            text[head].contains(where: { $0.isNumber || $0 == "_" || $0 == "-" }),
            commonExtensions.contains(text[ext].lowercased())
        {
            return "[file \(text[head])\(text[tail])]"
        }
        guard
            let match = fileName.firstMatch(in: text, range: whole)
                ?? spacedFileName.firstMatch(in: text, range: whole),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        let name = String(text[range])
        let sized = match.range(at: 3).location != NSNotFound
        guard let stem = name.split(separator: ".").first, stem.contains(where: \.isLetter),
            let ext = Range(match.range(at: 2), in: text).map({ text[$0].lowercased() }),
            sized || commonExtensions.contains(ext)
        else { return nil }
        return "[file \(name)]"
    }

    /// A recording that names itself instead of drawing a waveform ("Voice Message [Voice
    /// message] 1.0s", "Audio 0:04"): words of a recording's label and its length, nothing else.
    static func isRecordingCaption(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace })
            .map { $0.trimmingCharacters(in: .punctuationCharacters.union(.symbols)) }
            .filter { !$0.isEmpty && !isLength($0) }
        return !words.isEmpty && words.allSatisfy(recordingWords.contains)
            && words.contains(where: recordingKinds.contains)
    }
    /// Words a recording's label is made of; at least one of `recordingKinds` among them.
    private static let recordingWords: Set<String> = [
        "voice", "audio", "voicemail", "recording", "memo", "message", "note", "clip",
    ]
    private static let recordingKinds: Set<String> = ["voice", "audio", "voicemail", "recording", "memo"]
    /// A recording's length: "0:04", "00:04", "1.0s", "12s", "1m".
    private static func isLength(_ word: String) -> Bool {
        word.range(
            of: #"^(?:\d{1,2}:\d{2}(?::\d{2})?|\d+(?:[.,]\d+)?\s?(?:s|sec|m|min))$"#, options: .regularExpression)
            != nil
    }

    static func isMap(printed text: String) -> Bool {
        let words = Set(
            text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        return mapAttributions.contains { words.contains($0) }
    }

    /// A message that gives a place as coordinates is a shared location, whatever words a
    /// card prints around them (accuracy, altitude, "sharing until").
    static func isSharedLocation(_ text: String) -> Bool {
        coordinates.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
