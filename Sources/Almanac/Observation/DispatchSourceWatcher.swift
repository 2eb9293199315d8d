#if canImport(Darwin)
import Darwin
import Foundation

/// A ``FolderWatcher`` for Apple systems: a `DispatchSource` (kqueue) on each of at most
/// `limit` paths, since each holds a descriptor and a process has a few hundred. On a folder it
/// sees entries created, removed and renamed (how Almanac and most editors save); on a file
/// (the commit counter), every write.
final class DispatchSourceWatcher: FolderWatcher, @unchecked Sendable {
    // Sendable: `sources` and `stopped` are reached only through `lock`.
    private let queue: DispatchQueue
    private let limit: Int
    private let onChange: @Sendable (_ foldersChanged: Bool) -> Void
    private let lock = NSLock()
    /// Path → its source and the inode it watches: a replaced folder is watched again.
    private var sources: [String: (source: DispatchSourceFileSystemObject, inode: UInt64)] = [:]
    private var stopped = false

    init(queue: DispatchQueue, limit: Int, onChange: @escaping @Sendable (_ foldersChanged: Bool) -> Void) {
        self.queue = queue
        self.limit = limit
        self.onChange = onChange
    }

    /// Watches the first `limit` of `paths`: the observation lists the store's root, `data`,
    /// the collection and then the newest folders first.
    func watch(_ paths: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        let wanted = Array(paths.prefix(limit))
        let inodes = Self.inodes(of: wanted)
        for (path, watched) in sources where inodes[path] != watched.inode {
            watched.source.cancel()
            sources[path] = nil
        }
        for path in wanted where sources[path] == nil {
            guard let inode = inodes[path] else { continue }
            let descriptor = open(path, O_EVTONLY)
            guard descriptor >= 0 else { continue }  // gone meanwhile; the parent's event brings a refresh
            let source = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: descriptor, eventMask: [.write, .delete, .rename, .link, .extend], queue: queue)
            let onChange = self.onChange
            source.setEventHandler { onChange(true) }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            sources[path] = (source, inode)
        }
    }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        for watched in sources.values { watched.source.cancel() }
        sources = [:]
    }
}
#endif
