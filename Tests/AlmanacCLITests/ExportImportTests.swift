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

// End-to-end tests of `almanac export` and `almanac import` (DESIGN §7): each runs the BUILT
// executable on a copy of a sample store in its own temporary folder.
//
//     swift build --scratch-path .build-e2e && swift test --scratch-path .build-e2e --filter ExportImport

/// `almanac export --store STORE --out FILE extra…`, required to succeed.
@discardableResult
private func export(_ store: URL, to file: URL, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> AlmanacRun {
    let result = try run(["export", "--store", store.path, "--out", file.path] + extra)
    try #require(result.exit == 0, "almanac export failed: \(result)", sourceLocation: sourceLocation)
    return result
}

/// `almanac import FILE --store TARGET`.
private func importing(_ file: URL, into target: URL) throws -> AlmanacRun {
    try run(["import", file.path, "--store", target.path])
}

/// The attachment files of a store (`data/<collection>/…/<id>.files/<name>`), relative to `data/`.
private func attachmentFiles(_ store: URL) -> [String] {
    E2EFiles.files(under: store.appendingPathComponent("data")).filter { $0.contains(".files/") }
}

@Suite struct ExportImportTests {
    /// Acceptance: export → import into a new store → export again is byte-identical, for
    /// every sample store, attachments included; the restored store is the same store.
    @Test(arguments: E2ERepository.apps)
    func exportImportExportIsByteIdenticalForEverySampleStore(app: String) throws {
        let folder = E2EFolder()
        let source = try folder.copySample(app)
        let first = folder.path("first.jsonl")
        let exported = try export(source, to: first, ["--attachments"])
        #expect(E2EFiles.mode(first) == 0o600, "the export file is created 0600")

        // The header describes the store and counts what is on disk.
        let file = try ExportFile(jsonl: first)
        let disk = DiskDocuments(source)
        let manifest = try #require(E2EFiles.object(source.appendingPathComponent("store.json")))
        #expect(file.header["format"] as? String == "almanac-export" && file.header["app"] as? String == app, "\(file.header.keys.sorted())")
        #expect(int(file.header["schemaVersion"]) == int(manifest["schemaVersion"]))
        #expect(file.header["timeZone"] as? String == manifest["timeZone"] as? String)
        #expect(int(file.header["documents"]) == disk.documents.count && file.documents.count == disk.documents.count,
                "every document on disk is exported once: header \(String(describing: file.header["documents"])), items \(file.documents.count), disk \(disk.documents.count)")
        #expect(Set(file.documentLabels) == Set(disk.documents.keys))
        let sourceAttachments = attachmentFiles(source)
        #expect(int(file.header["attachments"]) == sourceAttachments.count && file.attachments.count == sourceAttachments.count)
        if app == "cravey" {
            #expect(sourceAttachments.count == 3, "the Cravey sample's recordings have attachment files: \(sourceAttachments)")
        }
        #expect(exported.stderr.contains("exported \(disk.documents.count) documents"), "\(exported)")

        let imported = folder.path("imported")
        let restored = try importing(first, into: imported)
        #expect(restored.exit == 0, "\(restored)")
        #expect(restored.stdout.contains("imported \(disk.documents.count) documents and \(sourceAttachments.count) attachment"), "\(restored)")

        let again = folder.path("again.jsonl")
        try export(imported, to: again, ["--attachments"])
        #expect(try Data(contentsOf: again) == Data(contentsOf: first), "export → import → export is byte-identical")

        #expect(contentHash(imported.appendingPathComponent("data")) == contentHash(source.appendingPathComponent("data")),
                "data/ is byte-identical, attachments included: \(E2EFiles.files(under: imported.appendingPathComponent("data")).count) vs \(E2EFiles.files(under: source.appendingPathComponent("data")).count) files")
        #expect(contentHash(imported.appendingPathComponent("schema")) == contentHash(source.appendingPathComponent("schema")),
                "schema/ is byte-identical")
        #expect(attachmentFiles(imported) == sourceAttachments, "attachments restored beside their documents")
        for path in sourceAttachments {
            #expect(try Data(contentsOf: imported.appendingPathComponent("data/" + path)) == Data(contentsOf: source.appendingPathComponent("data/" + path)), "\(path)")
        }
        #expect(entriesWithUnexpectedModes(imported) == [], "files 0600, folders 0700")

        let restoredManifest = try #require(E2EFiles.object(imported.appendingPathComponent("store.json")))
        for key in ["app", "schemaVersion", "timeZone", "createdAt", "format", "formatVersion"] {
            #expect(String(describing: restoredManifest[key] ?? "-") == String(describing: manifest[key] ?? "-"), "store.json \(key)")
        }
        #expect((restoredManifest["migrations"] as? [Any])?.count == (manifest["migrations"] as? [Any])?.count)

        let check = try run(["check", "--store", imported.path])
        #expect(check.exit == 0 && check.stdout.contains("\(disk.documents.count) documents checked: 0 errors, 0 warnings"), "\(check)")
    }

    @Test("an invalid document in an export is named by the export's own line, not its place in an import batch")
    func invalidDocumentNamesTheExportsLine() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let export = folder.path("export.jsonl")
        try #require(try run(["export", "--store", store.path, "--out", export.path]).exit == 0)
        var lines = try String(contentsOf: export, encoding: .utf8).components(separatedBy: "\n")
        // The 154th line: a usage event in the middle of its collection's import batch.
        let target = 153
        try #require(lines[target].contains("\"pauseDuration\":"), "\(lines[target])")
        lines[target] = lines[target].replacingOccurrences(of: #""pauseDuration":"#, with: #""pauseDuration":"bad","was":"#)
        let damaged = folder.path("damaged.jsonl")
        try lines.joined(separator: "\n").write(to: damaged, atomically: true, encoding: .utf8)
        let result = try run(["import", damaged.path, "--store", folder.path("imported").path])
        #expect(result.exit != 0, "\(result)")
        #expect(result.stderr.contains("\(damaged.path):154:"), "the export's line: \(result)")
        #expect(!result.stderr.contains("in the batch") && !result.stderr.contains("almanac-tmp"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("imported").path), "nothing was imported")
    }

    @Test func twoExportsAreByteIdenticalToAFileOrStandardOutputAndTheFileIs0600() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let first = folder.path("one.jsonl")
        try export(source, to: first, ["--attachments"])
        // An existing file of another mode is replaced by a 0600 one.
        let second = folder.path("two.jsonl")
        try Data("old".utf8).write(to: second)
        chmod(second.path, 0o644)
        try export(source, to: second, ["--attachments"])
        #expect(E2EFiles.mode(first) == 0o600 && E2EFiles.mode(second) == 0o600)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second), "two exports of the same store are byte-identical")

        let stdout = try run(["export", "--store", source.path, "--attachments"])
        #expect(stdout.exit == 0)
        #expect(Data(stdout.stdout.utf8) == (try Data(contentsOf: first)), "standard output gets the same bytes")
        #expect(folderEntries(folder.url).allSatisfy { !$0.hasPrefix(".") }, "no temporary file left: \(folderEntries(folder.url))")
    }

    @Test func theJSONFormatParsesWithFoundationAndHoldsTheHeaderAndTheSameItems() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let lines = folder.path("export.jsonl")
        let whole = folder.path("export.json")
        try export(source, to: lines, ["--attachments"])
        try export(source, to: whole, ["--attachments", "--format", "json"])
        #expect(E2EFiles.mode(whole) == 0o600)

        let json = try ExportFile(json: whole)
        let jsonl = try ExportFile(jsonl: lines)
        #expect(json.header["format"] as? String == "almanac-export" && json.header["app"] as? String == "cravey")
        let documentCount = DiskDocuments(source).documents.count
        let attachmentCount = E2EFiles.files(under: source.appendingPathComponent("data")).filter { $0.contains(".files/") }.count
        #expect(documentCount > 80 && attachmentCount == 3, "the Cravey sample: months of documents, two recordings with three files")
        #expect(int(json.header["documents"]) == documentCount && int(json.header["attachments"]) == attachmentCount, "\(json.header["counts"] ?? "-")")
        #expect(json.items.count == documentCount + attachmentCount)
        #expect(sameJSON(json.header, jsonl.header), "the same header in both formats")
        #expect(sameJSON(json.items, jsonl.items), "the same items, in the same order, in both formats")
        let second = folder.path("again.json")
        try export(source, to: second, ["--attachments", "--format", "json"])
        #expect(try Data(contentsOf: second) == Data(contentsOf: whole))

        let bad = try run(["export", "--store", source.path, "--format", "xml"])
        #expect(bad.exit == 2 && bad.stderr.contains("--format"), "\(bad)")
    }

    /// `import` reads "the export, JSON Lines or JSON" (Store.importExport's documentation).
    @Test func aJSONFormatExportImportsAndExportsAgainByteIdentically() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let whole = folder.path("export.json")
        let lines = folder.path("export.jsonl")
        try export(source, to: whole, ["--attachments", "--format", "json"])
        try export(source, to: lines, ["--attachments"])

        let imported = folder.path("imported")
        let restored = try importing(whole, into: imported)
        #expect(restored.exit == 0, "a --format json export imports: \(restored)")
        guard restored.exit == 0 else { return }
        let again = folder.path("again.jsonl")
        try export(imported, to: again, ["--attachments"])
        #expect(try Data(contentsOf: again) == Data(contentsOf: lines))
        #expect(contentHash(imported.appendingPathComponent("data")) == contentHash(source.appendingPathComponent("data")))
    }

    @Test func theCollectionOptionExportsOnlyTheNamedCollections() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let out = folder.path("some.jsonl")
        try export(source, to: out, ["--collection", "recordings", "--collection", "usage", "--attachments"])
        let file = try ExportFile(jsonl: out)
        let disk = DiskDocuments(source)
        let expected = disk.labels(in: "recordings").union(disk.labels(in: "usage"))
        let recordings = disk.labels(in: "recordings").count, usage = disk.labels(in: "usage").count
        #expect(recordings == 2 && usage > 20 && expected.count == recordings + usage)
        #expect(Set(file.documentLabels) == expected && file.documents.count == expected.count, "exactly the recordings and the usage")
        let counts = try #require(file.header["counts"] as? [String: Any])
        #expect(counts.keys.sorted() == ["recordings", "usage"] && int(counts["recordings"]) == recordings && int(counts["usage"]) == usage, "\(counts)")
        #expect(file.attachments.count == 3 && file.attachments.allSatisfy { $0["collection"] as? String == "recordings" })

        let unknown = try run(["export", "--store", source.path, "--collection", "recording"])
        #expect(unknown.exit != 0 && unknown.stderr.contains("recording") && unknown.stdout.isEmpty, "\(unknown)")
    }

    @Test func fromAndToExportOnlyTheDocumentsDatedInRangeInTheStoresTimeZone() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let out = folder.path("range.jsonl")
        let (from, to) = ("2025-01-07", "2025-01-19")
        try export(source, to: out, ["--from", from, "--to", to])
        let file = try ExportFile(jsonl: out)

        // Worked out with Foundation: each dated document's day in America/Chicago.
        let zone = try storeTimeZone(source)
        let fields = try dateFields(source)
        let disk = DiskDocuments(source)
        var expected: Set<String> = []
        var dependsOnTheZone = false
        for (label, document) in disk.documents {
            let collection = String(label.prefix(while: { $0 != "/" }))
            guard let field = fields[collection], let day = localDay(document[field], in: zone) else { continue }
            let utcDay = String((document[field] as? String ?? "").prefix(10))
            if (from...to).contains(day) {
                expected.insert(label)
                if !(from...to).contains(utcDay) { dependsOnTheZone = true }
            }
        }
        #expect(!expected.isEmpty && expected.count < disk.documents.count)
        #expect(dependsOnTheZone, "the range includes a document whose UTC day is outside it (the fixture tests the time zone)")
        #expect(Set(file.documentLabels) == expected, "only documents dated in range: missing \(expected.subtracting(file.documentLabels).sorted()), extra \(Set(file.documentLabels).subtracting(expected).sorted())")
        #expect(file.documents.count == expected.count, "each once")
        #expect(!file.documentLabels.contains { $0.hasPrefix("recordings/") || $0.hasPrefix("motivational-messages/") }, "collections without a date field are left out")
        #expect(int(file.header["documents"]) == expected.count)
        #expect((file.header["days"] as? String)?.contains(from) == true, "the header says the export is a date range: \(file.header["days"] ?? "-")")

        let reversed = try run(["export", "--store", source.path, "--from", to, "--to", from])
        #expect(reversed.exit == 2, "\(reversed)")
    }

    @Test func redactReplacesTheFieldWithRedactedAndChangesNothingElse() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let out = folder.path("shared.jsonl")
        try export(source, to: out, ["--redact", "notes"])
        let file = try ExportFile(jsonl: out)
        let disk = DiskDocuments(source)
        #expect(file.header["redacted"] as? [String] == ["notes"])
        var redacted = 0
        for (item, label) in zip(file.documents, file.documentLabels) {
            let exported = try #require(item["document"] as? [String: Any])
            var original = try #require(disk.documents[label], "\(label)")
            if original["notes"] != nil {
                #expect(exported["notes"] as? String == "[redacted]", "\(label)")
                redacted += 1
                original["notes"] = "[redacted]"
            } else {
                #expect(exported["notes"] == nil, "a document without notes gets none: \(label)")
            }
            #expect(sameJSON(exported, original), "only notes differ in \(label)")
        }
        #expect(redacted > 10, "the Cravey sample has many documents with notes")
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(!text.contains("Watch this when it gets loud"), "a note's text does not appear anywhere in the file")
    }

    @Test func importRefusesARedactedATruncatedOrADateRangeExportAndLeavesNoStore() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let full = folder.path("full.jsonl")
        try export(source, to: full, ["--attachments"])
        let redacted = folder.path("redacted.jsonl")
        try export(source, to: redacted, ["--redact", "notes"])
        let range = folder.path("range.jsonl")
        try export(source, to: range, ["--from", "2025-01-01", "--to", "2025-01-31"])
        // Cut the file in half at a line boundary.
        let lines = try Data(contentsOf: full).split(separator: 0x0A, omittingEmptySubsequences: false)
        let truncated = folder.path("truncated.jsonl")
        try Data(lines.prefix(lines.count / 2).joined(separator: [0x0A]) + [0x0A]).write(to: truncated)
        let notAnExport = try folder.write(#"{"id": "x", "kind": "document"}"#, to: "other.json")

        let cases: [(URL, [String])] = [
            (redacted, ["redact"]),
            (truncated, ["truncated"]),
            (range, ["date range"]),
            (notAnExport, ["export"]),
        ]
        for (file, words) in cases {
            let before = folderEntries(folder.url)
            let target = folder.path("target-\(file.deletingPathExtension().lastPathComponent)")
            let result = try importing(file, into: target)
            #expect(result.exit != 0 && result.stderr.hasPrefix("almanac: error:"), "\(file.lastPathComponent): \(result)")
            for word in words {
                #expect(result.stderr.contains(word), "\(file.lastPathComponent): the error says why: \(result.stderr)")
            }
            #expect(!E2EFiles.exists(target), "\(file.lastPathComponent): no store at the target")
            #expect(folderEntries(folder.url) == before, "\(file.lastPathComponent): nothing left beside it: \(folderEntries(folder.url))")
        }
        #expect(try importing(full, into: folder.path("target-full")).exit == 0, "the whole export imports")
    }

    @Test func importRefusesAStoreThatHoldsDocumentsAndChangesNothingThere() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let full = folder.path("full.jsonl")
        try export(source, to: full, ["--attachments"])
        let other = try folder.copySample("miga")
        let before = (treeHash(other), treeHash(source))
        let beforeEntries = folderEntries(folder.url)
        for target in [other, source] {
            let result = try importing(full, into: target)
            #expect(result.exit != 0 && result.stderr.contains("holds documents"), "\(result)")
        }
        #expect((treeHash(other), treeHash(source)) == before, "neither store changed")
        #expect(folderEntries(folder.url) == beforeEntries)

        // A folder with other files in it is refused too.
        let cluttered = folder.path("cluttered")
        try folder.write("keep me", to: "cluttered/notes.txt")
        let result = try importing(full, into: cluttered)
        #expect(result.exit != 0 && result.stderr.contains("not empty"), "\(result)")
        #expect(folderEntries(cluttered) == ["notes.txt"])
    }

    @Test func importIntoAnExistingEmptyFolderOrAnEmptyStoreWorks() throws {
        let folder = E2EFolder()
        let source = try folder.copySample("cravey")
        let full = folder.path("full.jsonl")
        try export(source, to: full, ["--attachments"])

        let empty = folder.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        let emptyStore = folder.path("empty-store")
        let created = try run(["init", emptyStore.path, "--schema", E2ERepository.sampleSchema("cravey").path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "\(created)")

        for target in [empty, emptyStore] {
            let result = try importing(full, into: target)
            #expect(result.exit == 0, "\(target.lastPathComponent): \(result)")
            let again = folder.path("\(target.lastPathComponent).jsonl")
            try export(target, to: again, ["--attachments"])
            #expect(try Data(contentsOf: again) == Data(contentsOf: full), "\(target.lastPathComponent): the same store")
            #expect(try storeTimeZone(target).identifier == "America/Chicago", "the export's time zone, not the empty store's")
            #expect(try run(["check", "--store", target.path]).exit == 0)
        }
        #expect(folderEntries(folder.url).allSatisfy { !$0.hasPrefix(".") }, "nothing left beside them: \(folderEntries(folder.url))")
    }

    /// Acceptance: an imported v1 sample migrates like the original.
    @Test(arguments: E2ERepository.apps)
    func migrateUpWorksAfterImportingAVersion1Sample(app: String) throws {
        let folder = E2EFolder()
        let source = try folder.copySample(app)
        let full = folder.path("full.jsonl")
        try export(source, to: full, ["--attachments"])
        let imported = folder.path("imported")
        try #require(try importing(full, into: imported).exit == 0)

        let target = try RepoCatalog(app).version
        for store in [source, imported] {
            let up = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
            #expect(up.exit == 0, "\(store.lastPathComponent): \(up)")
            #expect(try storeVersion(store) == target)
        }
        #expect(contentHash(imported.appendingPathComponent("data")) == contentHash(source.appendingPathComponent("data")),
                "the imported store migrates to the same documents as the original")
        #expect(contentHash(imported.appendingPathComponent("schema")) == contentHash(source.appendingPathComponent("schema")))
        let status = try run(["migrate", "status", "--store", imported.path], cwd: E2ERepository.root)
        #expect(status.exit == 0, "\(status)")
        let check = try run(["check", "--store", imported.path], cwd: E2ERepository.root)
        #expect(check.exit == 0, "\(check)")

        // A migrated store's export carries its history: it imports and verifies its migrations.
        let migrated = folder.path("migrated.jsonl")
        try export(imported, to: migrated, ["--attachments"])
        let second = folder.path("second")
        let restored = try importing(migrated, into: second)
        #expect(restored.exit == 0, "\(restored)")
        let secondStatus = try run(["migrate", "status", "--store", second.path, "--json"], cwd: E2ERepository.root)
        #expect(secondStatus.exit == 0, "the migrations recorded travel with the export: \(secondStatus)")
        #expect(try storeVersion(second) == target)
    }

    #if DEBUG
    /// Acceptance: `almanac import` killed with SIGKILL at random moments leaves either no
    /// store at the target or a complete one, never part of one.
    @Test func importKilledAtRandomMomentsLeavesNoStoreOrAWholeOne() throws {
        let folder = E2EFolder()
        let source = folder.path("source")
        let created = try run(["init", source.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "\(created)")
        let count = 3_000
        try writeUsageEvents(count, into: source)
        let check = try run(["check", "--store", source.path])
        try #require(check.exit == 0 && check.stdout.contains("\(count) documents checked"), "the generated store is valid: \(check)")
        let exportFile = folder.path("big.jsonl")
        try export(source, to: exportFile)
        let exported = try Data(contentsOf: exportFile)
        let executable = try #require(AlmanacProcess.executable, "\(AlmanacProcess.missingExecutable)")

        // One clean import, to time it.
        let started = Date()
        let clean = try importing(exportFile, into: folder.path("clean"))
        let duration = Date().timeIntervalSince(started)
        try #require(clean.exit == 0, "\(clean)")

        var generator = SystemRandomNumberGenerator()
        var outcomes = (absent: 0, whole: 0)
        let attempts = Int(ProcessInfo.processInfo.environment["ALMANAC_KILL_ATTEMPTS"] ?? "") ?? 10
        for attempt in 1...attempts {
            let target = folder.path("target-\(attempt)")
            let process = Process()
            process.executableURL = executable
            process.arguments = ["import", exportFile.path, "--store", target.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.currentDirectoryURL = folder.url
            try process.run()
            let moment = Double.random(in: 0.01...(duration * 1.1), using: &generator)
            usleep(useconds_t(moment * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            guard E2EFiles.exists(target) else {
                outcomes.absent += 1
                // The target is free: importing again works.
                let retry = try importing(exportFile, into: target)
                #expect(retry.exit == 0, "attempt \(attempt): importing again after the kill: \(retry)")
                continue
            }
            outcomes.whole += 1
            let status = try run(["status", "--store", target.path])
            #expect(status.exit == 0, "attempt \(attempt), killed after \(moment) s: \(status)")
            let again = folder.path("again-\(attempt).jsonl")
            let reexport = try run(["export", "--store", target.path, "--out", again.path])
            #expect(reexport.exit == 0 && (try? Data(contentsOf: again)) == exported,
                    "attempt \(attempt), killed after \(moment) s: the store at the target is whole and exports byte-identically: \(reexport)")
            let targetCheck = try run(["check", "--store", target.path])
            #expect(targetCheck.exit == 0 && targetCheck.stdout.contains("\(count) documents checked"), "attempt \(attempt): \(targetCheck.stdout.suffix(200))")
        }
        let leftovers = folderEntries(folder.url).filter { $0.hasPrefix(".") }
        print("import of \(count) documents (\(String(format: "%.2f", duration)) s) killed at \(attempts) random moments: \(outcomes.absent) left no store, \(outcomes.whole) a whole store; hidden staging folders left beside the targets: \(leftovers.count)")
    }
    #endif
}
