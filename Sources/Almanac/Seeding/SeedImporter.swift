import Foundation

/// Imports seed files idempotently, by contentVersion (``Store/importSeeds(_:dryRun:)``).
struct SeedImporter {
    let store: Store
    /// Told of each seed document weighed against the store (phase `planning`).
    var progress: ProgressHandler?

    @discardableResult
    func importSeeds(_ files: [SeedFile], dryRun: Bool = false) throws -> SeedImportReport {
        if dryRun {
            return try store.readingOneVersion {
                try store.writer.dryRun { transaction in
                    let planned = try seedImportPlan(files)
                    try put(planned, into: transaction)
                    return SeedImportReport(dryRun: true, files: planned.reports)
                }
            }
        }
        let result = try importSeedsWithShortLock(files)
        for file in result.files where file.recorded {
            DeviceHistory.record("seed-import", ["file": .string(file.fileName), "collection": .string(file.collection), "contentVersion": .number(JSONNumber(file.contentVersion))], root: store.root)
        }
        return result
    }

    /// Plans the import without the writers' lock (reading every stored document of the
    /// seeded collections, validating every seed document) and takes it only to commit, after
    /// checking that nobody committed meanwhile; otherwise plans again from the new state.
    private func importSeedsWithShortLock(_ files: [SeedFile]) throws -> SeedImportReport {
        try store.planningWithoutLock(kind: "seed", plan: { try seedImportPlan(files) }, unchanged: { planned in
            planned.writes.isEmpty && planned.seeds == nil && planned.seedValues == nil ? SeedImportReport(dryRun: false, files: planned.reports) : nil
        }, commit: { planned, transaction in
            try put(planned, into: transaction)
            transaction.crashPointKind = "seed"
            return SeedImportReport(dryRun: false, files: planned.reports)
        }).outcome
    }

    /// The import's report and change, as the store is now.
    private func seedImportPlan(_ files: [SeedFile]) throws -> SeedImportPlan {
        let manifest = try Manifest.required(in: store.root)
        var records = manifest.seeds
        let deletions = SeedDeletion.byKey(manifest.seedDeletions)
        /// What the seed last wrote into each seeded document; changed as documents are written.
        var seeded = SeededValues.byKey(manifest.seedValues)
        var seededChanged = false
        /// Keys of deletion records an import of a newer content version ends (`add-again`).
        var endedDeletions: Set<String> = []
        /// Collections that held a seeded document before the import (for `when-none-seeded`).
        var heldSeeded: Set<String> = []
        var writes: [PreparedWrite] = []
        var reports: [SeedImportReport.File] = []
        /// collection → id key → stored document, as the import so far leaves it.
        var storedByCollection: [String: [String: JSONValue]] = [:]
        let total = files.reduce(0) { $0 + $1.documents.count }
        let planning = ProgressCounter(progress, phase: "planning", total: total)

        for file in files {
            let descriptor: CollectionDescriptor
            do {
                descriptor = try store.collection(named: file.collection)
            } catch let error as AlmanacError {
                throw error.at(path: file.path).prefixed("seed file for an unknown collection: ")
            }
            guard descriptor.isSeeded, !descriptor.isSingleton else {
                throw AlmanacError(
                    .invalidArgument,
                    "collection \(descriptor.name) is not seeded content in the store's \(store.app) catalog (schema/catalog.json in the store, version \(store.schemaVersion)); seed files are for collections marked \"seeded\" there, and a store learns of a change to the app's catalog only by migrating",
                    path: file.path, pointer: "/collection")
            }
            if storedByCollection[descriptor.name] == nil {
                var stored: [String: JSONValue] = [:]
                for document in try store.documents(json: descriptor.name) {
                    stored[DocumentID.key(document.location.id ?? "")] = document.value
                    if descriptor.isSeedDocument(document.value) { heldSeeded.insert(descriptor.name) }
                }
                storedByCollection[descriptor.name] = stored
            }
            var report = SeedImportReport.File(fileName: file.fileName, collection: descriptor.name, contentVersion: file.contentVersion,
                                               inserted: [], updated: [], unchanged: 0, userDocumentsKept: [], missingFromFile: [],
                                               keptDeleted: [], notAdded: [], keptEdits: [], recorded: false)
            var inFile: Set<String> = []
            for (index, document) in file.documents.enumerated() {
                planning?.advance()
                let id = document["id"]?.stringValue ?? ""
                let key = DocumentID.key(id)
                inFile.insert(key)
                var next = document
                if let existing = storedByCollection[descriptor.name]?[key] {
                    if !descriptor.isSeedDocument(existing) {
                        report.userDocumentsKept.append(id)
                        continue
                    }
                    let recordKey = SeedDeletion.key(collection: descriptor.name, id: id)
                    guard let storedVersion = SeedFile.version(existing["contentVersion"]),
                          let seedVersion = SeedFile.version(document["contentVersion"]), storedVersion < seedVersion
                    else {
                        // Seeded before records were kept, at this very version: the file's values
                        // are what was written, so they are recorded now, once.
                        if seeded[recordKey] == nil, let version = SeedFile.version(document["contentVersion"]),
                           SeedFile.version(existing["contentVersion"]) == version {
                            seeded[recordKey] = SeededValues(collection: descriptor.name, seed: document, contentVersion: version)
                            seededChanged = true
                        }
                        report.unchanged += 1
                        continue
                    }
                    next = keepingUserOwnedFields(of: existing, in: document, descriptor: descriptor)
                    if let previous = seeded[recordKey] {
                        let kept = keepingUserEdits(of: existing, in: &next, previous: previous, seed: document, descriptor: descriptor)
                        if !kept.isEmpty { report.keptEdits.append(.init(id: id, fields: kept)) }
                    }
                    seeded[recordKey] = SeededValues(collection: descriptor.name, seed: document, contentVersion: seedVersion)
                    seededChanged = true
                    if next == existing {
                        report.unchanged += 1
                        continue
                    }
                    report.updated.append(id)
                } else {
                    let deletion = deletions[SeedDeletion.key(collection: descriptor.name, id: id)]
                    if let deletion {
                        let seedVersion = SeedFile.version(document["contentVersion"]) ?? 0
                        guard descriptor.whenUserDeletes == .addAgain, seedVersion > deletion.contentVersion else {
                            report.keptDeleted.append(id)
                            continue
                        }
                    }
                    if descriptor.addNew == .whenNoneSeeded, heldSeeded.contains(descriptor.name) {
                        report.notAdded.append(id)
                        continue
                    }
                    if let deletion { endedDeletions.insert(deletion.key) }
                    report.inserted.append(id)
                    if let version = SeedFile.version(document["contentVersion"]) {
                        let record = SeededValues(collection: descriptor.name, seed: document, contentVersion: version)
                        seeded[record.key] = record
                        seededChanged = true
                    }
                }
                do {
                    let write = try store.writer.prepare(next, in: descriptor)
                    try store.writer.checkUnique(write, against: writes)
                    writes.append(write)
                } catch var error as AlmanacError {
                    error.path = file.path
                    error.id = id
                    if let pointer = error.pointer { error.pointer = "/documents/\(index)" + pointer }
                    throw error.prefixed("document \"\(id)\": ")
                }
                storedByCollection[descriptor.name]?[key] = next
            }
            report.missingFromFile = (storedByCollection[descriptor.name] ?? [:])
                .filter { !inFile.contains($0.key) && descriptor.isSeedDocument($0.value) }
                .compactMap { $0.value["id"]?.stringValue }.sorted()

            let alreadyRecorded = records.contains { $0["file"]?.stringValue == file.fileName && $0["checksum"]?.stringValue == file.checksum }
            report.recorded = !report.inserted.isEmpty || !report.updated.isEmpty || !alreadyRecorded
            if report.recorded {
                records.append(.object([
                    "file": .string(file.fileName), "checksum": .string(file.checksum),
                    "collection": .string(descriptor.name), "source": .string(file.source),
                    "contentVersion": .number(JSONNumber(file.contentVersion)),
                    "inserted": .number(JSONNumber(report.inserted.count)), "updated": .number(JSONNumber(report.updated.count)),
                    "unchanged": .number(JSONNumber(report.unchanged)),
                    "userDocumentsKept": .number(JSONNumber(report.userDocumentsKept.count)),
                    "missingFromFile": .number(JSONNumber(report.missingFromFile.count)),
                ]))
            }
            reports.append(report)
        }
        let keptDeletions = endedDeletions.isEmpty ? nil
            : manifest.seedDeletions.filter { record in SeedDeletion(record).map { !endedDeletions.contains($0.key) } ?? true }
        let unreadable = manifest.seedValues.filter { SeededValues($0) == nil }
        let values = seededChanged ? seeded.values.sorted { $0.key < $1.key }.map(\.json) + unreadable : nil
        return SeedImportPlan(reports: reports, writes: writes, seeds: reports.contains(where: \.recorded) ? records : nil,
                              seedDeletions: keptDeletions, seedValues: values)
    }

    /// The seed's document with the stored values of the collection's user-owned fields.
    private func keepingUserOwnedFields(of stored: JSONValue, in seed: JSONValue, descriptor: CollectionDescriptor) -> JSONValue {
        guard case .object(var members) = seed else { return seed }
        for field in descriptor.userOwnedFields {
            if let value = stored[field] { members[field] = value }
        }
        return .object(members)
    }

    /// Keeps in `next` (the seed's new document) the stored value of every field the user
    /// changed since the seed last wrote it (`previous`), user-owned fields aside (already
    /// kept); returns the fields whose kept value differs from the seed's new one.
    private func keepingUserEdits(of stored: JSONValue, in next: inout JSONValue, previous: SeededValues, seed: JSONValue,
                                  descriptor: CollectionDescriptor) -> [String] {
        guard case .object(var members) = next, case .object(let old) = stored else { return [] }
        let owned = Set(descriptor.userOwnedFields)
        var kept: [String] = []
        for field in Set(old.keys).union(seed.objectValue?.keys ?? [:].keys).sorted()
        where !SeededValues.notFields.contains(field) && !owned.contains(field) {
            guard previous.fields[field] != nil else {
                // Not the seed's before (a migration added or renamed it): the seed's value now
                // where the file gives one, else what the document holds.
                if seed[field] == nil, let value = old[field] { members[field] = value }
                continue
            }
            guard !previous.isUntouched(field, stored: old[field]) else { continue }
            members[field] = old[field]
            if old[field] != seed[field] { kept.append(field) }
        }
        next = .object(members)
        return kept
    }

    /// Puts a planned import into `transaction`: its documents, and its record in `store.json`.
    private func put(_ planned: SeedImportPlan, into transaction: Transaction) throws {
        for write in planned.writes { try transaction.put(write) }
        if let seeds = planned.seeds { try transaction.updateManifest { $0.seeds = seeds } }
        if let deletions = planned.seedDeletions { try transaction.updateManifest { $0.seedDeletions = deletions } }
        if let values = planned.seedValues { try transaction.updateManifest { $0.seedValues = values } }
    }
}

/// What a seed import writes: its documents, and the store's new list of imported seed files.
private struct SeedImportPlan {
    var reports: [SeedImportReport.File]
    var writes: [PreparedWrite]
    /// `store.json`'s `seeds`, when the import records a file there.
    var seeds: [JSONValue]?
    /// `store.json`'s `seedDeletions`, when the import adds a deleted document again (`add-again`).
    var seedDeletions: [JSONValue]?
    /// `store.json`'s `seedValues`, when the import wrote a seeded document or recorded one.
    var seedValues: [JSONValue]?
}
