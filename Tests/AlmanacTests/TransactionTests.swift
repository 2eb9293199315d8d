import Foundation
import Testing
@testable import Almanac

/// A counter document for read-modify-write tests (`templates`: not filed by date).
private struct Counter: Document, Equatable {
    static let collection = "templates"
    var id: String
    var value: Int
}

@Suite("Transactions")
struct TransactionTests {
    @Test("a transaction commits saves into several collections together, and its reads see its own changes")
    func multiCollection() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let event = LoggedEvent(id: "E1", timestamp: instant("2025-02-08T10:00:00Z"), kind: "exit")
        let commitment = Commitment(id: UUID(), date: CalendarDate("2025-02-08")!, text: "walk")
        let seen = try store.write { db -> Int in
            try db.save(event)
            try db.save(commitment)
            try db.save(Preferences(timerDuration: 20, interests: ["a"]))
            #expect(try db.document(LoggedEvent.self, id: "E1") == event)
            #expect(try db.singleton(Preferences.self)?.timerDuration == 20)
            #expect(try store.document(LoggedEvent.self, id: "E1") == nil, "not on disk before the commit")
            // By instant: the pending event at 10:00 is inside 09:00..<11:00 and outside 10:00:01..<12:00.
            #expect(try db.documents(LoggedEvent.self, from: instant("2025-02-08T09:00:00Z"), to: instant("2025-02-08T11:00:00Z")) == [event])
            #expect(try db.documents(LoggedEvent.self, from: instant("2025-02-08T10:00:01Z"), to: instant("2025-02-08T12:00:00Z")).isEmpty)
            return try db.documents(LoggedEvent.self, from: CalendarDate("2025-02-08")!, to: CalendarDate("2025-02-08")!).count
        }
        #expect(seen == 1)
        #expect(try store.document(LoggedEvent.self, id: "E1") == event)
        #expect(try store.document(Commitment.self, id: commitment.id) == commitment)
        #expect(try store.singleton(Preferences.self)?.interests == ["a"])
        #expect(try store.check().problems.isEmpty)
    }

    @Test("save(contentsOf:) takes documents of several types and collections, all or none")
    func mixedTypes() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let event = LoggedEvent(id: "E1", timestamp: instant("2025-02-08T10:00:00Z"), kind: "exit")
        let day = CalendarDate("2025-02-08")!
        try store.save(contentsOf: [event, Counter(id: "c", value: 1), Commitment(id: UUID(), date: day, text: "walk")] as [any Document])
        #expect(try store.document(LoggedEvent.self, id: "E1") == event)
        #expect(try store.document(Counter.self, id: "c")?.value == 1)
        let refused = #expect(throws: AlmanacError.self) {
            try store.save(contentsOf: [Counter(id: "d", value: 2), Commitment(id: UUID(), date: day, text: "again")] as [any Document])
        }
        #expect(refused?.code == .uniqueViolation)
        #expect(try store.document(Counter.self, id: "d") == nil, "the refused batch wrote nothing")
        let twice = #expect(throws: AlmanacError.self) {
            try store.save(contentsOf: [Counter(id: "x", value: 1), Counter(id: "X", value: 2)] as [any Document])
        }
        #expect(twice?.code == .idCollision)
        #expect(try store.document(Counter.self, id: "x") == nil)
    }

    @Test("an error thrown inside write leaves the tree byte-identical")
    func thrownErrorWritesNothing() throws {
        struct Cancelled: Error {}
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        var moving = LoggedEvent(id: "M1", timestamp: instant("2025-01-01T10:00:00Z"), kind: "k")
        try store.save(moving)
        try store.save(Counter(id: "c", value: 1))
        store.finishWriting()
        let before = try treeBytes(store.url).filter { $0.key != ".almanac/lock" }
        let listing = treeListing(store.url)
        #expect(throws: Cancelled.self) {
            try store.write { db in
                moving.timestamp = instant("2025-03-05T10:00:00Z")
                try db.save(moving)
                try db.save(Counter(id: "c", value: 2))
                try db.save(LoggedEvent(id: "N1", timestamp: instant("2025-02-02T10:00:00Z"), kind: "new"))
                #expect(try db.delete(Counter.self, id: "c"))
                throw Cancelled()
            }
        }
        store.finishWriting()
        #expect(try treeBytes(store.url).filter { $0.key != ".almanac/lock" } == before)
        #expect(treeListing(store.url) == listing, "the same files and folders, no temporary file")
    }

    @Test("a document refused at commit (a unique field) writes none of the transaction")
    func refusedAtCommit() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let day = CalendarDate("2025-02-08")!
        try store.save(Commitment(id: UUID(), date: day, text: "first"))
        let error = #expect(throws: AlmanacError.self) {
            try store.write { db in
                try db.save(LoggedEvent(id: "E1", timestamp: instant("2025-02-08T10:00:00Z"), kind: "exit"))
                try db.save(Commitment(id: UUID(), date: day, text: "second"))
            }
        }
        #expect(error?.code == .uniqueViolation)
        #expect(try store.document(LoggedEvent.self, id: "E1") == nil)
    }

    @Test("a unique value may move from one document to another inside one transaction")
    func uniqueSwap() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        var first = Commitment(id: UUID(), date: CalendarDate("2025-02-08")!, text: "first")
        var second = Commitment(id: UUID(), date: CalendarDate("2025-02-09")!, text: "second")
        try store.save(contentsOf: [first, second])
        swap(&first.date, &second.date)
        try store.write { db in
            try db.save(first)
            try db.save(second)
        }
        #expect(try store.documents(Commitment.self).map(\.text) == ["second", "first"])
        #expect(try store.check().problems.isEmpty)
    }

    @Test("save then delete in one transaction writes nothing; delete then save keeps the new document")
    func saveAndDelete() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "D1", timestamp: instant("2025-01-01T10:00:00Z"), kind: "old"))
        try store.write { db in
            try db.save(LoggedEvent(id: "T1", timestamp: instant("2025-01-02T10:00:00Z"), kind: "temp"))
            #expect(try db.delete(LoggedEvent.self, id: "T1"))
            #expect(try db.document(LoggedEvent.self, id: "T1") == nil)
            #expect(try db.delete(LoggedEvent.self, id: "D1"))
            #expect(try db.documents(LoggedEvent.self).isEmpty)
            try db.save(LoggedEvent(id: "D1", timestamp: instant("2025-01-03T10:00:00Z"), kind: "new"))
            #expect(try db.delete(LoggedEvent.self, id: "nothing") == false)
        }
        let events = try store.documents(LoggedEvent.self)
        #expect(events.map(\.kind) == ["new"])
        #expect(treeListing(store.url.appendingPathComponent("data/events")).filter { $0.hasSuffix(".json") } == ["2025/01/03/D1.json"])
        #expect(try store.check().problems.isEmpty)
    }

    @Test("the store cannot be written inside its own write block, and a transaction cannot be used after it")
    func misuse() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        var escaped: Transaction?
        let error = #expect(throws: AlmanacError.self) {
            try store.write { db in
                escaped = db
                #expect(try store.documents(LoggedEvent.self).isEmpty, "reads on the store work inside the block")
                try store.save(LoggedEvent(id: "X", timestamp: instant("2025-01-01T10:00:00Z"), kind: "k"))
            }
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("db.save") == true)
        // A dry run is a write block too: the store is not written from inside it.
        let nested = #expect(throws: AlmanacError.self) {
            try store.writer.dryRun { _ in try store.save(LoggedEvent(id: "Y", timestamp: instant("2025-01-01T10:00:00Z"), kind: "k")) }
        }
        #expect(nested?.code == .invalidArgument)
        #expect(try store.documents(LoggedEvent.self).isEmpty)
        let late = #expect(throws: AlmanacError.self) { try escaped?.save(Counter(id: "late", value: 1)) }
        #expect(late?.message.contains("ended") == true)
        #expect(try store.documents(Counter.self).isEmpty)
    }

    @Test("read-modify-write from eight threads on two Store values loses no increment")
    func concurrentIncrements() async throws {
        let folder = TemporaryFolder()
        let first = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try await first.save(Counter(id: "n", value: 0))
        let second = try Store(at: first.url)
        let failures = await withTaskGroup(of: [String].self) { group in
            for worker in 0..<8 {
                let store = worker.isMultiple(of: 2) ? first : second
                group.addTask {
                    var failures: [String] = []
                    for _ in 0..<25 {
                        do {
                            try store.write { db in
                                var counter = try db.document(Counter.self, id: "n")!
                                counter.value += 1
                                try db.save(counter)
                            }
                        } catch {
                            failures.append("\(error)")
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(try Store(at: first.url).document(Counter.self, id: "n")?.value == 200)
    }

    @Test("a read block runs while a writer holds the lock, and a save on the store inside it is refused")
    func readBlock() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(Counter(id: "n", value: 1))
        store.finishWriting()
        let inside = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        let writerSawReader = Flag()
        let writer = Thread {
            try? store.write { db in
                try db.save(Counter(id: "n", value: 2))
                inside.signal()
                // Holds the lock until the reader is done: a reader that waited for it would time out here.
                if readerDone.wait(timeout: .now() + 30) == .success { writerSawReader.set() }
            }
        }
        writer.start()
        inside.wait()
        let value = try store.read { db -> Int in
            let refused = #expect(throws: AlmanacError.self) { try store.save(Counter(id: "n", value: 3)) }
            #expect(refused?.code == .invalidArgument)
            return try db.document(Counter.self, id: "n")?.value ?? 0
        }
        readerDone.signal()
        #expect(value == 1)  // the write block had not committed
        while !writer.isFinished { usleep(1_000) }
        #expect(writerSawReader.isSet)
        #expect(try store.document(Counter.self, id: "n")?.value == 2)
    }

    @Test("save(contentsOf:) of many documents is one change: a full disk before its journal leaves none of them")
    func batchIsAtomic() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "A0", timestamp: instant("2025-01-01T10:00:00Z"), kind: "kept"))
        let batch = (1...5).map { LoggedEvent(id: "A\($0)", timestamp: instant("2025-01-0\($0)T12:00:00Z"), kind: "batch") }
        TestHooks.arm(.diskFull, name: "A4.json")
        defer { TestHooks.disarm(.diskFull, name: "A4.json") }
        let error = #expect(throws: AlmanacError.self) { try store.save(contentsOf: batch) }
        #expect(error?.code == .io)
        let reopened = try Store(at: store.url)
        #expect(try reopened.documents(LoggedEvent.self).map(\.id) == ["A0"])
        #expect(treeListing(store.url).filter { $0.hasSuffix(Directory.temporarySuffix) }.isEmpty)
    }
}
