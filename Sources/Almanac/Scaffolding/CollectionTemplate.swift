/// What a developer says about a new collection, and the catalog entry and JSON Schema
/// skeleton made from it (`almanac schema add-collection`).
///
/// The skeleton is the smallest schema that a first save passes: an `id` (for every
/// collection but a singleton) and the date field that files the documents, both required,
/// and `additionalProperties: false`, so that a misspelt field is refused from the first save
/// on rather than kept. The developer adds the app's own fields to `properties`.
package struct CollectionTemplate: Sendable, Equatable {
    /// The JSON Schema `format` of the date field that files the documents.
    package enum DateFormat: String, Sendable, CaseIterable {
        /// A timestamp, `2025-01-27T14:03:00Z`: a Swift `Date`, filed under its day in the store's calendar.
        case dateTime = "date-time"
        /// A calendar date, `2025-01-27`: an Almanac `CalendarDate`, filed under itself.
        case date
    }

    /// What the collection's ids are: any id string, or a UUID (a Swift `UUID` property).
    package enum IDFormat: String, Sendable, CaseIterable {
        /// 1-128 ASCII letters, digits, `.`, `_` or `-`: a Swift `String` property.
        case string
        /// A UUID, `"format": "uuid"` in the schema: a Swift `UUID` property, which decodes only UUIDs.
        case uuid
    }

    /// How the collection's documents are kept.
    package enum Layout: Sendable, Equatable {
        /// One file per document, in date folders when the partition is not `.none`.
        case partitioned(Partition, dateField: String?, format: DateFormat)
        /// Exactly one document, `data/<name>.json`: settings.
        case singleton
    }

    /// The collection's name: a folder name and the `collection` of its Swift `Document`.
    package var name: String
    /// The layout: partition and date field, or singleton.
    package var layout: Layout
    /// What the collection holds, for people; a sentence naming the collection when `nil`.
    package var description: String?
    /// Whether the app ships its content (seed files): the catalog marks it `"seeded": {}`, and
    /// its schema declares the `contentVersion` a seed import compares.
    package var seeded: Bool
    /// Fields whose value no two documents share (the catalog's `unique`), declared in the
    /// schema as strings for the developer to adjust.
    package var unique: [String]
    /// What the ids are; a schema of UUID ids refuses any other id, as the Swift type would.
    package var idFormat: IDFormat

    /// A template for the collection `name` laid out as `layout`.
    ///
    /// - Throws: `.invalidArgument` for a name that cannot be a collection's, a date field that
    ///   cannot be a JSON member of a document (`id`, empty), or a dated partition without a date field.
    package init(name: String, layout: Layout, description: String? = nil, seeded: Bool = false, unique: [String] = [],
                 idFormat: IDFormat = .string) throws {
        guard Catalog.isValidName(name) else {
            throw AlmanacError(.invalidArgument, "\"\(name)\" is not a valid collection name; use lowercase letters, digits and '-', starting with a letter (at most 64)")
        }
        if case .partitioned(let partition, let field, _) = layout {
            if partition != .none, field == nil {
                throw AlmanacError(.invalidArgument, "a \(partition.rawValue)-partitioned collection needs a date field, the one whose date files each document; name it, or use the partition none")
            }
            if let field, field.isEmpty || field == "id" || field.contains("/") || field.contains("~") {
                throw AlmanacError(.invalidArgument, "\"\(field)\" cannot be the date field; name a top-level field of the document other than id, such as timestamp or date")
            }
        }
        if layout == .singleton, seeded || !unique.isEmpty {
            throw AlmanacError(.invalidArgument, "a singleton is one document: it cannot be seeded content or have unique fields; leave those out, or give it a partition")
        }
        if let field = unique.first(where: { $0.isEmpty || $0 == "id" || $0.contains("/") || $0.contains("~") }) {
            throw AlmanacError(.invalidArgument, "\"\(field)\" cannot be a unique field; name a top-level field of the document other than id (ids are unique already)")
        }
        self.name = name
        self.layout = layout
        self.description = description
        self.seeded = seeded
        self.idFormat = idFormat
        var seen: Set<String> = []
        self.unique = unique.filter { seen.insert($0).inserted }
    }

    /// The schema file's name in the app's schema folder.
    package var schemaFileName: String { name + ".schema.json" }

    /// The collection's entry in `catalog.json`.
    var catalogEntry: JSONValue {
        var entry: [String: JSONValue] = [
            "name": .string(name),
            "description": .string(description ?? "The app's \(name)."),
            "schema": .string(schemaFileName),
        ]
        switch layout {
        case .singleton:
            entry["singleton"] = .bool(true)
        case .partitioned(let partition, let dateField, _):
            entry["partition"] = .string(partition.rawValue)
            if let dateField { entry["dateField"] = .string(dateField) }
            entry["unique"] = .array(unique.map(JSONValue.string))
            if seeded { entry["seeded"] = .object([:]) }
            entry["references"] = .array([])
            entry["rules"] = .array([])
        }
        return .object(entry)
    }

    /// The JSON Schema skeleton, identified as `urn:almanac:<app>:<name>` like every schema.
    func schema(app: String) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        if case .partitioned(let partition, let dateField, let format) = layout {
            properties["id"] = idFormat == .uuid
                ? .object([
                    "type": .string("string"), "format": .string("uuid"),
                    "description": .string("The document's id, a UUID (a Swift UUID property): any other id is refused."),
                ])
                : .object([
                    "type": .string("string"),
                    "description": .string("The document's id, 1-128 ASCII letters, digits, '.', '_' or '-' (a Swift UUID's uuidString is one; for UUID ids only, add \"format\": \"uuid\")."),
                ])
            required.append(.string("id"))
            if let dateField {
                let filing = partition == .none ? "The document's date." : "Files the document under its \(partition.rawValue) (the catalog's dateField)."
                let example = format == .date ? "2025-01-27" : "2025-01-27T14:03:00Z"
                properties[dateField] = .object([
                    "type": .string("string"),
                    "format": .string(format.rawValue),
                    "description": .string("\(filing) For example \(example)."),
                ])
                if partition != .none { required.append(.string(dateField)) }
            }
            for field in unique where properties[field] == nil {
                properties[field] = .object([
                    "type": .string("string"),
                    "description": .string("No two documents have the same \(field) (the catalog's unique). Change its type to the one it holds."),
                ])
            }
            if seeded {
                properties["contentVersion"] = .object([
                    "type": .string("integer"),
                    "minimum": .number(JSONNumber(1)),
                    "description": .string("The version of the app's content this document came from: a seed import updates a document whose contentVersion is lower than the seed file's. Documents the user made have none."),
                ])
            }
        }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("urn:almanac:\(app):\(name)"),
            "title": .string(name),
            "description": .string(description ?? "One document of \(app)'s \(name)."),
            "type": .string("object"),
            "properties": .object(properties),
            "required": .array(required),
            "additionalProperties": .bool(false),
        ])
    }
}
