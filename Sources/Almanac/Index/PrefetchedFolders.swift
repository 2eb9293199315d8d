/// The folders of ids looked up ahead of a batch (``FolderIndex/prefetch(keys:reader:)``), by
/// key, packed: one buffer of every key's bytes and an open-addressed table of their places,
/// rather than a string and a dictionary entry per key, and each folder path once, named by a
/// number, rather than an array of paths per key. A batch of 100,000 ids holds them in about
/// 6 MB (measured with heaptrack: 100,000 stored ids took 10 MB with an array per key).
struct PrefetchedFolders {
    private var bytes: [UInt8] = []
    /// Key `i` is `bytes[ends[i]..<ends[i + 1]]`.
    private var ends: [UInt32] = [0]
    /// Key `i`'s folders are `numbers[start..<start + count]`, packed as `start << 32 | count`.
    private var ranges: [UInt64] = []
    /// Folder numbers, each key's in a run.
    private var numbers: [UInt32] = []
    /// The distinct folder paths, by number, and the number of each.
    private var paths: [String] = []
    private var numberOfPath: [String: UInt32] = [:]
    /// Entry numbers, -1 where empty; a power of two long, never more than half full.
    private var table: [Int32] = []

    var count: Int { ranges.count }
    var isEmpty: Bool { ranges.isEmpty }

    /// The folders recorded for `key` (empty: in none), or `nil` when it was not looked up.
    subscript(key: String) -> [String]? {
        guard let entry = entry(of: key) else { return nil }
        let start = Int(ranges[entry] >> 32), count = Int(ranges[entry] & 0xFFFF_FFFF)
        return count == 0 ? [] : numbers[start..<(start + count)].map { paths[Int($0)] }
    }

    /// Records the folders of `key`, replacing what was recorded for it.
    mutating func record(_ key: String, folders found: [String]) {
        let range = UInt64(numbers.count) << 32 | UInt64(found.count)
        for path in found {
            if let number = numberOfPath[path] {
                numbers.append(number)
            } else {
                numberOfPath[path] = UInt32(paths.count)
                numbers.append(UInt32(paths.count))
                paths.append(path)
            }
        }
        if let entry = entry(of: key) { return ranges[entry] = range }
        if (ranges.count + 1) * 2 > table.count { grow() }
        bytes += key.utf8
        ends.append(UInt32(bytes.count))
        ranges.append(range)
        place(ranges.count - 1)
    }

    /// Makes room for `more` keys of about `length` bytes each.
    mutating func reserve(_ more: Int, length: Int) {
        bytes.reserveCapacity(bytes.count + more * length)
        ends.reserveCapacity(ends.count + more)
        ranges.reserveCapacity(ranges.count + more)
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
        for entry in ranges.indices { place(entry) }
    }

    private static func hash(_ key: ArraySlice<UInt8>) -> Int {
        var hasher = Hasher()
        key.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
