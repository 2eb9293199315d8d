import Foundation
import Testing
@testable import Almanac

@Suite("Id hints")
struct IDHintTests {
    func storeWithEvents(_ folder: TemporaryFolder) throws -> Store {
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(contentsOf: (0..<30).map { day in
            LoggedEvent(id: "e\(day)", timestamp: instant("2025-01-01T12:00:00Z").addingTimeInterval(Double(day) * 86_400), kind: "k")
        })
        store.finishWriting()  // hints are written when the write session ends
        return store
    }

    @Test("a store just opened reads a document by id without listing the collection")
    func readWithoutListing() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        // A damaged file anywhere in the collection makes every listing fail: the read must not list.
        try Data("{ damaged".utf8).write(to: store.url.appendingPathComponent("data/events/2025/01/05/trap.json"))
        let fresh = try Store(at: store.url)
        #expect(try fresh.document(LoggedEvent.self, id: "e20")?.id == "e20")
        #expect(throws: AlmanacError.self) { try fresh.documents(LoggedEvent.self) }
    }

    @Test("a stale hint falls back to the listing: a file moved by hand is still found")
    func staleHint() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        let old = store.url.appendingPathComponent("data/events/2025/01/11/e10.json")
        let new = store.url.appendingPathComponent("data/events/2025/01/12/e10.json")
        try FileManager.default.moveItem(at: old, to: new)
        #expect(try Store(at: store.url).document(json: "e10", in: "events")?.location.relativePath == "data/events/2025/01/12/e10.json")
    }

    @Test("moves and deletes update the hints")
    func movesAndDeletes() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        try store.save(LoggedEvent(id: "e3", timestamp: instant("2025-03-01T12:00:00Z"), kind: "moved"))
        #expect(try store.delete(LoggedEvent.self, id: "e4"))
        store.finishWriting()
        let fresh = try Store(at: store.url)
        #expect(try fresh.document(LoggedEvent.self, id: "e3")?.kind == "moved")
        #expect(fresh.reader.hintedLocation(of: "e4", in: try fresh.collection(named: "events")) == nil)
        #expect(try fresh.document(LoggedEvent.self, id: "e4") == nil)
    }

    @Test("a damaged hint file is ignored, never trusted")
    func damagedHints() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        let bucket = store.url.appendingPathComponent(".almanac/ids/events/\(StoreReader.hintBucket(for: "e7"))")
        try Data("e7\t../../../etc/passwd\ne7\tdata/events/../x.json\n\u{0}garbage".utf8).write(to: bucket)
        #expect(try Store(at: store.url).document(LoggedEvent.self, id: "e7")?.id == "e7")
    }
}
