/// The few most recently used open folders of the write path, by their path from the store root.
///
/// Small on purpose: each holds a descriptor, and Apple systems give a process a few hundred.
/// Saves in a run mostly go to today's folder, so a handful of entries catches nearly all of them.
struct FolderCache {
    static let capacity = 8

    /// Least recently used first.
    private var entries: [(path: [String], folder: Directory)] = []

    /// The open folder at `path`, now the most recently used, or `nil`.
    mutating func folder(at path: [String]) -> Directory? {
        guard let index = entries.lastIndex(where: { $0.path == path }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.folder
    }

    /// Keeps `folder` as the most recently used, closing the least recently used when full.
    mutating func insert(_ folder: Directory, at path: [String]) {
        entries.removeAll { $0.path == path }
        if entries.count >= FolderCache.capacity { entries.removeFirst() }
        entries.append((path, folder))
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    /// Forgets the folder at `path` and every folder below it.
    mutating func forget(under path: [String]) {
        entries.removeAll { $0.path.starts(with: path) }
    }
}
