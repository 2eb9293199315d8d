/// Compares `Document` types with their collections' schemas (``Store/checkTypes(_:)``): each
/// type is decoded by a ``TypeProbe``, which notes every member it asks for and the kind of
/// value it wants, without any document.
struct TypeChecker {
    let store: Store

    func check(_ types: [any Document.Type]) throws -> [TypeMismatch] {
        try types.flatMap { try check($0) }
    }

    private func check<D: Document>(_ type: D.Type) throws -> [TypeMismatch] {
        let descriptor = try store.reader.documentCollection(for: D.self)
        let file = "schema/" + descriptor.schema
        guard let folder = try store.reader.openFolders(["schema"]),
              let bytes = try SchemaCopies.file(descriptor.schema, in: folder, schemaVersion: store.schemaVersion)
        else {
            throw AlmanacError(.notFound, "the schema of collection \(descriptor.name) is missing; copy it from the app's schema folder", path: file)
        }
        let schema = try JSONValue(parsing: bytes)
        let (fields, stopped) = TypeProbe.probe(D.self, schema: schema)
        let probe = TypeProbe(schema: schema)
        let name = String(describing: D.self)
        var found: [TypeMismatch] = []
        func report(_ field: String, _ message: String) {
            found.append(TypeMismatch(type: name, field: field, schemaFile: file, message: message))
        }
        var asked: [[String]: Set<String>] = [:]
        for field in fields {
            asked[field.path, default: []].insert(field.name)
            let label = (field.path + [field.name]).joined(separator: ".")
            let object = probe.schema(at: field.path)
            guard let member = object.flatMap({ probe.property(field.name, of: $0) }).map(probe.resolved) else {
                let declared = object?["properties"]?.objectValue.map { $0.keys.sorted() } ?? []
                let hint = Suggestion.closest(to: field.name, in: declared).map { "; did you mean \"\($0)\"?" } ?? ""
                report(label, "\(name) declares \"\(label)\", which the schema does not\(hint); rename the property (or its coding key), or add the field to the schema and a migration")
                continue
            }
            if let mismatch = Self.kindMismatch(field.kind, member, label: label) { report(label, mismatch) }
            let required = Set(object?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            if !field.optional, !required.contains(field.name), !Self.allowsOnly(member, "null") {
                report(label, "\(name) requires \"\(label)\", which the schema lets a document leave out: a document without it does not decode as \(name); make the property optional, or add it to the schema's \"required\"")
            }
        }
        for (path, names) in asked.sorted(by: { $0.key.count < $1.key.count }) {
            let required = probe.schema(at: path)?["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            for missing in required where !names.contains(missing) {
                let label = (path + [missing]).joined(separator: ".")
                report(label, "the schema requires \"\(label)\", which \(name) does not declare: a new document saved from \(name) is refused; add the property, or drop the field from \"required\" (with a migration)")
            }
        }
        if let stopped {
            let reason = (stopped as? AlmanacError)?.message ?? "\(stopped)"
            report(fields.last.map { ($0.path + [$0.name]).joined(separator: ".") } ?? "(the whole type)",
                   "\(name) could not be decoded past this member while it was compared with the schema (\(reason)); the members after it were not compared")
        }
        return found
    }

    /// What is wrong with a member of `kind` typed by the schema `member`, or `nil`.
    private static func kindMismatch(_ kind: TypeProbe.Kind, _ member: JSONValue, label: String) -> String? {
        let types = Set(member["type"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue].compactMap { $0 } } ?? [])
        guard !types.isEmpty else { return nil }   // any type: nothing to compare
        let format = member["format"]?.stringValue
        func wants(_ schemaType: String, _ what: String) -> String? {
            types.contains(schemaType) || (schemaType == "number" && types.contains("integer")) ? nil
                : "the type holds \(what), but the schema's \"\(label)\" is \(types.sorted().joined(separator: " or ")); make them agree"
        }
        switch kind {
        case .string, .url, .data: return wants("string", "a string")
        case .integer: return wants("integer", "an integer")
        case .number: return wants("number", "a number")
        case .boolean: return wants("boolean", "a Boolean")
        case .object: return wants("object", "an object")
        case .array: return wants("array", "an array")
        case .other: return nil
        case .date:
            if let wrong = wants("string", "a Date (an RFC 3339 timestamp)") { return wrong }
            return format == "date-time" ? nil
                : "the type holds a Date, but the schema's \"\(label)\" is any string: a document with another string there does not decode; add \"format\": \"date-time\""
        case .uuid:
            if let wrong = wants("string", "a UUID") { return wrong }
            return format == "uuid" ? nil
                : "the type holds a UUID, but the schema's \"\(label)\" is any string: a document whose \(label) is not a UUID (\"cli-1\") is accepted by a save and then does not decode; add \"format\": \"uuid\""
        }
    }

    /// Whether the schema `member` allows only `type` (`{"type": "null"}`).
    private static func allowsOnly(_ member: JSONValue, _ type: String) -> Bool {
        member["type"]?.stringValue == type
    }
}
