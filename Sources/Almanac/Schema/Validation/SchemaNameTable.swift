/// A fixed table from member names to values, for the names a schema declares.
///
/// `Dictionary` hashes with SipHash under a per-process seed, which is built for hostile
/// keys and costs about as much as everything else done for a member. This table only ever
/// holds a schema's own names and is looked up with a document's: a collision costs a few
/// extra string comparisons, never correctness, so a cheap FNV-1a hash of the UTF-8 bytes
/// is enough. Open addressing with at most half the slots used keeps probes short.
struct SchemaNameTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var name: String
        var value: Value
    }

    private var entries: [Entry?]
    private let mask: Int

    /// A table holding `pairs`; a later pair replaces an earlier one with the same name.
    init(_ pairs: [(name: String, value: Value)]) {
        var capacity = 4
        while capacity < pairs.count * 2 { capacity *= 2 }
        mask = capacity - 1
        entries = Array(repeating: nil, count: capacity)
        for pair in pairs {
            var slot = Self.hash(pair.name) & mask
            while let entry = entries[slot], entry.name != pair.name { slot = (slot + 1) & mask }
            entries[slot] = Entry(name: pair.name, value: pair.value)
        }
    }

    /// The value stored for `name`.
    subscript(name: String) -> Value? {
        var slot = Self.hash(name) & mask
        while let entry = entries[slot] {
            if entry.name == name { return entry.value }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
    }
}
