/// Checking queries against the collection's schema before reading, so that a typo in a
/// field, an operator or a value is an error naming it, never an empty result.
extension StoreReader {
    /// Parses and checks the text form of a condition (``Store/condition(parsing:in:)``).
    func condition(parsing text: String, in descriptor: CollectionDescriptor) throws -> Condition {
        let fields = try schemaFields(of: descriptor)
        var parser = ConditionParser(text) { field, word in
            let path = field.split(separator: ".").map(String.init)
            var types = fields.types(at: path)
            if let known = types, known.contains("array"), !known.contains("string") {
                types = fields.types(at: path, elements: true)
            }
            let literal = ConditionParser.literal(word)
            guard let types, !types.contains(literal.typeName), types.contains("string") else { return literal }
            return .string(word)
        }
        let condition = try parser.parse()
        try check(condition, in: descriptor, fields: fields)
        return condition
    }

    /// Refuses a query naming a field (in its condition or sort) that the collection's schema
    /// rules out, comparing with a value of the wrong type, or with a negative window.
    func check(_ query: Query, in descriptor: CollectionDescriptor) throws {
        if query.offset < 0 || (query.limit ?? 0) < 0 {
            throw AlmanacError(.invalidQuery, "a query's offset and limit cannot be negative (offset \(query.offset), limit \(query.limit.map(String.init) ?? "none"))")
        }
        guard query.condition != nil || !query.sort.isEmpty else { return }
        // Before the schema is read: the depth check is what makes the walks below safe.
        try query.condition?.checkDepth()
        let fields = try schemaFields(of: descriptor)
        if let condition = query.condition { try check(condition, in: descriptor, fields: fields) }
        for sort in query.sort { try checkField(sort.field, in: descriptor, fields: fields) }
    }

    /// The field map of `collection`'s schema, read once per store like the compiled schema.
    func schemaFields(of descriptor: CollectionDescriptor) throws -> SchemaFields {
        if let known = caches.withLock({ $0.schemaFields[descriptor.name] }) { return known }
        let fields = SchemaFields(root: try schemaDocument(of: descriptor))
        caches.withLock { $0.schemaFields[descriptor.name] = fields }
        return fields
    }

    private func check(_ condition: Condition, in descriptor: CollectionDescriptor, fields: SchemaFields) throws {
        switch condition {
        case .all(let conditions), .any(let conditions):
            for inner in conditions { try check(inner, in: descriptor, fields: fields) }
        case .not(let inner):
            try check(inner, in: descriptor, fields: fields)
        case .exists(let field, _):
            try checkField(field, in: descriptor, fields: fields)
        case .equals(let field, let value):
            try checkValues([value], of: field, in: descriptor, fields: fields, test: "=")
            try checkTimestamps([value], of: field, in: descriptor, fields: fields, condition: condition)
        case .isIn(let field, let values):
            try checkValues(values, of: field, in: descriptor, fields: fields, test: "in")
            try checkTimestamps(values, of: field, in: descriptor, fields: fields, condition: condition)
        case .lessThan(let field, let value), .lessThanOrEqual(let field, let value),
             .greaterThan(let field, let value), .greaterThanOrEqual(let field, let value):
            guard value.numberValue != nil || value.stringValue != nil else {
                throw AlmanacError(.invalidQuery, "\(condition) compares \(field) with a \(value.typeName); compare with a number or a string", pointer: pointer(field))
            }
            try checkValues([value], of: field, in: descriptor, fields: fields, test: "compare")
            try checkTimestamps([value], of: field, in: descriptor, fields: fields, condition: condition)
        case .contains(let field, let value):
            try checkField(field, in: descriptor, fields: fields)
            let path = field.split(separator: ".").map(String.init)
            guard let types = fields.types(at: path) else { return }
            if types.contains("array") {
                if let elements = fields.types(at: path, elements: true), !elements.contains(value.typeName) {
                    throw wrongType(value, field: field + "[]", types: elements, in: descriptor, condition: condition)
                }
                try checkAllowed([value], of: field, elements: true, in: descriptor, fields: fields)
            } else if types.contains("string") {
                guard value.stringValue != nil else { throw wrongType(value, field: field, types: types, in: descriptor, condition: condition) }
            } else {
                throw AlmanacError(
                    .invalidQuery,
                    "\(condition): contains looks into a list or a text, and \(field) in \(descriptor.name) is \(Self.list(types)); use = or a comparison",
                    pointer: pointer(field))
            }
        }
    }

    private func checkValues(_ values: [JSONValue], of field: String, in descriptor: CollectionDescriptor, fields: SchemaFields, test: String) throws {
        try checkField(field, in: descriptor, fields: fields)
        guard let types = fields.types(at: field.split(separator: ".").map(String.init)) else { return }
        for value in values where !types.contains(value.typeName) {
            if types == ["array"] || types == ["array", "null"], value.arrayValue == nil {
                throw AlmanacError(
                    .invalidQuery,
                    "\(field) in \(descriptor.name) is a list, so it never equals \(FieldPath.render(value)); to find the lists holding it, write: \(field) contains \(FieldPath.render(value))",
                    pointer: pointer(field))
            }
            throw wrongType(value, field: field, types: types, in: descriptor, condition: nil)
        }
        try checkAllowed(values, of: field, elements: false, in: descriptor, fields: fields)
    }

    /// Refuses a text that is not a timestamp where the schema says the field holds one: a day
    /// (`2026-11-21`) would compare as text with `2026-11-21T08:00:00Z` and miss that day's
    /// documents, silently.
    private func checkTimestamps(_ values: [JSONValue], of field: String, in descriptor: CollectionDescriptor, fields: SchemaFields, condition: Condition) throws {
        guard fields.isTimestamp(at: field.split(separator: ".").map(String.init)) else { return }
        for case .string(let text) in values where Timestamp.parse(text) == nil {
            let day = CalendarDate(text).map { " such as \($0)T00:00:00Z, or \(AlmanacError.Remedy.dateRange.api)" } ?? ""
            throw AlmanacError(
                .invalidQuery,
                "\(condition): \(field) in \(descriptor.name) is a timestamp (date-time) in its schema, and \(FieldPath.render(.string(text))) is not one, so it would compare as text and miss documents; compare with a timestamp\(day)",
                pointer: pointer(field)).with(day.isEmpty ? nil : .dateRange)
        }
    }

    /// Refuses a value the field's `enum` or `const` rules out: no document can hold it, so
    /// the query would find nothing, silently. `null` stays allowed (it also finds a missing field).
    private func checkAllowed(_ values: [JSONValue], of field: String, elements: Bool, in descriptor: CollectionDescriptor, fields: SchemaFields) throws {
        let path = field.split(separator: ".").map(String.init)
        guard let allowed = fields.allowedValues(at: path, elements: elements) else { return }
        for value in values where value != .null && !allowed.contains(value) {
            let shown = allowed.map(FieldPath.render)
            let hint = value.stringValue.flatMap { typed in
                Suggestion.closest(to: typed, in: allowed.compactMap(\.stringValue)).map { "did you mean \"\($0)\"? " }
            } ?? ""
            let what = elements ? "the items of \(field)" : field
            throw AlmanacError(
                .invalidQuery,
                "\(what) in \(descriptor.name) can only be \(shown.joined(separator: ", ")) (its schema's enum), so no document matches \(FieldPath.render(value)); \(hint)give one of those values",
                pointer: pointer(field))
        }
    }

    private func wrongType(_ value: JSONValue, field: String, types: Set<String>, in descriptor: CollectionDescriptor, condition: Condition?) -> AlmanacError {
        let shown = FieldPath.render(value)
        return AlmanacError(
            .invalidQuery,
            "\(condition.map { "\($0): " } ?? "")\(field) in \(descriptor.name) is \(Self.list(types)) in its schema, so it can never match \(shown) (\(Self.article(value.typeName)) \(value.typeName)); give \(Self.article(types.sorted()[0])) \(Self.list(types)) value",
            pointer: pointer(field))
    }

    /// Refuses a field the schema rules out, naming the closest declared name.
    private func checkField(_ field: String, in descriptor: CollectionDescriptor, fields: SchemaFields) throws {
        let path = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let unknown = fields.unknown(path), let name = unknown.path.last else { return }
        let shown = unknown.path.joined(separator: ".")
        let hint = Suggestion.closest(to: name, in: unknown.declared).map { "; did you mean \"\((unknown.path.dropLast() + [$0]).joined(separator: "."))\"?" } ?? ""
        throw AlmanacError(
            .invalidQuery,
            "no field \"\(shown)\" in \(descriptor.name)\(hint) (its schema declares \(unknown.declared.joined(separator: ", ")))",
            pointer: unknown.path.reduce("") { JSONFileReader.pointer($0, $1) })
    }

    private func pointer(_ field: String) -> String {
        FieldPath(field)?.pointer ?? ""
    }

    private static func article(_ word: String) -> String {
        word.first.map { "aeio".contains($0) } == true ? "an" : "a"
    }

    private static func list(_ types: Set<String>) -> String {
        types.sorted().joined(separator: " or ")
    }
}
