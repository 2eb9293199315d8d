import Foundation
import Testing

@testable import Almanac

// The reference apps' schema history, migrations/<app>/, run by the built `almanac` on a copy of
// each sample store (samples/<app>/store/, which stays at version 1): `migrate status` lists the
// later migrations as pending, and `migrate plan` changes exactly the documents each migration's
// description promises and leaves every document valid against schema/<app>, whose catalog
// version is the last migration's number; `migrate up` then changes exactly what the plan listed.
//
//     swift build --scratch-path .build-e2e && swift test --scratch-path .build-e2e --filter ReferenceMigration

/// What `almanac migrate plan --json` said about a copy of a sample store.
private struct ReferencePlan {
    var store: URL
    var json: [String: Any]

    var steps: [[String: Any]] { json["steps"] as? [[String: Any]] ?? [] }

    /// The step of the migration file `name` (e.g. `0002-usage-mood.json`).
    func step(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(steps.first { $0["name"] as? String == name }, "no step \(name) in the plan", sourceLocation: sourceLocation)
    }

    /// The `(matched, changed)` counts of each operation of a step, in order.
    static func counts(_ step: [String: Any]) -> [[Int]] {
        (step["operations"] as? [[String: Any]] ?? []).map { [int($0["matched"]) ?? -1, int($0["changed"]) ?? -1] }
    }

    static func changed(_ step: [String: Any]) -> [String] {
        step["changedDocuments"] as? [String] ?? []
    }

    /// The before/after lines of the step's sample diffs, by document label.
    static func diffs(_ step: [String: Any]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for sample in step["samples"] as? [[String: Any]] ?? [] {
            if let document = sample["document"] as? String { result[document] = sample["diff"] as? [String] ?? [] }
        }
        return result
    }
}

@Suite("Reference apps' migrations on their sample stores")
struct ReferenceMigrationTests {
    /// The migration files of `app`, sorted: `0001-initial.json`, ….
    private static func migrationFiles(_ app: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: E2ERepository.migrations(app).path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The documents of a collection of the sample store of `app` (read from the repository,
    /// never written), or the singleton as one document.
    private static func sampleDocuments(_ app: String, _ collection: String) -> [[String: Any]] {
        let data = E2ERepository.sampleStore(app).appendingPathComponent("data")
        let singleton = data.appendingPathComponent("\(collection).json")
        if E2EFiles.exists(singleton) { return E2EFiles.object(singleton).map { [$0] } ?? [] }
        let folder = data.appendingPathComponent(collection)
        return E2EFiles.files(under: folder).filter { $0.hasSuffix(".json") }
            .compactMap { E2EFiles.object(folder.appendingPathComponent($0)) }
    }

    /// `collection/<id>` for each document, sorted, as the plan labels them.
    private static func labels(_ collection: String, _ documents: [[String: Any]]) -> [String] {
        documents.compactMap { ($0["id"] as? String).map { "\(collection)/\($0)" } }.sorted()
    }

    /// Runs `migrate plan --json` with the repository's migrations and schema of `app` on a fresh
    /// copy of its sample store, and checks what every plan must say: valid, from 1 to the
    /// catalog's version, and nothing written.
    private func plan(_ app: String, in folder: E2EFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> ReferencePlan {
        let store = try folder.copySample(app)
        let before = dataFiles(store).map { ($0, E2EFiles.text(store.appendingPathComponent($0))) }
        let arguments = ["migrate", "plan", "--store", store.path, "--migrations", E2ERepository.migrations(app).path,
                         "--schema", E2ERepository.schema(app).path, "--json"]
        let result = try run(arguments)
        #expect(result.exit == 0, "\(result)", sourceLocation: sourceLocation)
        let json = try #require(try result.json() as? [String: Any], "\(result)", sourceLocation: sourceLocation)
        #expect(json["valid"] as? Bool == true, "\(result.stdout)", sourceLocation: sourceLocation)
        #expect((json["invalidDocuments"] as? [Any])?.isEmpty == true, "\(result.stdout)", sourceLocation: sourceLocation)
        #expect(int(json["fromVersion"]) == 1, sourceLocation: sourceLocation)
        #expect(int(json["toVersion"]) == (try RepoCatalog(app)).version, sourceLocation: sourceLocation)
        let after = dataFiles(store).map { ($0, E2EFiles.text(store.appendingPathComponent($0))) }
        #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1), "plan wrote to the store",
                sourceLocation: sourceLocation)
        return ReferencePlan(store: store, json: json)
    }

    // MARK: - Every app

    @Test("the migration files are contiguous from 0001 (an empty baseline), canonical, and end at schema/<app>'s version",
          arguments: E2ERepository.apps)
    func migrationFilesLeadToTheCurrentSchema(app: String) throws {
        let set = try MigrationSet(folder: E2ERepository.migrations(app))
        #expect(set.problems.isEmpty, "\(set.problems)")
        #expect(set.migrations.map(\.version) == Array(1...max(1, set.latestVersion)))
        #expect(set.migrations.first?.fileName == "0001-initial.json")
        #expect(set.migrations.first?.operations.isEmpty == true, "the baseline changes nothing")
        #expect(set.latestVersion > 1, "\(app) has no migration after its baseline")
        #expect(set.latestVersion == (try RepoCatalog(app)).version,
                "schema/\(app)/catalog.json must be at the version of the last migration")
        for migration in set.migrations {
            #expect(migration.description.count > 30 && migration.description.hasSuffix("."),
                    "\(migration.fileName): the description is shown by migrate plan; say what changes and why")
            let url = E2ERepository.migrations(app).appendingPathComponent(migration.fileName)
            let bytes = [UInt8](try Data(contentsOf: url))
            #expect(CanonicalJSON.prettyBytes(try JSONValue(parsing: bytes)) == bytes, "migrations/\(app)/\(migration.fileName) is not canonical")
        }
    }

    @Test("migrate status on a copy of the sample store: version 1, the baseline, every later migration pending",
          arguments: E2ERepository.apps)
    func statusListsThePendingMigrations(app: String) throws {
        let folder = E2EFolder()
        let store = try folder.copySample(app)
        let files = try Self.migrationFiles(app)
        let latest = try RepoCatalog(app).version

        // From the repository root, migrations/<app> and schema/<app> are found without options.
        let text = try run(["migrate", "status", "--store", store.path], cwd: E2ERepository.root)
        #expect(text.exit == 0, "\(text)")
        #expect(text.stdout.contains("store at version 1; latest migration \(latest); \(latest - 1) pending."), "\(text)")
        let lines = text.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        for (index, file) in files.enumerated() {
            #expect(lines.contains(["\(index + 1)", file, index == 0 ? "baseline" : "pending"]), "no row for \(file): \(text)")
        }

        let json = try #require(try run(["migrate", "status", "--store", store.path, "--migrations",
                                         E2ERepository.migrations(app).path, "--json"]).json() as? [String: Any])
        #expect(int(json["storeVersion"]) == 1)
        #expect(int(json["latestVersion"]) == latest)
        #expect(json["upToDate"] as? Bool == false)
        #expect((json["problems"] as? [Any])?.isEmpty == true, "\(json)")
        let migrations = try #require(json["migrations"] as? [[String: Any]])
        #expect(migrations.map { $0["name"] as? String ?? "?" } == files)
        #expect(migrations.map { $0["state"] as? String ?? "?" } == ["baseline"] + Array(repeating: "pending", count: files.count - 1))
    }

    @Test("migrate plan on a copy of the sample store: every resulting document valid against schema/<app>; nothing written",
          arguments: E2ERepository.apps)
    func planIsValid(app: String) throws {
        let folder = E2EFolder()
        let plan = try plan(app, in: folder)
        let files = try Self.migrationFiles(app)
        #expect(plan.steps.map { $0["name"] as? String ?? "?" } == Array(files.dropFirst()), "the baseline is not run again")

        // The text output says the same, with the migrations' descriptions.
        let text = try run(["migrate", "plan", "--store", plan.store.path], cwd: E2ERepository.root)
        #expect(text.exit == 0, "\(text)")
        let latest = try RepoCatalog(app).version
        #expect(text.stdout.contains("plan: version 1 → \(latest)"), "\(text)")
        #expect(text.stdout.contains("every resulting document is valid against the schema of version \(latest)."), "\(text)")
        for migration in try MigrationSet(folder: E2ERepository.migrations(app)).migrations.dropFirst() {
            #expect(text.stdout.contains("\(migration.fileName): \(migration.description)"), "\(text)")
        }
    }

    @Test("migrate up on a copy of the sample store: exactly the planned documents change, check is clean, status up to date, rollback restores it",
          arguments: E2ERepository.apps)
    func upChangesWhatThePlanListed(app: String) throws {
        let folder = E2EFolder()
        let plan = try plan(app, in: folder)
        let store = plan.store
        // The editor settings are written again by the migration and the rollback (0600, where a
        // fresh clone has them 0644): compared by content below, outside the tree's hash.
        let original = treeHash(store, excluding: [".almanac", ".vscode"])
        let settings = E2EFiles.text(store.appendingPathComponent(".vscode/settings.json"))
        let before = Dictionary(uniqueKeysWithValues: dataFiles(store).map { ($0, E2EFiles.text(store.appendingPathComponent($0)) ?? "") })

        let up = try run(["migrate", "up", "--store", store.path, "--json"], cwd: E2ERepository.root)
        #expect(up.exit == 0, "\(up)")
        let result = try #require(try up.json() as? [String: Any])
        let applied = try #require(result["steps"] as? [[String: Any]])
        #expect(applied.map { $0["name"] as? String ?? "?" } == plan.steps.map { $0["name"] as? String ?? "?" })
        for (done, planned) in zip(applied, plan.steps) {
            #expect(ReferencePlan.changed(done) == ReferencePlan.changed(planned), "\(done["name"] ?? "?")")
        }

        // On disk: the documents whose bytes differ are exactly the planned ones (wherever they moved).
        func label(_ path: String) -> String {
            let parts = path.split(separator: "/").map(String.init)
            let name = String(parts.last!.dropLast(5))
            return parts.count == 2 ? name : "\(parts[1])/\(name)"
        }
        var beforeByLabel: [String: String] = [:]
        for (path, text) in before { beforeByLabel[label(path)] = text }
        let changedOnDisk = dataFiles(store).filter { beforeByLabel[label($0)] != E2EFiles.text(store.appendingPathComponent($0)) }.map(label)
        let planned = Set(plan.steps.flatMap(ReferencePlan.changed))
        #expect(Set(changedOnDisk) == planned, "changed on disk: \(changedOnDisk.sorted()); planned: \(planned.sorted())")
        #expect(dataFiles(store).count == before.count, "no document lost or added")

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        let status = try run(["migrate", "status", "--store", store.path], cwd: E2ERepository.root)
        #expect(status.exit == 0 && status.stdout.contains("up to date"), "\(status)")
        for file in try FileManager.default.contentsOfDirectory(atPath: E2ERepository.schema(app).path) {
            #expect(E2EFiles.text(store.appendingPathComponent("schema/\(file)")) == E2EFiles.text(E2ERepository.schema(app).appendingPathComponent(file)),
                    "the store's schema copy is schema/\(app)/\(file)")
        }
        let rollback = try run(["migrate", "rollback", "--store", store.path])
        #expect(rollback.exit == 0, "\(rollback)")
        #expect(treeHash(store, excluding: [".almanac", ".vscode"]) == original, "rollback gives back the sample byte for byte")
        #expect(E2EFiles.text(store.appendingPathComponent(".vscode/settings.json")) == settings, "and the editor settings of its schema")
    }

    // MARK: - What each migration does to the sample

    @Test("Pressure 0002: every commitment gets sort_order 0; the unique date goes with a catalog operation")
    func pressureSeveralCommitmentsADay() throws {
        let folder = E2EFolder()
        let plan = try plan("pressure", in: folder)
        let commitments = Self.sampleDocuments("pressure", "commitments")
        #expect(commitments.count > 60, "the sample holds months of commitments")
        #expect(commitments.allSatisfy { $0["sort_order"] == nil })

        let step = try plan.step("0002-several-commitments-a-day.json")
        // [0] catalog (no document), [1] addField commitments.sort_order = 0.
        #expect(ReferencePlan.counts(step) == [[0, 0], [commitments.count, commitments.count]])
        #expect(ReferencePlan.changed(step) == Self.labels("commitments", commitments), "every commitment changes")
        for (_, diff) in ReferencePlan.diffs(step) {
            #expect(diff == ["sort_order: (missing) → 0"])
        }
    }

    @Test("Cravey 0002 gives every usage session mood null and changes nothing else: half amounts stay halves")
    func craveyMoodKeepsAmounts() throws {
        let folder = E2EFolder()
        let plan = try plan("cravey", in: folder)
        let usage = Self.sampleDocuments("cravey", "usage")
        #expect(usage.count > 20, "the sample holds months of usage")
        let amounts: [String: Double] = Dictionary(uniqueKeysWithValues: usage.compactMap { document in
            guard let id = document["id"] as? String, let amount = (document["amount"] as? NSNumber)?.doubleValue else { return nil }
            return ("usage/\(id)", amount)
        })
        #expect(amounts.count == usage.count)
        let fractional = amounts.filter { $0.value.rounded() != $0.value }
        #expect(!fractional.isEmpty, "half joints, bowls and blunts in the sample")

        let mood = try plan.step("0002-usage-mood.json")
        #expect(ReferencePlan.counts(mood) == [[usage.count, usage.count]])
        #expect(ReferencePlan.changed(mood) == Self.labels("usage", usage))
        for (_, diff) in ReferencePlan.diffs(mood) {
            #expect(diff == ["mood: (missing) → null"])
        }

        let seeded = try plan.step("0003-seeded-once.json")
        #expect(ReferencePlan.changed(seeded).isEmpty, "0003 changes the catalog only")
        #expect(try RepoCatalog("cravey").version == 4, "no migration rounds amounts: seed 004 counts bowls, joints and blunts in halves")
    }

    @Test("every Cravey sample amount survives migrate up and rollback byte for byte")
    func craveyAmountsSurviveUpAndRollback() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let amounts = { () -> [String: String] in
            var found: [String: String] = [:]
            for file in E2EFiles.files(under: store.appendingPathComponent("data/usage")) where file.hasSuffix(".json") {
                let text = E2EFiles.text(store.appendingPathComponent("data/usage/\(file)")) ?? ""
                let line = text.components(separatedBy: "\n").first { $0.contains("\"amount\":") } ?? ""
                found[String(file.split(separator: "/").last!)] = line.trimmingCharacters(in: .whitespaces)
            }
            return found
        }
        let before = amounts()
        #expect(before.values.contains { $0.contains(".5") }, "half amounts in the sample")
        let up = try run(["migrate", "up", "--store", store.path, "--migrations", E2ERepository.migrations("cravey").path,
                          "--schema", E2ERepository.schema("cravey").path])
        #expect(up.exit == 0, "\(up)")
        #expect(amounts() == before, "migrate up keeps every amount as written")
        #expect(try run(["check", "--store", store.path]).exit == 0, "and the current schema accepts them")
        let rollback = try run(["migrate", "rollback", "--store", store.path])
        #expect(rollback.exit == 0, "\(rollback)")
        #expect(amounts() == before, "rollback too")
    }

    @Test("Elaro 0002 fills in a missing template source; every sample template already names one")
    func elaroTemplateSource() throws {
        let folder = E2EFolder()
        let plan = try plan("elaro", in: folder)
        let templates = Self.sampleDocuments("elaro", "action-templates")
        #expect(templates.count >= 8, "the sample holds the seeded templates")
        let withoutSource = templates.filter { $0["source"] == nil }
        #expect(withoutSource.isEmpty, "the version-1 sample templates carry source Elaro already")

        let step = try plan.step("0002-template-source.json")
        // addField never overwrites: all templates are looked at, none changes.
        #expect(ReferencePlan.counts(step) == [[templates.count, withoutSource.count]])
        #expect(ReferencePlan.changed(step) == Self.labels("action-templates", withoutSource))
    }

    @Test("MIGA 0002 moves usage events to month folders without changing them; 0003 renames the FRE phase")
    func migaMonthFoldersAndPhaseNames() throws {
        let folder = E2EFolder()
        let plan = try plan("miga", in: folder)
        #expect(try RepoCatalog(sampleOf: "miga").layouts.first { $0.name == "usage-events" }?.layout == "day")
        #expect(try RepoCatalog("miga").layouts.first { $0.name == "usage-events" }?.layout == "month")

        let repartition = try plan.step("0002-usage-events-by-month.json")
        #expect(ReferencePlan.changed(repartition).isEmpty, "a repartition moves files; no document changes")
        // The demo printed "0 matched, 0 changed" while every file moved: the operation counts what it refiles.
        let events = Self.sampleDocuments("miga", "usage-events").count
        #expect(events > 0 && ReferencePlan.counts(repartition) == [[events, 0]])
        #expect((repartition["operations"] as? [[String: Any]])?.first.flatMap { int($0["moved"]) } == events)

        let preferences = try #require(Self.sampleDocuments("miga", "preferences").first)
        #expect(preferences["frePhase"] as? String == "phase2Complete")
        let rename = try plan.step("0003-fre-phase-names.json")
        #expect(ReferencePlan.counts(rename) == [[1, 1]])
        #expect(ReferencePlan.changed(rename) == ["preferences"])
        #expect(ReferencePlan.diffs(rename)["preferences"] == [#"frePhase: "phase2Complete" → "appsHidden""#])
    }
}
