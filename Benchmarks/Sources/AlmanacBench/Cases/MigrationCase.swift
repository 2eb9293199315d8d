import Almanac
import Foundation

/// Case 8: a schema migration that renames a field (`targetAppName` → `appName`) in every
/// usage event of the 3-year store (100,000 in a full run).
///
/// - Almanac: `Migrator(migrations:targetSchema:).migrate(storeAt:)` from version 1 to 2 on a fresh copy
///   of the store: it reads every document, renames the field, validates every result against
///   the version-2 schema, writes the changed documents into a staging folder, makes it durable
///   with one `syncfs` and swaps it in.
/// - bare: ``BareMigrator``, the read → `JSONSerialization` → rename → serialize → temporary
///   file → rename loop over a fresh copy of the same files, one `syncfs` at the end; no
///   validation. The harness keeps a second hard link to each original (see
///   ``migrateBare(template:set:at:keepingOriginals:)``), so the old version stays on disk as
///   Almanac's backup does; the `bareFreeingInodesMs` fact is one run without those links, last.
/// - SQLite: `UPDATE docs SET body = json_set(json_remove(body, '$.targetAppName'), '$.appName',
///   json_extract(body, '$.targetAppName'))` in one transaction, commit included, on a fresh
///   database of the same documents (WAL, `synchronous=FULL`).
///
/// Each measurement gets its own copy (made, flushed with `sync` and read once whole before the
/// clock starts, so every side starts from the same warm page cache); nothing made here is
/// removed before the end of the run. The warm-up migrates a tenth of the documents.
struct MigrationCase: BenchmarkCase {
    static let name = "migration"
    /// The field renamed, and its new name.
    static let from = "targetAppName", to = "appName"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let fixture = try workspace.fixture("3y")
        let events = fixture.events
        let count = events.documents.count
        let warmUp = events.prefix(max(1, count / 10))
        let rounds = workspace.sizes.batchRepetitions
        workspace.log("\(Self.name): rename \(Self.from) to \(Self.to) in \(count) usage-events (warm-up: \(warmUp.documents.count))")

        // The stores copied for each measurement: the 3-year store (untouched by the read
        // cases) and, for the warm-up, a store of its first tenth.
        let warmUpTemplate = workspace.newPath("migration-template")
        do {
            let store = try workspace.stores.create(for: UsageEvent.self, at: warmUpTemplate)
            try store.save(contentsOf: warmUp.documents)
            store.finishWriting()
        }
        let version2 = try writeVersion2(in: workspace)
        let migrations = try MigrationSet(folder: version2.migrations)
        try migrations.requireNoProblems()

        var cpu: [Side: [Double]] = [:]
        var reported: [Double] = []
        var written = 0, kept = 0, changed = 0
        let repeater = workspace.repeater(flushBetween: true, repetitions: rounds)
        let values = try repeater.run(workspace.options.sides) { side, phase in
            let (template, set) = phase == .warmUp ? (warmUpTemplate, warmUp) : (fixture.store, events)
            let expected = set.documents.count
            let path = workspace.newPath("migration-\(side.rawValue)")
            let seconds: Double, cpuSeconds: Double
            switch side {
            case .almanac:
                try copy(template, to: path)
                try settle(reading: path.path)
                let start = POSIX.now(), startCPU = POSIX.cpuSeconds()
                let result = try Migrator(migrations: migrations, targetSchema: version2.schema).migrate(storeAt: path)
                seconds = POSIX.now() - start
                cpuSeconds = POSIX.cpuSeconds() - startCPU
                guard result.fromVersion == 1, result.toVersion == 2, result.documentsChanged == expected, result.documentsWritten == expected else {
                    throw BenchError("""
                        \(Self.name): Almanac migrated \(result.fromVersion) → \(result.toVersion), changed \(result.documentsChanged), \
                        wrote \(result.documentsWritten) and kept \(result.documentsKept) documents; expected 1 → 2 with \(expected) changed and written
                        """)
                }
                let manifest = try JSONValue(parsing: [UInt8](Data(contentsOf: path.appendingPathComponent("store.json"))))
                guard manifest["schemaVersion"]?.numberValue?.int64Value == 2 else {
                    throw BenchError("\(Self.name): the migrated store's store.json is not at schemaVersion 2")
                }
                try checkRenamed(set, collectionFolder: path.appendingPathComponent("data/\(UsageEvent.collection)"), side: side)
                if phase != .warmUp {
                    reported.append(result.duration)
                    (written, kept, changed) = (result.documentsWritten, result.documentsKept, result.documentsChanged)
                }
            case .bare:
                (seconds, cpuSeconds) = try migrateBare(template: template, set: set, at: path, keepingOriginals: true)
            case .sqlite:
                let file = path.path + ".db"
                let database = try SQLiteMigration(path: file, documents: set.prepared)
                sync()
                for suffix in ["", "-wal", "-shm"] { try POSIX.readFile(atPath: file + suffix) }
                let start = POSIX.now(), startCPU = POSIX.cpuSeconds()
                let rows = try database.renameField(from: Self.from, to: Self.to)
                seconds = POSIX.now() - start
                cpuSeconds = POSIX.cpuSeconds() - startCPU
                let left = try database.rowsNotRenamed(from: Self.from, to: Self.to)
                guard rows == expected, left == 0 else {
                    throw BenchError("\(Self.name): SQLite updated \(rows) rows (expected \(expected)); \(left) rows not renamed")
                }
                for index in samples(of: set) {
                    let document = set.documents[index]
                    guard try database.text(of: Self.to, id: document.id.uuidString) == document.targetAppName,
                          try database.text(of: Self.from, id: document.id.uuidString) == nil
                    else { throw BenchError("\(Self.name): SQLite's row \(document.id) was not renamed") }
                }
            }
            if phase != .warmUp { cpu[side, default: []].append(cpuSeconds) }
            return seconds
        }

        // Almanac again, changing a hundredth of the documents (the oldest, by a `where` on
        // their timestamp), as often as the rounds: what a migration costs follows what it
        // changes, beside the full rename measured above (acceptance 8 of issue 57).
        var onePercent: [Double] = []
        var onePercentChanged = 0
        let (fewMigrations, sameSchema, bound) = try writeOnePercentMigration(events, in: workspace)
        if workspace.options.sides.contains(.almanac) {
            let set = try MigrationSet(folder: fewMigrations)
            try set.requireNoProblems()
            for round in 0..<rounds {
                let path = workspace.newPath("migration-almanac-one-percent")
                try copy(fixture.store, to: path)
                try settle(reading: path.path)
                let start = POSIX.now()
                let result = try Migrator(migrations: set, targetSchema: sameSchema).migrate(storeAt: path)
                onePercent.append(POSIX.now() - start)
                onePercentChanged = result.documentsChanged
                guard result.toVersion == 2, result.documentsChanged == bound.expected else {
                    throw BenchError("\(Self.name): the one-percent migration changed \(result.documentsChanged) documents, expected \(bound.expected)")
                }
                workspace.log("  almanac, one percent (round \(round + 1)): \(String(format: "%.4g", onePercent.last!)) s, \(result.documentsChanged) changed")
            }
        }
        var sqliteOnePercent: [Double] = []
        if workspace.options.sides.contains(.sqlite) {
            for round in 0..<rounds {
                let file = workspace.newPath("migration-sqlite-one-percent").path + ".db"
                let database = try SQLiteMigration(path: file, documents: events.prepared)
                sync()
                for suffix in ["", "-wal", "-shm"] { try POSIX.readFile(atPath: file + suffix) }
                let start = POSIX.now()
                let rows = try database.setField(Self.from, to: "Renamed", whereDate: UsageEvent.dateField, before: bound.timestamp)
                sqliteOnePercent.append(POSIX.now() - start)
                guard rows == bound.expected else {
                    throw BenchError("\(Self.name): SQLite's one-percent update changed \(rows) rows, expected \(bound.expected)")
                }
                workspace.log("  sqlite, one percent (round \(round + 1)): \(String(format: "%.4g", sqliteOnePercent.last!)) s, \(rows) changed")
            }
        }

        // Last, once: the bare loop with nothing else holding the originals, so that each
        // rename over a file frees its inode, as in an app. Nothing measured comes after it.
        var freeing: Double?
        if workspace.options.sides.contains(.bare) {
            sync()
            let path = workspace.newPath("migration-bare-freeing")
            freeing = try migrateBare(template: fixture.store, set: events, at: path, keepingOriginals: false).seconds
            workspace.log("  bare, freeing the old inodes (once, last): \(String(format: "%.4g", freeing!))")
        }

        var facts: [String: Double] = ["documents": Double(count)]
        if let freeing {
            facts["bareFreeingInodesMs"] = freeing * 1000
            if let almanac = values[.almanac] { facts["almanacOverBareFreeingInodes"] = Statistics(almanac).median / freeing }
        }
        for (side, seconds) in values {
            facts["\(side.rawValue)DocumentsPerSecond"] = Double(count) / Statistics(seconds).median
        }
        for (side, seconds) in cpu {
            facts["\(side.rawValue)CpuMs"] = Statistics(seconds).median * 1000
        }
        if !onePercent.isEmpty, let all = values[.almanac] {
            facts["almanacOnePercentMs"] = Statistics(onePercent).median * 1000
            facts["almanacOnePercentChanged"] = Double(onePercentChanged)
            facts["almanacOnePercentOverAll"] = Statistics(onePercent).median / Statistics(all).median
        }
        if !sqliteOnePercent.isEmpty, let all = values[.sqlite] {
            facts["sqliteOnePercentMs"] = Statistics(sqliteOnePercent).median * 1000
            facts["sqliteOnePercentOverAll"] = Statistics(sqliteOnePercent).median / Statistics(all).median
        }
        if !reported.isEmpty {
            facts["almanacReportedMs"] = Statistics(reported).median * 1000
            facts["almanacDocumentsWritten"] = Double(written)
            facts["almanacDocumentsKept"] = Double(kept)
            facts["almanacDocumentsChanged"] = Double(changed)
        }
        return [CaseResult(
            name: Self.name, title: Self.name, work: "\(count) docs, rename 1 field",
            unit: "ms", values: milliseconds(values), facts: facts)]
    }

    /// The bare loop on a fresh copy of `template`'s collection folder at `path`; returns its
    /// elapsed and CPU seconds.
    ///
    /// With `keepingOriginals`, a second hard link to every original file is made first (untimed,
    /// in `path/originals`), so that renaming the new version over it frees no inode: the old
    /// version stays on disk, as Almanac's migration keeps it as its backup. Without the links,
    /// each rename also evicts the replaced file (truncate, free its block and inode), and on
    /// ext4 without a journal the allocator then skips every inode freed in the last 60–360
    /// seconds (`recently_deleted` in `find_inode_bit`, a block-cache lookup per skipped inode),
    /// which slows the file creations of whichever side runs next.
    private func migrateBare(template: URL, set: GeneratedSet<UsageEvent>, at path: URL, keepingOriginals: Bool) throws -> (seconds: Double, cpu: Double) {
        let data = path.appendingPathComponent("data")
        let folder = data.appendingPathComponent(UsageEvent.collection)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try copy(template.appendingPathComponent("data/\(UsageEvent.collection)"), to: folder)
        if keepingOriginals { try copy(folder, to: path.appendingPathComponent("originals"), linking: true) }
        try settle(reading: folder.path)
        var migrator = BareMigrator()
        let start = POSIX.now(), startCPU = POSIX.cpuSeconds()
        let rewritten = try migrator.renameField(in: folder.path, from: Self.from, to: Self.to, depth: UsageEvent.partitionDepth)
        let seconds = POSIX.now() - start, cpu = POSIX.cpuSeconds() - startCPU
        guard rewritten == set.documents.count else {
            throw BenchError("\(Self.name): the bare loop rewrote \(rewritten) files, expected \(set.documents.count)")
        }
        try checkRenamed(set, collectionFolder: folder, side: .bare)
        return (seconds, cpu)
    }

    /// The migrations folder (`0001-initial.json`, `0002-rename-target-app-name.json`) and the
    /// version-2 schema folder: MIGA's version-1 schema with catalog `version` 2 and, in
    /// `usage-events.schema.json`, `targetAppName` renamed to `appName` (in `properties`,
    /// `required` and the `then` that requires a non-empty name for `proceed_to_app`).
    private func writeVersion2(in workspace: Workspace) throws -> (migrations: URL, schema: URL) {
        let root = workspace.newPath("migration-v2")
        let migrations = root.appendingPathComponent("migrations"), schema = root.appendingPathComponent("schema")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: migrations, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: schema, withIntermediateDirectories: true)
        let initial: JSONValue = .object([
            "version": .number(JSONNumber(1)), "operations": .array([]),
            "description": .string("The schema MIGA shipped with: usage events in day folders."),
        ])
        let rename: JSONValue = .object([
            "version": .number(JSONNumber(2)),
            "description": .string("Rename targetAppName to appName."),
            "operations": .array([.object([
                "op": .string("renameField"), "collection": .string(UsageEvent.collection),
                "from": .string(Self.from), "to": .string(Self.to),
            ])]),
        ])
        try Data(initial.prettyJSONBytes).write(to: migrations.appendingPathComponent("0001-initial.json"))
        try Data(rename.prettyJSONBytes).write(to: migrations.appendingPathComponent("0002-rename-target-app-name.json"))

        let source = workspace.stores.schemaFolder(for: UsageEvent.app)
        for name in try fileManager.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".json") {
            var value = try JSONValue(parsing: [UInt8](Data(contentsOf: source.appendingPathComponent(name))))
            if name == "catalog.json" {
                guard case .object(var catalog) = value, catalog["version"]?.numberValue?.int64Value == 1 else {
                    throw BenchError("\(source.path)/catalog.json is not at version 1")
                }
                catalog["version"] = .number(JSONNumber(2))
                value = .object(catalog)
            } else if name == "\(UsageEvent.collection).schema.json" {
                value = try renamed(value)
            }
            try Data(value.prettyJSONBytes).write(to: schema.appendingPathComponent(name))
        }
        return (migrations, schema)
    }

    /// A migration to version 2 that sets `targetAppName` on the oldest hundredth of `set`
    /// (a `where` on the timestamp) and the version-1 schema at catalog version 2; with the
    /// number of documents it changes.
    private func writeOnePercentMigration(_ set: GeneratedSet<UsageEvent>, in workspace: Workspace) throws
        -> (migrations: URL, schema: URL, bound: (timestamp: String, expected: Int)) {
        let root = workspace.newPath("migration-one-percent")
        let migrations = root.appendingPathComponent("migrations"), schema = root.appendingPathComponent("schema")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: migrations, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: schema, withIntermediateDirectories: true)
        // Whole seconds, as the files spell their timestamps: the bound is the second after the
        // hundredth's last, so Almanac (comparing instants) and SQLite (comparing the text) agree.
        let seconds = set.documents.map { $0.timestamp.timeIntervalSince1970.rounded(.down) }.sorted()
        let bound = seconds[max(0, seconds.count / 100 - 1)] + 1
        let expected = seconds.filter { $0 < bound }.count
        let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: bound))
        let initial: JSONValue = .object(["version": .number(JSONNumber(1)), "operations": .array([]), "description": .string("MIGA's first schema.")])
        let few: JSONValue = .object([
            "version": .number(JSONNumber(2)),
            "description": .string("Name the app of the oldest hundredth of the events."),
            "operations": .array([.object([
                "op": .string("setField"), "collection": .string(UsageEvent.collection),
                "field": .string(Self.from), "value": .string("Renamed"),
                "where": .object(["field": .string(UsageEvent.dateField), "lessThan": .string(stamp)]),
            ])]),
        ])
        try Data(initial.prettyJSONBytes).write(to: migrations.appendingPathComponent("0001-initial.json"))
        try Data(few.prettyJSONBytes).write(to: migrations.appendingPathComponent("0002-name-oldest-apps.json"))
        let source = workspace.stores.schemaFolder(for: UsageEvent.app)
        for name in try fileManager.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".json") {
            var value = try JSONValue(parsing: [UInt8](Data(contentsOf: source.appendingPathComponent(name))))
            if name == "catalog.json", case .object(var catalog) = value {
                catalog["version"] = .number(JSONNumber(2))
                value = .object(catalog)
            }
            try Data(value.prettyJSONBytes).write(to: schema.appendingPathComponent(name))
        }
        return (migrations, schema, (stamp, expected))
    }

    /// The usage-events schema with `from` renamed to `to`.
    private func renamed(_ schema: JSONValue) throws -> JSONValue {
        func renameMember(_ value: JSONValue?) -> JSONValue? {
            guard case .object(var members)? = value, let member = members.removeValue(forKey: Self.from) else { return value }
            members[Self.to] = member
            return .object(members)
        }
        guard case .object(var top) = schema, top["properties"]?[Self.from] != nil,
              case .array(let required)? = top["required"], required.contains(.string(Self.from))
        else { throw BenchError("the usage-events schema has no required property \(Self.from)") }
        top["properties"] = renameMember(top["properties"])
        top["required"] = .array(required.map { $0 == .string(Self.from) ? .string(Self.to) : $0 })
        if case .object(var then)? = top["then"] {
            then["properties"] = renameMember(then["properties"])
            top["then"] = .object(then)
        }
        return .object(top)
    }

    /// Copies the folder `source` to `destination` with `cp -a` (modes kept), or with
    /// `linking`, makes `destination` a tree of hard links to `source`'s files (`cp -al`).
    private func copy(_ source: URL, to destination: URL, linking: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = [linking ? "-al" : "-a", source.path, destination.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("cp -a \(source.path) \(destination.path) failed (\(process.terminationStatus))")
        }
    }

    /// Flushes the copy to disk (so the measurement writes back only its own work) and reads
    /// it once whole (so it starts from a warm page cache, as every side does).
    private func settle(reading path: String) throws {
        sync()
        try POSIX.readTree(path)
    }

    /// About 100 documents spread over `set` (and its last one).
    private func samples(of set: GeneratedSet<UsageEvent>) -> [Int] {
        let count = set.documents.count
        return Array(stride(from: 0, to: count, by: max(1, count / 100))) + [count - 1]
    }

    /// Checks that the sampled documents' files below `collectionFolder` have `to` with the
    /// value `from` had, and no `from`.
    private func checkRenamed(_ set: GeneratedSet<UsageEvent>, collectionFolder: URL, side: Side) throws {
        for index in samples(of: set) {
            let file = collectionFolder.appendingPathComponent(set.prepared[index].relativePath)
            let value = try JSONValue(parsing: [UInt8](Data(contentsOf: file)))
            guard value[Self.to]?.stringValue == set.documents[index].targetAppName, value[Self.from] == nil else {
                throw BenchError("\(Self.name): \(side.title)'s \(file.path) was not renamed: \(String(decoding: value.compactJSONBytes, as: UTF8.self))")
            }
        }
    }
}
