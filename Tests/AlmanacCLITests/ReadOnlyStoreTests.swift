#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// A store the user may read but not write (another user's, shared read-only): export and
/// backup work on it, reading the store itself under a shared lock that holds writers off;
/// permission errors name the file that refused, never the export.
///
/// The tests run the tool as user `nobody` through `setpriv`, so they need root (CI has it).
@Suite("A store the user may read but not write", .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                                                         "needs root and setpriv to run the tool as another user"))
struct ReadOnlyStoreTests {
    /// `almanac arguments` as `nobody`.
    static func asNobody(_ arguments: [String]) throws -> AlmanacRun {
        try AlmanacProcess.run(arguments, cwd: URL(fileURLWithPath: "/"), user: 65534)
    }

    /// `chmod -R a+rX`: everyone may read the files and enter the folders.
    static func openForReading(_ url: URL) {
        chmod(url.path, 0o755)
        for case let path as String in FileManager.default.enumerator(atPath: url.path) ?? FileManager.default.enumerator(atPath: "/")! {
            let full = url.appendingPathComponent(path).path
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            chmod(full, (info.st_mode & S_IFMT) == S_IFDIR ? 0o755 : 0o644)
        }
    }

    /// A MIGA store with two events, readable by everyone and writable by its owner only, and
    /// a folder `out` anyone may write to.
    static func store(in folder: E2EFolder) throws -> (store: URL, out: URL) {
        let store = try makeStore(in: folder, timeZone: "UTC")
        let events = try folder.write("[" + usageEvent(id: uuid(1), timestamp: "2025-01-27T10:00:00Z") + "," + usageEvent(id: uuid(2), timestamp: "2025-02-01T10:00:00Z") + "]", to: "events.json")
        #expect(try run(["put", "usage-events", events.path, "--store", store.path]).exit == 0)
        chmod(folder.url.path, 0o755)
        Self.openForReading(store)
        let out = folder.path("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        chmod(out.path, 0o777)
        return (store, out)
    }

    @Test("export and backup succeed as a user who cannot write the store; put names the real file it may not write")
    func exportAndBackup() throws {
        let folder = E2EFolder()
        let (store, out) = try Self.store(in: folder)
        let export = try Self.asNobody(["export", "--store", store.path, "--out", out.appendingPathComponent("y.jsonl").path])
        #expect(export.exit == 0, "\(export)")
        let lines = (E2EFiles.text(out.appendingPathComponent("y.jsonl")) ?? "").split(separator: "\n")
        #expect(lines.count == 3, "a header and two documents: \(lines.count)")
        let backup = try Self.asNobody(["backup", out.appendingPathComponent("copy").path, "--store", store.path])
        #expect(backup.exit == 0, "\(backup)")
        #expect(try run(["check", "--store", out.appendingPathComponent("copy").path]).exit == 0)
        let put = try Self.asNobody(["put", "usage-events", folder.path("events.json").path, "--store", store.path])
        #expect(put.exit != 0 && put.stderr.contains(".almanac/lock") && !put.stderr.contains("events.json:"), "\(put)")
    }

    @Test("a store whose owner's batch was cut off after its commit is read, exported and backed up with the batch, and left for its owner to finish")
    func committedChangeNotInPlace() throws {
        let folder = E2EFolder()
        let (store, out) = try Self.store(in: folder)
        let batch = try folder.write("[" + (3...12).map { usageEvent(id: uuid($0), timestamp: "2025-03-\(10 + $0)T10:00:00Z") }.joined(separator: ",") + "]", to: "batch.json")
        let put = try putCutOffAfterCommit("usage-events", batch, store: store, errno: EIO, scratch: folder)
        try #require(put.exit != 0 && put.stderr.contains("is committed"), "\(put)")
        Self.openForReading(store)
        let journal = store.appendingPathComponent(".almanac/journal.json")
        try #require(E2EFiles.exists(journal), "the change waits for its next writer")

        let counted = try Self.asNobody(["ls", "usage-events", "--count", "--store", store.path])
        #expect(counted.exit == 0 && counted.stdout.split(separator: "\n").first == "12", "a read applies the committed change: \(counted)")
        let export = try Self.asNobody(["export", "--store", store.path, "--out", out.appendingPathComponent("y.jsonl").path])
        #expect(export.exit == 0, "\(export)")
        let exported = E2EFiles.text(out.appendingPathComponent("y.jsonl")) ?? ""
        #expect((1...12).allSatisfy { exported.contains(uuid($0)) }, "the export holds the committed batch: \(export)")
        let copy = out.appendingPathComponent("copy")
        let backup = try Self.asNobody(["backup", copy.path, "--store", store.path])
        #expect(backup.exit == 0, "\(backup)")
        let copied = try run(["ls", "usage-events", "--count", "--store", copy.path])
        #expect(copied.stdout.split(separator: "\n").first == "12", "the backup holds the committed batch: \(copied)")
        #expect(try run(["check", "--store", copy.path]).exit == 0)
        #expect(!E2EFiles.files(under: copy).contains { $0.contains("almanac-tmp") || $0.hasSuffix("journal.json") }, "\(E2EFiles.files(under: copy))")

        #expect(E2EFiles.exists(journal), "reading as another user changed nothing")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "its owner's next command finishes it: \(check)")
        #expect(!E2EFiles.exists(journal))
    }

    @Test("a store no writer has ever written (no .almanac/, as the samples ship) exports and backs up too")
    func neverWritten() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        #expect(!E2EFiles.exists(store.appendingPathComponent(".almanac")), "the sample has never been written")
        chmod(folder.url.path, 0o755)
        Self.openForReading(store)
        let out = folder.path("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        chmod(out.path, 0o777)
        let export = try Self.asNobody(["export", "--store", store.path, "--out", out.appendingPathComponent("y.jsonl").path])
        #expect(export.exit == 0, "\(export)")
        let backup = try Self.asNobody(["backup", out.appendingPathComponent("copy").path, "--store", store.path])
        #expect(backup.exit == 0, "\(backup)")
        #expect(!E2EFiles.exists(store.appendingPathComponent(".almanac")), "reading made nothing in the store")
    }

    @Test("while a writer holds the store, the read-only export waits for it (one committed state) and gives up after the lock timeout")
    func waitsForTheWriter() throws {
        let folder = E2EFolder()
        let (store, out) = try Self.store(in: folder)
        let writer = try Store(at: store, options: Store.Options(lockLinger: 0))
        let result = try writer.writer.withWriteLock { _ in
            try Self.asNobody(["export", "--store", store.path, "--out", out.appendingPathComponent("z.jsonl").path, "--lock-timeout", "0.3"])
        }
        #expect(result.exit == 4 && result.stderr.contains("--lock-timeout"), "\(result)")
        #expect(!E2EFiles.exists(out.appendingPathComponent("z.jsonl")))
    }
}
