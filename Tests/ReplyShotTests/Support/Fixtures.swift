import Foundation

@testable import ReplyShot

/// Finds the test bundle, and from it the build products folder.
final class BundleLocator {}

/// Builds image files byte by byte, so scan tests control exactly what a header says.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = repository.appendingPathComponent("samples")
    static let prompts = repository.appendingPathComponent("prompts")

    struct CommandResult {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The built `replyshot` (swift test builds it with the tests; its absence is a failure,
    /// not a skip).
    static func replyshotBinary() throws -> URL {
        struct MissingBinary: Error {}
        // The executable is built beside the test bundle, whatever the configuration: on macOS
        // the bundle is a folder in the products folder, on Linux an executable in it.
        let bundle = Bundle(for: BundleLocator.self)
        let candidates = [
            bundle.bundleURL.deletingLastPathComponent(), bundle.bundleURL,
            bundle.executableURL?.deletingLastPathComponent(), Bundle.main.executableURL?.deletingLastPathComponent(),
        ]
        let binary =
            candidates.compactMap { $0?.appendingPathComponent("replyshot") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? repository.appendingPathComponent(".build/debug/replyshot")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw MissingBinary() }
        return binary
    }

    /// Runs the built `replyshot` (swift test builds it with the tests; its absence is a
    /// failure, not a skip) and collects what it printed.
    static func runReplyshot(
        _ arguments: [String], environment: [String: String]? = nil, stdout target: FileHandle? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = try replyshotBinary()
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = target ?? output
        process.standardError = errors
        try process.run()
        // Read stderr on another thread so neither pipe can fill up and stall the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let stderr = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderr.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if target != nil { try? output.fileHandleForWriting.close() }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr.data, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replyshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let length = UInt32(data.count)
        let crc = crc32(typeBytes + data)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + typeBytes + data + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func xmp(screenshot: Bool, created: Date?) -> String {
        let date =
            created.map { "<photoshop:DateCreated>\(ISO8601DateFormatter().string(from: $0))</photoshop:DateCreated>" }
            ?? ""
        let comment =
            screenshot
            ? "<exif:UserComment><rdf:Alt><rdf:li xml:lang=\"x-default\">Screenshot</rdf:li></rdf:Alt></exif:UserComment>"
            : ""
        return
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF><rdf:Description>\(comment)\(date)</rdf:Description></rdf:RDF></x:xmpmeta>"
    }

    /// A PNG whose header says `width`×`height`; the pixel data is a token (scans never decode it).
    static func png(width: Int, height: Int, xmp: String? = nil, complete: Bool = true) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        if let xmp { bytes += chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array(xmp.utf8)) }
        bytes += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        if complete { bytes += chunk("IEND", []) }
        return Data(bytes)
    }

    /// A JPEG header as a camera writes it: EXIF with Make/Model, then a 4032×3024 frame.
    static func cameraJPEG(width: Int = 4032, height: Int = 3024) -> Data {
        // Big-endian TIFF with one IFD holding Make = "Apple", Model = "iPhone 15".
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]
        let make = Array("Apple\0".utf8), model = Array("iPhone 15\0".utf8)
        let dataStart = 8 + 2 + 2 * 12 + 4
        tiff += [0, 2]
        tiff += [0x01, 0x0F, 0, 2] + be32(make.count) + be32(dataStart)
        tiff += [0x01, 0x10, 0, 2] + be32(model.count) + be32(dataStart + make.count)
        tiff += [0, 0, 0, 0] + make + model
        let app1 = Array("Exif\0\0".utf8) + tiff
        var bytes: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
        bytes += [
            0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), 3,
            1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
        ]
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    /// A copy of a real sample PNG whose XMP capture time is replaced with `date`.
    static func restamped(_ source: URL, capturedAt date: Date) throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: source))
        var out = Array(bytes[0..<8])
        var offset = 8
        while offset + 8 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            if type == "iTXt" {
                out += chunk(
                    "iTXt",
                    Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array(xmp(screenshot: true, created: date).utf8)
                )
            } else {
                out += bytes[offset..<end]
            }
            offset = end
        }
        return Data(out)
    }

    /// Every entry's name (raw bytes), type, size, modification time and content checksum,
    /// read without following links, to prove a folder was left as it was.
    static func snapshot(of folder: URL) throws -> [[CChar]: String] {
        var result: [[CChar]: String] = [:]
        let base = FileSystemPath(folder.path)
        guard let directory = base.bytes.withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else { return result }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                Array($0.bindMemory(to: CChar.self).prefix { $0 != 0 })
            }
            guard name != [46], name != [46, 46] else { continue }
            let path = base.appending(name)
            var info = stat()
            _ = path.bytes.withUnsafeBufferPointer { lstat($0.baseAddress!, &info) }
            let content =
                (info.st_mode & S_IFMT) == S_IFREG ? crc32((try? RawFile.readAll(path, maxBytes: 1 << 26)) ?? []) : 0
            #if os(Linux)
                let modified = info.st_mtim
            #else
                let modified = info.st_mtimespec
            #endif
            result[name] = "\(info.st_mode) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(content)"
        }
        return result
    }
}

extension Message {
    /// A message of a stitched conversation, read from one shot with a fair confidence.
    static func read(_ speaker: Speaker, _ text: String, author: String? = nil, kind: MessageKind = .text) -> Message {
        Message(speaker: speaker, author: author, text: text, kind: kind, confidence: 0.9, source: "shot.png")
    }
}
