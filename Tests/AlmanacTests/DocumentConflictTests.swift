import Foundation
import Testing

@testable import Almanac

/// A store kept on two devices: the versions a sync leaves of one document are one document
/// for every read, the same one everywhere, and `resolve` merges them field by field.
// Serialized: the open recorders count store-relative paths ("data/ranged/…") of every store
// in the process, and this suite's other tests open the same paths in their own stores.
@Suite(.serialized) struct DocumentConflictTests {
    static let catalog = """
    {
      "app": "notes",
      "version": 1,
      "collections": [
        {"name": "notes", "schema": "any.schema.json", "dateField": "day", "partition": "day",
         "merge": {"modifiedField": "modifiedAt"}},
        {"name": "plain", "schema": "any.schema.json", "dateField": "day", "partition": "month"},
        {"name": "ranged", "schema": "any.schema.json", "dateField": "day", "partition": "day", "merge": {"modifiedField": "modifiedAt"}},
        {"name": "kept", "schema": "any.schema.json", "dateField": "day", "partition": "month", "merge": {"policy": "keep-both"}},
        {"name": "careful", "schema": "any.schema.json", "dateField": "day", "partition": "month", "merge": {"policy": "manual"}},
        {"name": "settings", "schema": "any.schema.json", "singleton": true}
      ]
    }
    """

    /// Device A: a new store. `device(b:)` copies its shared files, as a sync would.
    struct Devices {
        let folder = TemporaryFolder()
        let a: Store

        init() throws {
            let schema = folder.path("schema-src")
            try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
            try DocumentConflictTests.catalog.write(to: schema.appendingPathComponent("catalog.json"), atomically: false, encoding: .utf8)
            try "{\"type\": \"object\"}\n".write(to: schema.appendingPathComponent("any.schema.json"), atomically: false, encoding: .utf8)
            a = try Store.create(at: folder.path("a"), schema: schema, timeZone: TimeZone(identifier: "UTC")!)
        }

        /// A second device with A's shared files as they are now (not `.almanac/`).
        func deviceB() throws -> Store {
            let b = folder.path("b")
            try FileManager.default.copyItem(at: a.url, to: b)
            try FileManager.default.removeItem(at: b.appendingPathComponent(".almanac"))
            return try Store(at: b)
        }
    }

    static func note(_ id: String, day: String = "2025-01-27", title: String = "t", body: String = "b", modified: String = "2025-01-27T10:00:00Z") -> JSONValue {
        .object(["id": .string(id), "day": .string(day), "title": .string(title), "body": .string(body), "modifiedAt": .string(modified)])
    }

    /// Leaves `from`'s file of `relative` in `to` the way Syncthing does when both changed it:
    /// the newer (by `fromIsNewer`) keeps the name, the other becomes `.sync-conflict-…`.
    static func syncthing(_ relative: String, from: Store, to: Store, fromIsNewer: Bool) throws {
        let incoming = try Data(contentsOf: from.url.appendingPathComponent(relative))
        let target = to.url.appendingPathComponent(relative)
        let copy = target.deletingPathExtension().path + ".sync-conflict-20261125-101010-ABCDEFG.json"
        if fromIsNewer {
            try FileManager.default.moveItem(atPath: target.path, toPath: copy)
            try incoming.write(to: target)
        } else {
            try incoming.write(to: URL(fileURLWithPath: copy))
        }
    }

    @Test func aSyncthingCopyIsOneDocumentForEveryRead() throws {
        let devices = try Devices()
        let a = devices.a
        try a.save(json: [Self.note("n1"), Self.note("n2")], in: "notes")
        let b = try devices.deviceB()
        try a.save(json: Self.note("n1", title: "from a", modified: "2025-01-27T11:00:00Z"), in: "notes")
        try b.save(json: Self.note("n1", title: "from b", modified: "2025-01-27T12:00:00Z"), in: "notes")
        try Self.syncthing("data/notes/2025/01/27/n1.json", from: b, to: a, fromIsNewer: false)

        let reopened = try Store(at: a.url)
        #expect(try reopened.documents(json: "notes").map(\.value["title"]) == [.string("from b"), .string("t")])
        #expect(try reopened.count(matching: Query("notes")) == 2)
        #expect(try reopened.count(matching: Query("notes").dated(from: CalendarDate("2025-01-27")!, through: CalendarDate("2025-01-27")!)) == 2)
        #expect(try reopened.status().collections.first { $0.name == "notes" }?.documents == 2)
        let results = try reopened.results(matching: Query("notes"))
        #expect(results.documents.count == 2)
        #expect(results.conflicts.map(\.id) == ["n1"])
        // The newer by modifiedAt is read, though it is the copy's.
        let read = try #require(try reopened.document(json: "n1", in: "notes"))
        #expect(read.value["title"] == .string("from b"))
        #expect(read.location.relativePath.hasSuffix(".sync-conflict-20261125-101010-ABCDEFG.json"))
        #expect(read.conflict?.versions.map(\.origin) == [.copy(tool: "Syncthing"), .file])
        #expect(read.conflict?.differences.map(\.pointer) == ["/modifiedAt", "/title"])
        // A name of a copy is never an id.
        #expect(throws: AlmanacError.self) { try reopened.document(json: "n1.sync-conflict-20261125-101010-ABCDEFG", in: "notes") }
        #expect(throws: AlmanacError.self) { try reopened.save(json: Self.note("n1.sync-conflict-20261125-101010-ABCDEFG"), in: "notes") }
        // check names both files.
        let check = try reopened.check()
        #expect(check.problems.filter { $0.kind == "sync-conflict" }.count == 2, "\(check.problems)")
    }

    @Test func everyDeviceReadsTheSameVersionWhateverTheToolKept() throws {
        // The same two versions, the other way round on disk: the same one is read.
        var chosen: [JSONValue?] = []
        for fromIsNewer in [true, false] {
            let devices = try Devices()
            try devices.a.save(json: Self.note("n1"), in: "plain")
            let b = try devices.deviceB()
            try devices.a.save(json: Self.note("n1", title: "a"), in: "plain")
            try b.save(json: Self.note("n1", title: "b"), in: "plain")
            try Self.syncthing("data/plain/2025/01/n1.json", from: b, to: devices.a, fromIsNewer: fromIsNewer)
            let read = try Store(at: devices.a.url).document(json: "n1", in: "plain")
            // Without a modification field the tool's own choice (the file, not the copy) wins.
            #expect(read?.conflict?.versions.first?.origin == .file)
            chosen.append(read?.value["title"])
        }
        #expect(chosen == [.string("b"), .string("a")])
        // Two files of one id in two folders (no copy): by content, the same everywhere.
        let first = VersionOrder.sorted([.init(path: "x", origin: .file, value: Self.json("{\"v\": 1}")), .init(path: "y", origin: .file, value: Self.json("{\"v\": 2}"))], modifiedField: nil)
        let second = VersionOrder.sorted([.init(path: "y", origin: .file, value: Self.json("{\"v\": 2}")), .init(path: "x", origin: .file, value: Self.json("{\"v\": 1}"))], modifiedField: nil)
        #expect(first == second)
    }

    @Test func oneIDInTwoDateFoldersIsOneDocumentAndASaveReplacesBoth() throws {
        let devices = try Devices()
        let a = devices.a
        try a.save(json: [Self.note("n1"), Self.note("n2", day: "2025-01-28")], in: "notes")
        // A date move on one device, an edit on the other: both files arrive.
        try writeRaw(String(decoding: CanonicalJSON.prettyBytes(Self.note("n1", day: "2025-01-29", title: "moved", modified: "2025-01-27T09:00:00Z")), as: UTF8.self),
                     to: "data/notes/2025/01/29/n1.json", in: a)
        try? FileManager.default.removeItem(at: a.url.appendingPathComponent(".almanac/ids"))
        let store = try Store(at: a.url)
        #expect(try store.documents(json: "notes").count == 2)
        #expect(try store.count(matching: Query("notes")) == 2)
        // modifiedAt picks the unmoved one (10:00 is newer than 09:00).
        let read = try #require(try store.document(json: "n1", in: "notes"))
        #expect(read.location.relativePath == "data/notes/2025/01/27/n1.json")
        #expect(read.conflict?.paths == ["data/notes/2025/01/27/n1.json", "data/notes/2025/01/29/n1.json"])
        // A range that holds both folders lists the id once.
        let range = try store.documents(matching: Query("notes").dated(from: CalendarDate("2025-01-27")!, through: CalendarDate("2025-01-31")!).sorted(by: "day", descending: true))
        #expect(range.map { $0.location.id } == ["n2", "n1"] || range.map { $0.location.id } == ["n1", "n2"])
        #expect(range.count == 2)
        // A save supersedes every version, in one change.
        try store.save(json: Self.note("n1", day: "2025-01-30", title: "saved", modified: "2025-01-28T00:00:00Z"), in: "notes")
        #expect(try store.conflicts().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: a.url.appendingPathComponent("data/notes/2025/01/29/n1.json").path))
        #expect(!FileManager.default.fileExists(atPath: a.url.appendingPathComponent("data/notes/2025/01/27/n1.json").path))
        #expect(try store.check().problems.isEmpty)
    }

    @Test func gitMergeMarkersHoldTwoVersionsOfOneDocument() throws {
        let devices = try Devices()
        try devices.a.save(json: Self.note("n1"), in: "notes")
        let text = """
        {
          "body": "b",
          "day": "2025-01-27",
          "id": "n1",
        <<<<<<< HEAD
          "modifiedAt": "2025-01-27T11:00:00Z",
          "title": "ours"
        ||||||| base
          "modifiedAt": "2025-01-27T10:00:00Z",
          "title": "t"
        =======
          "modifiedAt": "2025-01-27T12:00:00Z",
          "title": "theirs"
        >>>>>>> origin/main
        }

        """
        try writeRaw(text, to: "data/notes/2025/01/27/n1.json", in: devices.a)
        let store = try Store(at: devices.a.url)
        let read = try #require(try store.document(json: "n1", in: "notes"))
        #expect(read.value["title"] == .string("theirs"))
        #expect(read.conflict?.versions.map(\.origin) == [.gitTheirs, .gitOurs])
        #expect(read.conflict?.base?["title"] == .string("t"))
        #expect(try store.documents(json: "notes").count == 1)
        let report = try #require(try store.resolve("n1", in: "notes"))
        #expect(report.decided == ["/modifiedAt", "/title"])
        #expect(try store.document(json: "n1", in: "notes")?.value["title"] == .string("theirs"))
        #expect(try store.check().problems.isEmpty)
    }

    @Test func resolveTakesWhatEachDeviceChangedAndDecidesTheRestByPolicy() throws {
        let devices = try Devices()
        let a = devices.a
        try a.save(json: Self.note("n1"), in: "notes")
        let b = try devices.deviceB()
        // Different fields on each device, and the same field (modifiedAt) differently.
        try a.save(json: Self.note("n1", title: "title from a", modified: "2025-01-27T11:00:00Z"), in: "notes")
        try b.save(json: Self.note("n1", body: "body from b", modified: "2025-01-27T12:00:00Z"), in: "notes")
        try Self.syncthing("data/notes/2025/01/27/n1.json", from: b, to: a, fromIsNewer: true)
        let store = try Store(at: a.url)
        let dry = try #require(try store.resolve("n1", in: "notes", dryRun: true))
        #expect(dry.dryRun && dry.decided == ["/modifiedAt"])
        #expect(try store.conflicts().count == 1, "a dry run changes nothing")
        let report = try #require(try store.resolve("n1", in: "notes"))
        #expect(report.result["title"] == .string("title from a"))
        #expect(report.result["body"] == .string("body from b"))
        #expect(report.result["modifiedAt"] == .string("2025-01-27T12:00:00Z"))
        #expect(try store.conflicts().isEmpty)
        #expect(try store.document(json: "n1", in: "notes")?.value == report.result)
        #expect(try store.check().problems.isEmpty)
        // Nothing more to resolve.
        #expect(try store.resolve("n1", in: "notes") == nil)
    }

    /// Note `id` of a month-partitioned `collection`, whose title device A set to "a" and
    /// device B to "b" after both had it; B's file arrived on A as Syncthing leaves it. Returns
    /// the devices (which own the folders) and A's store, opened afresh.
    static func titleEditedOnBothDevices(_ id: String, in collection: String) throws -> (Devices, Store) {
        let devices = try Devices()
        try devices.a.save(json: note(id), in: collection)
        let b = try devices.deviceB()
        try devices.a.save(json: note(id, title: "a"), in: collection)
        try b.save(json: note(id, title: "b"), in: collection)
        try syncthing("data/\(collection)/2025/01/\(id).json", from: b, to: devices.a, fromIsNewer: true)
        return (devices, try Store(at: devices.a.url))
    }

    @Test func keepBothSavesTheOtherVersionUnderAnIDItsContentGives() throws {
        let (devices, store) = try Self.titleEditedOnBothDevices("k1", in: "kept")
        defer { withExtendedLifetime(devices) {} }  // its folders live until the test ends
        let report = try #require(try store.resolve("k1", in: "kept"))
        #expect(report.keptAs.count == 1)
        let kept = try #require(report.keptAs.first)
        #expect(kept.hasPrefix("k1-") && kept.count == 11)
        #expect(try store.documents(json: "kept").map(\.value["title"]).sorted { $0?.stringValue ?? "" < $1?.stringValue ?? "" } == [.string("a"), .string("b")])
        #expect(try store.check().problems.isEmpty)
    }

    @Test func manualPolicyStopsAtAFieldBothChangedUntilAVersionIsTaken() throws {
        let (devices, store) = try Self.titleEditedOnBothDevices("m1", in: "careful")
        defer { withExtendedLifetime(devices) {} }  // its folders live until the test ends
        let error = try #require(throws: AlmanacError.self) { try store.resolve("m1", in: "careful") }
        #expect(error.code == .syncConflict && error.message.contains("/title"), "\(error)")
        #expect(try store.conflicts().count == 1, "nothing was written")
        let copy = "data/careful/2025/01/m1.sync-conflict-20261125-101010-ABCDEFG.json"
        #expect(throws: AlmanacError.self) { try store.resolve("m1", in: "careful", taking: "data/careful/nowhere.json") }
        let report = try #require(try store.resolve("m1", in: "careful", taking: copy))
        #expect(report.result["title"] == .string("a"))
        #expect(try store.check().problems.isEmpty)
    }

    @Test func aCopyWhoseOriginalIsGoneIsTheDocument() throws {
        let devices = try Devices()
        try devices.a.save(json: [Self.note("n1"), Self.note("n2")], in: "notes")
        let folder = devices.a.url.appendingPathComponent("data/notes/2025/01/27")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("n1.json"), to: folder.appendingPathComponent("n1 2.json"))
        let store = try Store(at: devices.a.url)
        #expect(try store.documents(json: "notes").count == 2)
        #expect(try store.document(json: "n1", in: "notes")?.location.relativePath == "data/notes/2025/01/27/n1 2.json")
        #expect(try store.check().problems.map(\.kind) == ["sync-conflict"])
        let report = try #require(try store.resolve("n1", in: "notes"))
        #expect(report.versions == ["data/notes/2025/01/27/n1 2.json"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("n1.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("n1 2.json").path))
        #expect(try store.check().problems.isEmpty)
    }

    @Test func aSingletonsCopyIsAVersionOfIt() throws {
        let devices = try Devices()
        try devices.a.save(json: Self.json("{\"theme\": \"dark\", \"size\": 1}"), in: "settings")
        try writeRaw("{\n  \"size\": 2,\n  \"theme\": \"dark\"\n}\n", to: "data/settings (Mac's conflicted copy 2025-01-27).json", in: devices.a)
        let store = try Store(at: devices.a.url)
        let read = try #require(try store.document(json: "", in: "settings"))
        #expect(read.conflict?.versions.count == 2)
        #expect(try store.check().problems.filter { $0.kind == "sync-conflict" }.count == 2)
        try #require(try store.resolve("settings", in: "settings", taking: "data/settings (Mac's conflicted copy 2025-01-27).json") != nil)
        #expect(try store.document(json: "", in: "settings")?.value["size"] == .number(JSONNumber(2)))
        #expect(try store.check().problems.isEmpty)
    }

    static func json(_ text: String) -> JSONValue {
        try! JSONParser.parse(Array(text.utf8)).value
    }

    /// Acceptance: recognising copies costs no file opens: a range read over a folder holding
    /// copies opens the same folders, and only the files of that folder (each once).
    @Test func aRangeReadOverAFolderWithCopiesOpensNoOtherFile() throws {
        let devices = try Devices()
        let a = devices.a
        try a.save(json: (0..<9).map { Self.note("r\($0)", day: "2025-01-2\($0 % 3 + 5)") }, in: "ranged")
        let range = Query("ranged").dated(from: CalendarDate("2025-01-26")!, through: CalendarDate("2025-01-26")!)
        func read() throws -> (ids: [String], folders: [String], files: [String]) {
            let store = try Store(at: a.url)
            var files: [String] = []
            let (documents, folders) = try TestHooks.recordingFolderOpens(under: "data/ranged") {
                try TestHooks.recordingFileOpens(under: "data/ranged") { try store.documents(matching: range) }
            }
            files = documents.opened
            return (documents.result.compactMap(\.location.id), folders, files)
        }
        // The first read of a collection without a folder index reads every document once, to
        // know where each date files it; the reads measured come after.
        _ = try read()
        let before = try read()
        #expect(before.ids == ["r1", "r4", "r7"])
        #expect(before.files.allSatisfy { $0.hasPrefix("data/ranged/2025/01/26/") }, "\(before.files)")
        let folder = a.url.appendingPathComponent("data/ranged/2025/01/26")
        let copies = ["r1.sync-conflict-20261125-101010-ABCDEFG.json", "r4 2.json"]
        for (copy, original) in zip(copies, ["r1.json", "r4.json"]) {
            let text = try String(contentsOf: folder.appendingPathComponent(original), encoding: .utf8).replacingOccurrences(of: "\"t\"", with: "\"copy\"")
            try text.write(to: folder.appendingPathComponent(copy), atomically: false, encoding: .utf8)
        }
        let after = try read()
        #expect(after.ids == before.ids)
        #expect(after.folders == before.folders, "the same folders, in the same order")
        #expect(Set(after.files) == Set(before.files).union(copies.map { "data/ranged/2025/01/26/" + $0 }), "\(after.files)")
        #expect(after.files.count == Set(after.files).count, "each file once: \(after.files)")
    }

    /// A store.json git left between markers (two devices imported different seeds) is read
    /// merged everywhere: opening, the tool's version probe, a write's version check, a seed
    /// import; resolveStoreFile writes the merge.
    @Test func aStoreFileBetweenGitMarkersIsReadMergedByEveryPath() throws {
        let devices = try Devices()
        let url = devices.a.url.appendingPathComponent("store.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        func record(_ file: String) -> String {
            "\"seeds\": [{\"checksum\": \"\(file)\", \"collection\": \"notes\", \"contentVersion\": 1, \"file\": \"\(file)\", \"source\": \"t\"}]"
        }
        let ours = text.replacingOccurrences(of: "\"seeds\": []", with: record("a.json"))
        let theirs = text.replacingOccurrences(of: "\"seeds\": []", with: record("b.json"))
        try #require(ours != text)
        try ("<<<<<<< HEAD\n" + ours + "=======\n" + theirs + ">>>>>>> origin/main\n").write(to: url, atomically: false, encoding: .utf8)
        let store = try Store(at: devices.a.url)
        #expect(store.manifestVersions == ["store.json"])
        #expect(try Store.schemaVersion(at: devices.a.url) == 1)
        try store.save(json: Self.note("n1"), in: "notes")
        #expect(try store.check().problems.map(\.kind) == ["sync-conflict"])
        #expect(try store.resolveStoreFile() == ["store.json"])
        let merged = try Store(at: devices.a.url)
        #expect(merged.manifestVersions.isEmpty)
        #expect(merged.manifest.seeds.compactMap { $0["file"]?.stringValue } == ["a.json", "b.json"])
        #expect(try merged.check().problems.isEmpty)
    }

    /// A damaged copy of store.json is the copy's problem: the advice is to delete it, never
    /// to restore the store from a backup; two histories that differ are explained.
    @Test func aDamagedOrIncompatibleStoreFileCopyIsExplained() throws {
        let devices = try Devices()
        let copy = devices.a.url.appendingPathComponent("store 2.json")
        try "{\"broken".write(to: copy, atomically: false, encoding: .utf8)
        let damaged = try #require(throws: AlmanacError.self) { try Store(at: devices.a.url) }
        #expect(damaged.code == .syncConflict && damaged.path == "store 2.json" && damaged.message.contains("delete store 2.json"), "\(damaged)")
        #expect(!damaged.message.contains("backup"), "\(damaged)")
        let text = try String(contentsOf: devices.a.url.appendingPathComponent("store.json"), encoding: .utf8)
        try text.replacingOccurrences(of: "\"UTC\"", with: "\"Europe/Berlin\"").write(to: copy, atomically: false, encoding: .utf8)
        let other = try #require(throws: AlmanacError.self) { try Store(at: devices.a.url) }
        #expect(other.code == .syncConflict && other.message.contains("Europe/Berlin") && !other.message.contains("backup"), "\(other)")
    }

    @Test func mergeMarkersAreReadOnlyWhenWellFormed() {
        #expect(MergeMarkers(Array("{\n<<<<<<< HEAD\n\"a\": 1\n=======\n\"a\": 2\n>>>>>>> x\n}\n".utf8))?.theirs == Array("{\n\"a\": 2\n}\n".utf8))
        #expect(MergeMarkers(Array("{\n<<<<<<< HEAD\n\"a\": 1\n=======\n\"a\": 2\n}\n".utf8)) == nil)
        #expect(MergeMarkers(Array("{\"a\": 1}\n".utf8)) == nil)
        // A rename/rename conflict: git writes eight-character markers labelled with the paths.
        let renamed = Array("{\n<<<<<<<< HEAD:archive/n/a.json\n\"a\": 1\n========\n\"a\": 2\n>>>>>>>> 60983:data/n/a.json\n}\n".utf8)
        #expect(MergeMarkers(renamed)?.ours == Array("{\n\"a\": 1\n}\n".utf8) && MergeMarkers(renamed)?.theirs == Array("{\n\"a\": 2\n}\n".utf8))
        #expect(SyncConflict.hasMergeMarkers(renamed))
        // A run of another length inside the hunk is content, not its end.
        #expect(MergeMarkers(Array("{\n<<<<<<<< x\n\"a\": 1\n=======\n\"a\": 2\n>>>>>>>> y\n}\n".utf8)) == nil)
    }

    @Test func anArchivedCopyInAnOlderShapeRemovesNoMemberALaterMigrationAdded() throws {
        // The base is this device's last write (after the migration added `pinned`); the other
        // device edited the note before migrating and archived it: `archive/` is never migrated.
        let base = try JSONValue(parsing: Array(#"{"id": "n1", "title": "a", "pinned": false, "modifiedAt": "2025-01-10T00:00:00Z"}"#.utf8))
        let live = try JSONValue(parsing: Array(#"{"id": "n1", "title": "a", "pinned": true, "modifiedAt": "2025-01-11T00:00:00Z"}"#.utf8))
        let archived = try JSONValue(parsing: Array(#"{"id": "n1", "title": "b", "modifiedAt": "2025-01-12T00:00:00Z"}"#.utf8))
        let merged = VersionMerge.liveAndArchived(live, archived: archived, base: base, modifiedField: "modifiedAt")
        #expect(merged["pinned"] == .bool(true), "\(merged)")
        #expect(merged["title"] == .string("b") && merged["modifiedAt"] == .string("2025-01-12T00:00:00Z"), "\(merged)")
        // Without the fill, the three-way merge reads the archived copy as removing `pinned`.
        #expect(VersionMerge([archived, live], base: base).value["pinned"] == nil)
    }
}
