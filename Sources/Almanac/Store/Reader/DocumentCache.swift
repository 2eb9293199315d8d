import Foundation

/// Parsed documents remembered by file version, so that a query run again (a list screen
/// refreshed, an observation after each change) stats the files it covers instead of
/// reading and parsing them again — what SQLite's page cache does for its pages.
///
/// A document is found again only while its file has the same inode, size, modification
/// time and change time as when it was read. Almanac's writes make a new inode, and any edit
/// in place moves the change time forward, so a changed file is never mistaken for the
/// remembered one. The change time is as coarse as the kernel's clock tick, so a file changed
/// within the last ``settleNanoseconds`` is not remembered: an edit in the same tick with the
/// same size would look the same (git's "racily clean" rule).
///
/// The cache is bounded: at most ``capacity`` documents, the least recently used leaving first.
final class DocumentCache: @unchecked Sendable {
    // Sendable: `entries` and `tick` are reached only with `lock` held.

    /// A file changed this recently (in nanoseconds) is read but not remembered.
    static let settleNanoseconds: Int64 = 1_000_000_000

    private struct Entry {
        var identity: FileIdentity
        var value: JSONValue
        var hadByteOrderMark: Bool
        var lastUse: UInt64
    }

    /// How many documents are kept at most; 0 keeps none.
    let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The document remembered for the file at `path` (relative to the store root) when its
    /// identity is still `identity`.
    func document(at path: String, identity: FileIdentity) -> (value: JSONValue, hadByteOrderMark: Bool)? {
        guard capacity > 0 else { return nil }
        return lock.synchronized {
            guard var entry = entries[path], entry.identity == identity else { return nil }
            tick += 1
            entry.lastUse = tick
            entries[path] = entry
            return (entry.value, entry.hadByteOrderMark)
        }
    }

    /// The identity of the file the document remembered for `path` was read from, if any:
    /// asked first, so that a file never remembered costs no `stat`.
    func identity(at path: String) -> FileIdentity? {
        guard capacity > 0 else { return nil }
        return lock.synchronized { entries[path]?.identity }
    }

    /// Remembers the document read from `path` while its file had `identity`, unless the
    /// file changed too recently to be told apart from its next version.
    func remember(_ value: JSONValue, hadByteOrderMark: Bool, at path: String, identity: FileIdentity, now: Int64 = DocumentCache.now()) {
        guard capacity > 0, identity.changed < now - Self.settleNanoseconds else { return }
        lock.synchronized {
            tick += 1
            entries[path] = Entry(identity: identity, value: value, hadByteOrderMark: hadByteOrderMark, lastUse: tick)
            if entries.count > capacity { evictLeastRecentlyUsed() }
        }
    }

    /// How many documents are remembered now.
    var count: Int { lock.synchronized { entries.count } }

    /// Drops the least recently used quarter, so a full cache sorts once per `capacity / 4` reads.
    private func evictLeastRecentlyUsed() {
        let keep = capacity - capacity / 4
        let oldest = entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(entries.count - keep)
        for (path, _) in oldest { entries[path] = nil }
    }

    /// The wall-clock time in nanoseconds since 1970, the clock file change times are set from.
    static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    }
}
