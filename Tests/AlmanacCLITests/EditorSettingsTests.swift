import Foundation
import Testing

@testable import Almanac

/// `.vscode/settings.json`: written by `init`, kept in line by `migrate up` and `rollback`,
/// checked by `check`, and readable by an editor (or an independent validator) without Almanac.
@Suite struct EditorSettingsTests {
    /// The `json.schemas` entries of a store's settings, as (fileMatch, url).
    private func mappings(_ store: URL) throws -> [(fileMatch: [String], url: String)] {
        let data = try Data(contentsOf: store.appendingPathComponent(".vscode/settings.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(object["json.schemas"] as? [[String: Any]])
        return entries.map { (($0["fileMatch"] as? [String]) ?? [], ($0["url"] as? String) ?? "") }
    }

    @Test func initMapsEveryCollectionByItsPartitionWithRelativePaths() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let result = try run(["init", store.path, "--schema", E2ERepository.schema("elaro").path])
        #expect(result.exit == 0, "\(result)")
        let found = try mappings(store)
        let catalog = try Catalog.load(folder: E2ERepository.schema("elaro"))
        #expect(found.count == catalog.collections.count)
        for collection in catalog.collections {
            let entry = try #require(found.first { $0.url == "./schema/\(collection.schema)" }, "no entry for \(collection.name)")
            let expected = collection.isSingleton ? "/data/\(collection.name).json"
                : "/data/\(collection.name)/" + String(repeating: "*/", count: collection.partition?.depth ?? 0) + "*.json"
            #expect(entry.fileMatch == [expected])
            #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent(String(entry.url.dropFirst(2))).path))
        }
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.contains("0 warnings"), "\(check)")
    }

    @Test func migrateUpAndRollbackRewriteTheGlobsAndKeepAPersonsOwnSettings() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        #expect(try mappings(store).contains { $0.fileMatch == ["/data/usage-events/*/*/*/*.json"] })
        // A person's own setting and schema entry stay through every rewrite.
        let settingsURL = store.appendingPathComponent(".vscode/settings.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: settingsURL)) as? [String: Any])
        var entries = try #require(object["json.schemas"] as? [[String: Any]])
        entries.append(["fileMatch": ["/notes/*.json"], "url": "./notes.schema.json"])
        object["json.schemas"] = entries
        object["editor.tabSize"] = 2
        try JSONSerialization.data(withJSONObject: object).write(to: settingsURL)

        let up = try run(["migrate", "up", "--store", store.path, "--migrations", E2ERepository.migrations("miga").path,
                          "--schema", E2ERepository.schema("miga").path])
        #expect(up.exit == 0, "\(up)")
        let after = try mappings(store)
        #expect(after.contains { $0.fileMatch == ["/data/usage-events/*/*/*.json"] && $0.url == "./schema/usage-events.schema.json" })
        #expect(after.contains { $0.url == "./notes.schema.json" })
        let text = try #require(E2EFiles.text(settingsURL))
        #expect(text.contains("\"editor.tabSize\": 2"))
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.contains("0 warnings"), "\(check)")

        let rollback = try run(["migrate", "rollback", "--store", store.path])
        #expect(rollback.exit == 0, "\(rollback)")
        #expect(try mappings(store).contains { $0.fileMatch == ["/data/usage-events/*/*/*/*.json"] })
        #expect(try mappings(store).contains { $0.url == "./notes.schema.json" })
    }

    @Test func aSettingsFileWithCommentsIsLeftAloneAndReported() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let settingsURL = store.appendingPathComponent(".vscode/settings.json")
        let withComment = "// my settings\n{\"editor.tabSize\": 4}\n"
        try Data(withComment.utf8).write(to: settingsURL)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "a warning only: \(check)")
        #expect(check.stdout.contains(".vscode/settings.json:1:1: warning:"), "\(check)")
        let up = try run(["migrate", "up", "--store", store.path, "--migrations", E2ERepository.migrations("miga").path,
                          "--schema", E2ERepository.schema("miga").path])
        #expect(up.exit == 0, "the migration finishes although the settings cannot be updated: \(up)")
        #expect(E2EFiles.text(settingsURL) == withComment)
    }

    @Test func aMissingSettingsFileIsAWarningThatCheckFixMends() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        try FileManager.default.removeItem(at: store.appendingPathComponent(".vscode"))
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.contains(".vscode/settings.json: warning:"), "\(check)")
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 0, "\(fix)")
        #expect(fix.stdout.contains(".vscode/settings.json"), "\(fix)")
        #expect(try mappings(store).count == 4)
    }

    /// Decision: a document does not carry `$schema`; the settings file maps it instead, so
    /// Almanac and an editor's validator agree on every document.
    @Test func aDocumentCarryingSchemaIsRefusedWithTheReason() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let document = #"{"$schema":"../../../../../schema/usage-events.schema.json","#
            + usageEvent(id: uuid(1), timestamp: "2025-01-27T14:03:00Z").dropFirst()
        let put = try run(["put", "--store", store.path, "usage-events"], stdin: document)
        #expect(put.exit != 0, "\(put)")
        #expect(put.stderr.contains("\"$schema\" is not allowed: a document does not name its schema"), "\(put)")
        #expect(put.stderr.contains(".vscode/settings.json"), "\(put)")
    }

    /// The independent validator of `.ci/run`, run on a migrated store: the settings written
    /// by `migrate up` (month folders for MIGA's usage events) cover every document.
    @Test func anIndependentValidatorAcceptsAMigratedStoreThroughTheSettings() throws {
        guard (try? EditorSettingsTests.python(["-c", "import jsonschema"]).status) == 0 else {
            print("skipped: python3 with the jsonschema package is not installed (`python3 -m pip install jsonschema`)")
            return
        }
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let up = try run(["migrate", "up", "--store", store.path, "--migrations", E2ERepository.migrations("miga").path,
                          "--schema", E2ERepository.schema("miga").path])
        #expect(up.exit == 0, "\(up)")
        let script = E2ERepository.root.appendingPathComponent("scripts/validate-editor-schemas.py").path
        let (status, output) = try EditorSettingsTests.python([script, store.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("406 documents validated"), "\(output)")
        let (selfStatus, selfOutput) = try EditorSettingsTests.python([script, "--self-test", store.path])
        #expect(selfStatus == 0 && selfOutput.contains("all reported"), "\(selfOutput)")
    }

    /// Runs `python3` with `arguments`: its exit status and its output, stderr included.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
