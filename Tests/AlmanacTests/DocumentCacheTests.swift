import Foundation
import Testing
@testable import Almanac

@Suite("Document cache: parsed documents kept between queries, never an old version")
struct DocumentCacheTests {
    static let second: Int64 = 1_000_000_000
    static let now: Int64 = 1_800_000_000 * second

    static func identity(inode: UInt64 = 7, size: Int64 = 100, changed: Int64) -> FileIdentity {
        FileIdentity(inode: inode, size: size, modified: changed, changed: changed)
    }

    @Test("a document is found again only under the identity it was read with")
    func identityMustMatch() {
        let cache = DocumentCache(capacity: 8)
        let old = Self.identity(changed: Self.now - 5 * Self.second)
        cache.remember(.string("v1"), hadByteOrderMark: false, at: "data/e/a.json", identity: old, now: Self.now)
        #expect(cache.document(at: "data/e/a.json", identity: old)?.value == .string("v1"))
        // A new inode (an atomic save), another size, a later change time: each is another version.
        #expect(cache.document(at: "data/e/a.json", identity: Self.identity(inode: 8, changed: Self.now - 5 * Self.second)) == nil)
        #expect(cache.document(at: "data/e/a.json", identity: Self.identity(size: 101, changed: Self.now - 5 * Self.second)) == nil)
        #expect(cache.document(at: "data/e/a.json", identity: Self.identity(changed: Self.now - 4 * Self.second)) == nil)
        #expect(cache.document(at: "data/e/b.json", identity: old) == nil)
    }

    @Test("a file changed within the last second is not remembered: an edit in the same clock tick could keep its identity")
    func recentChangesAreNotRemembered() {
        let cache = DocumentCache(capacity: 8)
        let recent = Self.identity(changed: Self.now - Self.second / 2)
        cache.remember(.string("v1"), hadByteOrderMark: false, at: "data/e/a.json", identity: recent, now: Self.now)
        #expect(cache.count == 0)
        #expect(cache.document(at: "data/e/a.json", identity: recent) == nil)
    }

    @Test("the cache holds at most its capacity, and the least recently used documents leave first")
    func boundedLeastRecentlyUsed() {
        let cache = DocumentCache(capacity: 8)
        let identity = Self.identity(changed: Self.now - 10 * Self.second)
        for index in 0..<8 {
            cache.remember(.string("\(index)"), hadByteOrderMark: false, at: "f\(index)", identity: identity, now: Self.now)
        }
        _ = cache.document(at: "f0", identity: identity)  // f0 is now the most recently used
        cache.remember(.string("8"), hadByteOrderMark: false, at: "f8", identity: identity, now: Self.now)
        #expect(cache.count <= 8)
        #expect(cache.document(at: "f0", identity: identity) != nil)
        #expect(cache.document(at: "f8", identity: identity) != nil)
        #expect(cache.document(at: "f1", identity: identity) == nil)
        for index in 9..<100 {
            cache.remember(.string("\(index)"), hadByteOrderMark: false, at: "f\(index)", identity: identity, now: Self.now)
        }
        #expect(cache.count <= 8)
    }

    @Test("capacity 0 keeps nothing")
    func capacityZero() {
        let cache = DocumentCache(capacity: 0)
        let identity = Self.identity(changed: Self.now - 10 * Self.second)
        cache.remember(.null, hadByteOrderMark: false, at: "f", identity: identity, now: Self.now)
        #expect(cache.count == 0)
        #expect(cache.document(at: "f", identity: identity) == nil)
    }

    @Test("a query run again reuses the parsed documents, and still sees an edit in place of the same size, a new save and a hand deletion")
    func queriesSeeEveryChange() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(contentsOf: QueryTests.events)
        let query = Query("events").sorted(by: "timestamp", descending: true)
        let first = try store.documents(matching: query)
        #expect(first.count == 7)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try store.documents(matching: query) == first)
        #expect(store.reader.documentCache.count == 7)
        #expect(try store.documents(matching: query) == first)

        // Same size, same second, in place: only the change time tells.
        let edited = try #require(first.first { $0.location.id == "E07" })
        let url = store.url.appendingPathComponent(edited.location.relativePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"app\""))
        try Data(text.replacingOccurrences(of: "\"app\"", with: "\"zzz\"").utf8).write(to: url, options: [])
        let afterEdit = try store.documents(matching: query)
        #expect(afterEdit.first { $0.location.id == "E07" }?.value.objectValue?["kind"] == .string("zzz"))

        try store.save(LoggedEvent(id: "E08", timestamp: instant("2025-03-02T15:00:00Z"), kind: "app", pauseDuration: 3))
        let removed = try #require(first.first { $0.location.id == "E01" })
        try FileManager.default.removeItem(at: store.url.appendingPathComponent(removed.location.relativePath))
        let ids = try store.documents(matching: query).map { $0.location.id ?? "" }
        #expect(ids == ["E08", "E07", "E05", "E06", "E04", "E03", "E02"])  // E05 and E06 share an instant
    }

    @Test("a store opened with documentCacheCapacity 0 remembers nothing")
    func storeWithoutCache() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, options: Store.Options(documentCacheCapacity: 0))
        try store.save(contentsOf: QueryTests.events)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try store.documents(matching: Query("events")).count == 7)
        #expect(store.reader.documentCache.count == 0)
    }
}
