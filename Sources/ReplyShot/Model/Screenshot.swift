import Foundation

/// One image in the folder that stands in for the photo library, judged to be a screenshot.
public struct Screenshot: Equatable, Sendable {
    public var url: URL
    /// The path as the file system spells it (file names need not be UTF-8).
    public var path: FileSystemPath
    public var capturedAt: Date
    /// Where the capture time came from, so a surprising window decision can be explained.
    public var captureTimeSource: CaptureTimeSource
    public var width: Int
    public var height: Int

    public init(
        url: URL, path: FileSystemPath? = nil, capturedAt: Date, captureTimeSource: CaptureTimeSource, width: Int,
        height: Int
    ) {
        self.url = url
        self.path = path ?? FileSystemPath(url.path)
        self.capturedAt = capturedAt
        self.captureTimeSource = captureTimeSource
        self.width = width
        self.height = height
    }

    public var fileName: String { url.lastPathComponent }
}

public enum CaptureTimeSource: String, Sendable {
    case metadata, fileName, modificationTime
}

/// A file that was looked at and not used: `kind` for programs, `reason` written for a person.
public struct SkippedFile: Error, Equatable, Codable, Sendable {
    public var path: String
    public var kind: SkipKind
    public var reason: String

    public init(path: String, kind: SkipKind, reason: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
    }
}

/// Why a file was not used, as a program decides what to do about it (the report's
/// `skipped[].kind`). Only `unreadable` is a fault worth a warning: a photo library is full of
/// photos and old shots.
public enum SkipKind: String, Codable, CaseIterable, Sendable {
    /// Not an image, or an image that is not a screenshot (a camera photo, a folder).
    case notScreenshot = "not-screenshot"
    /// A screenshot taken outside the `--since` window.
    case outsideWindow = "outside-window"
    /// In the window, but older than the `--limit` newest.
    case overLimit = "over-limit"
    /// Damaged, truncated, absurdly large, or unreadable by OCR.
    case unreadable
    /// A shot of another conversation than the one analysed (without `--all-conversations`).
    case otherConversation = "other-conversation"
}
