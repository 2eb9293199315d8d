import Foundation
import Testing
@testable import Almanac

/// The files Almanac keeps for itself are typed records: read strictly, written canonically,
/// and `store.json` keeps what a later version of Almanac added.
@Suite("Store records")
struct StoreRecordTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("store.json keeps members it does not know through a rewrite, and a store write keeps them too")
    func manifestKeepsUnknownMembers() throws {
        let text = """
            {"app": "miga", "format": "almanac-store", "formatVersion": 1, "schemaVersion": 2, "timeZone": "UTC",
             "createdAt": "2025-01-01T00:00:00Z", "migrations": [], "seeds": [],
             "sync": {"peer": "phone", "cursor": 42}, "zeta": [1, 2]}
            """
        var manifest = try Manifest(bytes: bytes(text))
        #expect(manifest.unknown.keys.sorted() == ["sync", "zeta"])
        manifest.schemaVersion = 3
        let reread = try Manifest(bytes: try manifest.bytes)
        #expect(reread.schemaVersion == 3)
        #expect(reread.unknown["sync"]?["cursor"]?.numberValue?.int64Value == 42)
        #expect(reread.unknown["zeta"] == manifest.unknown["zeta"])

        let folder = TemporaryFolder()
        let url = try Repository.copySample("miga", into: folder)
        let path = url.appendingPathComponent("store.json")
        guard case .object(var members) = try JSONValue(parsing: Array(try Data(contentsOf: path))) else {
            Issue.record("store.json is not an object")
            return
        }
        members["laterFeature"] = .object(["on": .bool(true)])
        try Data(CanonicalJSON.prettyBytes(.object(members))).write(to: path)
        // A migration writes a new store.json into the version it swaps in...
        try Migrator(migrations: try MigrationSet(folder: Repository.migrations("miga")), targetSchema: Repository.schema("miga"))
            .migrate(storeAt: url)
        let migrated = try JSONValue(parsing: Array(try Data(contentsOf: path)))
        #expect(migrated["schemaVersion"] != members["schemaVersion"] && migrated["laterFeature"]?["on"] == .bool(true))
        // ...and a seed import records the file in it through an atomic change.
        let store = try Store(at: url)
        let seeds = Repository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json")
        let report = try store.importSeeds([try SeedFile(contentsOf: seeds)])
        store.finishWriting()
        #expect(report.changedStore)
        let after = try JSONValue(parsing: Array(try Data(contentsOf: path)))
        #expect(after["seeds"]?.arrayValue?.count == (migrated["seeds"]?.arrayValue?.count ?? 0) + 1, "store.json was rewritten")
        #expect(after["laterFeature"]?["on"] == .bool(true))
        // One record per line: a line-based merge (git without the driver) moves whole records.
        let lines = String(decoding: try Data(contentsOf: path), as: UTF8.self).split(separator: "\n")
        let records = lines.filter { $0.hasPrefix("    {") }
        #expect(records.count == ["migrations", "seeds", "seedValues"].reduce(0) { $0 + (after[$1]?.arrayValue?.count ?? 0) })
        for line in records {
            #expect((try? JSONValue(parsing: Array(line.dropLast(line.hasSuffix(",") ? 1 : 0).utf8)))?.objectValue != nil, "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("  \"laterFeature\": {") && $0.hasSuffix("},") })
    }

    @Test("a damaged store.json names the member and says what to do")
    func manifestErrors() {
        let missing = #expect(throws: AlmanacError.self) {
            try Manifest(bytes: self.bytes(#"{"format": "almanac-store", "formatVersion": 1, "schemaVersion": 1, "timeZone": "UTC"}"#))
        }
        #expect(missing?.code == .notAStore && missing?.pointer == "/app" && missing?.path == "store.json")
        let zone = #expect(throws: AlmanacError.self) {
            try Manifest(bytes: self.bytes(#"{"app": "a", "format": "almanac-store", "formatVersion": 1, "schemaVersion": 1, "timeZone": "Mars/Base"}"#))
        }
        #expect(zone?.pointer == "/timeZone" && zone?.message.contains("IANA") == true)
        let wrongType = #expect(throws: AlmanacError.self) {
            try Manifest(bytes: self.bytes(#"{"app": "a", "format": "almanac-store", "formatVersion": 1, "schemaVersion": "two", "timeZone": "UTC"}"#))
        }
        #expect(wrongType?.pointer == "/schemaVersion" && wrongType?.underlying != nil, "the decoder's reason is kept, not swallowed")
        #expect(wrongType?.message.contains("no valid \"schemaVersion\" (") == true, "\(String(describing: wrongType))")
        let malformed = #expect(throws: AlmanacError.self) { try Manifest(bytes: self.bytes("{\"app\": ")) }
        #expect(malformed?.code == .notAStore && malformed?.line == 1 && malformed?.message.contains("backup") == true)
    }

    @Test("a well-formed store.json read without the decoder is the manifest the decoder makes of it")
    func manifestFastPathMatchesDecoder() throws {
        let texts = [
            #"{"app": "miga", "format": "almanac-store", "formatVersion": 1, "schemaVersion": 2, "timeZone": "UTC", "migrations": [], "seeds": []}"#,
            #"{"app": "a", "format": "almanac-store", "formatVersion": 1, "schemaVersion": 7, "timeZone": "Europe/Berlin", "createdAt": null,"#
                + #" "migrations": [{"version": 2, "name": "x"}], "seeds": [{"file": "s.json"}], "seedDeletions": [{"id": "1"}],"#
                + #" "retention": {"ranAt": "2025-01-01"}, "sync": {"peer": "phone"}, "zeta": [1, 2]}"#,
            #"{"app": "b", "format": "almanac-store", "formatVersion": 1, "schemaVersion": 1, "timeZone": "GMT", "createdAt": "2025-01-01T00:00:00Z", "retention": null}"#,
        ]
        for text in texts {
            let value = try JSONValue(parsing: bytes(text))
            let fast = try #require(Manifest(wellFormed: value), "\(text)")
            let decoded = try Manifest(recordBytes: bytes(text), path: Manifest.fileName)
            #expect(fast == decoded, "\(text)")
            #expect(try fast.bytes == decoded.bytes)
            #expect(fast.calendar.latestZone == TimeZone(identifier: fast.calendar.latestZoneName), "\(text)")
        }
        // Anything the fast path does not take goes through the decoder, whose error names the member.
        for text in [#"{"app": "a", "format": "almanac-store", "formatVersion": 1.0, "schemaVersion": 1, "timeZone": "UTC"}"#,
                     #"{"app": "a", "format": "almanac-store", "formatVersion": 1, "schemaVersion": 1, "timeZone": "UTC", "seeds": {}}"#] {
            #expect(Manifest(wellFormed: try JSONValue(parsing: bytes(text))) == nil, "\(text)")
        }
        #expect(try Manifest(bytes: bytes(#"{"app": "a", "format": "almanac-store", "formatVersion": 1.0, "schemaVersion": 1, "timeZone": "UTC"}"#)).formatVersion == 1)
    }

    @Test("write journals: each kind round-trips, and a journal without a kind is a list of moves")
    func writeJournalKinds() throws {
        var change = WriteJournal(kind: .change)
        change.renames = [WriteJournal.Rename(folder: "data/notes", from: ".a.json.tmp-1", to: "a.json")]
        change.removals = ["data/notes/b.json"]
        change.newFolders = [WriteJournal.Move(from: "data/x/.27.tmp-1", to: "data/x/27")]
        let bytes = try change.recordBytes()
        #expect(try WriteJournal(recordBytes: bytes, path: "j") == change)
        #expect(try WriteJournal(recordBytes: try WriteJournal(kind: .deleteAll).recordBytes(), path: "j").kind == .deleteAll)
        #expect(String(decoding: try WriteJournal(kind: .deleteAll).recordBytes(), as: UTF8.self).contains("\"delete-all\""))
        let legacy = try WriteJournal(recordBytes: self.bytes(#"{"moves": [{"from": "data/a/1.json", "to": "data/b/1.json"}]}"#), path: "j")
        #expect(legacy.kind == .moves && legacy.moves.count == 1)
        let unknown = #expect(throws: AlmanacError.self) { try WriteJournal(recordBytes: self.bytes(#"{"kind": "teleport"}"#), path: ".almanac/journal.json") }
        #expect(unknown?.path == ".almanac/journal.json" && unknown?.pointer == "/kind")
    }

    @Test("a write journal made entry by entry is byte for byte the canonical pretty form of its whole tree")
    func writeJournalBytesAreCanonical() throws {
        var change = WriteJournal(kind: .change)
        var journals = [change, WriteJournal(kind: .deleteAll)]
        change.renames = (0..<300).map { WriteJournal.Rename(folder: "data/n\u{e9}tes/2025/0\($0 % 9)", from: ".\($0).json.1-\($0).almanac-tmp", to: "\($0)\"\\\u{1}.json") }
        change.removals = ["data/notes/b.json", "data/notes/\u{1F44D}.json"]
        journals.append(change)
        change.newFolders = [WriteJournal.Move(from: "data/x/.27.tmp-1", to: "data/x/27")]
        change.folderMoves = [WriteJournal.Move(from: "data/x/a.files", to: "data/y/a.files")]
        journals.append(change)
        var moves = WriteJournal(kind: .moves)
        moves.moves = [WriteJournal.Move(from: "data/a/1.json", to: "data/b/1.json")]
        journals.append(moves)
        var large = WriteJournal(kind: .change)
        large.renames = (0..<12_000).map { WriteJournal.Rename(folder: "data/events/2025/01/\($0 % 28)", from: ".e\($0).json.1-\($0).almanac-tmp", to: "e\($0).json") }
        journals.append(large)
        for journal in journals {
            var pieces: [[UInt8]] = []
            try journal.write { pieces.append($0) }
            let bytes = try journal.recordBytes()
            #expect(pieces.joined().elementsEqual(bytes))
            #expect(bytes == CanonicalJSON.prettyBytes(try DocumentEncoder().encode(journal)))
            #expect(try WriteJournal(recordBytes: bytes, path: "j") == journal)
            // Written as it is made: pieces of about a megabyte, not the whole.
            #expect(pieces.dropLast().allSatisfy { $0.count >= 1 << 20 })
            #expect(pieces.allSatisfy { $0.count < (1 << 20) + 4096 })
        }
        var largePieces = 0
        try large.write { _ in largePieces += 1 }
        #expect(largePieces == 2)
    }

    @Test("the migration journal keeps 64-bit inodes exactly and refuses a foreign staging folder")
    func migrationJournal() throws {
        let journal = MigrationJournal(kind: .rollback, fromVersion: 3, toVersion: 2, stagingFolder: "backup",
                                       dataInode: UInt64.max - 1, schemaInode: 12)
        #expect(try MigrationJournal(bytes: try journal.bytes) == journal)
        var foreign = journal
        foreign.stagingFolder = "../elsewhere"
        let error = #expect(throws: AlmanacError.self) { try MigrationJournal(bytes: try foreign.bytes) }
        #expect(error?.pointer == "/stagingFolder")
    }

    @Test("the migration backup's record round-trips and an incomplete one is refused with its path")
    func backupRecord() throws {
        let record = MigrationBackup(fromVersion: 1, toVersion: 2, migrations: ["0002-x.json"], fingerprint: "abc",
                                     createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let reread = try MigrationBackup(bytes: try record.recordBytes())
        #expect(reread.migrations == ["0002-x.json"] && reread.fingerprint == "abc" && reread.createdAt == record.createdAt)
        let error = #expect(throws: AlmanacError.self) { try MigrationBackup(bytes: self.bytes(#"{"fromVersion": 1}"#)) }
        #expect(error?.path?.hasSuffix("backup.json") == true && error?.code == .io)
    }
}
