import Almanac
import Foundation
import Testing

/// Issue 58, item 5: an applied migration is checked by what it says, not by how it is
/// spelt. A JSON formatter re-indenting the migrations folder does not stop `migrate up` or
/// `Migrator.migrate` at the app's next launch; an edit of its meaning still does. Records
/// written before content checksums are upgraded by the next migrate, while the files still match.
@Suite("Migration checksums by meaning")
struct MigrationChecksumTests {
    /// Rewrites every migration file of `folder` in another layout (compact, keys sorted): the same JSON.
    static func reformat(_ folder: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let file = folder.appendingPathComponent(name)
            let value = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
            try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]).write(to: file)
        }
    }

    @Test("a re-indented applied migration does not stop migrate up or Migrator.migrate; an edit of its meaning does")
    func reindentedMigrationsAreNotEdits() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let migrations = folder.path("migrations")
        try FileManager.default.copyItem(at: E2ERepository.migrations("cravey"), to: migrations)
        let schema = E2ERepository.schema("cravey").path
        let up = try run(["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schema])
        #expect(up.exit == 0, "\(up)")

        try Self.reformat(migrations)
        let status = try run(["migrate", "status", "--store", store.path, "--migrations", migrations.path])
        #expect(status.exit == 0 && !status.stdout.contains("changed") && !status.stderr.contains("changed"), "\(status)")
        let again = try run(["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schema])
        #expect(again.exit == 0, "\(again)")
        let migrator = Migrator(migrations: try MigrationSet(folder: migrations), targetSchema: URL(fileURLWithPath: schema))
        #expect(try migrator.migrate(storeAt: store).fromVersion == RepoCatalog("cravey").version, "the app's launch goes on")

        // A change of meaning is still an edit.
        let first = migrations.appendingPathComponent("0002-usage-mood.json")
        var value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: first)) as? [String: Any])
        value["description"] = "edited after it was applied"
        try JSONSerialization.data(withJSONObject: value).write(to: first)
        let edited = try run(["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schema])
        #expect(edited.exit != 0 && edited.stderr.contains("was changed after it was applied"), "\(edited)")
    }

    @Test("records written before content checksums are upgraded by the next migrate, then a re-indent is no edit")
    func olderRecordsAreUpgraded() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let migrations = folder.path("migrations")
        try FileManager.default.copyItem(at: E2ERepository.migrations("cravey"), to: migrations)
        let schema = E2ERepository.schema("cravey").path
        #expect(try run(["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schema]).exit == 0)
        // As an earlier version recorded them: byte checksums only.
        let manifestURL = store.appendingPathComponent("store.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var records = try #require(manifest["migrations"] as? [[String: Any]])
        #expect(!records.isEmpty && records.allSatisfy { $0["contentChecksum"] != nil }, "the records have content checksums: \(records)")
        records = records.map { $0.filter { $0.key != "contentChecksum" } }
        manifest["migrations"] = records
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: manifestURL)
        #expect(try run(["check", "--store", store.path]).exit == 0, "an older record is a valid store.json")

        // Nothing to migrate: the records are upgraded while the files still match.
        let nothing = try run(["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schema])
        #expect(nothing.exit == 0, "\(nothing)")
        #expect(try String(contentsOf: manifestURL, encoding: .utf8).contains("\"contentChecksum\""))
        try Self.reformat(migrations)
        let after = try run(["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schema])
        #expect(after.exit == 0, "\(after)")
    }

    @Test("an app that must launch goes past an edited applied file with the proceed policy, and is told which")
    func proceedPolicy() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let migrations = folder.path("migrations")
        try FileManager.default.copyItem(at: E2ERepository.migrations("cravey"), to: migrations)
        let schema = E2ERepository.schema("cravey")
        #expect(try run(["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schema.path]).exit == 0)
        let file = migrations.appendingPathComponent("0002-usage-mood.json")
        var value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        value["description"] = "edited after it shipped"
        try JSONSerialization.data(withJSONObject: value).write(to: file)

        var migrator = Migrator(migrations: try MigrationSet(folder: migrations), targetSchema: schema)
        let refused = #expect(throws: AlmanacError.self) { try migrator.migrate(storeAt: store) }
        #expect(refused?.code == .invalidMigration && refused?.message.contains("was changed after it was applied") == true, "the default refuses: \(String(describing: refused))")
        migrator.editedAppliedFiles = .proceed
        let result = try migrator.migrate(storeAt: store)
        #expect(result.editedAppliedFiles == ["0002-usage-mood.json"] && result.fromVersion == result.toVersion, "\(result)")
        #expect(try Store(at: store).schemaVersion == RepoCatalog("cravey").version)
    }
}
