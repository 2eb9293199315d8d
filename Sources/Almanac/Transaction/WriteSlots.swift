/// The slots of a change's pending writes (``PendingChange``), by document key, held by the
/// keys' hashes: a batch of 100,000 keeps no second copy of its keys beside its writes.
///
/// A hash names a slot only when the write in it has that key, so the answers are exact: of
/// two keys with one hash, the second is kept by its whole key.
struct WriteSlots {
    private var byHash: [Int: Int] = [:]
    private var byKey: [String: Int] = [:]
    private let hash: @Sendable (String) -> Int

    /// - Parameter hash: the keys' hash (a test gives every key one, to see the answers stay exact).
    init(hash: @escaping @Sendable (String) -> Int = { $0.hashValue }) {
        self.hash = hash
    }

    var count: Int { byHash.count + byKey.count }
    var isEmpty: Bool { byHash.isEmpty && byKey.isEmpty }

    mutating func reserve(_ more: Int) {
        byHash.reserveCapacity(byHash.count + more)
    }

    /// The slot of the write of `key` among `writes`, if any.
    func slot(of key: String, in writes: [PreparedWrite?]) -> Int? {
        if let slot = byHash[hash(key)], Self.write(writes[slot], has: key) { return slot }
        return byKey[key]
    }

    /// Records `slot` as the write of `key`, which has none yet.
    mutating func insert(_ key: String, slot: Int) {
        let hashed = hash(key)
        if byHash[hashed] == nil { byHash[hashed] = slot } else { byKey[key] = slot }
    }

    /// Forgets the write of `key`; returns its slot.
    mutating func remove(_ key: String, in writes: [PreparedWrite?]) -> Int? {
        let hashed = hash(key)
        if let slot = byHash[hashed], Self.write(writes[slot], has: key) {
            byHash[hashed] = nil
            return slot
        }
        return byKey.removeValue(forKey: key)
    }

    /// Whether `write` is the document `key` (``PendingChange/key(_:_:)``), compared without
    /// building its key: the collection's name, a slash, and the id ignoring ASCII case.
    private static func write(_ write: PreparedWrite?, has key: String) -> Bool {
        guard let write else { return false }
        let name = write.collectionName.utf8, id = (write.location.id ?? "").utf8, wanted = key.utf8
        guard wanted.count == name.count + 1 + id.count, wanted.starts(with: name) else { return false }
        guard id.allSatisfy({ $0 < 0x80 }) else { return PendingChange.key(write.collectionName, write.location.id) == key }
        var rest = wanted.dropFirst(name.count).makeIterator()
        guard rest.next() == UInt8(ascii: "/") else { return false }
        for byte in id {
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            guard rest.next() == folded else { return false }
        }
        return true
    }
}
