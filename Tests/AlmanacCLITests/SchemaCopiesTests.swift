import Foundation
import Testing

@testable import Almanac

/// Copies a sync left in `schema/` (issue 42): named by `check`, refused by `migrate up`, never
/// dropped, and resolved by keeping one version — in every tool's naming.
@Suite struct SchemaCopiesTests {
    static let namings: [(tool: String, copy: @Sendable (String) -> String)] = [
        ("Syncthing", { $0.replacingOccurrences(of: ".json", with: ".sync-conflict-20261127-101010-ABCDEFG.json") }),
        ("Dropbox", { $0.replacingOccurrences(of: ".json", with: " (Mac's conflicted copy 2026-11-27).json") }),
        ("iCloud Drive", { $0.replacingOccurrences(of: ".json", with: " 2.json") }),
        ("Nextcloud", { $0.replacingOccurrences(of: ".json", with: " (conflicted copy 2026-11-27 101010).json") }),
        ("unison", { $0.replacingOccurrences(of: ".json", with: " (conflict_on_2026-11-27).json") }),
        ("rclone", { $0 + "..path2" }),
    ]

    @Test(arguments: namings.indices)
    func aCopyInSchemaIsNamedRefusedByMigrateAndNeverDropped(_ index: Int) throws {
        let (tool, copyName) = Self.namings[index]
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let schema = store.appendingPathComponent("schema")
        // The catalog at the store's version, unchanged, and a schema file someone edited.
        let catalogCopy = copyName("catalog.json")
        try FileManager.default.copyItem(at: schema.appendingPathComponent("catalog.json"), to: schema.appendingPathComponent(catalogCopy))
        let usageCopy = copyName("usage.schema.json")
        var usage = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schema.appendingPathComponent("usage.schema.json"))) as? [String: Any])
        usage["description"] = "edited on another device"
        try JSONSerialization.data(withJSONObject: usage).write(to: schema.appendingPathComponent(usageCopy))

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(tool): \(check)")
        // The catalog's copy holds the same JSON: one version, mentioned, no conflict (issue 57, item 6).
        #expect(check.stdout.contains("schema/\(catalogCopy): warning: holds the same JSON as schema/catalog.json"), "\(tool): \(check)")
        #expect(check.stdout.contains("which \(tool) kept twice"), "\(tool): \(check)")
        #expect(check.stdout.contains("schema/\(usageCopy): error: is a copy of schema/usage.schema.json"), "\(tool): \(check)")
        #expect(check.stdout.contains("they differ in /description"), "\(tool): \(check)")

        let up = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
        #expect(up.exit != 0, "\(tool): \(up)")
        #expect(up.stderr.contains("schema/ holds") && up.stderr.contains("schema/\(usageCopy)"), "\(tool): \(up)")
        #expect(E2EFiles.exists(schema.appendingPathComponent(catalogCopy)) && E2EFiles.exists(schema.appendingPathComponent(usageCopy)), "\(tool): never dropped")
        #expect(try Store(at: store).schemaVersion == 1, "\(tool): nothing migrated")

        // The schema file's versions differ: resolving needs one named; the catalog's are the same.
        let resolve = try run(["resolve", "--store", store.path])
        #expect(resolve.exit != 0 && resolve.stderr.contains("'almanac resolve --take' with its path"), "\(tool): \(resolve)")
        #expect(E2EFiles.exists(schema.appendingPathComponent(catalogCopy)), "\(tool): a refused resolve changes nothing")
        let take = try run(["resolve", "--take", "schema/\(usageCopy)", "--store", store.path])
        #expect(take.exit == 0, "\(tool): \(take)")
        let rest = try run(["resolve", "--store", store.path])
        #expect(rest.exit == 0 && rest.stdout.contains("schema/catalog.json: kept schema/catalog.json"), "\(tool): \(rest)")
        #expect(!E2EFiles.exists(schema.appendingPathComponent(catalogCopy)) && !E2EFiles.exists(schema.appendingPathComponent(usageCopy)))
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schema.appendingPathComponent("usage.schema.json"))) as? [String: Any])
        #expect(kept["description"] as? String == "edited on another device", "\(tool): the version taken is kept")
        let clean = try run(["check", "--store", store.path])
        #expect(clean.exit == 0, "\(tool): \(clean)")
        let migrated = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
        #expect(migrated.exit == 0, "\(tool): \(migrated)")
    }

    /// Issue 57, item 6: the same schema change made on two devices leaves copies holding the
    /// same JSON (rclone bisync renames both sides): one version, not a conflict. `check`
    /// warns, `check --fix` keeps one under the file's name, and a migration is not refused.
    @Test func identicalCopiesInSchemaAreOneVersion() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let schema = store.appendingPathComponent("schema")
        let file = schema.appendingPathComponent("usage.schema.json")
        let original = try Data(contentsOf: file)
        // Both sides' versions, equal as JSON, one of them written with other spacing.
        let value = try JSONSerialization.jsonObject(with: original)
        try original.write(to: schema.appendingPathComponent("usage.schema.json..path1"))
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]).write(to: schema.appendingPathComponent("usage.schema.json..path2"))
        try FileManager.default.removeItem(at: file)

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        #expect(check.stdout.contains("schema/usage.schema.json..path1: warning: holds the same JSON as every other copy of schema/usage.schema.json"), "\(check)")
        #expect(!check.stdout.contains(": error:"), "\(check)")
        #expect(try run(["ls", "usage", "--count", "--store", store.path]).exit == 0, "reads use the version")

        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 0 && fix.stdout.contains("schema/usage.schema.json"), "\(fix)")
        #expect(!E2EFiles.exists(schema.appendingPathComponent("usage.schema.json..path1")) && !E2EFiles.exists(schema.appendingPathComponent("usage.schema.json..path2")))
        #expect(try Data(contentsOf: file) == original, "the one version is kept under the file's name")
        let clean = try run(["check", "--store", store.path])
        #expect(clean.exit == 0 && !clean.stdout.contains("identical"), "\(clean)")

        // A copy equal to the file does not stop a migration, which replaces schema/ whole.
        try original.write(to: schema.appendingPathComponent("usage.schema 2.json"))
        let migrated = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
        #expect(migrated.exit == 0, "\(migrated)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    /// A file in `schema/` that no known naming explains (OneDrive's `catalog-LAPTOP.json`) is
    /// named by check and stops a migration, which would drop it; a damaged version is never
    /// taken as the schema.
    @Test func anyOtherFileInSchemaStopsAMigrationAndADamagedVersionIsNeverTaken() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let schema = store.appendingPathComponent("schema")
        try FileManager.default.copyItem(at: schema.appendingPathComponent("catalog.json"), to: schema.appendingPathComponent("catalog-LAPTOP.json"))
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains("schema/catalog-LAPTOP.json: error: is not a file of the store's schema"), "\(check)")
        let up = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
        #expect(up.exit != 0 && up.stderr.contains("schema/catalog-LAPTOP.json is not a file of the store's schema"), "\(up)")
        #expect(E2EFiles.exists(schema.appendingPathComponent("catalog-LAPTOP.json")))
        try FileManager.default.removeItem(at: schema.appendingPathComponent("catalog-LAPTOP.json"))

        try Data("{\"app\": \"cravey\", \"trunc".utf8).write(to: schema.appendingPathComponent("catalog 2.json"))
        let take = try run(["resolve", "--take", "schema/catalog 2.json", "--store", store.path])
        #expect(take.exit != 0 && take.stderr.contains("cannot be the store's schema/catalog.json"), "\(take)")
        #expect(try run(["ls", "cravings", "--count", "--store", store.path]).exit == 0, "the store's catalog is untouched")
    }

    /// rclone leaves no `catalog.json`, only `..path1` and `..path2`: the store opens from the
    /// one at its schema version, and resolving keeps that one.
    @Test func aCatalogLeftOnlyInCopiesOpensFromTheOneAtTheStoresVersion() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let schema = store.appendingPathComponent("schema")
        try FileManager.default.moveItem(at: schema.appendingPathComponent("catalog.json"), to: schema.appendingPathComponent("catalog.json..path1"))
        // The other device's catalog claims another version.
        let other = try String(contentsOf: schema.appendingPathComponent("catalog.json..path1"), encoding: .utf8)
            .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7")
        try Data(other.utf8).write(to: schema.appendingPathComponent("catalog.json..path2"))
        #expect(try run(["ls", "cravings", "--count", "--store", store.path]).exit == 0)
        // An export carries the schema reads use, so it imports.
        let export = folder.path("store.jsonl")
        #expect(try run(["export", "--store", store.path, "--out", export.path]).exit == 0)
        let imported = try run(["import", export.path, "--store", folder.path("imported").path])
        #expect(imported.exit == 0, "\(imported)")
        let check = try run(["check", "--store", store.path])
        #expect(check.stdout.contains("schema/catalog.json itself is gone") && check.stdout.contains("keeps schema/catalog.json..path1 as schema/catalog.json"), "\(check)")
        let resolve = try run(["resolve", "--store", store.path])
        #expect(resolve.exit == 0, "\(resolve)")
        #expect(try String(contentsOf: schema.appendingPathComponent("catalog.json"), encoding: .utf8).contains("\"version\": 1"))
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }
}
