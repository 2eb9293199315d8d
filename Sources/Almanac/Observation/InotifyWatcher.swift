#if os(Linux)
import Glibc
import Foundation

/// A ``FolderWatcher`` on Linux's inotify: one descriptor for all the paths, whatever their
/// number, and an event for every entry created, removed, renamed or written.
///
/// It also watches single files (the commit counter, ``CommitSignalWatcher``), and with a
/// `limit` stands in for the Apple systems' `DispatchSource` watcher, which can afford only a
/// few descriptors, when tests force the Apple path.
final class InotifyWatcher: FolderWatcher, @unchecked Sendable {
    // Sendable: `watches` and `stopped` are reached only through `lock`; the descriptor and
    // source are immutable, and the source's handler runs on one serial queue.
    private let descriptor: Int32
    private let source: DispatchSourceRead
    private let limit: Int
    private let mask: UInt32
    private let lock = NSLock()
    /// Watch handle → the path and the inode it was added for: a path whose folder was
    /// replaced (a migration swaps `data/`) is watched again.
    private var watches: [Int32: (path: String, inode: UInt64)] = [:]
    private var stopped = false

    private static let folderMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
        | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Starts an inotify instance whose events go to `onChange` on `queue`, with
    /// `foldersChanged` true when a folder came or went; nil where inotify is unavailable
    /// (a container without it, or the per-user instance limit reached).
    ///
    /// - Parameters:
    ///   - limit: watch only the first this many paths.
    ///   - foldersOnly: refuse to watch a path that is not a folder (`IN_ONLYDIR`).
    init?(queue: DispatchQueue, limit: Int = .max, foldersOnly: Bool = true,
          onChange: @escaping @Sendable (_ foldersChanged: Bool) -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.limit = limit
        mask = Self.folderMask | (foldersOnly ? UInt32(IN_ONLYDIR) : 0)
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            let (any, foldersChanged) = self.drain()
            if any { onChange(foldersChanged) }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    func watch(_ paths: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        let wanted = Array(paths.prefix(limit))
        let inodes = Self.inodes(of: wanted)
        for (handle, watched) in watches where inodes[watched.path] != watched.inode {
            inotify_rm_watch(descriptor, handle)
            watches[handle] = nil
        }
        let present = Set(watches.values.map(\.path))
        for path in wanted where !present.contains(path) {
            guard let inode = inodes[path] else { continue }  // gone meanwhile: not watched
            let handle = inotify_add_watch(descriptor, path, mask)
            if handle >= 0 { watches[handle] = (path, inode) }
        }
    }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        watches = [:]
        source.cancel()
    }

    /// Reads every pending event; returns whether there was any, and whether a folder came,
    /// went or stopped being watched (or events were lost), so the folder list must be refreshed.
    private func drain() -> (any: Bool, foldersChanged: Bool) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var any = false, foldersChanged = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            any = true
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset + 16 <= count {
                    let handle = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let flags = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    if flags & UInt32(IN_ISDIR | IN_Q_OVERFLOW | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { foldersChanged = true }
                    if flags & UInt32(IN_IGNORED) != 0 {
                        foldersChanged = true
                        lock.lock()
                        watches[handle] = nil
                        lock.unlock()
                    }
                    offset += 16 + nameLength
                }
            }
        }
        return (any, foldersChanged)
    }
}
#endif
