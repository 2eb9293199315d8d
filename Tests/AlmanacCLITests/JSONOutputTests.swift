import Foundation
import Testing

@testable import AlmanacCLI

/// Every command's `--json` output parses as JSON with the keys it has always had, and every
/// error under `--json` is `{"error": {...}}` on stderr with the usual exit code.
@Suite("--json for every command")
struct JSONOutputTests {
    /// Runs `arguments` with `--json` and returns the parsed stdout, expecting `exit`.
    private func json(_ arguments: [String], exit: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let result = try run(arguments + ["--json"])
        #expect(result.exit == exit, "\(arguments.joined(separator: " ")): \(result)", sourceLocation: sourceLocation)
        return try #require(try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)), "stdout is not JSON: \(result)", sourceLocation: sourceLocation)
    }

    /// The object's keys are `keys`, plus any of `optional`.
    private func expectKeys(_ value: Any, _ keys: Set<String>, optional: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let object = value as? [String: Any] else {
            Issue.record("not an object: \(value)", sourceLocation: sourceLocation)
            return
        }
        let present = Set(object.keys)
        #expect(keys.isSubset(of: present) && present.isSubset(of: keys.union(optional)),
                "keys \(present.sorted()), expected \(keys.sorted())", sourceLocation: sourceLocation)
    }

    @Test("every command prints JSON with its keys under --json")
    func everyCommand() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let s = ["--store", store.path]
        let project = ["--schema", E2ERepository.schema("miga").path, "--migrations", E2ERepository.migrations("miga").path]
        var ran: Set<String> = []
        func note(_ path: String) { ran.insert(path) }

        expectKeys(try json(["init", folder.path("fresh").path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"]),
                   ["store", "app", "schemaVersion", "timeZone", "collections"]); note("init")
        expectKeys(try json(["status"] + s), ["store", "app", "formatVersion", "schemaVersion", "timeZone", "collections"],
                   optional: ["createdAt", "writeRefusal"]); note("status")
        expectKeys(try json(["check"] + s), ["store", "clean", "documentsChecked", "errors", "warnings", "problems"]); note("check")
        expectKeys(try json(["migrate", "status"] + s + project), ["storeVersion", "latestVersion", "upToDate", "migrations", "problems"]); note("migrate status")
        expectKeys(try json(["migrate", "plan"] + s + project), ["fromVersion", "toVersion", "valid", "steps", "invalidDocuments"]); note("migrate plan")
        let migrationKeys: Set = ["fromVersion", "toVersion", "migrated", "documentsChanged", "documentsWritten", "documentsKept", "durationMs", "steps"]
        expectKeys(try json(["migrate", "up"] + s + project), migrationKeys); note("migrate up")
        expectKeys(try json(["migrate", "rollback"] + s), ["fromVersion", "toVersion", "migrationsUndone"]); note("migrate rollback")
        expectKeys(try json(["migrate", "up"] + s + project), migrationKeys)
        expectKeys(try json(["migrate", "repair"] + s + project), ["repaired"]); note("migrate repair")
        let seeds = E2ERepository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json").path
        expectKeys(try json(["seed", "import", seeds] + s), ["dryRun", "inserted", "updated", "changedStore", "files"]); note("seed import")

        let listed = try #require(try json(["ls", "usage-events"] + s) as? [[String: Any]]); note("ls")
        let first = try #require(listed.first)
        expectKeys(first, ["path", "document"])
        let document = try #require(first["document"] as? [String: Any])
        let id = try #require(document["id"] as? String)
        expectKeys(try json(["get", "usage-events", id] + s), Set(document.keys)); note("get")

        var copy = document
        copy["id"] = "11111111-2222-4333-8444-555555555555"
        let input = folder.path("event.json")
        try JSONSerialization.data(withJSONObject: copy).write(to: input)
        expectKeys(try json(["put", "usage-events", input.path] + s), ["saved"]); note("put")
        expectKeys(try json(["rm", "usage-events", "11111111-2222-4333-8444-555555555555", "--yes"] + s),
                   ["removed", "collection", "deleted", "nullified", "attachments"]); note("rm")
        expectKeys(try json(["delete", "usage-events", "--dry-run"] + s),
                   ["dryRun", "deleted", "nullified", "attachments", "removedArchiveAndBackup"]); note("delete")
        expectKeys(try json(["retention", "run", "--dry-run"] + s),
                   ["asOf", "dryRun", "changedStore", "archived", "cleared", "deleted", "rules"]); note("retention run")
        let exportFile = folder.path("export.jsonl")
        expectKeys(try json(["export", "--out", exportFile.path] + s), ["file", "documents", "attachments", "bytes", "collections"]); note("export")
        expectKeys(try json(["export"] + s), ["header", "items"], optional: ["attachments"])
        expectKeys(try json(["import", exportFile.path, "--store", folder.path("imported").path]),
                   ["app", "schemaVersion", "documents", "attachments", "store"]); note("import")
        expectKeys(try json(["backup", folder.path("backup").path] + s), ["backup", "documents", "files", "cloned", "problems"]); note("backup")
        expectKeys(try json(["check", "--fix", "--dry-run"] + s), ["store", "dryRun", "repairs", "remaining"])
        expectKeys(try json(["resolve", "--dry-run"] + s), ["dryRun", "resolved", "storeFile", "archived", "archivedVersions", "schema"]); note("resolve")
        let versions = try ["base", "ours", "theirs"].map { name in
            try folder.write("{\"id\": \"x\", \"\(name)\": 1}\n", to: "merge-\(name).json").path
        }
        expectKeys(try json(["git", "merge"] + s + versions + ["data/usage-events/2025/01/x.json"]), ["path", "merged"]); note("git merge")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "init", "-q", store.path]
        try process.run()
        process.waitUntilExit()
        expectKeys(try json(["git", "install"] + s), ["repository", "attributes", "driver"]); note("git install")
        expectKeys(try json(["diff", folder.path("backup").path, store.path]),
                   ["a", "b", "equal", "properties", "schemaFiles", "documents", "attachments"]); note("diff")
        expectKeys(try json(["restore", folder.path("backup").path, "--store", folder.path("restored").path]), ["store", "documents"]); note("restore")
        expectKeys(try json(["report", "miga", "streak", "--now", "2025-02-02"] + s), ["app", "view", "now", "timeZone", "report"]); note("report")
        expectKeys(try json(["time-zone", "show"] + s), ["store", "timeZone", "periods"]); note("time-zone show")
        expectKeys(try json(["time-zone", "set", "Asia/Kolkata", "--from", "2100-01-01"] + s), ["store", "changed", "timeZone", "periods"]); note("time-zone set")

        let app = ["--schema", folder.path("schema/journal").path, "--migrations", folder.path("migrations/journal").path]
        expectKeys(try json(["schema", "new", "journal"] + app), ["app", "version", "created", "changed"]); note("schema new")
        expectKeys(try json(["schema", "add-collection", "notes", "--partition", "none", "--schema", folder.path("schema/journal").path]),
                   ["app", "version", "created", "changed", "name"]); note("schema add-collection")
        expectKeys(try json(["migrate", "new", "add-tags"] + app), ["app", "version", "created", "changed", "name"]); note("migrate new")

        let leaves = Set(CommandList.commands.map { $0.path.joined(separator: " ") })
        #expect(ran == leaves, "commands without a --json check: \(leaves.subtracting(ran).sorted())")
    }

    @Test("errors under --json are one JSON object on stderr, with the usual exit codes")
    func errors() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga").path
        let cases: [(arguments: [String], exit: Int32, code: String)] = [
            (["ls", "--bogus"], 2, "usage"),
            (["migrate"], 2, "usage"),
            (["status", "--store", folder.path("nothing").path], 1, "not-found"),
            (["ls", "nope", "--store", store], 2, "unknown-collection"),
            (["ls", "usage-events", "--from", "yesterday", "--store", store], 2, "usage"),
            (["put", "usage-events", try folder.write("{\"id\": ", to: "bad.json").path, "--store", store], 3, "malformed-json"),
        ]
        for item in cases {
            let result = try run(item.arguments + ["--json"])
            #expect(result.exit == item.exit, "\(item.arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(item.arguments): \(result)")
            let object = try #require(try? JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any], "\(result)")
            let error = try #require(object["error"] as? [String: Any], "\(result)")
            #expect(error["code"] as? String == item.code, "\(item.arguments): \(result)")
            #expect((error["message"] as? String)?.isEmpty == false, "\(result)")
        }
    }
}
