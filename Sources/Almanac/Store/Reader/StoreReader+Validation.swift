extension StoreReader {
    /// The compiled schema of `collection`, compiled on first use from the store's own copy
    /// in `schema/`.
    func compiledSchema(for collection: CollectionDescriptor) throws -> JSONSchema {
        if let schema = caches.withLock({ $0.compiledSchemas[collection.name] }) { return schema }
        // Compiled without the lock: two readers may compile the same schema once each.
        let schema = try compileSchema(of: collection)
        caches.withLock { $0.compiledSchemas[collection.name] = schema }
        return schema
    }

    private func compileSchema(of collection: CollectionDescriptor) throws -> JSONSchema {
        try JSONSchema(try schemaDocument(of: collection), path: "schema/" + collection.schema)
    }

    /// The JSON of `collection`'s schema, as the store's own copy in `schema/` has it.
    func schemaDocument(of collection: CollectionDescriptor) throws -> JSONValue {
        let path = "schema/" + collection.schema
        guard let folder = try openFolders(["schema"]), let bytes = try SchemaCopies.file(collection.schema, in: folder, schemaVersion: schemaVersion) else {
            throw AlmanacError(.invalidCatalog, "the schema of collection \(collection.name) is missing; copy it from the app's schema folder", path: path)
        }
        do {
            return try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw error.at(path: path)
        }
    }

    /// How a stored document breaks its collection's current schema (empty when it does not):
    /// a read reports a document a device on an earlier version wrote (an older shape).
    func schemaViolations(of document: JSONValue, in collection: CollectionDescriptor) throws -> [SchemaViolation] {
        let schema = try compiledSchema(for: collection)
        return schema.validate(schema.normalizingTimestamps(in: document)).map(\.explainedForDocuments)
    }

    /// Throws `.invalidDocument` listing every way `document` breaks `schema`, its collection's.
    func validate(_ document: JSONValue, against schema: JSONSchema, in collection: CollectionDescriptor, id: String?) throws {
        guard !document.isTooDeepToRead else { throw AlmanacError(.invalidDocument, JSONValue.tooDeepMessage, id: id) }
        let violations = schema.validate(document).map(\.explainedForDocuments)
        guard let first = violations.first else { return }
        if violations.count == 1 {
            // Which schema: the store's copy, at its version (not the app's folder, which may be newer).
            throw AlmanacError(.invalidDocument, "\(first.message) (the store's \(collection.name) schema, version \(schemaVersion))", id: id, pointer: first.pointer,
                               underlying: SchemaValidationFailure(violations: violations))
        }
        throw AlmanacError(
            .invalidDocument,
            "the document breaks the store's \(collection.name) schema (version \(schemaVersion)) in \(violations.count) places: "
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

extension SchemaViolation {
    /// The violation as said of a store's document. A person used to `"$schema"` in JSON files
    /// adds it to a document, and the schema forbids it as any unknown member; say why.
    var explainedForDocuments: SchemaViolation {
        guard pointer == "/$schema", keyword == "additionalProperties" else { return self }
        var explained = self
        explained.message = "field \"$schema\" is not allowed: a document does not name its schema (the store's .vscode/settings.json maps each file to its schema); remove the member"
        return explained
    }
}
