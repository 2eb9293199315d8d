#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// End-to-end tests of `almanac delete` (DESIGN §7): references follow their onDelete rule,
// attachments go with their documents, `--all` leaves an empty working store, and a delete
// killed at any point is wholly done or not done once the store is next opened.
//
//     swift build --scratch-path .build-e2e && swift test --scratch-path .build-e2e --filter Delete

/// The Cravey sample's video recording: two attachment files, linked from nine cravings.
private let video = "B93D0206-6694-4521-A2D6-7FB246F2A999"
/// The Cravey sample's audio recording: one attachment file, linked from one craving.
private let audio = "CD3AE75D-E1D0-480D-A883-7DF84BFE6ED3"

/// The cravings of a store whose `recordingId` is `recording` (compared ignoring case, as ids are).
private func cravings(linkingTo recording: String, in store: URL) -> Set<String> {
    let disk = DiskDocuments(store)
    return Set(disk.labels(in: "cravings").filter { label in
        (disk.documents[label]?["recordingId"] as? String)?.lowercased() == recording.lowercased()
    })
}

/// A `delete … --json` report, parsed.
private struct DeleteJSON {
    var deleted: [String]
    var nullified: [String]
    var attachments: Int?
    var dryRun: Bool?

    init(_ result: AlmanacRun, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try #require(try? result.json() as? [String: Any], "\(result)", sourceLocation: sourceLocation)
        deleted = object["deleted"] as? [String] ?? []
        nullified = object["nullified"] as? [String] ?? []
        attachments = int(object["attachments"])
        dryRun = object["dryRun"] as? Bool
    }
}

/// A copy of the MIGA sample migrated to the latest version (so `.almanac/backup` exists),
/// with old usage events archived by its 90-day retention rule.
private func migratedMigaWithArchiveAndBackup(in folder: E2EFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let store = try folder.copySample("miga")
    let up = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
    try #require(up.exit == 0, "\(up)", sourceLocation: sourceLocation)
    let retention = try run(["retention", "run", "--store", store.path, "--now", "2026-01-01"], cwd: E2ERepository.root)
    try #require(retention.exit == 0, "\(retention)", sourceLocation: sourceLocation)
    try #require(!E2EFiles.files(under: store.appendingPathComponent("archive")).isEmpty, "retention archived old events", sourceLocation: sourceLocation)
    try #require(E2EFiles.isFolder(store.appendingPathComponent(".almanac/backup")), "migrate up kept a backup", sourceLocation: sourceLocation)
    return store
}

/// A copy of the Cravey sample migrated (a backup exists), with a hand-made archive file:
/// documents, attachments, archive and backup all present.
private func migratedCraveyWithArchiveAndBackup(in folder: E2EFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let store = try folder.copySample("cravey")
    let up = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
    try #require(up.exit == 0, "\(up)", sourceLocation: sourceLocation)
    let usage = try #require(E2EFiles.files(under: store.appendingPathComponent("data/usage/2025/01")).first)
    try FileManager.default.createDirectory(at: store.appendingPathComponent("archive/usage/2025/01"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: store.appendingPathComponent("data/usage/2025/01/\(usage)"),
                                     to: store.appendingPathComponent("archive/usage/2025/01/\(usage)"))
    try #require(E2EFiles.isFolder(store.appendingPathComponent(".almanac/backup")), sourceLocation: sourceLocation)
    try #require(!attachmentFileList(store).isEmpty, sourceLocation: sourceLocation)
    return store
}

private func attachmentFileList(_ store: URL) -> [String] {
    E2EFiles.files(under: store.appendingPathComponent("data")).filter { $0.contains(".files/") }
}

/// After `delete --all`: no document, attachment, archive or backup anywhere, and the store
/// still opens, accepts a write and checks clean.
private func expectEverythingGoneAndTheStoreWorks(_ store: URL, app: String, context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let data = store.appendingPathComponent("data")
    #expect(E2EFiles.files(under: data) == [], "\(context): no file under data/: \(E2EFiles.files(under: data))", sourceLocation: sourceLocation)
    #expect(!E2EFiles.exists(store.appendingPathComponent("archive")), "\(context): no archive/", sourceLocation: sourceLocation)
    #expect(!E2EFiles.exists(store.appendingPathComponent(".almanac/backup")), "\(context): no .almanac/backup", sourceLocation: sourceLocation)
    #expect(!E2EFiles.exists(store.appendingPathComponent(".almanac/journal.json")), "\(context): no journal", sourceLocation: sourceLocation)
    // Walk the whole tree: what is left is the manifest, the schema, the editor settings, the
    // lock, the commit clock, the folder index of the collections read since, and folders.
    let left = E2EFiles.files(under: store).filter {
        $0 != "store.json" && !$0.hasPrefix("schema/") && $0 != ".vscode/settings.json" && $0 != ".almanac/lock" && $0 != ".almanac/lock-queue" && $0 != ".almanac/commits"
            && !$0.hasPrefix(".almanac/index/")
    }
    #expect(left == [], "\(context): nothing else left: \(left)", sourceLocation: sourceLocation)
    #expect(E2EFiles.files(under: store).contains("store.json") && E2EFiles.exists(store.appendingPathComponent("schema/catalog.json")),
            sourceLocation: sourceLocation)

    let status = try run(["status", "--store", store.path, "--json"])
    #expect(status.exit == 0, "\(context): \(status)", sourceLocation: sourceLocation)
    let statusText = try run(["status", "--store", store.path])
    #expect(statusText.exit == 0, sourceLocation: sourceLocation)

    let (collection, document, id): (String, String, String) = app == "miga"
        ? ("usage-events", usageEvent(id: uuid(1), timestamp: "2025-06-01T12:00:00Z"), uuid(1))
        : ("usage", #"{"id": "\#(uuid(1))", "timestamp": "2025-06-01T12:00:00Z", "method": "Joints", "amount": 1, "triggers": [], "createdAt": "2025-06-01T12:00:00Z"}"#, uuid(1))
    let file = store.deletingLastPathComponent().appendingPathComponent("new-\(UUID().uuidString).json")
    try Data(document.utf8).write(to: file)
    let put = try run(["put", collection, file.path, "--store", store.path])
    #expect(put.exit == 0, "\(context): the store accepts writes: \(put)", sourceLocation: sourceLocation)
    let get = try run(["get", collection, id, "--store", store.path])
    #expect(get.exit == 0 && get.stdout.contains(id), "\(context): \(get)", sourceLocation: sourceLocation)
    let check = try run(["check", "--store", store.path])
    #expect(check.exit == 0 && check.stdout.contains("1 document"), "\(context): \(check)", sourceLocation: sourceLocation)
}

@Suite struct DeleteTests {
    /// Acceptance: deleting a recording nullifies exactly the cravings linking to it and
    /// removes its attachments; the rest of the store is untouched.
    @Test func deletingARecordingNullifiesExactlyItsCravingsAndRemovesItsFiles() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let before = fileContents(store)
        let linking = cravings(linkingTo: video, in: store)
        #expect(linking.count >= 2 && !cravings(linkingTo: audio, in: store).isEmpty, "the sample's links: \(linking.count)")

        let result = try run(["delete", "recordings", video, "--yes", "--json", "--store", store.path])
        #expect(result.exit == 0, "\(result)")
        let report = try DeleteJSON(result)
        #expect(report.deleted == ["recordings/\(video)"])
        #expect(Set(report.nullified) == Set(linking.map { "\($0) recordingId" }) && report.nullified.count == linking.count, "\(report.nullified)")
        #expect(report.attachments == 2)

        let after = fileContents(store)
        let disk = DiskDocuments(store)
        #expect(!E2EFiles.exists(store.appendingPathComponent("data/recordings/\(video).json")))
        #expect(!E2EFiles.exists(store.appendingPathComponent("data/recordings/\(video).files")), "the .files folder is gone")
        #expect(E2EFiles.files(under: store.appendingPathComponent("data/recordings/\(audio).files")) == ["audio_\(audio).m4a"], "the other recording keeps its file")
        for label in linking {
            let document = try #require(disk.documents[label], "\(label) is still there")
            #expect(document.keys.contains("recordingId") && document["recordingId"] is NSNull, "\(label): recordingId is null")
            let path = try #require(disk.paths[label])
            var expected = try #require(before[path].flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }, "\(label) was there before")
            expected["recordingId"] = NSNull()
            #expect(sameJSON(document, expected), "\(label): nothing else changed")
        }
        // Every other file is byte for byte as it was.
        var unchanged = before
        for path in before.keys where path.hasPrefix("data/recordings/\(video)") || linking.contains(where: { disk.paths[$0] == path }) {
            unchanged[path] = nil
        }
        for (path, bytes) in unchanged {
            #expect(after[path] == bytes, "\(path) unchanged")
        }
        #expect(after.count == before.count - 3, "one document and two attachments fewer: \(Set(before.keys).subtracting(after.keys).sorted())")

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.contains("\(disk.documents.count) documents checked: 0 errors, 0 warnings"), "\(check)")
    }

    @Test func aDryRunListsTheSameAndChangesNothing() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let before = treeHashWithTimes(store)
        let dry = try run(["delete", "recordings", video, "--dry-run", "--json", "--store", store.path])
        #expect(dry.exit == 0, "\(dry)")
        #expect(treeHashWithTimes(store) == before, "a dry run changes nothing, mtimes included")
        let text = try run(["delete", "recordings", video, "--dry-run", "--store", store.path])
        #expect(text.exit == 0 && text.stdout.contains("would delete 1 document and 2 attachments") && text.stdout.contains("recordings/\(video)")
                && text.stdout.contains("dry run: nothing was deleted"), "\(text)")
        for label in cravings(linkingTo: video, in: store) {
            #expect(text.stdout.contains(label), "the dry run lists \(label)")
        }
        #expect(treeHashWithTimes(store) == before)

        let real = try run(["delete", "recordings", video, "--yes", "--json", "--store", store.path])
        let (planned, done) = (try DeleteJSON(dry), try DeleteJSON(real))
        #expect(planned.dryRun == true && done.dryRun == false)
        #expect(planned.deleted == done.deleted && planned.nullified == done.nullified && planned.attachments == done.attachments,
                "the dry run listed what the delete did")
    }

    @Test func withoutYesAndStdinNotATerminalItExits2AndDeletesNothing() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let before = treeHashWithTimes(store, excluding: [".almanac"])
        for (args, stdin) in [(["delete", "recordings", video], "y\n"), (["delete", "cravings"], nil), (["delete", "--all"], "yes\n")] {
            let result = try run(args + ["--store", store.path], stdin: stdin)
            #expect(result.exit == 2 && result.stderr.contains("--yes"), "\(args): \(result)")
            #expect(treeHashWithTimes(store, excluding: [".almanac"]) == before, "\(args): nothing deleted")
        }
    }

    /// Ids equal ignoring case are the same id (README), so a reference spelled in another
    /// case links to the same recording and must be nullified too.
    @Test func aReferenceSpelledInAnotherCaseIsNullifiedToo() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let label = try #require(cravings(linkingTo: audio, in: store).first)
        let path = try #require(DiskDocuments(store).paths[label])
        let url = store.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        try Data(text.replacingOccurrences(of: audio, with: audio.lowercased()).utf8).write(to: url)
        #expect(try run(["check", "--store", store.path]).exit == 0, "a lowercase UUID reference is valid")

        let result = try run(["delete", "recordings", audio, "--yes", "--json", "--store", store.path])
        #expect(result.exit == 0, "\(result)")
        #expect(try DeleteJSON(result).nullified == ["\(label) recordingId"], "\(result.stdout)")
        let craving = try #require(E2EFiles.object(url))
        #expect(craving["recordingId"] is NSNull, "no reference to the deleted recording is left: \(craving["recordingId"] ?? "-")")
    }

    @Test func rmOfAnIDSpelledInAnotherCaseRemovesItWithoutCallingItACascade() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let messages = try #require(try run(["ls", "motivational-messages", "--json", "--store", store.path]).json() as? [[String: Any]])
        let id = try #require(messages.compactMap { ($0["document"] as? [String: Any] ?? $0)["id"] as? String }.first)
        let removed = try run(["rm", "motivational-messages", id.lowercased(), "--store", store.path])
        #expect(removed.exit == 0 && !removed.stdout.contains("Also deleted"), "the document itself is no cascade: \(removed)")
        #expect(try run(["get", "motivational-messages", id, "--store", store.path]).exit != 0)
    }

    /// Acceptance: a date range and `--where` delete exactly the matching documents, by the
    /// store's time zone.
    @Test func aCollectionDeleteWithFromToAndWhereRemovesExactlyTheMatchingDocuments() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let zone = try storeTimeZone(store)
        let before = DiskDocuments(store)
        let files = fileContents(store)
        let (from, to) = ("2025-01-07", "2025-01-19")
        func matching(_ location: String?) -> Set<String> {
            Set(before.labels(in: "cravings").filter { label in
                let document = before.documents[label] ?? [:]
                guard let day = localDay(document["timestamp"], in: zone), (from...to).contains(day) else { return false }
                return location == nil || document["location"] as? String == location
            })
        }
        let expected = matching("Car")
        // The fixture discriminates: the range and the filter each select more than both together.
        #expect(expected.count == 5 && matching(nil).count > expected.count, "\(expected.count) of \(matching(nil).count)")
        #expect(before.labels(in: "cravings").filter { before.documents[$0]?["location"] as? String == "Car" }.count > expected.count)

        let dry = try run(["delete", "cravings", "--from", from, "--to", to, "--where", "location=Car", "--dry-run", "--json", "--store", store.path])
        #expect(Set(try DeleteJSON(dry).deleted) == expected, "\(dry)")
        let result = try run(["delete", "cravings", "--from", from, "--to", to, "--where", "location=Car", "--yes", "--json", "--store", store.path])
        #expect(result.exit == 0, "\(result)")
        #expect(Set(try DeleteJSON(result).deleted) == expected)

        let after = DiskDocuments(store)
        #expect(Set(before.documents.keys).subtracting(after.documents.keys) == expected, "exactly the matching cravings are gone")
        let afterFiles = fileContents(store)
        for (path, bytes) in files where !expected.contains(where: { before.paths[$0] == path }) {
            #expect(afterFiles[path] == bytes, "\(path) untouched")
        }
        #expect(try run(["check", "--store", store.path]).exit == 0)

        // A one-day range on the time-zone edge: 2025-02-01T03:17:59Z is 31 January in Chicago.
        let edge = try run(["delete", "cravings", "--from", "2025-01-31", "--to", "2025-01-31", "--where", "location=Car", "--yes", "--json", "--store", store.path])
        let edgeDeleted = try DeleteJSON(edge).deleted
        #expect(edgeDeleted.count == 1 && edgeDeleted.allSatisfy { before.documents[$0]?["timestamp"] as? String == "2025-02-01T03:17:59Z" }, "\(edge)")
    }

    @Test func aDayRangeDeleteOfMIGAUsageEventsRemovesExactlyThoseDays() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let before = DiskDocuments(store)
        let expected = Set(before.labels(in: "usage-events").filter { label in
            guard let path = before.paths[label] else { return false }
            return ("data/usage-events/2025/01/20"..."data/usage-events/2025/01/26~").contains(path)
        })
        #expect(expected.count > 0 && expected.count < before.labels(in: "usage-events").count)
        let result = try run(["delete", "usage-events", "--from", "2025-01-20", "--to", "2025-01-26", "--yes", "--store", store.path])
        #expect(result.exit == 0 && result.stdout.contains("deleted \(expected.count) documents"), "\(result)")
        #expect(Set(before.documents.keys).subtracting(DiskDocuments(store).documents.keys) == expected)
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    /// Acceptance: `delete --all` removes documents, attachments, the archive and the backup,
    /// and the store stays usable.
    @Test(arguments: ["miga", "cravey"])
    func deleteAllLeavesNoDocumentAttachmentArchiveOrBackupAndTheStoreWorks(app: String) throws {
        let folder = E2EFolder()
        let store = app == "miga" ? try migratedMigaWithArchiveAndBackup(in: folder) : try migratedCraveyWithArchiveAndBackup(in: folder)
        let documents = DiskDocuments(store).documents.count

        let dry = try run(["delete", "--all", "--dry-run", "--json", "--store", store.path])
        let before = treeHashWithTimes(store)
        let planned = try DeleteJSON(dry)
        #expect(dry.exit == 0 && planned.deleted.count == documents, "\(dry)")
        #expect(treeHashWithTimes(store) == before, "the dry run changes nothing")

        let result = try run(["delete", "--all", "--yes", "--store", store.path])
        #expect(result.exit == 0 && result.stdout.contains("deleted \(documents) documents"), "\(result)")
        try expectEverythingGoneAndTheStoreWorks(store, app: app, context: app)
        let rollback = try run(["migrate", "rollback", "--store", store.path], cwd: E2ERepository.root)
        #expect(rollback.exit != 0, "no backup is left to roll back to: \(rollback)")
    }

    /// Acceptance: a `restrict` reference refuses the delete, naming the referring document.
    @Test func aRestrictReferenceRefusesTheDeleteNamingTheReferringDocument() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("elaro")
        // Check the premise in the sample's catalog: action-templates → focus-areas is restrict.
        let catalog = try #require(E2EFiles.object(store.appendingPathComponent("schema/catalog.json")))
        let templates = (catalog["collections"] as? [[String: Any]])?.first { $0["name"] as? String == "action-templates" }
        let references = templates?["references"] as? [[String: Any]] ?? []
        #expect(references.contains { $0["collection"] as? String == "focus-areas" && $0["onDelete"] as? String == "restrict" && $0["field"] as? String == "focusId" })

        let disk = DiskDocuments(store)
        let referrers = Set(disk.documents.filter { $0.value["focusId"] as? String == "emotion_skills" }.map(\.key))
        let anyReferrer = Set(disk.documents.filter { $0.value["focusId"] is String }.map(\.key))
        #expect(referrers.contains { $0.hasPrefix("action-templates/") })
        let before = treeHashWithTimes(store, excluding: [".almanac"])
        for args in [["delete", "focus-areas", "emotion_skills", "--yes"], ["delete", "focus-areas", "emotion_skills", "--dry-run"], ["delete", "focus-areas", "--yes"]] {
            let result = try run(args + ["--store", store.path])
            #expect(result.exit != 0 && result.stderr.hasPrefix("almanac: error:"), "\(args): \(result)")
            #expect(result.stderr.contains("restrict"), "\(args): \(result.stderr)")
            #expect(anyReferrer.contains { result.stderr.contains($0) }, "\(args): the error names a referring document: \(result.stderr)")
            #expect(treeHashWithTimes(store, excluding: [".almanac"]) == before, "\(args): nothing changed, mtimes included")
        }
        let one = try run(["delete", "focus-areas", "emotion_skills", "--yes", "--store", store.path])
        #expect(one.stderr.contains("focus-areas/emotion_skills") && referrers.contains { one.stderr.contains($0) }, "\(one.stderr)")
        // A refusal is a problem in the data (exit 3), not a usage error, and names every blocking document.
        #expect(one.exit == 3, "\(one)")
        let restricting = Set((catalog["collections"] as? [[String: Any]] ?? []).filter { collection in
            (collection["references"] as? [[String: Any]] ?? []).contains { $0["collection"] as? String == "focus-areas" && $0["onDelete"] as? String == "restrict" }
        }.compactMap { $0["name"] as? String })
        let blocking = referrers.filter { restricting.contains(String($0.prefix(while: { $0 != "/" }))) }
        #expect(blocking.count > 1, "the premise: several templates refer to the area")
        for referrer in blocking {
            #expect(one.stderr.contains(referrer.replacingOccurrences(of: ".json", with: "")), "\(referrer) is named: \(one.stderr)")
        }
        #expect(one.stderr.contains("\(blocking.count) documents refer"), "\(one.stderr)")
    }

    @Test func deletingAMissingDocumentOrAHostileIdIsRefused() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let before = treeHashWithTimes(store, excluding: [".almanac"])
        let missing = try run(["delete", "recordings", uuid(1), "--yes", "--store", store.path])
        #expect(missing.exit == 1 && missing.stderr.contains(uuid(1)), "\(missing)")
        let hostile = try run(["delete", "recordings", "../store.json", "--yes", "--store", store.path])
        #expect(hostile.exit != 0, "\(hostile)")
        #expect(treeHashWithTimes(store, excluding: [".almanac"]) == before)
    }

    #if DEBUG
    /// Acceptance: a delete killed at any point is wholly done or not done after the next command.
    @Test(arguments: ["before-journal", "after-journal", "after-first-rename", "before-journal-removed"])
    func aRecordingDeleteKilledAtAnyPointIsWhollyDoneOrNotDone(point: String) throws {
        let folder = E2EFolder()
        let reference = try folder.copySample("cravey")
        let original = contentHash(reference)
        let clean = try run(["delete", "recordings", video, "--yes", "--store", reference.path])
        try #require(clean.exit == 0, "\(clean)")
        let deleted = contentHash(reference)

        let store = folder.path("killed")
        try FileManager.default.copyItem(at: E2ERepository.sampleStore("cravey"), to: store)
        let killed = try run(["delete", "recordings", video, "--yes", "--store", store.path], env: ["ALMANAC_TEST_CRASH_AT": "delete:\(point)"])
        #expect(killed.exit == 128 + SIGKILL, "\(killed)")

        let status = try run(["status", "--store", store.path])
        #expect(status.exit == 0, "\(status)")
        #expect(!E2EFiles.exists(store.appendingPathComponent(".almanac/journal.json")), "the next command finished the change")
        let now = contentHash(store)
        let recordingThere = E2EFiles.exists(store.appendingPathComponent("data/recordings/\(video).json"))
        if recordingThere {
            #expect(now == original, "wholly before: every file as it was, no temporary file left")
            #expect(E2EFiles.files(under: store.appendingPathComponent("data/recordings/\(video).files")).count == 2)
            #expect(cravings(linkingTo: video, in: store).count == 9, "recordingId intact")
        } else {
            #expect(now == deleted, "wholly after: as a clean delete leaves it")
            #expect(!E2EFiles.exists(store.appendingPathComponent("data/recordings/\(video).files")))
            #expect(cravings(linkingTo: video, in: store).isEmpty)
        }
        #expect(recordingThere == (point == "before-journal"), "before the journal nothing is committed; after it everything is")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.contains("0 errors, 0 warnings"), "\(check)")
    }

    @Test(arguments: ["after-journal", "after-data-removed"])
    func deleteAllKilledAtAnyPointIsFinishedByTheNextCommand(point: String) throws {
        let folder = E2EFolder()
        let store = try migratedCraveyWithArchiveAndBackup(in: folder)
        let killed = try run(["delete", "--all", "--yes", "--store", store.path], env: ["ALMANAC_TEST_CRASH_AT": "delete:\(point)"])
        #expect(killed.exit == 128 + SIGKILL, "\(killed)")
        let status = try run(["status", "--store", store.path])
        #expect(status.exit == 0, "\(status)")
        try expectEverythingGoneAndTheStoreWorks(store, app: "cravey", context: point)
    }
    #endif
}
