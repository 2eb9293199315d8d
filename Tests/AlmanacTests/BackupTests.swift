import Foundation
import Testing
@testable import Almanac

@Suite("Store.backup")
struct BackupTests {
    @Test("a backup is a complete, independent, checked store of its own")
    func completeAndIndependent() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(contentsOf: (1...20).map { LoggedEvent(id: "E\($0)", timestamp: instant("2025-01-\(10 + $0 % 9)T10:00:00Z"), kind: "k") })
        try store.save(Preferences(timerDuration: 20, interests: ["x"]))
        try writeRaw("stray", to: "data/events/2025/01/10/.DS_Store", in: store)
        let destination = folder.path("backups/first")
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        let report = try store.backup(to: destination)
        #expect(report.documents == 21)
        #expect(report.files >= 21 + 2, "documents, store.json and the schema files")
        let backup = try Store(at: destination)
        #expect(try backup.check().problems.isEmpty)
        #expect(try backup.documents(LoggedEvent.self) == store.documents(LoggedEvent.self))
        #expect(try backup.singleton(Preferences.self)?.interests == ["x"])
        #expect(!FileManager.default.fileExists(atPath: destination.appendingPathComponent("data/events/2025/01/10/.DS_Store").path), "OS files are not copied")

        // Not hard links: editing the backup in place leaves the store alone.
        let copied = destination.appendingPathComponent("data/events/2025/01/11/E1.json")
        let original = try Data(contentsOf: store.url.appendingPathComponent("data/events/2025/01/11/E1.json"))
        let handle = try FileHandle(forWritingTo: copied)
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data("{ ".utf8))
        try handle.close()
        #expect(try Data(contentsOf: store.url.appendingPathComponent("data/events/2025/01/11/E1.json")) == original)
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathComponent(".almanac/snapshots").path)
            || ((try? FileManager.default.contentsOfDirectory(atPath: store.url.appendingPathComponent(".almanac/snapshots").path)) ?? []).isEmpty)
    }

    @Test("a backup never replaces a folder, nor goes inside the store")
    func refusedDestinations() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let existing = folder.path("existing")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        let exists = #expect(throws: AlmanacError.self) { try store.backup(to: existing) }
        #expect(exists?.code == .invalidArgument)
        #expect(exists?.message.contains("already exists") == true)
        let inside = #expect(throws: AlmanacError.self) { try store.backup(to: store.url.appendingPathComponent("data/copy")) }
        #expect(inside?.code == .invalidArgument)
        let noParent = #expect(throws: AlmanacError.self) { try store.backup(to: folder.path("missing/parent/copy")) }
        #expect(noParent?.message.contains("create it first") == true)
    }

    @Test("a store that does not check clean is backed up as it stands, and the report lists what the copy holds")
    func damagedStoreCopiedAsItStands() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-01-10T10:00:00Z"), kind: "k"))
        try writeRaw("{ not json", to: "data/events/2025/01/10/E2.json", in: store)
        let destination = folder.path("copy")
        let report = try store.backup(to: destination)
        #expect(!report.isClean && report.check.problems.map(\.path) == ["data/events/2025/01/10/E2.json"], "\(report.check.problems)")
        #expect(try String(contentsOf: destination.appendingPathComponent("data/events/2025/01/10/E2.json"), encoding: .utf8) == "{ not json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).allSatisfy { !$0.hasSuffix(Directory.temporarySuffix) })
    }

    @Test("a snapshot keeps the bytes it was taken with while the store is written")
    func snapshotIsAPicture() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(contentsOf: (1...5).map { LoggedEvent(id: "E\($0)", timestamp: instant("2025-01-1\($0)T10:00:00Z"), kind: "k") })
        let snapshot = try store.makeSnapshot()
        defer { snapshot.remove() }
        try snapshot.reading { view in
            #expect(try view.documents(LoggedEvent.self).count == 5)
            // A save after the snapshot does not reach it: it replaces the file, the picture keeps the old bytes.
            try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-01-11T10:00:00Z"), kind: "changed"))
            #expect(try view.document(LoggedEvent.self, id: "E1")?.kind == "k")
        }
        #expect(try store.document(LoggedEvent.self, id: "E1")?.kind == "changed")
    }

    /// Issue 57, item 1: a picture shares no inode with the store, so an editor that saves a
    /// document in place while an export reads cannot change what the export sees, and a
    /// copy of the folder made meanwhile (onto exFAT, which has no hard links) is complete.
    @Test("a snapshot shares no inode with the store, and an edit in place does not reach it")
    func snapshotSharesNoInode() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(contentsOf: (1...5).map { LoggedEvent(id: "E\($0)", timestamp: instant("2025-01-1\($0)T10:00:00Z"), kind: "k") })
        let snapshot = try store.makeSnapshot()
        defer { snapshot.remove() }
        let data = store.url.appendingPathComponent("data")
        let files = try FileManager.default.subpathsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".json") }
        #expect(files.count == 5)
        for file in files {
            var info = stat()
            #expect(lstat(data.appendingPathComponent(file).path, &info) == 0 && info.st_nlink == 1, "\(file) has \(info.st_nlink) names")
        }
        // An in-place save (open, truncate, write), as nano and VS Code make one.
        let path = data.appendingPathComponent("events/2025/01/11/E1.json").path
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let edited = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"k\"", with: "\"edited\"")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        let kind = try snapshot.reading { view in try view.document(LoggedEvent.self, id: "E1")?.kind }
        #expect(kind == "k", "the picture keeps the bytes it was taken with")
    }
}
