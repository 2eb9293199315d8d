extension MigrationOperation {
    /// The members each operation accepts, `op` first; the order is the one messages list.
    static let members: [String: [String]] = [
        "addField": ["op", "collection", "field", "value", "where"],
        "removeField": ["op", "collection", "field"],
        "renameField": ["op", "collection", "from", "to"],
        "copyField": ["op", "collection", "from", "to"],
        "setField": ["op", "collection", "field", "value", "where"],
        "convert": ["op", "collection", "field", "to", "rounding"],
        "mapValues": ["op", "collection", "field", "map", "default"],
        "renameCollection": ["op", "from", "to"],
        "deleteDocuments": ["op", "collection", "where"],
        "repartition": ["op", "collection", "partition", "dateField"],
        "catalog": ["op", "description"],
        "custom": ["op", "name", "collection"],
    ]

    /// The operation names in the order of DESIGN §5, for messages.
    static let names = [
        "addField", "removeField", "renameField", "copyField", "setField", "convert", "mapValues",
        "renameCollection", "deleteDocuments", "repartition", "catalog", "custom",
    ]

    /// Parses one operation from its JSON form (see ``MigrationOperation``).
    ///
    /// - Throws: `.invalidMigration` with the JSON pointer (below the root of `json`) at fault.
    public init(json: JSONValue) throws {
        try self.init(parsing: json, at: "", reader: JSONFileReader(path: nil, bytes: nil))
    }

    /// Parses the operation at `pointer` (e.g. `/operations/2`) of a migration file.
    init(parsing json: JSONValue, at pointer: String, reader: JSONFileReader) throws {
        let members = try reader.object(json, at: pointer, what: "an operation object such as {\"op\": \"addField\", …}")
        func at(_ key: String) -> String { JSONFileReader.pointer(pointer, key) }
        guard let opValue = members["op"] else {
            throw reader.error(pointer, "has no \"op\"; say which operation it is: \(Self.names.joined(separator: ", "))")
        }
        let op = try reader.string(opValue, at: at("op"), what: "an operation name")
        guard let allowed = Self.members[op] else {
            var message = "\"\(op)\" is not an operation; the operations are \(Self.names.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: op, in: Self.names) { message += " (did you mean \"\(suggestion)\"?)" }
            throw reader.error(at("op"), message)
        }
        try reader.allowOnly(allowed, in: members, at: pointer, what: "a \(op) operation")

        /// A field the operation writes: never `id`, which names the document's file.
        func writableField(_ key: String) throws -> String {
            let field = try reader.fieldPath(members[key], at: at(key))
            if field == "id" {
                throw reader.error(at(key), "a migration cannot change \"id\": it names the document's file; copy it to another field instead")
            }
            return field
        }
        func collection() throws -> String { try reader.collectionName(members["collection"], at: at("collection")) }
        func condition(required: Bool) throws -> Condition? {
            guard let value = members["where"] else {
                guard !required else {
                    throw reader.error(
                        at("where"),
                        "is missing; \(op) needs a condition saying which documents it applies to, e.g. {\"field\": \"status\", \"equals\": \"MISSED\"}")
                }
                return nil
            }
            return try Condition(parsing: value, at: at("where"), reader: reader)
        }
        /// The `from` and `to` of a field move, which must not overlap.
        func fieldPair() throws -> (from: String, to: String) {
            let from = try reader.fieldPath(members["from"], at: at("from"))
            let to = try writableField("to")
            if op == "renameField", from == "id" {
                throw reader.error(at("from"), "a migration cannot remove \"id\": it names the document's file; use copyField")
            }
            let fromPath = FieldPath(from)!, toPath = FieldPath(to)!
            if fromPath.contains(toPath) || toPath.contains(fromPath) {
                throw reader.error(at("to"), "\"\(to)\" overlaps \"\(from)\"; name a field outside it")
            }
            return (from, to)
        }

        switch op {
        case "addField":
            self = .addField(
                collection: try collection(), field: try writableField("field"),
                value: try reader.required(members["value"], at: at("value"), what: "the value to add (null is a value)"),
                where: try condition(required: false))
        case "removeField":
            self = .removeField(collection: try collection(), field: try writableField("field"))
        case "renameField":
            let pair = try fieldPair()
            self = .renameField(collection: try collection(), from: pair.from, to: pair.to)
        case "copyField":
            let pair = try fieldPair()
            self = .copyField(collection: try collection(), from: pair.from, to: pair.to)
        case "setField":
            self = .setField(
                collection: try collection(), field: try writableField("field"),
                value: try reader.required(members["value"], at: at("value"), what: "the value to set (null is a value)"),
                where: try condition(required: true)!)
        case "convert":
            self = try Self.parseConvert(members, collection: try collection(), field: try writableField("field"), at: pointer, reader: reader)
        case "mapValues":
            let collection = try collection(), field = try writableField("field")
            let map = try reader.object(members["map"], at: at("map"), what: "an object from old values to new ones, e.g. {\"exit\": \"exit_to_focus\"}")
            if map.isEmpty && members["default"] == nil {
                throw reader.error(at("map"), "is empty, so nothing would change; list the values to replace, or give a \"default\"")
            }
            self = .mapValues(collection: collection, field: field, map: map, default: members["default"])
        case "renameCollection":
            let from = try reader.collectionName(members["from"], at: at("from"))
            let to = try reader.collectionName(members["to"], at: at("to"))
            if from == to { throw reader.error(at("to"), "is the same as \"from\"; name the new collection") }
            self = .renameCollection(from: from, to: to)
        case "deleteDocuments":
            self = .deleteDocuments(collection: try collection(), where: try condition(required: true)!)
        case "repartition":
            let collection = try collection()
            let name = try reader.string(members["partition"], at: at("partition"), what: "a partition")
            guard let partition = Partition(rawValue: name) else {
                throw reader.error(at("partition"), "\"\(name)\" is not a partition; use day, month, year or none")
            }
            let dateField = try reader.optionalString(members["dateField"], at: at("dateField"), what: "a field name")
            if partition == .none, dateField != nil {
                throw reader.error(at("dateField"), "an unpartitioned collection has no date field; remove it")
            }
            self = .repartition(collection: collection, partition: partition, dateField: dateField)
        case "catalog":
            self = .catalog(description: try reader.string(
                members["description"], at: at("description"), what: "a sentence saying what changed in the schema"))
        default:
            let name = try reader.string(members["name"], at: at("name"), what: "the name of a registered function")
            guard MigrationRegistry.isValidName(name) else {
                throw reader.error(at("name"), "\"\(name)\" is not a function name; use letters, digits, '.', '_' and '-', e.g. \"cravey.amount-to-integer\"")
            }
            self = .custom(name: name, collection: try collection())
        }
    }

    /// The `convert` operation: `rounding` is required exactly when converting to integer,
    /// so that how fractions are lost is always written down.
    private static func parseConvert(
        _ members: [String: JSONValue], collection: String, field: String, at pointer: String, reader: JSONFileReader
    ) throws -> MigrationOperation {
        let types = ValueType.allCases.map(\.rawValue).joined(separator: ", ")
        let toPointer = JSONFileReader.pointer(pointer, "to")
        let typeName = try reader.string(members["to"], at: toPointer, what: "a type (\(types))")
        guard let type = ValueType(rawValue: typeName) else {
            throw reader.error(toPointer, "\"\(typeName)\" is not a type to convert to; use \(types)")
        }
        let roundingPointer = JSONFileReader.pointer(pointer, "rounding")
        let modes = Rounding.allCases.map(\.rawValue).joined(separator: ", ")
        guard let roundingValue = members["rounding"] else {
            if type == .integer {
                throw reader.error(
                    roundingPointer,
                    "is missing; converting to integer must say how to round fractions: \(modes) (nearest rounds halves away from zero)")
            }
            return .convert(collection: collection, field: field, to: type, rounding: nil)
        }
        guard type == .integer else {
            throw reader.error(roundingPointer, "applies only when converting to integer; remove it")
        }
        let modeName = try reader.string(roundingValue, at: roundingPointer, what: "a rounding mode")
        guard let rounding = Rounding(rawValue: modeName) else {
            throw reader.error(roundingPointer, "\"\(modeName)\" is not a rounding mode; use \(modes)")
        }
        return .convert(collection: collection, field: field, to: type, rounding: rounding)
    }
}
