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

    @Test("a symbolic link inside the store is refused, never followed, and stops no read of the rest")
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
        #expect(try store.documents(LoggedEvent.self).isEmpty, "the link is passed by: nothing is read through it")
        #expect(try store.check().problems.map(\.kind) == ["symbolic-link"])
    }

    @Test("a symbolic link in place of a document file is refused as the document, passed by in listings, and named by check")
    func symlinkedDocument() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let target = folder.path("secret.json")
        try Data("{\"id\": \"T1\"}".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: store.url.appendingPathComponent("data/templates/T1.json"), withDestinationURL: target)
        let error = #expect(throws: AlmanacError.self) { try store.document(json: "T1", in: "templates") }
        #expect(error?.code == .symbolicLink)
        #expect(try store.documents(json: "templates").isEmpty, "never read through the link, and no other read stops")
        #expect(try store.check().problems.map(\.kind) == ["symbolic-link"])
    }
}
