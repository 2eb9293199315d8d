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
/// In a long-lived store whose folders are watched (``ChangeWatch``), a document remembered at
/// its folder's epoch is found again without a `stat` while the folder stays clean, and the
/// values decoded from it (a Swift type's) are kept beside it, so a warm query neither reads,
/// parses, decodes nor looks at its files.
///
/// The cache is bounded: at most ``capacity`` documents and about ``budget`` bytes (estimated
/// from the files' sizes), the least recently used leaving first.
final class DocumentCache: @unchecked Sendable {
    // Sendable: `entries`, `tick`, `serials` and `cost` are reached only with `lock` held.

    /// A file changed this recently (in nanoseconds) is read but not remembered.
    static let settleNanoseconds: Int64 = 1_000_000_000

    private struct Entry {
        var identity: FileIdentity
        var value: JSONValue
        var hadByteOrderMark: Bool
        var lastUse: UInt64
        /// Tells this reading of the file from any other (a decoded value belongs to it).
        var serial: UInt64
        /// The epoch of its folder's watch at which the file was last seen as it is.
        var epoch: UInt64?
        /// Values decoded from `value`, by Swift type.
        var decoded: [ObjectIdentifier: any Sendable] = [:]
        /// What it holds, estimated: the parsed document at four times the file's size, each
        /// decoded value at twice.
        var cost: Int
    }

    /// How many documents are kept at most; 0 keeps none.
    let capacity: Int
    /// About how many bytes they may take.
    let budget: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0
    private var serials: UInt64 = 0
    private var cost = 0

    init(capacity: Int, budget: Int = .max) {
        self.capacity = max(0, capacity)
        self.budget = max(0, budget)
    }

    /// A document as the cache hands it out: its serial lets a decoded value be kept with it.
    struct Remembered {
        var value: JSONValue
        var hadByteOrderMark: Bool
        var serial: UInt64
    }

    /// The document remembered for the file at `path` (relative to the store root) when its
    /// identity is still `identity`; the file is then known as it is at `epoch` of its folder.
    func document(at path: String, identity: FileIdentity, epoch: UInt64? = nil) -> Remembered? {
        guard capacity > 0 else { return nil }
        return lock.synchronized {
            guard var entry = entries[path], entry.identity == identity else { return nil }
            tick += 1
            entry.lastUse = tick
            if let epoch { entry.epoch = epoch }
            entries[path] = entry
            return Remembered(value: entry.value, hadByteOrderMark: entry.hadByteOrderMark, serial: entry.serial)
        }
    }

    /// The document remembered for `path` when the file was seen as it is at `epoch` of its
    /// folder's watch, which has seen no change since: no `stat` needed.
    func document(at path: String, epoch: UInt64) -> Remembered? {
        guard capacity > 0 else { return nil }
        return lock.synchronized {
            guard var entry = entries[path], entry.epoch == epoch else { return nil }
            tick += 1
            entry.lastUse = tick
            entries[path] = entry
            return Remembered(value: entry.value, hadByteOrderMark: entry.hadByteOrderMark, serial: entry.serial)
        }
    }

    /// The identity of the file the document remembered for `path` was read from, if any:
    /// asked first, so that a file never remembered costs no `stat`.
    func identity(at path: String) -> FileIdentity? {
        guard capacity > 0 else { return nil }
        return lock.synchronized { entries[path]?.identity }
    }

    /// Remembers the document read from `path` while its file had `identity` (and its folder's
    /// watch was at `epoch`), unless the file changed too recently to be told apart from its
    /// next version; returns its serial (0: not remembered).
    @discardableResult
    func remember(
        _ value: JSONValue, hadByteOrderMark: Bool, at path: String, identity: FileIdentity, epoch: UInt64? = nil,
        now: Int64 = DocumentCache.now()
    ) -> UInt64 {
        guard capacity > 0, identity.changed < now - Self.settleNanoseconds else { return 0 }
        return lock.synchronized {
            tick += 1
            serials += 1
            let entry = Entry(identity: identity, value: value, hadByteOrderMark: hadByteOrderMark, lastUse: tick, serial: serials,
                              epoch: epoch, cost: 256 + 4 * Int(max(0, identity.size)))
            cost += entry.cost - (entries[path]?.cost ?? 0)
            entries[path] = entry
            if entries.count > capacity || cost > budget { evictLeastRecentlyUsed() }
            return serials
        }
    }

    /// The value of type `T` decoded from the reading `serial` of `path`, if kept.
    func decoded<T: Sendable>(_ type: T.Type, at path: String, serial: UInt64) -> T? {
        guard serial != 0 else { return nil }
        return lock.synchronized {
            guard let entry = entries[path], entry.serial == serial else { return nil }
            return entry.decoded[ObjectIdentifier(T.self)] as? T
        }
    }

    /// Keeps `value`, decoded as a `T` from the reading `serial` of `path` (nothing when that
    /// reading is no longer remembered).
    func rememberDecoded<T: Sendable>(_ value: T, at path: String, serial: UInt64) {
        guard serial != 0 else { return }
        lock.synchronized {
            guard var entry = entries[path], entry.serial == serial, entry.decoded[ObjectIdentifier(T.self)] == nil else { return }
            let added = 2 * Int(max(0, entry.identity.size)) + MemoryLayout<T>.size
            entry.decoded[ObjectIdentifier(T.self)] = value
            entry.cost += added
            cost += added
            entries[path] = entry
            if cost > budget { evictLeastRecentlyUsed() }
        }
    }

    /// How many documents are remembered now.
    var count: Int { lock.synchronized { entries.count } }

    /// Drops the least recently used quarter (more, until the budget holds), so a full cache
    /// sorts once per `capacity / 4` reads.
    private func evictLeastRecentlyUsed() {
        let keep = min(entries.count, capacity - capacity / 4)
        var leaving = entries.count - keep
        for (path, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard leaving > 0 || cost > budget - budget / 4 else { break }
            entries[path] = nil
            cost -= entry.cost
            leaving -= 1
        }
    }

    /// The wall-clock time in nanoseconds since 1970, the clock file change times are set from.
    static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    }
}
