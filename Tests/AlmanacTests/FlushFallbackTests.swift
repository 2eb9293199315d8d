#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import Almanac

/// The Apple path's flushes, volume syncs and denials, forced on Linux for one store folder at
/// a time (``TestHooks/withApplePath(under:errors:protection:_:)``): a refused call falls back
/// and is counted, an error that cannot fall back names the path and the real cause, and
/// "the device is locked" is said only where data protection is in force.
///
/// Serialized: the fallback counts are the process's, and only this suite makes fallbacks.
@Suite("Flush fallbacks and denials on the Apple path", .serialized)
struct FlushFallbackTests {
    /// What a refused call may answer on an Apple volume (network, FAT, external, sandboxed).
    static let refusals: [Int32] = [EPERM, EACCES, ENOTTY, ENOTSUP]

    func events(_ count: Int, day: Int = 1) -> [LoggedEvent] {
        (0..<count).map { LoggedEvent(id: "d\(day)e\($0)", timestamp: instant("2025-03-0\(day)T1\($0 % 10):00:00Z"), kind: "k") }
    }

    @Test("a refused F_FULLFSYNC or F_BARRIERFSYNC falls back to fsync, and the save succeeds", arguments: refusals)
    func flushFallsBack(code: Int32) throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let before = FlushCounts.current
        try TestHooks.withApplePath(under: store.url.path, errors: [.fullFlush: code, .barrierFlush: code]) {
            try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k"))
            try store.save(contentsOf: events(5, day: 2))
        }
        let spent = FlushCounts.current - before
        // Two saves: at least the lock record's barrier, a file's barrier and a folder's full flush each.
        #expect(spent.flushFallbacks >= 6, "the flushes of the two saves fell back: \(spent)")
        #expect(spent.description.contains("fell back"))
        #expect(try store.document(LoggedEvent.self, id: "E1") != nil)
        #expect(try store.documents(LoggedEvent.self).count == 6)
        #expect(try store.check().isClean)
    }

    @Test("a refused volume sync flushes every staged file instead: batches, migrations, backups and restores succeed", arguments: refusals)
    func volumeSyncFallsBack(code: Int32) throws {
        try #require(Directory.canSynchronizeFileSystem, "this system has a volume sync to refuse")
        let folder = TemporaryFolder()
        let (store, migrations, target) = try MigrationPlanTests().fixture(folder)
        let before = FlushCounts.current
        let backup = folder.path("backup")
        try TestHooks.withApplePath(under: folder.url.path, errors: [.volumeSync: code]) {
            try store.save(contentsOf: events(6, day: 3) + events(4, day: 4))
            store.finishWriting()
            try Migrator(migrations: migrations, targetSchema: target).migrate(storeAt: store.url)
            let migrated = try Store(at: store.url)
            _ = try migrated.backup(to: backup)
            try migrated.save(json: .object(["id": .string("t9")]), in: "templates")
            migrated.finishWriting()
            _ = try Store.restore(from: backup, to: store.url)
        }
        let spent = FlushCounts.current - before
        #expect(spent.volumeSyncFallbacks >= 4, "the batch, the migration, the backup and the restore each fell back: \(spent)")
        let store2 = try Store(at: store.url)
        #expect(try store2.check().isClean)
        #expect(try store2.read { try $0.documents(json: "events").count } == 14)
        #expect(try store2.document(json: "t9", in: "templates") == nil, "the restore brought back the backup")
    }

    @Test("a flush whose fallback fails too names the file, both calls and the cause; a denial is 'permission denied', not 'locked'", arguments: refusals)
    func fallbackFails(code: Int32) throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "E0", timestamp: instant("2025-03-01T09:00:00Z"), kind: "k"))
        let error = try #require(throws: AlmanacError.self) {
            // Under data/: the lock record's flush succeeds, the document's fails.
            try TestHooks.withApplePath(under: store.url.appendingPathComponent("data").path,
                                        errors: [.fullFlush: ENOTSUP, .barrierFlush: ENOTSUP, .fsync: code]) {
                try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k"))
            }
        }
        #expect(error.code == .io)
        #expect(error.path == "data/events/2025/03/01/E1.json", "\(error.path ?? "")")
        #expect(error.message.contains("fsync, after F_BARRIERFSYNC was refused with errno \(ENOTSUP)"), "\(error.message)")
        #expect(error.message.contains(String(cString: strerror(code))), "\(error.message)")
        #expect(error.message.contains("errno \(code)"))
        if code == EPERM || code == EACCES {
            #expect(error.message.hasPrefix("permission denied; check that the app's sandbox"), "\(error.message)")
        }
        #expect((error.underlying as? POSIXFailure)?.errno == code)
        #expect(try store.documents(LoggedEvent.self).map(\.id) == ["E0"], "nothing was saved")
    }

    @Test("an I/O error in a flush or a volume sync never falls back: the write fails naming the path, and nothing is committed")
    func ioErrorFails() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let flushError = try #require(throws: AlmanacError.self) {
            try TestHooks.withApplePath(under: store.url.path, errors: [.fullFlush: EIO]) {
                try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k"))
            }
        }
        #expect(flushError.message.contains("(F_FULLFSYNC: \(String(cString: strerror(EIO))), errno \(EIO))"), "\(flushError.message)")
        #expect(flushError.path == "data/events/2025/03/01", "the folder flush is the single save's commit point: \(flushError.path ?? "")")

        let before = FlushCounts.current
        if Directory.canSynchronizeFileSystem {
            let syncError = try #require(throws: AlmanacError.self) {
                try TestHooks.withApplePath(under: store.url.path, errors: [.volumeSync: EIO]) {
                    try store.save(contentsOf: events(5, day: 5))
                }
            }
            #expect(syncError.message.contains("errno \(EIO)"), "\(syncError.message)")
            #expect(syncError.path == ".", "the volume sync is named by the folder it was asked for: \(syncError.path ?? "")")
            #expect(try store.documents(LoggedEvent.self).filter { $0.id.hasPrefix("d5") }.isEmpty, "the batch left nothing")
            #expect((FlushCounts.current - before).volumeSyncFallbacks == 0)
        }
        #expect(try store.check().problems.filter { $0.severity == .error }.isEmpty)
    }

    @Test("a denied open is 'the device is locked' only where data protection is in force", arguments: [EPERM, EACCES])
    func deniedOpen(code: Int32) throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k"))
        store.finishWriting()
        let dayFolder = store.url.appendingPathComponent("data/events/2025/03/01").path
        for protection in FileProtection.allCases {
            let reader = try Store(at: store.url)
            let error = try #require(throws: AlmanacError.self) {
                try TestHooks.withApplePath(under: dayFolder, errors: [.open: code], protection: protection) {
                    try reader.document(LoggedEvent.self, id: "E1")
                }
            }
            #expect(error.path == "data/events/2025/03/01/E1.json", "\(protection): \(error.path ?? "")")
            #expect(error.message.contains("errno \(code)"), "\(error.message)")
            if protection == .noProtection {
                #expect(error.code == .io, "\(protection)")
                #expect(error.message.hasPrefix("permission denied"), "\(error.message)")
            } else {
                #expect(error.code == .protectedDataUnavailable, "\(protection)")
                #expect(error.message.contains("data protection class \(protection.rawValue)"), "\(error.message)")
            }
        }
        // Without a class (macOS, or a volume without data protection) a denial is a denial.
        let error = try #require(throws: AlmanacError.self) {
            try TestHooks.withApplePath(under: dayFolder, errors: [.open: code]) {
                try Store(at: store.url).document(LoggedEvent.self, id: "E1")
            }
        }
        #expect(error.code == .io)
        #expect(error.message.hasPrefix("permission denied; check that the app's sandbox"), "\(error.message)")
        #expect(try Store(at: store.url).document(LoggedEvent.self, id: "E1") != nil, "after the test, the file reads")
    }

    @Test("'no protection' has a name Swift cannot read as nil")
    func noProtectionName() {
        let options = Store.Options(fileProtection: .noProtection)
        #expect(options.fileProtection == FileProtection.noProtection)
        #expect(Store.Options(fileProtection: nil).fileProtection == nil)
    }
}
