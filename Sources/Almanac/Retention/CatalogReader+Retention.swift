extension CatalogReader {
    /// Reads a collection's `retention` rules (see ``RetentionRule``), refusing any rule that
    /// could not run as written, with the JSON pointer of the field at fault: an unknown
    /// action, a missing or malformed `olderThan`, `fields` on anything but `clear` (or a
    /// `clear` without them), no `description`, a rule on a collection without a `dateField`,
    /// more than one rule that takes documents out of `data/`, and archive or delete on a
    /// collection with attachments.
    func retentionRules(_ value: JSONValue?, at pointer: String, for collection: CollectionDescriptor) throws -> [RetentionRule] {
        var rules: [RetentionRule] = []
        for (index, item) in try array(value, at: pointer).enumerated() {
            let at = pointer + "/\(index)"
            let members = try object(item, at: at)
            try allowOnly(["action", "olderThan", "fields", "description"], in: members, at: at)
            guard let dateField = collection.dateField else {
                throw error(at, "collection \(collection.name) has no dateField, so its documents have no age for a retention rule; add a dateField or remove the rule")
            }
            let actionName = try string(members["action"], at: at + "/action")
            guard let action = RetentionRule.Action(rawValue: actionName) else {
                throw error(at + "/action", "\"\(actionName)\" is not a retention action; use archive, clear or delete")
            }
            let (olderThan, setting) = try age(members["olderThan"], at: at + "/olderThan")
            let fields = try strings(members["fields"], at: at + "/fields")
            if action == .clear {
                guard !fields.isEmpty else {
                    throw error(at + "/fields", "a clear rule names the fields it removes, e.g. [\"note\"]; add them")
                }
                for (fieldIndex, field) in fields.enumerated() {
                    if field == "id" || field == dateField {
                        throw error(at + "/fields/\(fieldIndex)", "\"\(field)\" cannot be cleared: it \(field == "id" ? "names" : "files") the document")
                    }
                    if fields[..<fieldIndex].contains(field) {
                        throw error(at + "/fields/\(fieldIndex)", "\"\(field)\" is listed twice; keep one")
                    }
                }
            } else {
                if members["fields"] != nil {
                    throw error(at + "/fields", "only a clear rule takes fields; \(action.rawValue) acts on the whole document — remove them")
                }
                if collection.attachments {
                    throw error(at + "/action", "retention cannot \(action.rawValue) documents of \(collection.name) yet: they own attachments; use a clear rule or delete them with Store.delete(_:)").with(.deleteDocuments)
                }
                if rules.contains(where: { $0.action != .clear }) {
                    throw error(at + "/action", "collection \(collection.name) already has an archive or delete rule; a document can leave data/ only one way, keep one")
                }
            }
            rules.append(RetentionRule(action: action, olderThan: olderThan, fields: fields,
                                       description: try string(members["description"], at: at + "/description"), setting: setting))
        }
        return rules
    }

    /// `{"days": N}` or `{"months": N}`, N ≥ 1, with an optional `"setting": {"singleton":
    /// s, "field": f}` whose value replaces N.
    private func age(_ value: JSONValue?, at pointer: String) throws -> (RetentionRule.Age, CollectionDescriptor.SingletonField?) {
        let members = try object(value, at: pointer)
        try allowOnly(["days", "months", "setting"], in: members, at: pointer)
        let setting = try members["setting"].map { try singletonField($0, at: pointer + "/setting") }
        switch (members["days"], members["months"]) {
        case (let days?, nil): return (.days(try integer(days, at: pointer + "/days", minimum: 1)), setting)
        case (nil, let months?): return (.months(try integer(months, at: pointer + "/months", minimum: 1)), setting)
        default: throw error(pointer, "must be {\"days\": N} or {\"months\": N}, exactly one of the two (N is the default when a setting is named)")
        }
    }

    /// Refuses archive and delete rules on a collection other collections refer to: the
    /// references would point at documents no longer in `data/`.
    func checkRetentionReferences(_ collections: [CollectionDescriptor]) throws {
        for (index, collection) in collections.enumerated() {
            guard let ruleIndex = collection.retention.firstIndex(where: { $0.action != .clear }) else { continue }
            for referrer in collections {
                guard let reference = referrer.references.first(where: { $0.collection == collection.name }) else { continue }
                throw error(
                    "/collections/\(index)/retention/\(ruleIndex)/action",
                    "retention cannot \(collection.retention[ruleIndex].action.rawValue) documents of \(collection.name): \(referrer.name).\(reference.field) refers to them; remove the rule or the reference")
            }
        }
    }
}
