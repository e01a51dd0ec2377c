import Foundation

/// What kind of media a picture or card in a chat is, told from the words on and around it,
/// and the placeholder the transcript shows for it.
enum MediaLabel {
    static let photo = "[photo]"
    static let location = "[location]"

    /// Map makers print their name (or, for Apple's snapshots, "Legal") in a corner of every
    /// map; these words do not appear printed inside a photo a person sends. Matched as whole
    /// words, case-insensitively, on what OCR read inside the picture.
    static let mapAttributions = ["openstreetmap", "leaflet", "mapbox", "google", "legal", "osm"]

    /// Latitude and longitude as apps print a shared place: two decimals with at least four
    /// places (three would be a thousands group: "12.500, 13.000"), the first at most 90 in
    /// size, separated by a comma ("43.54542, 7.03605").
    private static let coordinates = try! NSRegularExpression(
        pattern: #"(?<![\d.])-?(?:[0-8]?\d|90)\.\d{4,}\s*[,;]\s*-?(?:1[0-7]\d|0?\d{1,2}|180)\.\d{4,}(?![\d.])"#)

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
