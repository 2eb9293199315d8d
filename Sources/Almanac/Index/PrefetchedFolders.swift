/// The folders of ids looked up ahead of a batch (``FolderIndex/prefetch(keys:reader:)``), by
/// key, packed: one buffer of every key's bytes and an open-addressed table of their places,
/// rather than a string and a dictionary entry per key. A batch of 100,000 new ids holds them
/// in about 6 MB instead of 14.
struct PrefetchedFolders {
    private var bytes: [UInt8] = []
    /// Key `i` is `bytes[ends[i]..<ends[i + 1]]`.
    private var ends: [UInt32] = [0]
    private var folders: [[String]] = []
    /// Entry numbers, -1 where empty; a power of two long, never more than half full.
    private var table: [Int32] = []

    var count: Int { folders.count }
    var isEmpty: Bool { folders.isEmpty }

    /// The folders recorded for `key` (empty: in none), or `nil` when it was not looked up.
    subscript(key: String) -> [String]? {
        guard let entry = entry(of: key) else { return nil }
        return folders[entry]
    }

    /// Records the folders of `key`, replacing what was recorded for it.
    mutating func record(_ key: String, folders found: [String]) {
        if let entry = entry(of: key) { return folders[entry] = found }
        if (folders.count + 1) * 2 > table.count { grow() }
        bytes += key.utf8
        ends.append(UInt32(bytes.count))
        folders.append(found)
        place(folders.count - 1)
    }

    /// Makes room for `more` keys of about `length` bytes each.
    mutating func reserve(_ more: Int, length: Int) {
        bytes.reserveCapacity(bytes.count + more * length)
        ends.reserveCapacity(ends.count + more)
        folders.reserveCapacity(folders.count + more)
    }

    private func entry(of key: String) -> Int? {
        guard !table.isEmpty else { return nil }
        let wanted = Array(key.utf8)
        let mask = table.count - 1
        var at = Self.hash(wanted[...]) & mask
        while table[at] >= 0 {
            let entry = Int(table[at])
            if bytes[Int(ends[entry])..<Int(ends[entry + 1])].elementsEqual(wanted) { return entry }
            at = (at + 1) & mask
        }
        return nil
    }

    private mutating func place(_ entry: Int) {
        let mask = table.count - 1
        var at = Self.hash(bytes[Int(ends[entry])..<Int(ends[entry + 1])]) & mask
        while table[at] >= 0 { at = (at + 1) & mask }
        table[at] = Int32(entry)
    }

    private mutating func grow() {
        table = Array(repeating: -1, count: max(64, table.count * 2))
        for entry in folders.indices { place(entry) }
    }

    private static func hash(_ key: ArraySlice<UInt8>) -> Int {
        var hasher = Hasher()
        key.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
