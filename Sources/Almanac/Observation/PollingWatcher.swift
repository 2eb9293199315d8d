import Foundation

/// A ``FolderWatcher`` that compares stamps every interval: each covered folder's entries
/// with their inode, size, modification and change time. It notices whatever a folder watcher would,
/// edits in place included, at the cost of a listing and a `stat` per file per interval.
final class PollingWatcher: FolderWatcher, @unchecked Sendable {
    // Sendable: `folders`, `lastStamp` and `stopped` are reached only through `lock` (the
    // timer's handler runs on one serial queue).
    private let timer: DispatchSourceTimer
    private let lock = NSLock()
    private var folders: [String] = []
    private var lastStamp: Int?
    private var stopped = false

    /// Starts polling every `interval` seconds on `queue`; `onChange` gets true (the folder
    /// list may have changed too) whenever a stamp differs.
    init(interval: TimeInterval, queue: DispatchQueue, onChange: @escaping @Sendable (_ foldersChanged: Bool) -> Void) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        timer.setEventHandler { [weak self] in
            guard let self, let changed = self.poll(), changed else { return }
            onChange(true)
        }
        timer.resume()
    }

    func watch(_ folders: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        self.folders = folders
        if lastStamp == nil { lastStamp = Self.stamp(of: folders) }
    }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        timer.cancel()
    }

    /// Whether the stamp changed since the last poll; nil once stopped.
    private func poll() -> Bool? {
        lock.lock()
        let folders = stopped ? nil : self.folders
        lock.unlock()
        guard let folders else { return nil }
        let stamp = Self.stamp(of: folders)
        lock.lock()
        defer { lock.unlock() }
        let changed = lastStamp != stamp
        lastStamp = stamp
        return changed
    }

    /// One number for the folders' entries and their identities; folders that cannot be
    /// read count as absent.
    static func stamp(of folders: [String]) -> Int {
        var hasher = Hasher()
        for path in folders {
            hasher.combine(path)
            guard let folder = try? Directory.openRoot(atPath: path), let entries = try? folder.entries() else {
                hasher.combine(-1)
                continue
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                hasher.combine(entry.name)
                if let identity = try? folder.identity(of: entry.name) { hasher.combine(identity) }
            }
        }
        return hasher.finalize()
    }
}
