import XCTest

@testable import ReplyShot

final class ScanTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_795_300_000)
    var folder: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ data: Data, modified: Date? = nil) throws {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path) }
    }

    private func scan(_ window: TimeWindow = TimeWindow(duration: 120), limit: Int = 5) throws -> ScanResult {
        try FolderLibrary(folder: folder).recentScreenshots(window: window, limit: limit, now: now)
    }

    private func reason(_ result: ScanResult, _ name: String) -> String? {
        result.skipped.first { $0.path.hasSuffix("/" + name) }?.reason
    }

    func testWindowEdgesUseMetadataCaptureTime() throws {
        // The file times say "now" for all; only the metadata puts two of them outside.
        try write(
            "IMG_0001.PNG",
            Fixtures.png(
                width: 1170, height: 2532, xmp: Fixtures.xmp(screenshot: true, created: now.addingTimeInterval(-119))))
        try write(
            "IMG_0002.PNG",
            Fixtures.png(
                width: 1170, height: 2532, xmp: Fixtures.xmp(screenshot: true, created: now.addingTimeInterval(-121))))
        try write(
            "IMG_0003.PNG",
            Fixtures.png(
                width: 1170, height: 2532, xmp: Fixtures.xmp(screenshot: true, created: now.addingTimeInterval(3600))))
        let result = try scan()
        XCTAssertEqual(result.screenshots.map(\.fileName), ["IMG_0001.PNG"])
        XCTAssertEqual(result.screenshots.first?.captureTimeSource, .metadata)
        XCTAssertTrue(reason(result, "IMG_0002.PNG")?.hasPrefix("outside time window") ?? false)
        XCTAssertTrue(reason(result, "IMG_0003.PNG")?.hasPrefix("outside time window") ?? false)
    }

    func testFileNameConventionsGiveEvidenceAndCaptureTime() throws {
        let utc = TimeZone(secondsFromGMT: 0)!
        var library = FolderLibrary(folder: folder)
        library.timeZone = utc
        // Odd desktop sizes: only the name says these are screenshots.
        try write("Screenshot 2026-11-21 at 21.14.03.png", Fixtures.png(width: 1512, height: 982), modified: now)
        try write("Screenshot_20261121-211410.png", Fixtures.png(width: 1000, height: 1000), modified: now)
        let result = try library.recentScreenshots(window: .everything, limit: 5, now: now)
        XCTAssertEqual(result.screenshots.count, 2)
        let formatter = ISO8601DateFormatter()
        XCTAssertEqual(
            result.screenshots.map { formatter.string(from: $0.capturedAt) },
            ["2026-11-21T21:14:03Z", "2026-11-21T21:14:10Z"])
        XCTAssertTrue(result.screenshots.allSatisfy { $0.captureTimeSource == .fileName })
    }

    func testPhoneScreenSizeWithoutMetadataUsesModificationTime() throws {
        try write("chat.png", Fixtures.png(width: 2532, height: 1170), modified: now.addingTimeInterval(-10))
        let result = try scan()
        XCTAssertEqual(result.screenshots.first?.captureTimeSource, .modificationTime)
        XCTAssertEqual(result.screenshots.first?.width, 2532)
    }

    func testDecoysAreSkippedWithReasons() throws {
        let recent = now.addingTimeInterval(-5)
        try write("IMG_0100.JPG", Fixtures.cameraJPEG(), modified: recent)
        try write("IMG_0101.PNG", Fixtures.png(width: 4032, height: 3024), modified: recent)
        try write("notes.PNG", Data("just some text, not an image".utf8), modified: recent)
        try write("IMG_0102.PNG", Fixtures.png(width: 1170, height: 2532, complete: false), modified: recent)
        try write("IMG_0103.PNG", Fixtures.png(width: 30000, height: 30000), modified: recent)
        try write("empty.png", Data(), modified: recent)
        try write("todo.txt", Data("milk".utf8), modified: recent)
        let result = try scan()
        XCTAssertTrue(result.screenshots.isEmpty)
        XCTAssertEqual(result.skipped.count, 7)
        XCTAssertEqual(reason(result, "IMG_0100.JPG"), "not a screenshot: a camera photo (Apple iPhone 15, 4032×3024)")
        XCTAssertTrue(reason(result, "IMG_0101.PNG")?.contains("not a phone or tablet screen size") ?? false)
        XCTAssertTrue(reason(result, "notes.PNG")?.contains("not a PNG or JPEG") ?? false)
        XCTAssertTrue(reason(result, "IMG_0102.PNG")?.hasPrefix("unreadable: the PNG file is truncated") ?? false)
        XCTAssertTrue(reason(result, "IMG_0103.PNG")?.contains("30000×30000") ?? false)
        XCTAssertTrue(reason(result, "empty.png")?.hasPrefix("unreadable") ?? false)
        XCTAssertTrue(reason(result, "todo.txt")?.hasPrefix("not a screenshot") ?? false)
    }

    func testPicturesLargerThanAnyScreenAreRefusedBeforeDecoding() throws {
        // Hardening fault 13: a 239 KB 12000×3333 PNG named like a screenshot took 82 s of OCR.
        // The largest screens people capture: a 6K display (6016×3384), a 13-inch iPad Pro.
        let recent = now.addingTimeInterval(-5)
        let screenshot = Fixtures.xmp(screenshot: true, created: recent)
        try write("IMG_0200.PNG", Fixtures.png(width: 12000, height: 3333, xmp: screenshot), modified: recent)
        try write("IMG_0201.PNG", Fixtures.png(width: 3000, height: 9000, xmp: screenshot), modified: recent)
        try write("IMG_0202.PNG", Fixtures.png(width: 6016, height: 3384, xmp: screenshot), modified: recent)
        try write("IMG_0203.PNG", Fixtures.png(width: 2064, height: 2752, xmp: screenshot), modified: recent)
        let result = try scan()
        XCTAssertEqual(result.screenshots.map(\.fileName), ["IMG_0202.PNG", "IMG_0203.PNG"])
        XCTAssertTrue(reason(result, "IMG_0200.PNG")?.contains("12000×3333") ?? false, "\(result.skipped)")
        XCTAssertTrue(reason(result, "IMG_0201.PNG")?.contains("more than any screen") ?? false, "\(result.skipped)")
    }

    func testAPictureThatGrewAfterTheScanIsRefusedBeforeItIsInflated() throws {
        // The scan saw a phone screen; by the time it is read the file claims 6000×6000.
        let file = folder.appendingPathComponent("IMG_0300.PNG")
        try Fixtures.png(width: 6000, height: 6000).write(to: file)
        XCTAssertThrowsError(try RGBImage(path: FileSystemPath(file.path), name: "IMG_0300.PNG")) { error in
            XCTAssertEqual(
                error as? ImageDecodeError, .largerThanAnyScreen("IMG_0300.PNG", width: 6000, height: 6000))
            XCTAssertTrue((error as? LocalizedError)?.errorDescription?.contains("IMG_0300.PNG") ?? false)
        }
    }

    func testLimitKeepsNewestAndReturnsOldestFirst() throws {
        for k in 0..<7 {
            let taken = now.addingTimeInterval(Double(-10 * (7 - k)))
            try write(
                "IMG_10\(k)0.PNG",
                Fixtures.png(width: 1170, height: 2532, xmp: Fixtures.xmp(screenshot: true, created: taken)))
        }
        let result = try scan(limit: 5)
        XCTAssertEqual(
            result.screenshots.map(\.fileName),
            ["IMG_1020.PNG", "IMG_1030.PNG", "IMG_1040.PNG", "IMG_1050.PNG", "IMG_1060.PNG"])
        XCTAssertEqual(result.skipped.filter { $0.reason.hasPrefix("not among the 5 newest") }.count, 2)
    }

    func testScanningNeverChangesTheFolder() throws {
        try write("IMG_0001.PNG", Fixtures.png(width: 1170, height: 2532), modified: now)
        try write("broken.png", Fixtures.png(width: 1170, height: 2532, complete: false), modified: now)
        let before = try Fixtures.snapshot(of: folder)
        _ = try scan(.everything)
        XCTAssertEqual(try Fixtures.snapshot(of: folder), before)
    }

    func testMissingFolderIsAClearError() {
        let missing = folder.appendingPathComponent("nope")
        XCTAssertThrowsError(
            try FolderLibrary(folder: missing).recentScreenshots(window: .everything, limit: 5, now: now)
        ) { error in
            XCTAssertEqual(error as? ScanError, .folderMissing(missing.path))
            XCTAssertTrue((error as? LocalizedError)?.errorDescription?.contains("does not exist") ?? false)
        }
        // A missing path named like a picture is a screenshot that is not there, not a folder.
        let screenshot = ScanError.folderMissing(folder.appendingPathComponent("screen.PNG").path)
        XCTAssertTrue(screenshot.errorDescription?.hasPrefix("The screenshot ") ?? false, "\(screenshot)")
        XCTAssertTrue(ScanError.folderMissing(missing.path).errorDescription?.hasPrefix("The folder ") ?? false)
    }

    func testTimeWindowParsing() {
        XCTAssertEqual(TimeWindow(parsing: "120s")?.duration, 120)
        XCTAssertEqual(TimeWindow(parsing: "15m")?.duration, 900)
        XCTAssertEqual(TimeWindow(parsing: "2h")?.duration, 7200)
        XCTAssertEqual(TimeWindow(parsing: "1d")?.duration, 86400)
        XCTAssertEqual(TimeWindow(parsing: "all"), .everything)
        XCTAssertNil(TimeWindow(parsing: "-5m"))
        XCTAssertNil(TimeWindow(parsing: "soon"))
    }

    func testSampleScreenshotsCarryTheIOSMarker() throws {
        let header = try ImageHeaderReader().read(
            url: Fixtures.samples.appendingPathComponent("hinge-olivia/IMG_4101.PNG"))
        XCTAssertEqual(
            ScreenshotClassifier().classify(fileName: "x.png", header: header), .screenshot(evidence: "XMP UserComment")
        )
        XCTAssertEqual(header.width, 1170)
        XCTAssertEqual(header.height, 2532)
    }
}
