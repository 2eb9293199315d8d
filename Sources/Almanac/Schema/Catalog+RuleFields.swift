import Foundation

extension Catalog {
    /// Refuses a rule whose check names a field its collection's schema rules out (or a
    /// setting its singleton's schema rules out), or a transition through a value the field
    /// cannot hold: such a rule would skip every document, silently, since a missing field is
    /// skipped. `schemas` holds each collection's schema document, by collection name.
    ///
    /// - Throws: `.invalidCatalog` naming `path` and the rule's pointer.
    static func checkRuleFields(_ catalog: Catalog, schemas: [String: JSONValue], path: String) throws {
        let reader = CatalogReader(path: path)
        func fields(_ collection: String) -> SchemaFields? { schemas[collection].map { SchemaFields(root: $0) } }
        func refuse(_ pointer: String, _ name: String, in collection: String, _ known: SchemaFields.Unknown) -> AlmanacError {
            let declared = known.declared.isEmpty ? "" : "; it has \(known.declared.joined(separator: ", "))"
            let hint = Suggestion.closest(to: name, in: known.declared).map { " (did you mean \"\($0)\"?)" } ?? ""
            return reader.error(pointer, "names \"\(name)\", which the \(collection) schema does not have\(hint)\(declared)")
        }
        for (index, collection) in catalog.collections.enumerated() {
            guard let own = fields(collection.name) else { continue }
            let at = "/collections/\(index)"
            func require(_ name: String, _ pointer: String, in schema: SchemaFields = own, of owner: String = collection.name) throws {
                let path = name.split(separator: ".").map(String.init)
                if let unknown = schema.unknown(path) { throw refuse(pointer, name, in: owner, unknown) }
            }
            for (ruleIndex, rule) in collection.rules.enumerated() {
                guard let check = rule.check else { continue }
                let pointer = at + "/rules/\(ruleIndex)/check"
                for name in check.fields { try require(name, pointer) }
                for name in check.conditions.flatMap(\.fieldNames) { try require(name, pointer) }
                for setting in rule.settings {
                    guard let theirs = fields(setting.collection) else { continue }
                    try require(setting.field, pointer, in: theirs, of: setting.collection)
                }
                if case .transitions(let field, let allowed, _, let initial, _) = check {
                    try checkTransitionValues(field: field, allowed: allowed, initial: initial, schema: own, reader: reader, pointer: pointer + "/transitions")
                }
            }
            for (ruleIndex, rule) in collection.retention.enumerated() {
                guard let setting = rule.setting else { continue }
                let pointer = at + "/retention/\(ruleIndex)/olderThan/setting"
                guard let singleton = catalog.collections.first(where: { $0.name == setting.collection }), singleton.isSingleton else {
                    throw reader.error(pointer, "names \"\(setting.collection)\", which is not a singleton of this catalog; name the settings document that holds the count")
                }
                if let theirs = fields(singleton.name) { try require(setting.field, pointer, in: theirs, of: singleton.name) }
            }
            for name in collection.userCreated?.fieldNames ?? [] { try require(name, at + "/seeded/userCreated") }
            for (referenceIndex, reference) in collection.references.enumerated() {
                let pointer = at + "/references/\(referenceIndex)"
                try require(reference.field, pointer + "/field")
                // A nullify writes null into the referring document: its schema must take it,
                // or the first delete of a referred document fails (found then, not now).
                let path = reference.field.split(separator: ".").map(String.init)
                if reference.onDelete == .nullify, let types = own.types(at: path), !types.contains("null") {
                    throw reader.error(pointer + "/onDelete",
                        "nullify sets \(collection.name)' \(reference.field) to null when the \(reference.collection) document it names is deleted, but the \(collection.name) schema does not allow null there (it allows \(types.sorted().joined(separator: ", "))); allow null (\"type\": [\"string\", \"null\"], and leave it out of \"required\" or keep it), or choose cascade or restrict")
                }
            }
        }
    }

    /// Refuses a transition naming a value the field's schema does not allow (its `enum`, or
    /// `true`/`false` for a boolean).
    private static func checkTransitionValues(field: String, allowed: [String: [String]], initial: [String], schema: SchemaFields,
                                              reader: CatalogReader, pointer: String) throws {
        var values = schema.allowedValues(at: [field])?.map { $0.stringValue ?? $0.shortDescription }
        if values == nil, schema.types(at: [field]) == ["boolean"] { values = ["false", "true"] }
        guard let values else { return }
        let named = Array(allowed.keys) + allowed.values.joined() + initial
        if let wrong = named.sorted().first(where: { !values.contains($0) }) {
            throw reader.error(pointer, "\"\(wrong)\" is not a value \(field) can hold (\(values.joined(separator: ", "))); name the values as documents hold them")
        }
    }
}
