#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// Rough edges a newcomer met: `--version`, `init --store`, `migrate rollback --migrations`.
@Suite("The tool's rough edges")
struct RoughEdgeTests {
    @Test("almanac --version prints the tool's version and the store format it knows, exit 0")
    func version() throws {
        let result = try run(["--version"])
        #expect(result.exit == 0, "\(result)")
        #expect(result.stdout.hasPrefix("almanac ") && result.stdout.contains("store format 2"), "\(result)")
        #expect(try run(["--help"]).stdout.contains("--version"))
    }

    @Test("init accepts --store like every other command; two different folders are a usage error")
    func initWithStoreOption() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let result = try run(["init", "--store", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"])
        #expect(result.exit == 0, "\(result)")
        #expect(E2EFiles.exists(store.appendingPathComponent("store.json")))
        let both = try run(["init", folder.path("a").path, "--store", folder.path("b").path, "--schema", E2ERepository.schema("miga").path])
        #expect(both.exit == 2 && both.stderr.contains("two different stores"), "\(both)")
        #expect(!E2EFiles.exists(folder.path("a")) && !E2EFiles.exists(folder.path("b")))
    }

    @Test("migrate rollback accepts --migrations and --schema like its siblings (no 'unknown option')")
    func rollbackAcceptsSiblingOptions() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"]).exit == 0)
        let result = try run(["migrate", "rollback", "--store", store.path, "--migrations", folder.path("migrations").path,
                              "--schema", E2ERepository.schema("miga").path])
        #expect(!result.stderr.contains("unknown option"), "\(result)")
        #expect(result.exit == 1 && result.stderr.contains("no migration to roll back"), "\(result)")
    }

    @Test("import suggests 'migrate up' only when the app's schema is newer than the imported store")
    func importSuggestsMigrationOnlyWhenBehind() throws {
        let folder = E2EFolder()
        let sample = try folder.copySample("miga")  // schema version 1; the repository's schema/miga is newer
        let file = folder.path("export.jsonl")
        #expect(try run(["export", "--store", sample.path, "--out", file.path]).exit == 0)
        let behind = try run(["import", file.path, "--store", folder.path("a").path, "--schema", E2ERepository.schema("miga").path])
        #expect(behind.exit == 0 && behind.stdout.contains("migrate up"), "\(behind)")
        let current = try run(["import", file.path, "--store", folder.path("b").path, "--schema", sample.appendingPathComponent("schema").path])
        #expect(current.exit == 0 && !current.stdout.contains("migrate up"), "\(current)")
    }

    @Test("seed import into a store older than the seed's collection says to migrate first")
    func seedIntoOlderStoreSaysMigrate() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")  // schema version 1: motivational-messages is not seeded content yet
        let seeds = E2ERepository.root.appendingPathComponent("samples/cravey/seeds/messages_seed.json")
        let result = try run(["seed", "import", seeds.path, "--store", store.path, "--schema", E2ERepository.schema("cravey").path])
        #expect(result.exit == 2, "\(result)")
        #expect(result.stderr.contains("migrate up") && result.stderr.contains("schema version 1"), "\(result)")
    }
}

/// A permission failure on a file outside the store names that file, not the store.
@Suite("Permission errors on output files")
struct OutputPermissionTests {
    @Test("the library's error for an export or backup destination names the file and its folder")
    func messageNamesTheFile() {
        let denied = AlmanacError(.io, "permission denied; check that you own the store folder and that it is writable",
                                  path: nil, underlying: POSIXFailure(operation: "open", errno: EACCES))
        let written = denied.concerningOutsideFile("out/export.jsonl", writing: true)
        #expect(written.path == "out/export.jsonl" && written.message.contains("its folder") && !written.message.contains("store"))
        let read = denied.concerningOutsideFile("in/export.jsonl", writing: false)
        #expect(read.path == "in/export.jsonl" && read.message.contains("reading"))
        // A denial on a file of the store (its lock, a data folder) keeps its own path: that is what to fix.
        let inside = AlmanacError(.io, "permission denied; check that you own the store folder and that it is writable",
                                  path: ".almanac/lock", underlying: POSIXFailure(operation: "open", errno: EACCES))
        #expect(inside.concerningOutsideFile("/tmp/out/export.jsonl", writing: true).path == ".almanac/lock")
        let beside = AlmanacError(.io, "denied", path: "/tmp/out/" + Directory.temporaryName(for: "export.jsonl"), underlying: POSIXFailure(operation: "open", errno: EACCES))
        #expect(beside.concerningOutsideFile("/tmp/out/export.jsonl", writing: true).path == "/tmp/out/export.jsonl")
        let other = AlmanacError(.io, "the disk is full", path: "data", underlying: POSIXFailure(operation: "write", errno: ENOSPC))
        #expect(other.concerningOutsideFile("x", writing: true).message == "the disk is full", "only permission failures are rewritten")
    }

    @Test("export --out into a folder the user may not write names the file", .enabled(if: getuid() != 0, "root may write any folder"))
    func exportIntoReadOnlyFolder() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let locked = folder.path("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
        let out = locked.appendingPathComponent("export.jsonl")
        let result = try run(["export", "--store", store.path, "--out", out.path])
        #expect(result.exit == 1 && result.stderr.contains(out.path) && result.stderr.contains("permission denied writing this file"), "\(result)")
        #expect(!result.stderr.contains("store folder"), "\(result)")
    }
}
