/// The fields a collection's schema declares, read from the schema's JSON, so that a query
/// naming a field the documents cannot have is an error instead of an empty result.
///
/// Only closed objects decide: a level where some applicable subschema says
/// `"additionalProperties": false` (with no `patternProperties`) admits exactly the names its
/// `properties` list. An open level admits any name, and below it nothing is checked.
/// `$ref` within the file and `allOf` apply wholly; `anyOf`, `oneOf`, `then` and `else`
/// branches may add names but never close a level, since a value need match only one of them.
struct SchemaFields {
    let root: JSONValue

    /// A field name the schema rules out, with the names it declares at that level.
    struct Unknown: Equatable {
        var path: [String]
        var declared: [String]
    }

    /// The first segment of `path` the schema rules out, or nil when the path may exist.
    func unknown(_ path: [String]) -> Unknown? {
        var level = [root]
        for (depth, name) in path.enumerated() {
            let views = level.flatMap { expand($0, closing: true, seen: []) }
            var next: [JSONValue] = []
            var declared: [String] = []
            var closedWithout = false
            for (view, closing) in views {
                let properties = view["properties"]?.objectValue ?? [:]
                declared += properties.keys
                if let schema = properties[name] {
                    next.append(schema)
                } else if view["additionalProperties"] == .bool(false), view["patternProperties"] == nil {
                    closedWithout = closedWithout || closing
                } else if let extra = view["additionalProperties"], extra.objectValue != nil {
                    next.append(extra)
                }
            }
            if closedWithout && !views.contains(where: { $0.view["properties"]?[name] != nil }) {
                return Unknown(path: Array(path.prefix(depth + 1)), declared: Array(Set(declared)).sorted())
            }
            guard !next.isEmpty else { return nil }
            level = next
        }
        return nil
    }

    /// The JSON types (`string`, `number`, `boolean`, `null`, `array`, `object`; `integer`
    /// counts as `number`) the schema allows at `path`, or nil when it does not say (an
    /// open level, or no `type`, `const` or `enum` there). With `elements`, the types of the
    /// array's elements (`items`) instead.
    func types(at path: [String], elements: Bool = false) -> Set<String>? {
        var level = [root]
        for name in path {
            var next: [JSONValue] = []
            for (view, _) in level.flatMap({ expand($0, closing: true, seen: []) }) {
                if let schema = view["properties"]?[name] {
                    next.append(schema)
                } else if let extra = view["additionalProperties"], extra.objectValue != nil {
                    next.append(extra)
                }
            }
            guard !next.isEmpty else { return nil }
            level = next
        }
        if elements {
            level = level.flatMap { expand($0, closing: true, seen: []) }.compactMap { $0.view["items"] }
            guard !level.isEmpty else { return nil }
        }
        var types: Set<String> = []
        for (view, _) in level.flatMap({ expand($0, closing: true, seen: []) }) {
            switch view["type"] {
            case .string(let name)?: types.insert(name)
            case .array(let names)?: types.formUnion(names.compactMap(\.stringValue))
            default: break
            }
            for value in (view["enum"]?.arrayValue ?? []) + (view["const"].map { [$0] } ?? []) {
                types.insert(value.typeName)
            }
        }
        if types.remove("integer") != nil { types.insert("number") }
        return types.isEmpty ? nil : types
    }

    /// The only values the schema allows at `path` (its `enum` or `const`), or nil when it
    /// allows others. Only subschemas that apply wholly on the way down count: a value named
    /// by one `anyOf` branch may still be allowed by another. With `elements`, the values of
    /// the array's elements instead.
    func allowedValues(at path: [String], elements: Bool = false) -> [JSONValue]? {
        var allowed: [JSONValue]?
        for view in whollyApplying(at: path, elements: elements) {
            var values = view["enum"]?.arrayValue
            if let constant = view["const"] { values = (values ?? [constant]).filter { $0 == constant } }
            guard let values else { continue }
            allowed = allowed.map { $0.filter(values.contains) } ?? values
        }
        return allowed
    }

    /// Whether the schema declares the value at `path` a timestamp (`"format": "date-time"`)
    /// in a subschema that applies wholly on the way down.
    func isTimestamp(at path: [String]) -> Bool {
        whollyApplying(at: path, elements: false).contains { $0["format"] == .string("date-time") }
    }

    /// The subschemas that apply wholly to the value at `path` (or, with `elements`, to the
    /// array's elements there): empty when the path leaves what the schema declares.
    private func whollyApplying(at path: [String], elements: Bool) -> [JSONValue] {
        func wholly(_ schemas: [JSONValue]) -> [JSONValue] {
            schemas.flatMap { expand($0, closing: true, seen: []) }.filter(\.closing).map(\.view)
        }
        var level = [root]
        for name in path {
            level = wholly(level).compactMap { $0["properties"]?[name] }
            guard !level.isEmpty else { return [] }
        }
        if elements {
            level = wholly(level).compactMap { $0["items"] }.filter { $0.objectValue != nil }
        }
        return wholly(level)
    }

    /// `schema` and the subschemas that apply to the same value with it; `closing` says
    /// whether the subschema applies wholly (so its `additionalProperties: false` rules names out).
    private func expand(_ schema: JSONValue, closing: Bool, seen: Set<String>) -> [(view: JSONValue, closing: Bool)] {
        guard schema.objectValue != nil else { return [] }
        var result = [(view: schema, closing: closing)]
        // Only pointers (`#`, `#/$defs/x`) are followed; an anchor (`#name`) names no path here,
        // so its level stays open rather than resolving to the root by mistake.
        if let reference = schema["$ref"]?.stringValue, reference == "#" || reference.hasPrefix("#/"), !seen.contains(reference),
           let target = resolve(String(reference.dropFirst())) {
            result += expand(target, closing: closing, seen: seen.union([reference]))
        }
        for branch in schema["allOf"]?.arrayValue ?? [] { result += expand(branch, closing: closing, seen: seen) }
        for key in ["anyOf", "oneOf"] {
            for branch in schema[key]?.arrayValue ?? [] { result += expand(branch, closing: false, seen: seen) }
        }
        for key in ["then", "else"] {
            if let branch = schema[key] { result += expand(branch, closing: false, seen: seen) }
        }
        return result
    }

    /// The value at a JSON pointer of the schema document (`/$defs/entry`).
    private func resolve(_ pointer: String) -> JSONValue? {
        var current: JSONValue? = root
        for token in JSONValue.pointerTokens(pointer) {
            if let members = current?.objectValue {
                current = members[token]
            } else if let elements = current?.arrayValue, let index = Int(token), elements.indices.contains(index) {
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }
}
