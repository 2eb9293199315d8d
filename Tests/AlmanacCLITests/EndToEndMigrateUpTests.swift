import Foundation
import Testing

@testable import Almanac

@Suite struct EndToEndMigrateUpTests {
    @Test func upChangesExactlyWhatPlanListedAndRollbackRestoresTheTreeByteForByte() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 60)
        let original = treeHash(fixture.store)
        let filesBefore = Dictionary(uniqueKeysWithValues: dataFiles(fixture.store).map { ($0, E2EFiles.text(fixture.store.appendingPathComponent($0)) ?? "") })

        let planArguments = ["migrate", "plan", "--store", fixture.store.path, "--migrations", fixture.migrations.path, "--schema", fixture.schemaV2.path, "--json"]
        let plan = try #require(try run(planArguments).json() as? [String: Any])
        let planned = try #require((plan["steps"] as? [[String: Any]])?.first?["changedDocuments"] as? [String])

        let up = try run(fixture.upArguments + ["--json"])
        #expect(up.exit == 0, "\(up)")
        let result = try #require(try up.json() as? [String: Any])
        let applied = try #require((result["steps"] as? [[String: Any]])?.first?["changedDocuments"] as? [String])
        #expect(applied == planned && planned.count == 60, "plan listed \(planned.count), up changed \(applied.count)")

        // Every event moved to its month folder; the ones whose bytes changed are the planned ones.
        var changedOnDisk: [String] = []
        for file in dataFiles(fixture.store) {
            let id = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let before = filesBefore.first { URL(fileURLWithPath: $0.key).deletingPathExtension().lastPathComponent == id }
            if before?.value != E2EFiles.text(fixture.store.appendingPathComponent(file)) {
                changedOnDisk.append(file.hasPrefix("data/events/") ? "events/\(id)" : file)
            }
        }
        #expect(changedOnDisk.sorted() == planned.sorted())
        #expect(E2EFiles.exists(fixture.store.appendingPathComponent("data/events/2025/02/e00028.json")))
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent("data/events/2025/02/01")))
        #expect(E2EFiles.text(fixture.store.appendingPathComponent("data/events/2025/02/e00028.json"))?.contains("\"amount\": 29") == true, "28.5 rounds to 29")

        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 0, "\(check)")
        let status = try run(["migrate", "status", "--store", fixture.store.path, "--migrations", fixture.migrations.path])
        #expect(status.exit == 0 && status.stdout.contains("up to date"), "\(status)")
        let again = try run(fixture.upArguments)
        #expect(again.exit == 0 && again.stdout.contains("nothing to migrate"), "\(again)")

        let rollback = try run(["migrate", "rollback", "--store", fixture.store.path])
        #expect(rollback.exit == 0, "\(rollback)")
        #expect(treeHash(fixture.store) == original, "data/, schema/ and store.json are byte-identical to before 'up'")
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent(".almanac/backup")))
        let second = try run(["migrate", "rollback", "--store", fixture.store.path])
        #expect(second.exit == 1 && second.stderr.contains("no migration to roll back"), "\(second)")
    }

    @Test func aResultThatBreaksTheTargetSchemaChangesNothingAndNamesTheDocuments() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 40)
        // The target schema allows amounts up to 30: events with larger amounts fail.
        let schemaURL = fixture.schemaV2.appendingPathComponent("events.schema.json")
        let strict = try #require(E2EFiles.text(schemaURL)).replacingOccurrences(of: #""amount": {"type": "integer"}"#, with: #""amount": {"type": "integer", "maximum": 30}"#)
        try fixture.write(strict, to: schemaURL)
        _ = try run(["status", "--store", fixture.store.path])
        let before = treeHash(fixture.store, excluding: [".almanac/lock"])

        let up = try run(fixture.upArguments)
        #expect(up.exit == 3, "\(up)")
        #expect(up.stderr.contains("events/e00031") && up.stderr.contains("maximum"), "names the failing document and rule: \(up)")
        #expect(up.stderr.contains("nothing was changed"), "\(up)")
        #expect(treeHash(fixture.store, excluding: [".almanac/lock"]) == before, "the whole tree, .almanac included, is byte-identical")
        #expect(try storeVersion(fixture.store) == 1)
    }

    @Test func anEditedAppliedMigrationStopsStatusAndUpWithBothChecksumsUntilRepaired() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 5)
        #expect(try run(fixture.upArguments).exit == 0)
        let file = fixture.migrations.appendingPathComponent("0002-labels.json")
        let recorded = MigrationFile.checksum(of: Array(try Data(contentsOf: file)))
        try fixture.write(try #require(E2EFiles.text(file)).replacingOccurrences(of: "Labels,", with: "Labels (edited),"), to: file)
        let now = MigrationFile.checksum(of: Array(try Data(contentsOf: file)))

        let status = try run(["migrate", "status", "--store", fixture.store.path, "--migrations", fixture.migrations.path])
        #expect(status.exit == 3 && status.stderr.contains(recorded) && status.stderr.contains(now), "\(status)")
        let up = try run(fixture.upArguments)
        #expect(up.exit == 3 && up.stderr.contains(recorded) && up.stderr.contains(now), "\(up)")

        let repair = try run(["migrate", "repair", "--store", fixture.store.path, "--migrations", fixture.migrations.path])
        #expect(repair.exit == 0 && repair.stdout.contains(now), "\(repair)")
        let repaired = try run(["migrate", "status", "--store", fixture.store.path, "--migrations", fixture.migrations.path])
        #expect(repaired.exit == 0 && repaired.stdout.contains("up to date"), "\(repaired)")
        let manifest = try #require(E2EFiles.object(fixture.store.appendingPathComponent("store.json")))
        let entry = try #require((manifest["migrations"] as? [[String: Any]])?.first)
        #expect(entry["checksum"] as? String == now && (entry["previousChecksums"] as? [String]) == [recorded])
        let nothing = try run(["migrate", "repair", "--store", fixture.store.path, "--migrations", fixture.migrations.path])
        #expect(nothing.exit == 0 && nothing.stdout.contains("nothing to repair"), "\(nothing)")
    }

    @Test func rollbackRefusesWhenDocumentsWereWrittenAfterTheMigrationUnlessForced() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 5)
        #expect(try run(fixture.upArguments).exit == 0)
        let note = try folder.write(#"{"id": "n3", "text": "written after the migration"}"#, to: "n3.json")
        #expect(try run(["put", "notes", note.path, "--store", fixture.store.path]).exit == 0)

        let refused = try run(["migrate", "rollback", "--store", fixture.store.path])
        #expect(refused.exit == 1 && refused.stderr.contains("written after the migration") && refused.stderr.contains("--force"), "\(refused)")
        #expect(refused.stderr.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("roll back with --force")
                && !refused.stderr.contains("force: true"), "the tool speaks of its flag, not the library's argument: \(refused)")
        #expect(try storeVersion(fixture.store) == 2)
        let forced = try run(["migrate", "rollback", "--force", "--store", fixture.store.path])
        #expect(forced.exit == 0, "\(forced)")
        #expect(try storeVersion(fixture.store) == 1)
        #expect(E2EFiles.exists(fixture.store.appendingPathComponent("data/notes/n3.json")),
                "a rollback puts back what the migration changed, nothing else: the later note stays")
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    /// Acceptance (issue 57, line 2): an edit in place (open, truncate, write: nano, VS Code)
    /// after a migration reaches only the live document, never the backup, so a rollback
    /// puts back the bytes from before the migration; and nothing a person sees shares an inode.
    @Test func anEditInPlaceAfterTheMigrationLeavesTheRollbackCopyAlone() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 5)
        let before = try treeFiles(fixture.store)
        #expect(try run(fixture.upArguments).exit == 0)
        #expect(try filesWithSeveralNames(under: fixture.store).isEmpty, "no file has two names after migrate up")
        let event = try #require(try treeFiles(fixture.store).keys.first { $0.hasPrefix("data/events/") })
        let handle = try FileHandle(forWritingTo: fixture.store.appendingPathComponent(event))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(#"{"id": "edited in place"}"#.utf8))
        try handle.close()

        let refused = try run(["migrate", "rollback", "--store", fixture.store.path])
        #expect(refused.exit == 1 && refused.stderr.contains(event) && refused.stderr.contains("--force"), "the edited document is named: \(refused)")
        let forced = try run(["migrate", "rollback", "--force", "--store", fixture.store.path])
        #expect(forced.exit == 0, "\(forced)")
        #expect(try treeFiles(fixture.store) == before, "every document's bytes from before the migration")
    }

    @Test func twoConcurrentMigrationsNeverBothRun() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 3000)
        let results = ConcurrentResults()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            results.append(Result { try run(fixture.upArguments + ["--lock-timeout", "0"]) })
        }
        let runs = try results.all.map { try $0.get() }
        let migrated = runs.filter { $0.exit == 0 && $0.stdout.contains("migrated from version 1 to 2") }
        let others = runs.filter { !($0.exit == 0 && $0.stdout.contains("migrated from version 1 to 2")) }
        #expect(migrated.count == 1, "\(runs)")
        for other in others {
            #expect(other.exit == 4 || (other.exit == 0 && other.stdout.contains("nothing to migrate")), "the other waited or exited 4: \(other)")
        }
        let manifest = try #require(E2EFiles.object(fixture.store.appendingPathComponent("store.json")))
        #expect((manifest["migrations"] as? [Any])?.count == 1, "applied once")
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test func filesThatAreNotDocumentsStopTheMigrationBeforeAnythingChanges() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 5)
        try fixture.write("my notes", to: fixture.store.appendingPathComponent("data/notes/todo.txt"))
        let up = try run(fixture.upArguments)
        #expect(up.exit == 3 && up.stderr.contains("data/notes/todo.txt"), "\(up)")
        #expect(try storeVersion(fixture.store) == 1)
        let stagings = (try? FileManager.default.contentsOfDirectory(atPath: fixture.store.appendingPathComponent(".almanac").path))?
            .filter { $0.hasPrefix("migration") } ?? []
        #expect(stagings.isEmpty, "the refused migration left no staging: \(stagings)")
    }

    @Test func migrateUpDryRunShowsThePlanAndWritesNothing() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 5)
        let before = treeHash(fixture.store)
        let dryRun = try run(fixture.upArguments + ["--dry-run"])
        #expect(dryRun.exit == 0 && dryRun.stdout.contains("plan: version 1 → 2"), "\(dryRun)")
        #expect(treeHash(fixture.store) == before)
    }
}

/// Results gathered from several threads.
final class ConcurrentResults: @unchecked Sendable {
    // Sendable: `values` is only touched while `lock` is held.
    private let lock = NSLock()
    private var values: [Result<AlmanacRun, Error>] = []
    func append(_ value: Result<AlmanacRun, Error>) { lock.lock(); values.append(value); lock.unlock() }
    var all: [Result<AlmanacRun, Error>] { lock.lock(); defer { lock.unlock() }; return values }
}
