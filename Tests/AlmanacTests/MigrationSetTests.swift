import Foundation
import Testing
@testable import Almanac

@Suite("Migration sets: a migrations folder")
struct MigrationSetTests {
    /// A valid migration file numbered `version`.
    static func file(_ version: Int, _ slug: String = "step", operations: String = "[]") -> (name: String, bytes: [UInt8]) {
        let name = CalendarDate.pad(version, 4) + "-" + slug + ".json"
        let text = "{\"version\": \(version), \"description\": \"step \(version)\", \"operations\": \(operations)}\n"
        return (name, Array(text.utf8))
    }

    @Test("valid files are sorted by version, with checksums and the latest version")
    func valid() throws {
        let set = MigrationSet(files: [Self.file(3), Self.file(1, "initial"), Self.file(2)], folder: "migrations/pressure")
        #expect(set.problems.isEmpty)
        #expect(set.migrations.map(\.version) == [1, 2, 3])
        #expect(set.latestVersion == 3)
        #expect(set.checksum(of: 1) == SHA256.hex(Self.file(1, "initial").bytes))
        #expect(set.checksum(of: 4) == nil)
        #expect(set.migration(2)?.fileName == "0002-step.json")
        #expect(set.migrations(after: 1).map(\.version) == [2, 3])
        #expect(set.migrations(after: 0, upTo: 2).map(\.version) == [1, 2])
        #expect(set.migrations(after: 3).isEmpty)
        try set.requireNoProblems()
    }

    @Test("an empty folder has version 0 and no problems")
    func empty() {
        let set = MigrationSet(files: [], folder: "m")
        #expect(set.latestVersion == 0 && set.problems.isEmpty && set.migrations.isEmpty)
    }

    @Test("a gap is reported once per run of missing numbers")
    func gap() {
        let set = MigrationSet(files: [Self.file(1), Self.file(2), Self.file(4), Self.file(7)], folder: "migrations/miga")
        #expect(set.problems.map(\.kind) == [.gap, .gap])
        #expect(set.problems.map(\.version) == [3, 5])
        #expect(set.problems[0].error.message.hasPrefix("migration 0003 is missing"))
        #expect(set.problems[1].error.message.hasPrefix("migrations 0005 to 0006 are missing"))
        #expect(set.problems[0].error.path == "migrations/miga")
        #expect(set.problems[0].error.code == .invalidMigration)
        #expect(set.migrations.map(\.version) == [1, 2, 4, 7])
        let missingFirst = MigrationSet(files: [Self.file(2)], folder: "m")
        #expect(missingFirst.problems.map(\.version) == [1])
    }

    @Test("two files with one number are a problem, and neither is used")
    func duplicate() {
        let set = MigrationSet(files: [Self.file(1), Self.file(2, "add-sort-order"), Self.file(2, "add-mood")], folder: "m")
        #expect(set.problems.map(\.kind) == [.duplicateVersion])
        let message = set.problems[0].error.message
        #expect(message.contains("\"0002-add-mood.json\", \"0002-add-sort-order.json\" share the number 0002"))
        #expect(message.contains("the next free one is 0003"))
        #expect(set.migrations.map(\.version) == [1])
    }

    @Test("a file whose name and version disagree is a name mismatch, not also a gap")
    func nameMismatch() {
        var bad = Self.file(3)
        bad.name = "0002-step.json"
        let set = MigrationSet(files: [Self.file(1), bad, Self.file(3)], folder: "m")
        #expect(set.problems.map(\.kind) == [.nameMismatch])
        #expect(set.problems[0].version == 2)
        #expect(set.problems[0].error.path == "m/0002-step.json")
        #expect(set.problems[0].error.pointer == "/version")
        #expect(set.migrations.map(\.version) == [1, 3])
    }

    @Test("non-JSON files are ignored; JSON files with other names and broken files are problems")
    func otherFiles() {
        let broken = (name: "0002-broken.json", bytes: Array(#"{"version": 2, "description": "d", "operations": [{"op": "nope"}]}"#.utf8))
        let set = MigrationSet(files: [
            Self.file(1), broken, Self.file(3),
            (name: "README.md", bytes: Array("# notes".utf8)), (name: ".DS_Store", bytes: [0, 1, 2]),
            (name: "notes.json", bytes: Array("{}".utf8)), (name: "0004-step.json.orig", bytes: []),
        ], folder: "m")
        #expect(set.problems.map(\.kind) == [.invalidFileName, .invalidFile])
        #expect(set.problems[0].error.path == "m/notes.json")
        #expect(set.problems[1].error.pointer == "/operations/0/op")
        #expect(set.problems[1].description.hasPrefix("m/0002-broken.json:1:"))
        #expect(set.migrations.map(\.version) == [1, 3])
        #expect(set.latestVersion == 3)
    }

    @Test("requireNoProblems throws the first problem and counts the rest")
    func requireNoProblems() {
        let set = MigrationSet(files: [Self.file(2), Self.file(4)], folder: "migrations/cravey")
        let error = migrationError { try set.requireNoProblems() }
        #expect(error?.code == .invalidMigration)
        #expect(error?.message.contains("migration 0001 is missing") == true)
        #expect(error?.message.contains("(and 1 more problem in migrations/cravey") == true)
    }

    @Test("a folder on disk is read whole; a missing folder is not found")
    func folderOnDisk() throws {
        let folder = TemporaryFolder()
        let migrations = folder.path("migrations/cravey")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        let convert = #"[{"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": "nearest"}]"#
        for file in [Self.file(1, "initial"), Self.file(2, "integer-amounts", operations: convert)] {
            try Data(file.bytes).write(to: migrations.appendingPathComponent(file.name))
        }
        try Data("ignored".utf8).write(to: migrations.appendingPathComponent("README.md"))
        let set = try MigrationSet(folder: migrations)
        #expect(set.problems.isEmpty)
        #expect(set.latestVersion == 2)
        #expect(set.migration(2)?.operations == [.convert(collection: "usage", field: "amount", to: .integer, rounding: .nearest)])
        #expect(set.folder == migrations.path)
        let missing = migrationError { _ = try MigrationSet(folder: folder.path("migrations/none")) }
        #expect(missing?.code == .notFound)
    }

    @Test("an unreadable .json entry on disk is one problem among the others, not a thrown error")
    func unreadableEntry() throws {
        let folder = TemporaryFolder()
        let migrations = folder.path("migrations")
        try FileManager.default.createDirectory(at: migrations.appendingPathComponent("0002-folder.json"), withIntermediateDirectories: true)
        try Data(Self.file(1).bytes).write(to: migrations.appendingPathComponent(Self.file(1).name))
        try Data(Self.file(3).bytes).write(to: migrations.appendingPathComponent(Self.file(3).name))
        let set = try MigrationSet(folder: migrations)
        #expect(set.problems.map(\.kind) == [.invalidFile])
        #expect(set.problems.first?.version == 2)
        #expect(set.problems.first?.error.message.hasPrefix("cannot be read") == true)
        #expect(set.migrations.map(\.version) == [1, 3])
    }
}
