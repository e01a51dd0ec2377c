import Foundation

/// What the user pointed replyshot at: folders, scanned like a photo library (time window,
/// "is it a screenshot", the newest `limit`), and screenshot files named one by one (a
/// shell's arguments, a drag and drop, a share sheet), which are taken as given.
public struct ScreenshotInputs: Sendable {
    public var paths: [URL]
    /// Only these names are looked at in the folders (the watcher's burst); nil: all.
    public var onlyNames: Set<String>?

    public init(paths: [URL], onlyNames: Set<String>? = nil) {
        self.paths = paths
        self.onlyNames = onlyNames
    }

    /// Screenshots oldest first, whatever order the paths came in.
    public func scan(window: TimeWindow, limit: Int, now: Date) throws -> ScanResult {
        var screenshots: [Screenshot] = []
        var skipped: [SkippedFile] = []
        for url in paths {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !exists || isDirectory.boolValue {
                // A missing path is reported the way a missing folder always was.
                var library = FolderLibrary(folder: url)
                library.onlyNames = onlyNames
                let found = try library.recentScreenshots(window: window, limit: limit, now: now)
                screenshots += found.screenshots
                skipped += found.skipped
            } else {
                let folder = FolderLibrary(folder: url.deletingLastPathComponent())
                screenshots.append(try folder.namedScreenshot(FileSystemPath(url.path)))
            }
        }
        // A file named twice (or named and also found in a named folder) is read once.
        var seen = Set<String>()
        screenshots = screenshots.filter { seen.insert($0.url.standardizedFileURL.path).inserted }
        screenshots.sort { ($0.capturedAt, $0.fileName) < ($1.capturedAt, $1.fileName) }
        return ScanResult(screenshots: screenshots, skipped: skipped)
    }
}
