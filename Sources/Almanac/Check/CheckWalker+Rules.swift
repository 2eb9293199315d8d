import Foundation

extension CheckWalker {
    /// Reports how a document breaks its collection's one-document rules and where it holds
    /// a timestamp not in UTC; keeps what the collection-wide rules need.
    mutating func checkRules(_ members: [String: JSONValue], collection: CollectionDescriptor, path: String) {
        let now = Date()
        for rule in collection.rules {
            switch rule.check {
            case .compare, .weekday, .dayOfMonth, .timeZone, .daySpan, .embeds, .template:
                if let violation = rule.violation(in: members, now: now, calendar: store.calendar) {
                    report("rule", path, "\(collection.name): \(violation.message)", pointer: violation.pointer)
                }
            case .among(let field, let reference, let valuesPath):
                guard let target = collection.references.first(where: { $0.field == reference }),
                      case .string(let id)? = members[reference],
                      let referenced = try? store.document(json: id, in: target.collection)
                else { continue }  // a missing target is a dangling reference, reported as such
                if let reason = RuleCheck.amongViolation(members, field: field, reference: reference, path: valuesPath, in: referenced.value) {
                    report("rule", path, "\(collection.name): \(rule.message(reason))", pointer: "/" + field)
                }
            case .atMost, .unique, .transitions, .frozen, .timeOfDay, .settled, nil:
                // A transition or a frozen field needs the stored history, which a check does not
                // have; a time of day is judged by the setting in force when it was set.
                continue
            }
        }
        if collection.rules.contains(where: { rule in
            switch rule.check { case .atMost, .unique: true; default: false }
        }) {
            ruleDocuments[collection.name, default: []].append((path, members))
        }
        for (pointer, text) in schema(of: collection)?.timestampsNotInUTC(in: .object(members)) ?? [] {
            report("timestamp-not-utc", path,
                   "\"\(text)\" is not in the stored form (UTC with Z, at most milliseconds); the next save stores it as \"\(Timestamp.normalizedUTC(text) ?? text)\" (the same instant, to the millisecond)",
                   severity: .warning, pointer: pointer)
        }
    }

    /// Reports the collection-wide rules (counts, groups) broken by the documents kept.
    mutating func checkCollectionRules() {
        for collection in store.catalog.collections {
            let documents = (ruleDocuments[collection.name] ?? []).map { (label: $0.path, members: $0.members) }
            for rule in collection.rules {
                for violation in rule.violations(among: documents) {
                    report("rule", violation.label, "\(collection.name): \(violation.message)", pointer: violation.pointer)
                }
            }
        }
    }
}
