#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import Almanac

@Suite("Durability, permissions and crash recovery", .serialized)
struct DurabilityTests {
    func mode(_ url: URL) throws -> Int {
        var info = stat()
        #expect(lstat(url.path, &info) == 0)
        return Int(info.st_mode) & 0o777
    }

    @Test("every file is created 0600 and every folder 0700, even with umask 000", arguments: [0o022, 0o000])
    func modes(umaskValue: Int) throws {
        let previous = umask(mode_t(umaskValue))
        defer { umask(previous) }
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-01-27T14:03:00Z"), kind: "k"))
        try store.save(json: .object(["id": .string("L1"), "timestamp": .string("2025-02-01T00:00:00Z")]), in: "logs")
        try store.save(Preferences(timerDuration: 30, interests: []))
        for relative in treeListing(store.url) {
            let url = store.url.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            #expect(try mode(url) == (isFolder.boolValue ? 0o700 : 0o600), "\(relative)")
        }
        #expect(try mode(store.url) == 0o700)
    }

    @Test("a writer killed between temp write and rename: the next open removes the leftover, the old document is whole")
    func crashBeforeRename() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let original = LoggedEvent(id: "C1", timestamp: instant("2025-01-27T14:03:00Z"), kind: "original")
        try store.save(original)
        FaultInjection.arm(.afterTemporaryWrite, name: "C1.json")
        var changed = original
        changed.kind = "changed"
        let crash = #expect(throws: AlmanacError.self) { try store.save(changed) }
        FaultInjection.disarm(.afterTemporaryWrite, name: "C1.json")
        #expect(crash?.code == .simulatedCrash)
        let dayFolder = store.url.appendingPathComponent("data/events/2025/01/27")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dayFolder.path).filter { $0.hasSuffix(".almanac-tmp") }
        #expect(leftovers.count == 1)

        // Another process opening the store finds that the writer died, repairs, and reads the old document, whole.
        let reader = try Store(at: store.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dayFolder.path) == ["C1.json"])
        #expect(try reader.document(LoggedEvent.self, id: "C1") == original)
        #expect(try reader.check().problems.isEmpty)
    }

    @Test("a writer killed in the middle of a move leaves one copy once the store is opened again")
    func crashDuringMove() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        var event = LoggedEvent(id: "M1", timestamp: instant("2025-01-01T10:00:00Z"), kind: "k")
        try store.save(event)
        event.timestamp = instant("2025-01-05T10:00:00Z")
        FaultInjection.arm(.beforeRemovingOldCopy, name: "M1.json")
        #expect(throws: AlmanacError.self) { try store.save(event) }
        FaultInjection.disarm(.beforeRemovingOldCopy, name: "M1.json")
        let events = store.url.appendingPathComponent("data/events")
        #expect(treeListing(events).filter { $0.hasSuffix(".json") } == ["2025/01/01/M1.json", "2025/01/05/M1.json"], "both copies, as the crash left them")
        let other = try Store(at: store.url)
        #expect(treeListing(events).filter { $0.hasSuffix(".json") } == ["2025/01/05/M1.json"], "the journal was finished on open")
        #expect(try other.document(LoggedEvent.self, id: "M1") == event)
        #expect(try other.check().problems.isEmpty)
    }

    @Test("a symbolic link inside the store is refused, never followed")
    func symlinkedDateFolder() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let outside = folder.path("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: store.url.appendingPathComponent("data/events/2025/01"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: store.url.appendingPathComponent("data/events/2025/01/27"), withDestinationURL: outside)
        let error = #expect(throws: AlmanacError.self) {
            try store.save(LoggedEvent(id: "S1", timestamp: instant("2025-01-27T10:00:00Z"), kind: "k"))
        }
        #expect(error?.code == .symbolicLink)
        #expect(error?.path == "data/events/2025/01/27")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing written through the link")
        #expect(throws: AlmanacError.self) { try store.documents(LoggedEvent.self) }
        #expect(try store.check().problems.map(\.kind) == ["symbolic-link"])
    }

    @Test("a symbolic link in place of a document file is refused")
    func symlinkedDocument() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let target = folder.path("secret.json")
        try Data("{\"id\": \"T1\"}".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: store.url.appendingPathComponent("data/templates/T1.json"), withDestinationURL: target)
        let error = #expect(throws: AlmanacError.self) { try store.documents(json: "templates") }
        #expect(error?.code == .symbolicLink)
    }
}
