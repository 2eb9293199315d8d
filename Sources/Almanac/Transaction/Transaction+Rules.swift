import Foundation

extension Transaction {
    /// The rules of one document (comparisons between its fields), checked as it is saved.
    func checkDocumentRules(_ write: PreparedWrite) throws {
        let now = timeOfSave ?? Date()
        var members: [String: JSONValue]?  // read once: a batch's write may hold only its bytes
        for rule in write.collection.rules {
            guard let check = rule.check else { continue }
            if members == nil { members = write.members }
            guard let violation = check.violation(in: members ?? [:], now: now, calendar: calendar) else { continue }
            throw rule.error(at: write.location, pointer: violation.pointer, violation.reason)
        }
    }

    /// The rules that depend on the whole change: allowed transitions from stored values,
    /// counts and groups over the collection as the change leaves it, and references.
    func checkChangeRules() throws {
        // Gathered only for the collections something here judges: a batch of 100,000 events
        // whose rules are each one document's needs no second copy of itself.
        var judged: [String: Bool] = [:]
        var byCollection: [String: [PreparedWrite]] = [:]
        for case let write? in pending.writes {
            let name = write.collectionName
            if judged[name] == nil { judged[name] = hasChangeRules(write.collection) }
            if judged[name] == true { byCollection[name, default: []].append(write) }
        }
        for (_, changed) in byCollection.sorted(by: { $0.key < $1.key }) {
            let collection = changed[0].collection
            for rule in collection.rules {
                switch rule.check {
                case .transitions(let field, let allowed, _, let initial, _):
                    // A migration rewrites history as it was; an import's staging store receives it.
                    guard !isSchemaChange, !reader.options.isStaging else { continue }
                    try checkTransitions(rule, field: field, allowed: allowed, initial: initial, changed)
                case .frozen(let fields, let condition):
                    guard !isSchemaChange, !reader.options.isStaging else { continue }
                    try checkFrozen(rule, fields: fields, once: condition, changed)
                case .timeOfDay(let field, let on, let from, let before):
                    guard !isSchemaChange, !reader.options.isStaging else { continue }
                    try checkTimeOfDay(rule, field: field, on: on, from: from, before: before, changed)
                case .settled(let on, let closes, let open):
                    guard !isSchemaChange, !reader.options.isStaging else { continue }
                    try checkSettled(rule, on: on, closes: closes, open: open, changed)
                case .atMost(_, let condition):
                    // Only a change that adds a matching document can break a count (a store already
                    // over it by a hand edit does not block unrelated writes).
                    guard let write = changed.first(where: { condition?.matches(.object($0.members)) ?? true }) else { continue }
                    let view = try documents(json: collection.name).compactMap { document in
                        document.value.objectValue.map { (label: document.location.relativePath, members: $0) }
                    }
                    guard let violation = rule.violations(among: view).first else { continue }
                    throw AlmanacError(.ruleViolation, violation.message + "; change or delete another in the same transaction",
                                       path: write.location.relativePath, id: write.location.id)
                case .unique(let field, let per):
                    try checkUniqueInGroup(rule, field: field, per: per, changed)
                case .among(let field, let reference, let path):
                    guard let target = collection.references.first(where: { $0.field == reference }) else { continue }
                    let targetCollection = try reader.collection(named: target.collection)
                    for write in changed {
                        guard case .string(let id)? = write.members[reference], (try? DocumentID.validate(id, collection: target.collection)) != nil,
                              let referenced = try currentRemembered(targetCollection, id: id)
                        else { continue }  // a missing target is the reference's to refuse
                        if let reason = RuleCheck.amongViolation(write.members, field: field, reference: reference, path: path, in: referenced.value) {
                            throw rule.error(at: write.location, pointer: "/" + field, reason)
                        }
                    }
                case .compare, .weekday, .dayOfMonth, .timeZone, .daySpan, .embeds, .template, nil:
                    continue
                }
            }
            try checkAmongFromReferencedSide(collection, changed)
            // An import's staging store takes documents in export order, a collection at a time;
            // its references are checked once it holds them all (see `Store.checkReferences()`).
            for reference in collection.references where !reference.allowsDangling && !reader.options.isStaging {
                let target = try reader.collection(named: reference.collection)
                for write in changed {
                    guard case .string(let id)? = write.members[reference.field] else { continue }
                    // An unchanged reference is not this change's doing (a hand edit, a restored backup).
                    if !write.isNew, let stored = try stored(write), stored.value[reference.field] == .string(id) {
                        continue
                    }
                    let valid = (try? DocumentID.validate(id, collection: target.name)) != nil
                    if valid, try currentRemembered(target, id: id) != nil { continue }
                    // Null only where the schema takes it: advice a save would refuse helps nobody.
                    let path = reference.field.split(separator: ".").map(String.init)
                    let takesNull = (try? reader.schemaFields(of: collection).types(at: path)?.contains("null")) ?? false
                    throw AlmanacError(
                        .missingReference,
                        "\"\(reference.field)\" names \(target.name) document \"\(id)\", which does not exist; save that document first (in the same transaction, if need be)\(takesNull ? " or set \"\(reference.field)\" to null" : ", or name one that exists")",
                        path: write.location.relativePath, id: write.location.id, pointer: "/" + reference.field)
                }
            }
        }
    }

    /// Whether ``checkChangeRules()`` has anything to judge in a change to `collection`.
    private func hasChangeRules(_ collection: CollectionDescriptor) -> Bool {
        let ownRules = collection.rules.contains { rule in
            switch rule.check {
            case .transitions, .frozen, .timeOfDay, .settled, .atMost, .unique, .among: true
            case .compare, .weekday, .dayOfMonth, .timeZone, .daySpan, .embeds, .template, nil: false
            }
        }
        guard !ownRules, !collection.references.contains(where: { !$0.allowsDangling }) else { return true }
        // Another collection's `among` rule may name this one's documents.
        return reader.catalog.collections.contains { referring in
            referring.rules.contains { rule in
                guard case .among(_, let referenceField, _)? = rule.check else { return false }
                return referring.references.contains { $0.field == referenceField && $0.collection == collection.name }
            }
        }
    }

    /// The document `write` replaces, as the transaction found it on disk.
    private func stored(_ write: PreparedWrite) throws -> StoredDocument? {
        let key = PendingChange.key(write.collection.name, write.location.id)
        if let known = storedBefore[key] { return known }
        let found = try storedLocation(write.collection, id: write.location.id).flatMap { try reader.read($0) }
        storedBefore[key] = .some(found)
        return found
    }

    private func checkTransitions(_ rule: CollectionDescriptor.Rule, field: String, allowed: [String: [String]], initial: [String], _ changed: [PreparedWrite]) throws {
        for write in changed {
            // Judged against the file as the transaction found it (a delete and a new save in one
            // transaction do not reset the history).
            let stored = try stored(write)
            if stored == nil, !initial.isEmpty, let new = write.members[field] {
                let newText = new.stringValue ?? new.shortDescription
                guard initial.contains(newText) else {
                    throw rule.error(at: write.location, pointer: "/" + field,
                                     "a new document starts with \(field) \(initial.joined(separator: " or ")), not \(newText); save it at its start and move it on")
                }
            }
            guard let stored, let old = stored.value[field], let new = write.members[field], !old.hasSameValue(as: new)
            else { continue }
            let oldText = old.stringValue ?? old.shortDescription
            let newText = new.stringValue ?? new.shortDescription
            guard let targets = allowed[oldText] else {
                throw rule.error(at: write.location, pointer: "/" + field,
                                          "\(field) is \(oldText), which never changes; it cannot become \(newText)")
            }
            guard targets.contains(newText) else {
                throw rule.error(at: write.location, pointer: "/" + field,
                                          "\(field) may go from \(oldText) to \(targets.joined(separator: ", ")) only, not to \(newText)")
            }
        }
    }

    /// An `among` rule seen from the referenced side: a change of a referenced document (a
    /// template losing a variant) that takes away a value a referring document holds is
    /// refused, as a `restrict` reference refuses a delete. What was broken before the change
    /// (a hand edit) is not its doing and blocks nothing.
    private func checkAmongFromReferencedSide(_ collection: CollectionDescriptor, _ changed: [PreparedWrite]) throws {
        guard !reader.options.isStaging else { return }  // an import checks its references once it holds them all
        var changes: [String: (write: PreparedWrite, before: JSONValue?)]?
        for referring in reader.catalog.collections {
            for rule in referring.rules {
                guard case .among(let field, let referenceField, let path)? = rule.check,
                      referring.references.contains(where: { $0.field == referenceField && $0.collection == collection.name })
                else { continue }
                if changes == nil {
                    changes = [:]
                    for write in changed {
                        guard let id = write.location.id else { continue }
                        changes?[DocumentID.key(id)] = (write, try stored(write)?.value)
                    }
                }
                guard let changes, !changes.isEmpty else { continue }
                var broken: [(label: String, reason: String, write: PreparedWrite)] = []
                for document in try documents(json: referring.name) {
                    guard case .string(let id)? = document.value[referenceField], let change = changes[DocumentID.key(id)],
                          case .object(let members) = document.value,
                          let reason = RuleCheck.amongViolation(members, field: field, reference: referenceField, path: path, in: .object(change.write.members))
                    else { continue }
                    if let before = change.before,
                       RuleCheck.amongViolation(members, field: field, reference: referenceField, path: path, in: before) != nil { continue }
                    broken.append(("\(referring.name)/\(document.location.id ?? "")", reason, change.write))
                }
                guard let first = broken.first else { continue }
                let list = broken.prefix(5).map { "\($0.label): \($0.reason)" }.joined(separator: "; ")
                let more = broken.count > 5 ? "; and \(broken.count - 5) more" : ""
                // The pointer is the referenced document's list the change took the value from.
                let taken = "/" + (path.first.map { $0.hasSuffix("[]") ? String($0.dropLast(2)) : $0 } ?? "")
                throw rule.error(
                    at: first.write.location, pointer: taken,
                    "this change of \(collection.name) document \"\(first.write.location.id ?? "")\" takes away what \(broken.count == 1 ? "1 \(referring.name) document holds" : "\(broken.count) \(referring.name) documents hold") (\(list)\(more)); keep the value, or change or delete \(broken.count == 1 ? "that document" : "those documents") first")
            }
        }
    }

    /// A `timeOfDay` check, for writes that set or change the field (a setting changed since
    /// does not make a stored time wrong).
    private func checkTimeOfDay(_ rule: CollectionDescriptor.Rule, field: String, on: String, from: RuleCheck.ClockTime,
                                before: RuleCheck.ClockTime?, _ changed: [PreparedWrite]) throws {
        let settings = try settingDocuments(of: rule)
        let calendar = self.calendar
        for write in changed {
            guard let value = write.members[field], value != .null else { continue }
            if let stored = try stored(write), let old = stored.value[field], old.hasSameValue(as: value) { continue }
            if let reason = RuleCheck.timeOfDayViolation(write.members, field: field, on: on, from: from, before: before, calendar: calendar,
                                                         clock: { settings[$0.collection]?[$0.field]?.stringValue }) {
                throw rule.error(at: write.location, pointer: "/" + field, reason)
            }
        }
    }

    /// The singleton documents `rule` reads settings from, as this change leaves them, read
    /// once for all its writes.
    private func settingDocuments(of rule: CollectionDescriptor.Rule) throws -> [String: JSONValue] {
        var settings: [String: JSONValue] = [:]
        for named in rule.settings where settings[named.collection] == nil {
            settings[named.collection] = try current(reader.collection(named: named.collection), id: nil)?.value
        }
        return settings
    }

    private func checkSettled(_ rule: CollectionDescriptor.Rule, on: String, closes: RuleCheck.ClockTime, open: Condition,
                              _ changed: [PreparedWrite]) throws {
        let settings = try settingDocuments(of: rule)
        let calendar = self.calendar
        let now = timeOfSave ?? Date()
        let collection = changed[0].collection
        for write in changed {
            guard let value = write.members[on], case .day(let day)? = DocumentDate(value),
                  let close = RuleCheck.settledAt(closes, on: day, calendar: calendar, clock: { settings[$0.collection]?[$0.field]?.stringValue }),
                  now >= close.instant
            else { continue }
            let when = "\(day) settled at \(close.source) in \(calendar.zone(on: day).identifier) (\(Timestamp.format(close.instant)))"
            if open.matches(.object(write.members)) {
                throw rule.error(at: write.location, pointer: "/" + (open.fieldNames.first ?? on),
                                 "\(when); a document of a settled day cannot be \(open.description): save its outcome")
            }
            guard try stored(write) == nil else { continue }
            // Filed by that date, the day's folder holds them all; otherwise the collection is read.
            let sameDay = Condition.equals(field: on, value: value)
            let others = try (on == collection.dateField ? documents(json: collection.name, days: day...day) : documents(json: collection.name, where: sameDay))
                .filter { $0.location.id != write.location.id && sameDay.matches($0.value) }
            if let other = others.first {
                throw rule.error(at: write.location, pointer: "/" + on,
                                 "\(when); it gains no new document (it holds \(other.location.id ?? other.location.relativePath)), so its outcome stays as counted")
            }
        }
    }

    private func checkFrozen(_ rule: CollectionDescriptor.Rule, fields: [String], once condition: Condition?, _ changed: [PreparedWrite]) throws {
        for write in changed {
            guard let stored = try stored(write), condition?.matches(stored.value) ?? true else { continue }
            for field in fields {
                let old = stored.value[field], new = write.members[field]
                switch (old, new) {
                case (nil, nil): continue
                case (let before?, let after?) where before.hasSameValue(as: after): continue
                default: break
                }
                // The rule's description says when the field is fixed; the condition's text would only repeat it, less clearly.
                throw rule.error(at: write.location, pointer: "/" + field,
                                 "\(field) cannot change from \(old?.shortDescription ?? "absent") to \(new?.shortDescription ?? "absent"); save the document with its stored \(field)")
            }
        }
    }

    private func checkUniqueInGroup(_ rule: CollectionDescriptor.Rule, field: String, per: [String], _ changed: [PreparedWrite]) throws {
        let collection = changed[0].collection
        for write in changed {
            guard let value = write.members[field], value != .null else { continue }
            let group = per.map { write.members[$0] ?? .null }
            // A group by the date field needs that day's folder only.
            var days: ClosedRange<CalendarDate>?
            if per == [collection.dateField].compactMap({ $0 }), let date = try filing.filingDate(of: write.members, in: collection, id: write.location.id) {
                let day = date.day(in: calendar)
                days = day...day
            }
            for other in try documents(json: collection.name, days: days) {
                guard DocumentID.key(other.location.id ?? "") != DocumentID.key(write.location.id ?? ""),
                      let otherValue = other.value[field], otherValue.hasSameValue(as: value),
                      zip(per, group).allSatisfy({ (other.value[$0] ?? .null).hasSameValue(as: $1) })
                else { continue }
                let groupText = zip(per, group).map { "\($0) \($1.shortDescription)" }.joined(separator: ", ")
                throw rule.error(at: write.location, pointer: "/" + field,
                                          "\(field) \(value.shortDescription) is already used by \(collection.name) document \"\(other.location.id ?? "")\" with the same \(groupText)")
            }
        }
    }
}
