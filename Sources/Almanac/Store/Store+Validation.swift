extension Store {
    /// The compiled schema of `collection`, compiled on first use from the store's own copy
    /// in `schema/`.
    func compiledSchema(for collection: CollectionDescriptor) throws -> JSONSchema {
        try state.withLock { state in
            if let schema = state.compiledSchemas[collection.name] { return schema }
            let schema = try compileSchema(of: collection)
            state.compiledSchemas[collection.name] = schema
            return schema
        }
    }

    private func compileSchema(of collection: CollectionDescriptor) throws -> JSONSchema {
        try JSONSchema(try schemaDocument(of: collection), path: "schema/" + collection.schema)
    }

    /// The JSON of `collection`'s schema, as the store's own copy in `schema/` has it.
    func schemaDocument(of collection: CollectionDescriptor) throws -> JSONValue {
        let path = "schema/" + collection.schema
        guard let bytes = try openFolders(["schema"])?.readFile(collection.schema) else {
            throw AlmanacError(.invalidCatalog, "the schema of collection \(collection.name) is missing; copy it from the app's schema folder", path: path)
        }
        do {
            return try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw error.at(path: path)
        }
    }

    /// Refuses filters that name a field `collection`'s schema rules out: such a filter
    /// would match nothing, and an empty result would hide the typo.
    ///
    /// - Throws: `.invalidArgument` naming the field, the closest declared name and the
    ///   fields declared there.
    func checkFields(of filters: [FieldFilter], in collection: CollectionDescriptor) throws {
        guard !filters.isEmpty else { return }
        // Read once per store, like the compiled schema: a filtered read must not reread the file.
        let fields = try state.withLock { state in
            if let known = state.schemaFields[collection.name] { return known }
            let fields = SchemaFields(root: try schemaDocument(of: collection))
            state.schemaFields[collection.name] = fields
            return fields
        }
        for filter in filters {
            guard let unknown = fields.unknown(filter.path), let name = unknown.path.last else { continue }
            let field = unknown.path.joined(separator: ".")
            let hint = Suggestion.closest(to: name, in: unknown.declared).map { "; did you mean \"\((unknown.path.dropLast() + [$0]).joined(separator: "."))\"?" } ?? ""
            throw AlmanacError(
                .invalidArgument,
                "no field \"\(field)\" in \(collection.name)\(hint) (its schema declares \(unknown.declared.joined(separator: ", ")))",
                pointer: "/" + unknown.path.joined(separator: "/"))
        }
    }

    /// Throws `.invalidDocument` listing every way `document` breaks `schema`, its collection's.
    func validate(_ document: JSONValue, against schema: JSONSchema, in collection: CollectionDescriptor, id: String?) throws {
        let violations = schema.validate(document)
        guard let first = violations.first else { return }
        if violations.count == 1 {
            throw AlmanacError(.invalidDocument, "\(first.message) (\(collection.name) schema)", id: id, pointer: first.pointer,
                               underlying: SchemaValidationFailure(violations: violations))
        }
        throw AlmanacError(
            .invalidDocument,
            "the document breaks the \(collection.name) schema in \(violations.count) places: "
                + violations.map(\.description).joined(separator: "; "),
            id: id, underlying: SchemaValidationFailure(violations: violations))
    }
}

/// Every way a document breaks its schema: the `underlying` cause of a validation error.
public struct SchemaValidationFailure: Error, Sendable, CustomStringConvertible {
    /// The violations, in document order.
    public var violations: [SchemaViolation]

    /// The violations, one per line.
    public var description: String {
        violations.map(\.description).joined(separator: "\n")
    }
}
