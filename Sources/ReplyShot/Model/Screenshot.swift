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

/// A file that was looked at and not used, with a reason written for a person.
public struct SkippedFile: Error, Equatable, Codable, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
