/// Reads the fields of a catalog with errors that name the file and the JSON pointer.
struct CatalogReader {
    let path: String

    func error(_ pointer: String, _ message: String) -> AlmanacError {
        AlmanacError(.invalidCatalog, message, path: path, pointer: pointer)
    }

    func object(_ value: JSONValue?, at pointer: String) throws -> [String: JSONValue] {
        guard let value else { throw error(pointer, "is missing; add it") }
        guard case .object(let members) = value else { throw error(pointer, "must be an object, found \(value.typeName)") }
        return members
    }

    func allowOnly(_ keys: Set<String>, in members: [String: JSONValue], at pointer: String) throws {
        for key in members.keys.sorted() where !keys.contains(key) {
            throw error(pointer + "/" + key, "is not a catalog field; the fields are \(keys.sorted().joined(separator: ", "))")
        }
    }

    func string(_ value: JSONValue?, at pointer: String) throws -> String {
        guard let value else { throw error(pointer, "is missing; add it") }
        guard case .string(let string) = value, !string.isEmpty else {
            throw error(pointer, "must be a non-empty string, found \(value.typeName)")
        }
        return string
    }

    func optionalString(_ value: JSONValue?, at pointer: String) throws -> String? {
        guard let value else { return nil }
        return try string(value, at: pointer)
    }

    func integer(_ value: JSONValue?, at pointer: String, minimum: Int) throws -> Int {
        guard let value else { throw error(pointer, "is missing; add it") }
        guard case .number(let number) = value, let integer = number.int64Value, integer >= minimum,
              integer <= Int64(Int32.max)
        else { throw error(pointer, "must be an integer ≥ \(minimum), found \(value)") }
        return Int(integer)
    }

    func bool(_ value: JSONValue?, at pointer: String) throws -> Bool {
        guard let value else { return false }
        guard case .bool(let bool) = value else { throw error(pointer, "must be true or false, found \(value.typeName)") }
        return bool
    }

    func array(_ value: JSONValue?, at pointer: String) throws -> [JSONValue] {
        guard let value else { return [] }
        guard case .array(let elements) = value else { throw error(pointer, "must be an array, found \(value.typeName)") }
        return elements
    }

    /// A collection's `unique` list: field names, or `{"field": F, "ignoringCase": true,
    /// "trimming": true}` for text compared ignoring case, and without the white space around it.
    func uniqueFields(_ value: JSONValue?, at pointer: String) throws -> [(field: String, ignoringCase: Bool, trimming: Bool)] {
        try array(value, at: pointer).enumerated().map { index, element in
            let at = pointer + "/\(index)"
            guard case .object(let members) = element else { return (try string(element, at: at), false, false) }
            try allowOnly(["field", "ignoringCase", "trimming"], in: members, at: at)
            return (try string(members["field"], at: at + "/field"), try bool(members["ignoringCase"], at: at + "/ignoringCase"),
                    try bool(members["trimming"], at: at + "/trimming"))
        }
    }

    func strings(_ value: JSONValue?, at pointer: String) throws -> [String] {
        try array(value, at: pointer).enumerated().map { try string($1, at: pointer + "/\($0)") }
    }

    func collection(_ value: JSONValue, at pointer: String) throws -> CollectionDescriptor {
        let members = try object(value, at: pointer)
        try allowOnly([
            "name", "description", "schema", "dateField", "partition", "singleton", "unique", "references",
            "attachments", "userOwnedFields", "retention", "seeded", "rules", "merge",
        ], in: members, at: pointer)
        let name = try string(members["name"], at: pointer + "/name")
        guard Catalog.isValidName(name) else {
            throw error(pointer + "/name", "\"\(name)\" is not a valid collection name; use lowercase letters, digits and '-', starting with a letter")
        }
        let schema = try string(members["schema"], at: pointer + "/schema")
        guard !schema.contains("/"), !schema.hasPrefix(".") else {
            throw error(pointer + "/schema", "must be a file name inside the catalog's folder, found \"\(schema)\"")
        }
        let isSingleton = try bool(members["singleton"], at: pointer + "/singleton")
        var partition: Partition?
        var dateField: String?
        if isSingleton {
            if members["partition"] != nil || members["dateField"] != nil {
                throw error(pointer, "a singleton collection has no partition or dateField; remove them")
            }
        } else {
            let partitionName = try string(members["partition"], at: pointer + "/partition")
            guard let parsed = Partition(rawValue: partitionName) else {
                throw error(pointer + "/partition", "\"\(partitionName)\" is not a partition; use day, month, year or none")
            }
            partition = parsed
            dateField = try optionalString(members["dateField"], at: pointer + "/dateField")
            if parsed != .none && dateField == nil {
                throw error(pointer + "/dateField", "is missing; a \(parsed.rawValue)-partitioned collection needs the field whose date files its documents")
            }
        }
        var references: [CollectionDescriptor.Reference] = []
        for (index, item) in try array(members["references"], at: pointer + "/references").enumerated() {
            let at = pointer + "/references/\(index)"
            let fields = try object(item, at: at)
            try allowOnly(["field", "collection", "onDelete", "allowsDangling"], in: fields, at: at)
            let ruleName = try string(fields["onDelete"], at: at + "/onDelete")
            guard let rule = CollectionDescriptor.DeleteRule(rawValue: ruleName) else {
                throw error(at + "/onDelete", "\"\(ruleName)\" is not a delete rule; use nullify, cascade or restrict")
            }
            references.append(.init(
                field: try string(fields["field"], at: at + "/field"),
                collection: try string(fields["collection"], at: at + "/collection"),
                onDelete: rule,
                allowsDangling: try bool(fields["allowsDangling"], at: at + "/allowsDangling")))
        }
        let rules = try self.rules(members["rules"], at: pointer + "/rules")
        let unique = try uniqueFields(members["unique"], at: pointer + "/unique")
        var descriptor = CollectionDescriptor(
            name: name,
            description: try optionalString(members["description"], at: pointer + "/description"),
            schema: schema,
            partition: partition,
            dateField: dateField,
            isSingleton: isSingleton,
            unique: unique.map(\.field),
            references: references,
            attachments: try bool(members["attachments"], at: pointer + "/attachments"),
            userOwnedFields: try strings(members["userOwnedFields"], at: pointer + "/userOwnedFields"))
        descriptor.rules = rules
        for (index, rule) in rules.enumerated() {
            // A lookup through a field that is not a reference would check nothing, silently.
            if case .among(_, let reference, _)? = rule.check, !references.contains(where: { $0.field == reference }) {
                throw error(pointer + "/rules/\(index)/check/among/reference", "\"\(reference)\" is not a reference of \(name); declare it in \"references\" first")
            }
        }
        descriptor.uniqueIgnoringCase = Set(unique.filter(\.ignoringCase).map(\.field))
        descriptor.uniqueTrimming = Set(unique.filter(\.trimming).map(\.field))
        descriptor.retention = try retentionRules(members["retention"], at: pointer + "/retention", for: descriptor)
        if let merge = members["merge"] {
            let at = pointer + "/merge"
            let settings = try object(merge, at: at)
            try allowOnly(["modifiedField", "policy"], in: settings, at: at)
            descriptor.modifiedField = try optionalString(settings["modifiedField"], at: at + "/modifiedField")
            if let policy = try optionalString(settings["policy"], at: at + "/policy") {
                guard let parsed = CollectionDescriptor.MergePolicy(rawValue: policy) else {
                    let names = CollectionDescriptor.MergePolicy.allCases.map(\.rawValue).joined(separator: ", ")
                    throw error(at + "/policy", "\"\(policy)\" is not a merge policy; use \(names)")
                }
                descriptor.mergePolicy = parsed
            }
        }
        if let seeded = members["seeded"] {
            let at = pointer + "/seeded"
            let settings = try object(seeded, at: at)
            try allowOnly(["userCreated", "whenUserDeletes", "addNew"], in: settings, at: at)
            descriptor.isSeeded = true
            if let policy = try optionalString(settings["whenUserDeletes"], at: at + "/whenUserDeletes") {
                guard let parsed = CollectionDescriptor.SeedDeletePolicy(rawValue: policy) else {
                    throw error(at + "/whenUserDeletes", "\"\(policy)\" is not a policy; use keep-deleted (a deleted seed document never comes back) or add-again (it comes back with a newer contentVersion)")
                }
                descriptor.whenUserDeletes = parsed
            }
            if let policy = try optionalString(settings["addNew"], at: at + "/addNew") {
                guard let parsed = CollectionDescriptor.SeedAddPolicy(rawValue: policy) else {
                    throw error(at + "/addNew", "\"\(policy)\" is not a policy; use always (every new document of a seed file is added) or when-none-seeded (only into a collection that holds no seeded document)")
                }
                descriptor.addNew = parsed
            }
            if let condition = settings["userCreated"] {
                do {
                    descriptor.userCreated = try Condition(json: condition)
                } catch let failure as AlmanacError {
                    throw error(at + "/userCreated" + (failure.pointer ?? ""), failure.message)
                }
            }
        }
        return descriptor
    }
}
