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
    // Sendable: `entries`, `tick` and `cost` (and each entry's `var`s) are reached only with `lock` held.

    /// A file changed this recently (in nanoseconds) is read but not remembered.
    static let settleNanoseconds: Int64 = 1_000_000_000

    /// One document kept. A class: a lookup finds it once and changes it in place, with no
    /// second hash of the path, and a document handed out carries it (``StoredDocument``), so
    /// its decoded value is found without a lookup.
    final class Entry: @unchecked Sendable {
        // Sendable: its `var`s are reached only with the cache's lock held.
        let identity: FileIdentity
        let value: JSONValue
        let hadByteOrderMark: Bool
        var lastUse: UInt64
        /// Whether it left the cache: a value decoded for it then is not kept.
        var evicted = false
        /// The epoch of its folder's watch at which the file was last seen as it is.
        var epoch: UInt64?
        /// The value decoded from `value`, and its Swift type (one: a collection has one).
        var decodedType: ObjectIdentifier?
        var decoded: (any Sendable)?
        /// What it holds, estimated: the parsed document at four times the file's size, its
        /// decoded value at twice.
        var cost: Int

        init(identity: FileIdentity, value: JSONValue, hadByteOrderMark: Bool, lastUse: UInt64, epoch: UInt64?) {
            self.identity = identity
            self.value = value
            self.hadByteOrderMark = hadByteOrderMark
            self.lastUse = lastUse
            self.epoch = epoch
            cost = 256 + 4 * Int(max(0, identity.size))
        }

        var remembered: Remembered { Remembered(value: value, hadByteOrderMark: hadByteOrderMark, entry: self) }
    }

    /// How many documents are kept at most; 0 keeps none.
    let capacity: Int
    /// About how many bytes they may take.
    let budget: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0
    private var cost = 0

    init(capacity: Int, budget: Int = .max) {
        self.capacity = max(0, capacity)
        self.budget = max(0, budget)
    }

    /// A document as the cache hands it out, with its entry, which keeps its decoded value.
    struct Remembered {
        var value: JSONValue
        var hadByteOrderMark: Bool
        var entry: Entry
    }

    /// The document remembered for the file at `path` (relative to the store root) when its
    /// identity is still `identity`; the file is then known as it is at `epoch` of its folder.
    func document(at path: String, identity: FileIdentity, epoch: UInt64? = nil) -> Remembered? {
        guard capacity > 0 else { return nil }
        return lock.synchronized {
            guard let entry = entries[path], entry.identity == identity else { return nil }
            tick += 1
            entry.lastUse = tick
            if let epoch { entry.epoch = epoch }
            return entry.remembered
        }
    }

    /// The document remembered for `path` when the file was seen as it is at `epoch` of its
    /// folder's watch, which has seen no change since: no `stat` needed.
    func document(at path: String, epoch: UInt64) -> Remembered? {
        guard capacity > 0 else { return nil }
        return lock.synchronized {
            guard let entry = entries[path], entry.epoch == epoch else { return nil }
            tick += 1
            entry.lastUse = tick
            return entry.remembered
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
    /// next version; returns its entry when kept.
    @discardableResult
    func remember(
        _ value: JSONValue, hadByteOrderMark: Bool, at path: String, identity: FileIdentity, epoch: UInt64? = nil,
        now: Int64 = DocumentCache.now()
    ) -> Entry? {
        guard capacity > 0, identity.changed < now - Self.settleNanoseconds else { return nil }
        return lock.synchronized {
            tick += 1
            let entry = Entry(identity: identity, value: value, hadByteOrderMark: hadByteOrderMark, lastUse: tick, epoch: epoch)
            cost += entry.cost
            if let replaced = entries.updateValue(entry, forKey: path) {
                cost -= replaced.cost
                replaced.evicted = true
            }
            if entries.count > capacity || cost > budget { evictLeastRecentlyUsed() }
            return entry
        }
    }

    /// The value of type `T` decoded from the document `entry` holds, if kept.
    func decoded<T: Sendable>(_ type: T.Type, in entry: Entry) -> T? {
        lock.synchronized { entry.decodedType == ObjectIdentifier(T.self) ? entry.decoded as? T : nil }
    }

    /// Keeps `value`, decoded as a `T` from the document `entry` holds (nothing when the entry
    /// left the cache, or keeps another type's).
    func rememberDecoded<T: Sendable>(_ value: T, in entry: Entry) {
        lock.synchronized {
            guard !entry.evicted, entry.decodedType == nil else { return }
            let added = 2 * Int(max(0, entry.identity.size)) + MemoryLayout<T>.size
            entry.decodedType = ObjectIdentifier(T.self)
            entry.decoded = value
            entry.cost += added
            cost += added
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
            entry.evicted = true
            cost -= entry.cost
            leaving -= 1
        }
    }

    /// The wall-clock time in nanoseconds since 1970, the clock file change times are set from.
    static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    }
}
