import Foundation

/// Tells when files in a folder are finished being written: inotify's close-after-write and
/// moved-in events on Linux, a once-a-second scan of sizes and times elsewhere (documented
/// fallback). Never a busy loop.
public protocol FolderEvents: AnyObject {
    /// Names of files written or moved in since the last call, waiting at most `timeout`,
    /// as stored (a name need not be UTF-8).
    func wait(timeout: TimeInterval) -> [FileName]
}

public enum FolderWatcher {
    /// `notice` hears what a person should know while watching (the folder went away, came back).
    public static func make(folder: URL, notice: @escaping (String) -> Void = { _ in }) throws -> FolderEvents {
        #if os(Linux)
            return try InotifyEvents(folder: folder, notice: notice)
        #else
            return PollingEvents(folder: folder)
        #endif
    }
}

#if os(Linux)
    import Glibc

    /// inotify watches the folder's inode: when the folder is removed (or moved away) and made
    /// again, the watch is gone and nothing would ever arrive. The watch notices its own end,
    /// says so, and watches the folder again once it is back, reporting what is already in it.
    final class InotifyEvents: FolderEvents {
        private let descriptor: Int32
        private let folder: URL
        private let notice: (String) -> Void
        private var watching = true
        private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
        private static let watchEnded = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)

        init(folder: URL, notice: @escaping (String) -> Void) throws {
            self.folder = folder
            self.notice = notice
            descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard descriptor >= 0 else {
                throw ScanError.folderUnreadable(folder.path, String(cString: strerror(errno)))
            }
            guard inotify_add_watch(descriptor, folder.path, Self.mask) >= 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                if !FileManager.default.fileExists(atPath: folder.path) { throw ScanError.folderMissing(folder.path) }
                throw ScanError.folderUnreadable(folder.path, reason)
            }
        }

        deinit { close(descriptor) }

        func wait(timeout: TimeInterval) -> [FileName] {
            if !watching, let names = watchAgain() { return names }
            var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&pollDescriptor, 1, Int32(max(0, timeout) * 1000)) > 0 else { return [] }
            var names: [FileName] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let (length, name, mask) = buffer.withUnsafeBytes { raw -> (Int, FileName, UInt32) in
                        let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                        let nameStart = offset + MemoryLayout<inotify_event>.size
                        let bytes = raw[nameStart..<min(count, nameStart + Int(event.len))]
                        return (Int(event.len), FileName(bytes: bytes.map { CChar(bitPattern: $0) }), event.mask)
                    }
                    if mask & Self.watchEnded != 0, watching {
                        watching = false
                        notice("\(folder.path) was removed or moved away; watching for it to come back")
                    }
                    if !name.bytes.isEmpty { names.append(name) }
                    offset += MemoryLayout<inotify_event>.size + length
                }
            }
            return names
        }

        /// Watches the folder again when it exists again: the files already in it are
        /// reported as arrived (they were written while nothing watched). nil: still gone.
        private func watchAgain() -> [FileName]? {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue,
                inotify_add_watch(descriptor, folder.path, Self.mask) >= 0
            else { return nil }
            watching = true
            notice("\(folder.path) is back; watching it again")
            return (FileSystemPath(folder.path).entries() ?? []).filter { !$0.isHidden }
        }
    }
#endif

/// The fallback where inotify does not exist: compares sizes and times once a second and
/// reports a file once it has stopped changing.
final class PollingEvents: FolderEvents {
    private let folder: FileSystemPath
    private var seen: [FileName: String] = [:]

    init(folder: URL) {
        self.folder = FileSystemPath(folder.path)
        seen = snapshot()
    }

    private func snapshot() -> [FileName: String] {
        var result: [FileName: String] = [:]
        for name in folder.entries() ?? [] where !name.isHidden {
            result[name] = AnalysisHistory.fingerprint(of: folder.appending(name))
        }
        return result
    }

    func wait(timeout: TimeInterval) -> [FileName] {
        Thread.sleep(forTimeInterval: min(1, max(0.05, timeout)))
        let now = snapshot()
        defer { seen = now }
        return now.filter { seen[$0.key] != $0.value }.map(\.key)
    }
}
