import Foundation

/// What a scan of the folder found: the screenshots to analyse (oldest first) and every
/// other file it looked at, with the reason it was not used.
public struct ScanResult: Equatable, Sendable {
    public var screenshots: [Screenshot]
    public var skipped: [SkippedFile]

    public init(screenshots: [Screenshot], skipped: [SkippedFile]) {
        self.screenshots = screenshots
        self.skipped = skipped
    }
}

public enum ScanError: Error, LocalizedError, Equatable {
    case folderMissing(String)
    case notAFolder(String)
    case folderUnreadable(String, String)
    /// A file named on the command line that cannot be used: the user's mistake, not the file's.
    case namedFileUnusable(String, String)

    public var errorDescription: String? {
        switch self {
        case .folderMissing(let path):
            // A path named like a picture was meant as one screenshot, not a folder.
            if FolderLibrary.imageExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased()) {
                return
                    "The screenshot \(path) does not exist. Check its name, or point replyshot at the folder your screenshots are saved in."
            }
            return "The folder \(path) does not exist. Point replyshot at the folder your screenshots are saved in."
        case .notAFolder(let path):
            return "\(path) is a file, not a folder. Point replyshot at the folder that holds your screenshots."
        case .folderUnreadable(let path, let why):
            return "The folder \(path) cannot be read (\(why)). Check its permissions."
        case .namedFileUnusable(let path, let why):
            return "\(path) cannot be analysed: \(why). Name screenshots (PNG or JPEG) or folders that hold them."
        }
    }
}

/// A folder standing in for the phone's photo library.
///
/// Only file headers and metadata are read here; pixels are decoded later, and only for the
/// screenshots that were chosen. Nothing in the folder is ever written or touched.
public struct FolderLibrary: Sendable {
    public var folder: URL
    public var headerReader = ImageHeaderReader()
    public var classifier = ScreenshotClassifier()
    public var timeZone: TimeZone = .current
    /// When set, only these names are looked at; the rest of the folder is not reported.
    public var onlyNames: Set<String>?

    /// Extensions a photo library would show; anything else is reported without being opened.
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "heic", "heif", "webp", "gif", "tif", "tiff", "bmp",
    ]
    /// Refuse headers that claim more pixels than any screen has, before anything is decoded:
    /// the largest screens people capture are a 6K display (6016×3384, 20.4 Mpx) and a
    /// 13-inch iPad Pro (2064×2752). Reading a picture costs time in proportion to its pixels.
    static let maxPixels = 24_000_000
    static let maxSide = 12_000

    public init(folder: URL) {
        self.folder = folder
    }

    public func recentScreenshots(window: TimeWindow, limit: Int, now: Date = Date()) throws -> ScanResult {
        let entries = try listFolder()
        var inWindow: [Screenshot] = []
        var skipped: [SkippedFile] = []
        for entry in entries {
            switch examine(entry, window: window, now: now) {
            case .failure(let skip):
                skipped.append(skip)
            case .success(let shot):
                if window.contains(shot.capturedAt, now: now) {
                    inWindow.append(shot)
                } else {
                    skipped.append(
                        SkippedFile(
                            path: shot.path.display, kind: .outsideWindow,
                            reason:
                                "outside time window: taken \(Self.describe(shot.capturedAt, now: now)), not \(window)")
                    )
                }
            }
        }
        inWindow.sort { ($0.capturedAt, $0.fileName) > ($1.capturedAt, $1.fileName) }
        let chosen = Array(inWindow.prefix(max(0, limit)))
        for extra in inWindow.dropFirst(max(0, limit)) {
            skipped.append(
                SkippedFile(
                    path: extra.path.display, kind: .overLimit,
                    reason: "not among the \(limit) newest screenshots in the window (--limit \(limit))"))
        }
        return ScanResult(screenshots: chosen.reversed(), skipped: skipped)
    }

    /// Entries as raw bytes (readdir), so names that are not valid UTF-8 are still opened.
    private func listFolder() throws -> [FileSystemPath] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw ScanError.folderMissing(folder.path)
        }
        guard isDirectory.boolValue else { throw ScanError.notAFolder(folder.path) }
        let base = FileSystemPath(folder.path)
        guard let entries = base.entries() else {
            throw ScanError.folderUnreadable(folder.path, String(cString: strerror(errno)))
        }
        // Hidden files (.DS_Store, editors' temporaries) are not photos.
        return entries.filter { name in !name.isHidden && onlyNames.map { $0.contains(name.display) } ?? true }
            .map { base.appending($0) }
    }

    /// A screenshot the user named: taken as given, without the time window or the "is it a
    /// screenshot" judgement a photo library needs; a file that is no usable image is an error.
    public func namedScreenshot(_ path: FileSystemPath) throws -> Screenshot {
        switch examine(path, window: .everything, now: Date(), judging: false) {
        case .success(let shot): return shot
        case .failure(let skip):
            throw ScanError.namedFileUnusable(
                path.display, skip.reason.replacingOccurrences(of: "not a screenshot: ", with: ""))
        }
    }

    /// With `judging` off (a named file) only what makes a file unusable is refused.
    private func examine(_ path: FileSystemPath, window: TimeWindow, now: Date, judging: Bool = true) -> Result<
        Screenshot, SkippedFile
    > {
        func skip(_ kind: SkipKind, _ reason: String) -> Result<Screenshot, SkippedFile> {
            .failure(SkippedFile(path: path.display, kind: kind, reason: reason))
        }
        var info = stat()
        // stat follows symbolic links; a loop or a dangling link fails here.
        guard path.bytes.withUnsafeBufferPointer({ stat($0.baseAddress!, &info) }) == 0 else {
            return skip(.unreadable, "unreadable: \(String(cString: strerror(errno)).lowercased())")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return skip(.notScreenshot, "not a screenshot: a folder") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return skip(.notScreenshot, "not a screenshot: not a regular file")
        }
        let display = path.display
        let name = (display as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        guard Self.imageExtensions.contains(ext) else {
            return skip(.notScreenshot, "not a screenshot: not an image file\(ext.isEmpty ? "" : " (.\(ext))")")
        }
        #if os(Linux)
            let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        #else
            let modified = Date(
                timeIntervalSince1970: Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9)
        #endif
        // A file last written before the window opened cannot hold a screenshot taken in it;
        // in a folder of thousands of photos this spares opening almost all of them.
        if judging, let duration = window.duration,
            now.timeIntervalSince(modified) > duration + TimeWindow.futureTolerance
        {
            return skip(
                .outsideWindow, "outside time window: last changed \(Self.describe(modified, now: now)), not \(window)")
        }
        let header: ImageHeader
        do {
            header = try headerReader.read(path: path)
        } catch let error as ImageHeaderError {
            return error == .notAnImage
                ? skip(.notScreenshot, "not a screenshot: the file is not a PNG or JPEG image")
                : skip(.unreadable, "unreadable: \(error.localizedDescription)")
        } catch {
            return skip(.unreadable, "unreadable: \(error.sentence)")
        }
        if header.width > Self.maxSide || header.height > Self.maxSide || header.width * header.height > Self.maxPixels
        {
            return skip(
                .unreadable,
                "unreadable: the header claims \(header.width)×\(header.height) pixels, far more than any screen")
        }
        if !header.isComplete {
            return skip(.unreadable, "unreadable: the PNG file is truncated (it ends before its final chunk)")
        }
        if judging, case .notScreenshot(let reason) = classifier.classify(fileName: name, header: header) {
            return skip(.notScreenshot, reason)
        }
        let (date, source) = captureTime(name: name, header: header, modified: modified)
        return .success(
            Screenshot(
                url: URL(fileURLWithPath: display), path: path, capturedAt: date, captureTimeSource: source,
                width: header.width, height: header.height))
    }

    /// Metadata first, then the file name, then the file's modification time.
    private func captureTime(name: String, header: ImageHeader, modified: Date) -> (Date, CaptureTimeSource) {
        if let date = MetadataCaptureTime(timeZone: timeZone).date(from: header) { return (date, .metadata) }
        if let date = ScreenshotFileName.parse(name, timeZone: timeZone)?.capturedAt {
            return (date, .fileName)
        }
        return (modified, .modificationTime)
    }

    static func describe(_ date: Date, now: Date) -> String {
        let age = now.timeIntervalSince(date)
        if age < 0 { return "in the future (\(ISO8601DateFormatter().string(from: date)))" }
        if age < 120 { return "\(Int(age)) seconds ago" }
        if age < 7200 { return "\(Int(age / 60)) minutes ago" }
        if age < 172_800 { return "\(Int(age / 3600)) hours ago" }
        return "\(Int(age / 86400)) days ago"
    }

    public static func describeFileError(_ error: Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))).lowercased() }
        return nsError.localizedDescription
    }
}
