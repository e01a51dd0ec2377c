import Foundation

/// A path as the file system spells it: raw bytes, which need not be valid UTF-8.
public struct FileSystemPath: Equatable, Hashable, Sendable {
    /// NUL-terminated bytes for system calls.
    public let bytes: [CChar]

    public init(bytes: [CChar]) {
        self.bytes = bytes.last == 0 ? bytes : bytes + [0]
    }

    public init(_ path: String) {
        self.init(bytes: Array(path.utf8CString))
    }

    /// For people and JSON: invalid UTF-8 shows as U+FFFD.
    public var display: String {
        String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func appending(_ name: [CChar]) -> FileSystemPath {
        var joined = Array(bytes.dropLast())
        if joined.last != CChar(UInt8(ascii: "/")) { joined.append(CChar(UInt8(ascii: "/"))) }
        return FileSystemPath(bytes: joined + name.filter { $0 != 0 })
    }
}

/// A name inside a folder as the file system stores it: any bytes but "/" and NUL, which
/// need not be UTF-8. Opening goes by the bytes; people see `display`.
public struct FileName: Hashable, Sendable, Comparable {
    /// Without the terminating NUL.
    public let bytes: [CChar]

    public init(bytes: some Sequence<CChar>) { self.bytes = Array(bytes.prefix { $0 != 0 }) }
    public init(_ name: String) { self.init(bytes: name.utf8CString) }

    public var display: String { FileSystemPath(bytes: bytes).display }
    public var isHidden: Bool { bytes.first == CChar(UInt8(ascii: ".")) }

    public static func < (lhs: FileName, rhs: FileName) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}

extension FileSystemPath {
    public func appending(_ name: FileName) -> FileSystemPath { appending(name.bytes) }

    private static let selfAndParent: Set<FileName> = [FileName("."), FileName("..")]

    /// The folder's entries by readdir, as stored (Foundation's listing decodes names and
    /// loses the ones that are not UTF-8). nil when the folder cannot be opened.
    public func entries() -> [FileName]? {
        guard let directory = bytes.withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else { return nil }
        defer { closedir(directory) }
        var names: [FileName] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { FileName(bytes: $0.bindMemory(to: CChar.self)) }
            if !Self.selfAndParent.contains(name) { names.append(name) }
        }
        return names.sorted()
    }
}

public struct FileReadError: Error, LocalizedError, Equatable {
    public var code: Int32
    /// Not a regular file (a directory, a FIFO, a device): nothing a screenshot is stored in.
    public var notRegularFile = false

    public init(code: Int32) { self.code = code }

    public static let notRegular: FileReadError = {
        var error = FileReadError(code: EINVAL)
        error.notRegularFile = true
        return error
    }()

    public var errorDescription: String? {
        notRegularFile ? "it is not a regular file" : String(cString: strerror(code)).lowercased()
    }
}

/// Reads files without changing them — not even their access time, where the system allows
/// (O_NOATIME) — and never more than a bounded number of bytes.
public enum RawFile {
    #if os(Linux)
        /// Linux's O_NOATIME (octal 01000000); Glibc's module map hides it behind _GNU_SOURCE.
        static let noAccessTime: Int32 = 0o1000000
    #endif

    /// An open regular file: its descriptor (the caller closes it) and its size when opened.
    public struct OpenFile {
        public var descriptor: Int32
        public var size: Int
    }

    /// Opens a regular file for reading. O_NONBLOCK keeps a FIFO or a device from holding
    /// the open until some writer comes (it would wedge a scan or the watcher for good); such
    /// a file is refused at once. For a regular file the flag changes nothing.
    public static func open(_ path: FileSystemPath) throws -> OpenFile {
        #if os(Linux)
            var descriptor = path.bytes.withUnsafeBufferPointer {
                Glibc.open($0.baseAddress!, O_RDONLY | O_NONBLOCK | noAccessTime | O_CLOEXEC)
            }
            // O_NOATIME is refused for files of other users; then read them the ordinary way.
            if descriptor < 0 && errno == EPERM {
                descriptor = path.bytes.withUnsafeBufferPointer {
                    Glibc.open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                }
            }
        #else
            let descriptor = path.bytes.withUnsafeBufferPointer {
                Darwin.open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            }
        #endif
        guard descriptor >= 0 else { throw FileReadError(code: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw FileReadError(code: code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw FileReadError.notRegular
        }
        return OpenFile(descriptor: descriptor, size: Int(info.st_size))
    }

    /// Up to `count` bytes from `offset`.
    static func read(_ descriptor: Int32, offset: Int, count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(code: errno)
            }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer.prefix(filled))
    }

    /// The whole file, refusing anything larger than `maxBytes`.
    public static func readAll(_ path: FileSystemPath, maxBytes: Int) throws -> [UInt8] {
        let file = try open(path)
        defer { close(file.descriptor) }
        guard file.size <= maxBytes else { throw FileReadError(code: EFBIG) }
        return try read(file.descriptor, offset: 0, count: file.size)
    }
}
