import Foundation
import Testing
@testable import Almanac

@Suite("Queries inside a transaction see its own saves and deletes")
struct TransactionQueryTests {
    func eventStore() throws -> (TemporaryFolder, Store) {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(contentsOf: QueryTests.events)
        return (folder, store)
    }

    static let newestFirst = Query(LoggedEvent.self).sorted(by: "timestamp", descending: true)

    @Test("a query over an unchanged collection in a read transaction gives what the store gives")
    func unchangedCollection() throws {
        let (folder, store) = try eventStore()
        _ = folder
        let query = Self.newestFirst.where(try Condition(parsing: "kind=app")).limit(2)
        let inside = try store.read { db in try db.documents(LoggedEvent.self, matching: query) }
        #expect(inside.map(\.id) == ["E07", "E05"])
        #expect(try store.documents(LoggedEvent.self, matching: query) == inside)
    }

    @Test("a pending save takes its place in the order, a pending delete and a pending edit out of the condition leave it, and the window counts them")
    func pendingChanges() throws {
        let (folder, store) = try eventStore()
        _ = folder
        let seen: (ids: [String], count: Int, first: String?, offset: [String]) = try store.write { db in
            try db.save(LoggedEvent(id: "E08", timestamp: instant("2025-02-15T15:00:00Z"), kind: "app", pauseDuration: 4))
            _ = try db.delete(LoggedEvent.self, id: "E07")
            var e05 = try #require(try db.document(LoggedEvent.self, id: "E05"))
            e05.kind = "break"
            try db.save(e05)
            let apps = Self.newestFirst.where(try Condition(parsing: "kind=app"))
            return (try db.documents(LoggedEvent.self, matching: apps).map(\.id),
                    try db.count(matching: apps),
                    try db.first(LoggedEvent.self, matching: apps)?.id,
                    try db.documents(matching: apps.offset(1).limit(1)).map { $0.location.id ?? "" })
        }
        #expect(seen.ids == ["E08", "E02"])
        #expect(seen.count == 2)
        #expect(seen.first == "E08")
        #expect(seen.offset == ["E02"])
        // Committed: the store now answers the same.
        #expect(try store.documents(LoggedEvent.self, matching: Self.newestFirst.where(try Condition(parsing: "kind=app"))).map(\.id) == ["E08", "E02"])
    }

    @Test("a query in a transaction is checked as the store's are: a negative window, another type's collection")
    func checked() throws {
        let (folder, store) = try eventStore()
        _ = folder
        #expect(throws: AlmanacError.self) {
            try store.read { db in try db.documents(matching: Query("events").limit(-1)) }
        }
        #expect(throws: AlmanacError.self) {
            try store.write { db in
                try db.save(LoggedEvent(id: "E09", timestamp: instant("2025-03-03T15:00:00Z"), kind: "app", pauseDuration: 1))
                return try db.documents(matching: Query("events").offset(-2).limit(1))
            }
        }
        #expect(throws: AlmanacError.self) {
            try store.read { db in try db.documents(LoggedEvent.self, matching: Query("commitments")) }
        }
        #expect(try store.document(LoggedEvent.self, id: "E09") == nil)
    }
}
