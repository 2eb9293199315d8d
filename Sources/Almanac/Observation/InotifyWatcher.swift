#if os(Linux)
import Glibc
import Foundation

/// A ``FolderWatcher`` on Linux's inotify: one descriptor for all the folders, whatever
/// their number, and an event for every entry created, removed, renamed or written.
final class InotifyWatcher: FolderWatcher, @unchecked Sendable {
    // Sendable: `watches` is reached only through `lock`; the descriptor and source are
    // immutable, and the source's handler runs on one serial queue.
    private let descriptor: Int32
    private let source: DispatchSourceRead
    private let lock = NSLock()
    private var watches: [Int32: String] = [:]
    private var stopped = false

    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Starts an inotify instance whose events go to `onChange` on `queue`, with
    /// `foldersChanged` true when a folder came or went; nil where inotify is unavailable
    /// (a container without it, or the per-user instance limit reached).
    init?(queue: DispatchQueue, onChange: @escaping @Sendable (_ foldersChanged: Bool) -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            let (any, foldersChanged) = self.drain()
            if any { onChange(foldersChanged) }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    func watch(_ folders: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        let wanted = Set(folders)
        for (handle, path) in watches where !wanted.contains(path) {
            inotify_rm_watch(descriptor, handle)
            watches[handle] = nil
        }
        let present = Set(watches.values)
        for path in folders where !present.contains(path) {
            let handle = inotify_add_watch(descriptor, path, Self.mask)
            if handle >= 0 { watches[handle] = path }  // a folder removed meanwhile is simply not watched
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
