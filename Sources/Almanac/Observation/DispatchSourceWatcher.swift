#if canImport(Darwin)
import Darwin
import Foundation

/// A ``FolderWatcher`` for Apple systems: a `DispatchSource` (kqueue) on each of at most
/// ``limit`` folders, since each holds a descriptor and a process has a few hundred. It
/// sees entries created, removed and renamed (how Almanac and most editors save), so it runs
/// beside a ``PollingWatcher``, which catches the rest (an edit in place, folders beyond the limit).
final class DispatchSourceWatcher: FolderWatcher, @unchecked Sendable {
    // Sendable: `sources` and `stopped` are reached only through `lock`.
    static let limit = 8
    private let queue: DispatchQueue
    private let onChange: @Sendable (_ foldersChanged: Bool) -> Void
    private let lock = NSLock()
    private var sources: [String: DispatchSourceFileSystemObject] = [:]
    private var stopped = false

    init(queue: DispatchQueue, onChange: @escaping @Sendable (_ foldersChanged: Bool) -> Void) {
        self.queue = queue
        self.onChange = onChange
    }

    /// Watches the first ``limit`` of `folders`: the observation lists the store's root,
    /// `data`, the collection and then the newest folders first.
    func watch(_ folders: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        let wanted = Array(folders.prefix(Self.limit))
        for (path, source) in sources where !wanted.contains(path) {
            source.cancel()
            sources[path] = nil
        }
        for path in wanted where sources[path] == nil {
            let descriptor = open(path, O_EVTONLY)
            guard descriptor >= 0 else { continue }  // gone meanwhile: the polling watcher covers it
            let source = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: descriptor, eventMask: [.write, .delete, .rename, .link, .extend], queue: queue)
            let onChange = self.onChange
            source.setEventHandler { onChange(true) }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            sources[path] = source
        }
    }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        for source in sources.values { source.cancel() }
        sources = [:]
    }
}
#endif
