import Foundation
import Testing
@testable import Almanac

@Suite("Store layout")
struct StoreLayoutTests {
    @Test("a day-partitioned document round-trips and is filed under its day in the store's time zone")
    func dayPartitionRoundTrip() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        // 03:30 UTC on the 28th is still the 27th in New York.
        let event = LoggedEvent(id: "E1", timestamp: instant("2025-01-28T03:30:00Z"), kind: "exit_to_focus", pauseDuration: 30.5)
        try store.save(event)
        let file = store.url.appendingPathComponent("data/events/2025/01/27/E1.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try store.document(LoggedEvent.self, id: "E1") == event)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == """
        {
          "id": "E1",
          "kind": "exit_to_focus",
          "pauseDuration": 30.5,
          "timestamp": "2025-01-28T03:30:00Z"
        }

        """)
    }

    @Test("month, year, none and singleton layouts round-trip at their paths", arguments: [
        ("logs", #"{"id": "L1", "timestamp": "2025-03-01T12:00:00Z"}"#, "data/logs/2025/03/L1.json"),
        ("summaries", #"{"id": "W1", "weekStart": "2025-01-27"}"#, "data/summaries/2025/W1.json"),
        ("templates", #"{"id": "A-EMO-001", "title": "Name your feeling"}"#, "data/templates/A-EMO-001.json"),
        ("preferences", #"{"interests": ["stoicism"], "timerDuration": 30}"#, "data/preferences.json"),
    ])
    func otherLayoutsRoundTrip(collection: String, json: String, path: String) throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let value = try JSONValue(parsing: Array(json.utf8))
        let location = try store.save(json: value, in: collection)
        #expect(location.relativePath == path)
        let bytes = try Data(contentsOf: store.url.appendingPathComponent(path))
        #expect(Array(bytes) == value.prettyJSONBytes)
        let id = value["id"]?.stringValue ?? ""
        #expect(try store.document(json: id, in: collection)?.value == value)
        #expect(try store.documents(json: collection).map(\.value) == [value])
    }

    @Test("typed singleton round-trip")
    func singletonRoundTrip() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        #expect(try store.singleton(Preferences.self) == nil)
        let preferences = Preferences(timerDuration: 45, interests: ["stoicism", "productivity"])
        try store.save(preferences)
        #expect(try store.singleton(Preferences.self) == preferences)
    }

    @Test("a calendar-date field files the document under that date whatever the time zone")
    func calendarDateFiling() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "Pacific/Kiritimati")
        let commitment = Commitment(id: UUID(), date: CalendarDate("2025-01-31")!, text: "Ship it")
        try store.save(commitment)
        let path = "data/commitments/2025/01/\(commitment.id.uuidString).json"
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathComponent(path).path))
        #expect(try store.document(Commitment.self, id: commitment.id) == commitment)
    }

    @Test("a save that changes the date moves the file and leaves no stale copy")
    func dateChangeMovesFile() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        var event = LoggedEvent(id: "move-me", timestamp: instant("2025-01-10T15:00:00Z"), kind: "deepen_pause")
        try store.save(event)
        event.timestamp = instant("2025-02-20T15:00:00Z")
        try store.save(event)
        let data = store.url.appendingPathComponent("data/events")
        let files = treeListing(data).filter { $0.hasSuffix(".json") }
        #expect(files == ["2025/02/20/move-me.json"])
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("2025/01").path), "empty date folders are removed")
        #expect(try store.documents(LoggedEvent.self) == [event])
    }

    @Test("a date change seen through a second Store instance still moves the file")
    func dateChangeAcrossInstances() throws {
        let folder = TemporaryFolder()
        let first = try TestSchema.makeStore(in: folder)
        try first.save(LoggedEvent(id: "x", timestamp: instant("2025-01-10T15:00:00Z"), kind: "a"))
        let second = try Store(at: first.url)
        try second.save(LoggedEvent(id: "x", timestamp: instant("2025-01-11T15:00:00Z"), kind: "b"))
        // The first instance's cache is stale; it must notice the other writer.
        try first.save(LoggedEvent(id: "x", timestamp: instant("2025-01-12T15:00:00Z"), kind: "c"))
        let files = treeListing(first.url.appendingPathComponent("data/events")).filter { $0.hasSuffix(".json") }
        #expect(files == ["2025/01/12/x.json"])
    }

    @Test("range queries return the documents in range, oldest first")
    func rangeQuery() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let events = (1...40).map { day in
            LoggedEvent(id: "e\(day)", timestamp: instant("2025-01-01T10:00:00Z").addingTimeInterval(Double(day - 1) * 86_400), kind: "k")
        }
        try store.save(contentsOf: events.shuffled())
        let january = try store.documents(LoggedEvent.self, from: CalendarDate("2025-01-10")!, to: CalendarDate("2025-01-12")!)
        #expect(january.map(\.id) == ["e10", "e11", "e12"])
        let instants = try store.documents(LoggedEvent.self, from: instant("2025-02-08T10:00:00Z"), to: instant("2025-02-09T10:00:00Z"))
        #expect(instants.map(\.id) == ["e39"])
        #expect(try store.documents(LoggedEvent.self, where: { $0.id.hasSuffix("0") }).count == 4)
    }

    @Test("range queries never open folders outside the range")
    func rangeQueryPrunesFolders() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "in", timestamp: instant("2025-03-15T10:00:00Z"), kind: "k"))
        // Booby-trap every neighbouring folder level: reading any of them would throw.
        for path in ["data/events/2025/03/14/bad.json", "data/events/2025/03/16/bad.json",
                     "data/events/2025/02/15/bad.json", "data/events/2024/03/15/bad.json"] {
            try writeRaw("{ not json", to: path, in: store)
        }
        let found = try store.documents(LoggedEvent.self, from: CalendarDate("2025-03-15")!, to: CalendarDate("2025-03-15")!)
        #expect(found.map(\.id) == ["in"])
        #expect(throws: AlmanacError.self) { try store.documents(LoggedEvent.self) }
    }

    @Test("where filters compare as JSON")
    func whereFilters() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(LoggedEvent(id: "a", timestamp: instant("2025-01-01T10:00:00Z"), kind: "exit", pauseDuration: 30))
        try store.save(LoggedEvent(id: "b", timestamp: instant("2025-01-01T11:00:00Z"), kind: "proceed", pauseDuration: 15))
        let filter = try Condition(parsing: "pauseDuration=30.0")
        #expect(try store.documents(json: "events", where: filter).map { $0.location.id } == ["a"])
        #expect(try store.documents(json: "events", where: Condition(parsing: "kind=proceed")).map { $0.location.id } == ["b"])
    }

    @Test("a unique field refuses a second document with the same value")
    func uniqueField() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(Commitment(id: UUID(), date: CalendarDate("2025-01-05")!, text: "one"))
        let error = #expect(throws: AlmanacError.self) {
            try store.save(Commitment(id: UUID(), date: CalendarDate("2025-01-05")!, text: "two"))
        }
        #expect(error?.code == .uniqueViolation)
        #expect(error?.pointer == "/date")
    }

    @Test("Store is safe to use from many threads")
    func concurrentSaves() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let event = LoggedEvent(id: "t\(index)", timestamp: instant("2025-01-01T00:00:00Z").addingTimeInterval(Double(index) * 3600), kind: "k")
            try? store.save(event)
            _ = try? store.document(LoggedEvent.self, id: "t\(index)")
        }
        #expect(try store.documents(LoggedEvent.self).count == 64)
    }
}

@Suite("Store caches")
struct StoreCacheTests {
    @Test("a date folder removed by hand while the store is open is recreated, not written into")
    func removedFolderIsRecreated() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "a", timestamp: instant("2025-01-27T10:00:00Z"), kind: "k"))
        try FileManager.default.removeItem(at: store.url.appendingPathComponent("data/events/2025/01/27"))
        try store.save(LoggedEvent(id: "b", timestamp: instant("2025-01-27T11:00:00Z"), kind: "k"))
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathComponent("data/events/2025/01/27/b.json").path))
    }

    @Test("another process's write is seen: caches are dropped when the lock shows another writer")
    func otherWriterSeen() throws {
        let folder = TemporaryFolder()
        let first = try TestSchema.makeStore(in: folder)
        try first.save(json: .object(["id": .string("t1")]), in: "templates")
        #expect(try first.document(json: "t2", in: "templates") == nil)
        let second = try Store(at: first.url)
        try second.save(json: .object(["id": .string("t2")]), in: "templates")
        #expect(try first.document(json: "t2", in: "templates") != nil)
        #expect(try second.delete(id: "t1", in: "templates"))
        #expect(try first.document(json: "t1", in: "templates") == nil)
    }
}

@Suite("Scans")
struct ScanTests {
    @Test("a scan over many documents keeps chronological order and names the first damaged file")
    func largeScan() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let events = (0..<900).map { index in
            LoggedEvent(id: String(format: "e%04d", index), timestamp: instant("2025-01-01T00:00:00Z").addingTimeInterval(Double(index) * 3000), kind: "k")
        }
        try store.save(contentsOf: events.shuffled())
        #expect(try store.documents(LoggedEvent.self) == events)
        try writeRaw("{\"id\": ", to: "data/events/2025/01/20/zz1.json", in: store)
        try writeRaw("{\"id\": ", to: "data/events/2025/01/03/zz2.json", in: store)
        let error = #expect(throws: AlmanacError.self) { try store.documents(LoggedEvent.self) }
        #expect(error?.path == "data/events/2025/01/03/zz2.json", "the earliest damaged file, whatever the threads did")
        #expect(error?.code == .malformedJSON)
    }
}
