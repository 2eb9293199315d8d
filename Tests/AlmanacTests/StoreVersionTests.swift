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
        try rewriteManifest(created) { $0["formatVersion"] = .number(JSONNumber(Manifest.supportedFormatVersion + 1)) }
        let store = try Store(at: created.url)
        let error = #expect(throws: AlmanacError.self) { try store.save(Preferences(timerDuration: 30, interests: [])) }
        #expect(error?.code == .storeTooNew)
    }

    @Test("a folder that is not a store is refused with a clear error")
    func notAStore() throws {
        let folder = TemporaryFolder()
        let error = #expect(throws: AlmanacError.self) { try Store(at: folder.url) }
        #expect(error?.code == .notAStore)
        #expect(error?.message.contains("create one with Store.create(at:schema:)") == true && error?.remedy == .createStore, "\(String(describing: error?.message))")
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
        let error = try holder.writer.withWriteLock { _ in
            #expect(throws: AlmanacError.self) { try waiter.save(json: .object(["id": .string("T1")]), in: "templates") }
        }
        #expect(error?.code == .locked)
        #expect(error?.message.contains("PID \(getpid())") == true)
        #expect(error?.message.contains("migrate") == true)
        // Once released (the holder keeps the lock a moment after its last write), another writer writes.
        try Store(at: holder.url, options: .init(lockTimeout: 10)).save(json: .object(["id": .string("T1")]), in: "templates")
    }
}

@Suite("Write sessions")
struct WriteSessionTests {
    func lockState(_ store: URL) throws -> String? {
        let bytes = Array(try Data(contentsOf: store.appendingPathComponent(".almanac/lock")))
        return StoreLock.parseHolder(bytes)?.state
    }

    @Test("the lock is held briefly after a write, then released by itself")
    func endsAfterLinger() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(json: .object(["id": .string("t1")]), in: "templates")
        #expect(try lockState(store.url) == "active")
        // Poll rather than sleep a fixed time: on a loaded machine the release may run late.
        let deadline = Date().addingTimeInterval(600)  // a hang, not a slow machine
        while try lockState(store.url) != "released", Date() < deadline {
            Thread.sleep(forTimeInterval: store.writer.lockLinger)
        }
        #expect(try lockState(store.url) == "released")
    }

    @Test("finishWriting and releasing the store end the session at once")
    func endsOnRequest() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(json: .object(["id": .string("t1")]), in: "templates")
        store.finishWriting()
        #expect(try lockState(store.url) == "released")
        do {
            let other = try Store(at: store.url)
            try other.save(json: .object(["id": .string("t2")]), in: "templates")
            #expect(try lockState(store.url) == "active")
        }
        #expect(try lockState(store.url) == "released")
    }

    @Test("a session's saves are each durable: another store sees every one while the session lasts")
    func visibleDuringSession() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let reader = try Store(at: store.url)
        for index in 0..<20 {
            try store.save(json: .object(["id": .string("t\(index)")]), in: "templates")
            #expect(try reader.document(json: "t\(index)", in: "templates") != nil)
        }
    }
}
