/// The documents a delete removes and the referring documents it changes.
struct DeletePlan {
    /// key → the document's location as the transaction sees it.
    var deleted: [String: DocumentLocation] = [:]
    /// key → the referring document with the reference set to null.
    var nullified: [String: JSONValue] = [:]
    var report: DeleteReport
}

extension ReadTransaction {
    /// Works out the documents to delete, nullify and cascade, as this transaction sees the store.
    ///
    /// - Parameter overridingFinalStates: delete documents whose one-way field (a catalog
    ///   `transitions` rule) has reached a final value; without it such a delete is refused,
    ///   since deleting and saving again would rewrite what the rule keeps.
    func deletePlan(_ selection: DeleteSelection, overridingFinalStates: Bool = false) throws -> DeletePlan {
        var targets: [StoredDocument] = []
        switch selection {
        case .all:
            preconditionFailure("deleting everything is planned by the store")
        case .collection(let name, let days, let condition):
            targets = try documents(json: try reader.collection(named: name).name, days: days, where: condition)
        case .document(let name, let id):
            let descriptor = try reader.collection(named: name)
            if !descriptor.isSingleton { try DocumentID.validate(id, collection: name) }
            guard let document = try current(descriptor, id: descriptor.isSingleton ? nil : id) else {
                throw AlmanacError(.notFound, "no \(name) document \"\(id)\"", id: id)
            }
            targets = [document]
        }
        var plan = DeletePlan(report: DeleteReport(dryRun: false, deleted: [], nullified: [], attachments: 0, removedArchiveAndBackup: false))
        var nullifiedFields: [String] = []
        var queue = targets
        var referrers: [String: [StoredDocument]] = [:]
        /// Documents a `restrict` reference keeps from being deleted: the referrer, the reference, the target.
        var blockers: [(key: String, label: String, field: String, target: String, targetLocation: DocumentLocation)] = []
        while let target = queue.popLast() {
            let key = PendingChange.key(target.location.collection, target.location.id)
            guard plan.deleted[key] == nil else { continue }
            plan.deleted[key] = target.location
            plan.nullified[key] = nil
            let descriptor = try reader.collection(named: target.location.collection)
            if !overridingFinalStates { try Self.refuseFinalState(of: target, in: descriptor) }
            if pending.removals[key] == nil, let stored = try storedLocation(descriptor, id: target.location.id) {
                plan.report.attachments += try reader.attachments(at: stored, readingBytes: false).count
            }
            guard let id = target.location.id else { continue }
            for referring in reader.catalog.collections {
                for reference in referring.references where reference.collection == target.location.collection {
                    if referrers[referring.name] == nil { referrers[referring.name] = try documents(json: referring.name) }
                    for document in referrers[referring.name] ?? []
                    where document.value[reference.field]?.stringValue.map(DocumentID.key) == DocumentID.key(id) {
                        let label = "\(referring.name)/\(document.location.id ?? "")"
                        let referringKey = PendingChange.key(referring.name, document.location.id)
                        switch reference.onDelete {
                        case .restrict:
                            blockers.append((referringKey, label, reference.field, "\(target.location.collection)/\(id)", target.location))
                        case .cascade:
                            queue.append(document)
                        case .nullify:
                            guard plan.deleted[referringKey] == nil, case .object(var members) = plan.nullified[referringKey] ?? document.value else { continue }
                            members[reference.field] = .null
                            plan.nullified[referringKey] = .object(members)
                            nullifiedFields.append("\(label) \(reference.field)")
                        }
                    }
                }
            }
        }
        // A referrer the same delete removes (a cascade, the same selection) blocks nothing.
        let blocking = blockers.filter { plan.deleted[$0.key] == nil }.sorted { $0.label < $1.label }
        if let first = blocking.first {
            let list = blocking.map { "\($0.label) (\"\($0.field)\" → \($0.target))" }.joined(separator: ", ")
            // The error is about the document being deleted: its path leads, the referrers follow.
            throw AlmanacError(
                .deleteRestricted,
                "\(first.target) cannot be deleted: the catalog restricts deleting what other documents refer to, and \(blocking.count == 1 ? "1 document refers" : "\(blocking.count) documents refer") to what this delete removes: \(list); delete or change \(blocking.count == 1 ? "it" : "them") first",
                path: first.targetLocation.relativePath, id: first.targetLocation.id)
        }
        plan.report.deleted = plan.deleted.values.map { location in location.id.map { "\(location.collection)/\($0)" } ?? location.collection }.sorted()
        plan.report.nullified = nullifiedFields.sorted()
        return plan
    }

    /// Refuses deleting a document whose `transitions` field holds a final value (one the rule
    /// moves to and never from) under `keepFinal`, or any value a transition leads to under
    /// `keepMoved`: Pressure's MISSED commitment, or MIGA's finished first run, deleted and saved
    /// again at the start, would otherwise undo the one-way rule.
    static func refuseFinalState(of document: StoredDocument, in collection: CollectionDescriptor) throws {
        for rule in collection.rules {
            guard case .transitions(let field, let allowed, let keepsFinal, _, let keepsMoved)? = rule.check,
                  let value = document.value[field]?.stringValue
            else { continue }
            // A value some transition leads to: the document has moved on to it.
            let reached = allowed.values.contains { $0.contains(value) }
            let why: String
            if keepsFinal, reached, allowed[value] == nil {
                why = "\(field) is \(value), a final value"
            } else if keepsMoved, reached {
                why = "\(field) is \(value), which it only reaches by moving on"
            } else {
                continue
            }
            throw rule.error(
                at: document.location, pointer: "/" + field,
                "\(why): the document is kept so that its \(field) can never be rewritten by deleting it and saving it again. Delete it anyway by overriding final states (store.delete(_:overridingFinalStates: true)); deleting everything and retention remove it too").with(.overrideFinalStates)
        }
    }
}
