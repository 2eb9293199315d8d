import Foundation

/// Applies the catalog's retention rules as one change (``Store/applyRetention(asOf:dryRun:)``).
struct RetentionRunner {
    let store: Store
    /// Told of each document old enough for a rule that is read (phase `reading`).
    var progress: ProgressHandler?

    @discardableResult
    func applyRetention(asOf day: CalendarDate? = nil, dryRun: Bool = false) throws -> RetentionReport {
        let asOf = day ?? store.calendar.day(of: Date())
        if dryRun {
            return try store.readingOneVersion {
                try store.writer.dryRun { transaction in
                    let plan = try retentionPlan(asOf: asOf)
                    try putRetention(plan, asOf: asOf, into: transaction)
                    return RetentionReport(asOf: asOf, dryRun: true, rules: plan.rules)
                }
            }
        }
        // Planned without the writers' lock; committed holding it if nobody committed meanwhile.
        let (report, committed) = try store.planningWithoutLock(kind: "retention", plan: { try retentionPlan(asOf: asOf) }, unchanged: { plan in
            plan.isEmpty ? RetentionReport(asOf: asOf, dryRun: false, rules: plan.rules) : nil
        }, commit: { plan, transaction in
            try putRetention(plan, asOf: asOf, into: transaction)
            transaction.crashPointKind = "retention"
            return RetentionReport(asOf: asOf, dryRun: false, rules: plan.rules)
        })
        if committed { DeviceHistory.record("retention", ["asOf": .string(asOf.description)], root: store.root) }
        return report
    }

    /// What a run would do: the report's entries and, per document, its fate.
    private func retentionPlan(asOf: CalendarDate) throws -> RetentionPlan {
        var plan = RetentionPlan()
        for catalogued in store.catalog.collections where !catalogued.retention.isEmpty {
            // The user's settings first: a rule they turned off takes nothing (its cutoff is the first day).
            var descriptor = catalogued
            let firstDay = CalendarDate(year: 1, month: 1, day: 1)!
            var cutoffs: [CalendarDate] = []
            for (index, rule) in catalogued.retention.enumerated() {
                let value = try rule.setting.map { try store.document(json: "", in: $0.collection)?.value[$0.field] } ?? nil
                let resolved = rule.resolved(setting: value)
                descriptor.retention[index] = resolved ?? rule
                cutoffs.append(resolved?.cutoff(asOf: asOf) ?? firstDay)
            }
            var ids = Array(repeating: [String](), count: cutoffs.count)
            for candidate in try retentionCandidates(in: descriptor, before: cutoffs.max()!) {
                let id = candidate.location.id ?? ""
                if let leaving = descriptor.retention.indices.first(where: {
                    descriptor.retention[$0].action != .clear && candidate.day < cutoffs[$0]
                }) {
                    ids[leaving].append(id)
                    let action = descriptor.retention[leaving].action
                    plan.leaving.append((candidate.location, action == .archive ? candidate.bytes : nil))
                    continue
                }
                var members = candidate.members
                for (index, rule) in descriptor.retention.enumerated() where rule.action == .clear && candidate.day < cutoffs[index] {
                    let present = rule.fields.filter { members[$0] != nil }
                    guard !present.isEmpty else { continue }
                    for field in present { members[field] = nil }
                    ids[index].append(id)
                }
                guard members != candidate.members else { continue }
                plan.cleared.append((descriptor, candidate.location, members))
            }
            for (index, rule) in descriptor.retention.enumerated() {
                plan.rules.append(.init(collection: descriptor.name, index: index, rule: rule, cutoff: cutoffs[index], ids: ids[index].sorted()))
            }
        }
        return plan
    }

    /// The documents of `descriptor` dated before `cutoff`, read from the date folders that can hold them.
    private func retentionCandidates(in descriptor: CollectionDescriptor, before cutoff: CalendarDate) throws -> [RetentionCandidate] {
        let first = CalendarDate(year: 1, month: 1, day: 1)!
        guard first < cutoff else { return [] }
        let days = first...cutoff.adding(days: -1)
        let filing = store.filing
        let listing = try store.reader.documentFiles(in: descriptor, days: descriptor.partition == Partition.none ? nil : days)
        let counter = ProgressCounter(progress, phase: "reading \(descriptor.name)", total: listing.count)
        let found: [RetentionCandidate?] = try listing
            .parallelMap(chunkState: { FolderCursor(reader: store.reader) }) { cursor, files in
                defer { counter?.advance() }
                // A document a sync left in several versions stays until they are resolved:
                // archiving one would drop the others (check and every read report it).
                guard !files.hasVersions else { return nil }
                let location = files.first
                guard location.copyName == nil, let bytes = try cursor.folder(location.folderPath)?.readFile(location.fileName) else { return nil }  // removed meanwhile
                do {
                    let value = try JSONParser.parse(bytes).value
                    guard case .object(let members) = value else {
                        throw AlmanacError(.invalidDocument, "a document must be a JSON object, found \(value.typeName)", id: location.id)
                    }
                    guard let date = try filing.filingDate(of: members, in: descriptor, id: location.id) else { return nil }
                    let day = date.day(in: filing.calendar)
                    guard day < cutoff else { return nil }
                    return RetentionCandidate(location: location, bytes: bytes, members: members, day: day)
                } catch let error as AlmanacError {
                    throw error.at(path: location.relativePath)
                }
            }
        return found.compactMap { $0 }
    }

    /// Puts the plan into `transaction`, with its record in `store.json`.
    private func putRetention(_ plan: RetentionPlan, asOf: CalendarDate, into transaction: Transaction) throws {
        for (descriptor, location, members) in plan.cleared {
            do {
                try transaction.put(try store.writer.prepare(.object(members), in: descriptor))
            } catch let error as AlmanacError {
                throw RetentionRunner.clearFailure(error, at: location)
            }
        }
        for (location, archivedBytes) in plan.leaving {
            try transaction.remove(location)
            guard let bytes = archivedBytes, let id = location.id else { continue }
            let folder = ["archive", location.collection] + location.folders
            // An id is one document: an archived copy the live one superseded (it was put back
            // by hand, or before saves brought archived ids back) is replaced by the live one —
            // merged with it field by field, since on a synced store the archived copy may hold
            // another device's last edit (it archived while this one edited).
            var archived = bytes
            let descriptor = try store.collection(named: location.collection)
            if let other = try store.reader.archivedLocation(of: id, in: descriptor) {
                if let otherBytes = try store.reader.openFolders(["archive", other.collection] + other.folders)?.readFile(other.fileName), otherBytes != bytes,
                   let live = try? JSONParser.parse(bytes).value, let old = try? JSONParser.parse(otherBytes).value {
                    archived = CanonicalJSON.prettyBytes(VersionMerge.liveAndArchived(live, archived: old, base: store.reader.mergeBase(of: id, in: location.collection),
                                                                                       modifiedField: descriptor.modifiedField))
                }
                if other.folders != location.folders {
                    try transaction.removeFile(atPath: (["archive", other.collection] + other.folders + [other.fileName]).joined(separator: "/"))
                }
            }
            try transaction.writeFile(archived, named: location.fileName, in: folder)
        }
        let report = RetentionReport(asOf: asOf, dryRun: false, rules: plan.rules)
        // The last run that changed the store (a run that changes nothing writes nothing).
        try transaction.updateManifest { manifest in
            manifest.retention = .object([
                "asOf": .string(asOf.description),
                "archived": .number(JSONNumber(report.archived)),
                "cleared": .number(JSONNumber(report.cleared)),
                "deleted": .number(JSONNumber(report.deleted)),
            ])
        }
    }

    /// A cleared document its schema refuses: the error, naming the file, and what to change.
    private static func clearFailure(_ error: AlmanacError, at location: DocumentLocation) -> AlmanacError {
        var failure = error.at(path: location.relativePath)
        failure.message = "without the fields a retention rule clears, the document would break its schema: \(error.message); "
            + "take the field out of the rule's fields, or make it optional in the schema"
        return failure
    }
}

/// The fate of every document a retention run touches.
private struct RetentionPlan {
    var rules: [RetentionReport.Rule] = []
    /// Documents leaving `data/`, with their bytes when they are archived.
    var leaving: [(location: DocumentLocation, archivedBytes: [UInt8]?)] = []
    /// Documents that stay, with the members they keep.
    var cleared: [(collection: CollectionDescriptor, location: DocumentLocation, members: [String: JSONValue])] = []

    var isEmpty: Bool { leaving.isEmpty && cleared.isEmpty }
}

/// A document old enough for at least one rule of its collection.
private struct RetentionCandidate: Sendable {
    var location: DocumentLocation
    var bytes: [UInt8]
    var members: [String: JSONValue]
    var day: CalendarDate
}
