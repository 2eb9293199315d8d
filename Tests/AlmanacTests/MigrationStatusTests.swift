import Foundation
import Testing
@testable import Almanac

@Suite("Migration status")
struct MigrationStatusTests {
    static let files = [
        "0001-initial.json": #"{"version": 1, "description": "The first schema.", "operations": []}"#,
        "0002-add-mood.json": #"{"version": 2, "description": "Optional mood on events.", "operations": [{"op": "addField", "collection": "events", "field": "mood", "value": null}]}"#,
        "0003-rename.json": #"{"version": 3, "description": "Kind becomes type.", "operations": [{"op": "renameField", "collection": "events", "from": "kind", "to": "type"}]}"#,
    ]

    func migrationsFolder(_ folder: TemporaryFolder, files: [String: String] = files) throws -> URL {
        let url = folder.path("migrations")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    /// Records `versions` as applied in the store's manifest, with the files' checksums.
    func recordApplied(_ versions: [Int], in store: Store, migrations: URL, schemaVersion: Int) throws -> Store {
        let set = try MigrationSet(folder: migrations)
        let url = store.url.appendingPathComponent("store.json")
        var members = try JSONValue(parsing: Array(Data(contentsOf: url))).objectValue!
        members["schemaVersion"] = .number(JSONNumber(schemaVersion))
        members["migrations"] = .array(versions.map { version in
            .object(["version": .number(JSONNumber(version)), "name": .string(set.migration(version)!.fileName),
                     "checksum": .string(set.checksum(of: version)!)])
        })
        try Data(JSONValue.object(members).prettyJSONBytes).write(to: url)
        return try Store(at: store.url)
    }

    @Test("a new store is at its baseline version with the later migrations pending")
    func baselineAndPending() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let status = Migrator(migrations: try MigrationSet(folder: try migrationsFolder(folder))).status(of: store)
        #expect(status.entries.map(\.state) == [.baseline, .pending, .pending])
        #expect(status.storeVersion == 1 && status.latestVersion == 3)
        #expect(status.problems.isEmpty)
        #expect(!status.isUpToDate)
    }

    @Test("applied migrations are verified against their recorded checksums")
    func appliedVerified() throws {
        let folder = TemporaryFolder()
        let migrations = try migrationsFolder(folder)
        let store = try recordApplied([2, 3], in: try TestSchema.makeStore(in: folder), migrations: migrations, schemaVersion: 3)
        let status = Migrator(migrations: try MigrationSet(folder: migrations)).status(of: store)
        #expect(status.entries.map(\.state) == [.baseline, .applied, .applied])
        #expect(status.isUpToDate)
    }

    @Test("an applied file edited afterwards is reported with both checksums; CRLF line endings are not an edit")
    func editedFile() throws {
        let folder = TemporaryFolder()
        var files = Self.files
        files["0002-add-mood.json"] = files["0002-add-mood.json"]!.replacingOccurrences(of: ", ", with: ",\n")
        let migrations = try migrationsFolder(folder, files: files)
        let store = try recordApplied([2], in: try TestSchema.makeStore(in: folder), migrations: migrations, schemaVersion: 2)
        let file = migrations.appendingPathComponent("0002-add-mood.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        try Data((original.replacingOccurrences(of: "\n", with: "\r\n")).utf8).write(to: file)
        #expect(Migrator(migrations: try MigrationSet(folder: migrations)).status(of: store).problems.isEmpty, "only line endings changed")

        try Data(original.replacingOccurrences(of: "null", with: "\"calm\"").utf8).write(to: file)
        let status = Migrator(migrations: try MigrationSet(folder: migrations)).status(of: store)
        let entry = try #require(status.entries.first { $0.version == 2 })
        #expect(entry.state == .edited)
        let recorded = try #require(entry.recordedChecksum), now = try #require(entry.fileChecksum)
        #expect(recorded != now)
        #expect(status.problems.count == 1)
        #expect(status.problems[0].contains(recorded) && status.problems[0].contains(now))
    }

    @Test("an applied file that was removed, and a gap in the numbering, are problems")
    func missingAndGap() throws {
        let folder = TemporaryFolder()
        let migrations = try migrationsFolder(folder)
        let store = try recordApplied([2], in: try TestSchema.makeStore(in: folder), migrations: migrations, schemaVersion: 2)
        try FileManager.default.removeItem(at: migrations.appendingPathComponent("0002-add-mood.json"))
        let status = Migrator(migrations: try MigrationSet(folder: migrations)).status(of: store)
        #expect(status.entries.first { $0.version == 2 }?.state == .missing)
        #expect(status.problems.count >= 2, "the missing file and the gap between 1 and 3: \(status.problems)")
    }
}
