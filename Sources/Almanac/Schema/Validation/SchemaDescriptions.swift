/// Sentences for schema shapes whose failures would otherwise read as riddles.
///
/// A failed `not` or `then` only says that some subschema did or did not match; for the
/// shapes schemas actually use (`"not": {"required": ["x"]}`, an `if` that tests a field's
/// value) the compiler writes what the rule means once, and messages reuse it.
enum SchemaDescriptions {
    /// Keywords that never change what a schema accepts, ignored when recognising shapes.
    private static let annotations = Set(SchemaKeyword.allCases.filter(\.isAnnotation).map(\.rawValue))

    /// What a `not` schema forbids, e.g. `field "thumbnailPath" must not be present`, or `nil`
    /// when the shape is not a simple one.
    static func forbidden(_ schema: JSONValue) -> String? {
        guard let members = significantMembers(schema), members.count == 1,
              case .array(let elements)? = members["required"], !elements.isEmpty
        else { return nil }
        let names = elements.compactMap(\.stringValue)
        guard names.count == elements.count else { return nil }
        if names.count == 1 { return "field \(SchemaText.quoted(names[0])) must not be present" }
        return "fields \(SchemaText.list(names.map(SchemaText.quoted))) must not all be present"
    }

    /// The condition an `if` schema tests, e.g. `eventType is "proceed_to_app"`, or `nil` when
    /// it is not a conjunction of required fields with constant or enumerated values.
    static func condition(_ schema: JSONValue) -> String? {
        guard let members = significantMembers(schema),
              Set(members.keys).isSubset(of: ["properties", "required"])
        else { return nil }
        let required = members["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let properties = members["properties"]?.objectValue ?? [:]
        var parts: [String] = []
        for (name, propertySchema) in SchemaCompiler.sorted(properties) {
            // Without `required`, the condition also holds when the field is absent, which
            // a short sentence cannot say well.
            guard required.contains(name), let test = valueTest(propertySchema) else { return nil }
            parts.append("\(name) is \(test)")
        }
        for name in required where properties[name] == nil {
            parts.append("\(name) is present")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    /// `"x"` for `{"const": "x"}`, `"a" or "b"` for `{"enum": ["a", "b"]}`.
    private static func valueTest(_ schema: JSONValue) -> String? {
        guard let members = significantMembers(schema), members.count == 1 else { return nil }
        if let constant = members["const"] { return SchemaText.value(constant) }
        if case .array(let values)? = members["enum"], !values.isEmpty, values.count <= 6 {
            return SchemaText.alternatives(values.map(SchemaText.value))
        }
        return nil
    }

    private static func significantMembers(_ schema: JSONValue) -> [String: JSONValue]? {
        schema.objectValue?.filter { !annotations.contains($0.key) }
    }
}
