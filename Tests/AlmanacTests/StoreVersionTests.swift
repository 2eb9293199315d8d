import Foundation
import Testing
@testable import Almanac

@Suite("Store versions and locking")
struct StoreVersionTests {
    func rewriteManifest(_ store: Store, _ change: (inout [String: JSONValue]) -> Void) throws {
        let url = store.url.appendingPathComponent("store.json")
        var members = try JSONValue(parsing: Array(Data(contentsOf: url))).objectValue!
        change(&members)
        try Data(JSONValue.object(members).prettyJSONBytes).write(to: url)
    }

    @Test("a store at a newer schema version than the code opens for reading but refuses writes")
    func newerSchemaVersion() throws {
        let folder = TemporaryFolder()
        let created = try TestSchema.makeStore(in: folder)
        try created.save(json: .object(["id": .string("T1")]), in: "templates")
        try rewriteManifest(created) { $0["schemaVersion"] = .number(JSONNumber(7)) }
        let store = try Store(at: created.url, options: .init(codeSchemaVersion: 3))
        #expect(try store.document(json: "T1", in: "templates") != nil)
        let error = #expect(throws: AlmanacError.self) { try store.save(json: .object(["id": .string("T2")]), in: "templates") }
        #expect(error?.code == .storeTooNew)
        #expect(error?.message.contains("7") == true && error?.message.contains("3") == true)
        #expect(throws: AlmanacError.self) { try store.delete(id: "T1", in: "templates") }
    }

    @Test("a store at a newer format version refuses writes")
    func newerFormatVersion() throws {
        let folder = TemporaryFolder()
        let created = try TestSchema.makeStore(in: folder)
        try rewriteManifest(created) { $0["formatVersion"] = .number(JSONNumber(2)) }
        let store = try Store(at: created.url)
        let error = #expect(throws: AlmanacError.self) { try store.save(Preferences(timerDuration: 30, interests: [])) }
        #expect(error?.code == .storeTooNew)
    }

    @Test("a folder that is not a store is refused with a clear error")
    func notAStore() throws {
        let folder = TemporaryFolder()
        let error = #expect(throws: AlmanacError.self) { try Store(at: folder.url) }
        #expect(error?.code == .notAStore)
        #expect(error?.message.contains("almanac init") == true)
    }

    @Test("init refuses a folder that already holds a store or other files")
    func initRefusesExisting() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let schema = folder.path("schema-src")
        let again = #expect(throws: AlmanacError.self) { try Store.create(at: store.url, schema: schema) }
        #expect(again?.code == .storeExists)
        let busy = folder.path("busy")
        try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: busy.appendingPathComponent("notes.txt"))
        #expect(throws: AlmanacError.self) { try Store.create(at: busy, schema: schema) }
    }

    @Test("a second writer waits for the lock, then fails with the holder's PID and command")
    func lockContention() throws {
        let folder = TemporaryFolder()
        let holder = try TestSchema.makeStore(in: folder, options: .init(commandName: "migrate"))
        let waiter = try Store(at: holder.url, options: .init(lockTimeout: 0.2, commandName: "put"))
        let error = try holder.withWriteLock {
            #expect(throws: AlmanacError.self) { try waiter.save(json: .object(["id": .string("T1")]), in: "templates") }
        }
        #expect(error?.code == .locked)
        #expect(error?.message.contains("PID \(getpid())") == true)
        #expect(error?.message.contains("migrate") == true)
        // Once released, the waiter writes.
        try waiter.save(json: .object(["id": .string("T1")]), in: "templates")
    }
}
