/// Everything the compiler knows about one keyword of a schema object.
struct SchemaKeywordContext {
    var keyword: SchemaKeyword
    var value: JSONValue
    /// All keywords of the same schema object: some keywords depend on siblings
    /// (`additionalProperties` on `properties`, `items` on `prefixItems`, `if` on `then`).
    var siblings: [SchemaKeyword: JSONValue]
    /// The schema object's pointer.
    var objectPointer: String
    /// The keyword's pointer.
    var pointer: String
    /// The base URI in effect for the schema object (after its own `$id`).
    var base: SchemaURI
}

extension SchemaCompiler {
    /// The draft this validator implements; other `$schema` values are refused because the
    /// same keywords mean different things in other drafts (`items` as an array in draft 7).
    static let dialects: Set<String> = [
        "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema#",
    ]

    /// A compiled keyword and the text its messages need.
    struct CompiledRule {
        var rule: SchemaRule
        var detail: String?
    }

    /// Compiles one keyword, or returns `nil` for keywords that only annotate, only configure
    /// a sibling, can never fail, or are gathered into `shape`.
    mutating func rule(for context: SchemaKeywordContext, shape: inout SchemaObjectParts?) throws -> CompiledRule? {
        let value = context.value
        func plain(_ rule: SchemaRule) -> CompiledRule { CompiledRule(rule: rule, detail: nil) }
        switch context.keyword {
        case .id, .anchor, .ref:
            return nil  // handled by compileObject before and around the other keywords
        case .schema:
            guard case .string(let dialect) = value, Self.dialects.contains(dialect) else {
                throw malformed(context.pointer, "$schema must be \"https://json-schema.org/draft/2020-12/schema\", "
                                    + "the only draft this validator implements; found \(SchemaText.value(value))")
            }
            return nil
        case .comment, .title, .description:
            _ = try string(context)
            return nil
        case .deprecated, .readOnly, .writeOnly:
            guard case .bool = value else { throw expected("a boolean", context) }
            return nil
        case .examples:
            guard case .array = value else { throw expected("an array", context) }
            return nil
        case .default:
            return nil
        case .defs:
            _ = try schemaMap(context)
            return nil
        case .type:
            return try typeRule(context)
        case .enum:
            guard case .array(let values) = value else { throw expected("an array", context) }
            return plain(.enumeration(SchemaProgramBuilder.add(SchemaEnumeration(values), to: &builder.enumerations)))
        case .const:
            return plain(.constant(SchemaProgramBuilder.add(value, to: &builder.constants)))
        case .multipleOf:
            let divisor = try number(context)
            guard SchemaDecimal(divisor) > SchemaDecimal(text: "0") else { throw expected("a number greater than 0", context) }
            return CompiledRule(rule: .multipleOf(SchemaProgramBuilder.add(SchemaDecimal(divisor), to: &builder.divisors)),
                                detail: divisor.text)
        case .minimum: return plain(try bound(.minimum, context))
        case .exclusiveMinimum: return plain(try bound(.exclusiveMinimum, context))
        case .maximum: return plain(try bound(.maximum, context))
        case .exclusiveMaximum: return plain(try bound(.exclusiveMaximum, context))
        case .minLength: return plain(.minLength(try count(context)))
        case .maxLength: return plain(.maxLength(try count(context)))
        case .minCharacters: return plain(.minCharacters(try count(context)))
        case .maxCharacters: return plain(.maxCharacters(try count(context)))
        case .visible:
            guard case .bool(let visible) = value else { throw expected("a boolean", context) }
            return visible ? plain(.visible) : nil
        case .minItems: return plain(.minItems(try count(context)))
        case .maxItems: return plain(.maxItems(try count(context)))
        case .minProperties: return plain(.minProperties(try count(context)))
        case .maxProperties: return plain(.maxProperties(try count(context)))
        case .minContains, .maxContains:
            _ = try count(context)
            return nil  // read by `contains`, and without it they check nothing
        case .pattern:
            let compiled = try pattern(try string(context), at: context.pointer)
            return plain(.pattern(SchemaProgramBuilder.add(compiled, to: &builder.patterns)))
        case .format:
            return try formatRule(context).map(plain)
        case .uniqueItems:
            guard case .bool(let unique) = value else { throw expected("a boolean", context) }
            return unique ? plain(.uniqueItems) : nil
        case .required:
            shape?.required = try uniqueStrings(value, at: context.pointer)
            shape?.requiredInfo = info(.required, at: context.pointer)
            return nil
        case .dependentRequired:
            guard case .object(let members) = value else { throw expected("an object", context) }
            let entries = try Self.sorted(members).map { field, names in
                (field: field, requires: try uniqueStrings(names, at: context.pointer + "/" + SchemaText.pointerToken(field)),
                 schema: -1)
            }
            return plain(.dependentRequired(SchemaProgramBuilder.add(SchemaDependency(entries: entries), to: &builder.dependencies)))
        default:
            return try applicatorRule(context, shape: &shape)
        }
    }

    /// Keywords that apply subschemas.
    private mutating func applicatorRule(_ context: SchemaKeywordContext, shape: inout SchemaObjectParts?) throws -> CompiledRule? {
        func plain(_ rule: SchemaRule) -> CompiledRule { CompiledRule(rule: rule, detail: nil) }
        switch context.keyword {
        case .prefixItems:
            return plain(.prefixItems(SchemaProgramBuilder.add(try schemaList(context), to: &builder.nodeLists)))
        case .items:
            let start = context.siblings[.prefixItems]?.arrayValue?.count ?? 0
            return plain(.items(try subschema(context), start: start))
        case .contains:
            let minimum = try context.siblings[.minContains].map { try count(sibling(.minContains, $0, of: context)) } ?? 1
            let maximum = try context.siblings[.maxContains].map { try count(sibling(.maxContains, $0, of: context)) }
            return plain(.contains(try subschema(context), minimum: minimum, maximum: maximum ?? Int.max))
        case .properties:
            shape?.properties = try schemaMap(context).map { SchemaProperty(name: $0.name, schema: $0.schema) }
            return nil
        case .patternProperties:
            let members = try schemaMap(context)
            shape?.patterns = try members.map { member in
                SchemaPatternProperty(pattern: try pattern(member.name, at: context.pointer + "/" + SchemaText.pointerToken(member.name)),
                                      schema: member.schema)
            }
            return nil
        case .additionalProperties:
            shape?.additional = try subschema(context)
            return nil
        case .propertyNames:
            return plain(.propertyNames(try subschema(context)))
        case .dependentSchemas:
            let entries = try schemaMap(context).map { (field: $0.name, requires: [String](), schema: $0.schema) }
            return plain(.dependentSchemas(SchemaProgramBuilder.add(SchemaDependency(entries: entries), to: &builder.dependencies)))
        case .allOf:
            return plain(.allOf(SchemaProgramBuilder.add(try schemaList(context), to: &builder.nodeLists)))
        case .anyOf:
            return plain(.anyOf(SchemaProgramBuilder.add(try schemaList(context), to: &builder.nodeLists)))
        case .oneOf:
            return plain(.oneOf(SchemaProgramBuilder.add(try schemaList(context), to: &builder.nodeLists)))
        case .not:
            return CompiledRule(rule: .not(try subschema(context)), detail: SchemaDescriptions.forbidden(context.value))
        case .if:
            let condition = try subschema(context)
            let then = try context.siblings[.then].map { try subschema(sibling(.then, $0, of: context)) }
            let otherwise = try context.siblings[.else].map { try subschema(sibling(.else, $0, of: context)) }
            guard then != nil || otherwise != nil else { return nil }
            return CompiledRule(rule: .conditional(if: condition, then: then ?? -1, else: otherwise ?? -1),
                                detail: SchemaDescriptions.condition(context.value))
        case .then, .else:
            // Compiled with their `if`; alone they apply nothing but must still be valid schemas.
            if context.siblings[.if] == nil { _ = try subschema(context) }
            return nil
        default:
            preconditionFailure("\(context.keyword.rawValue) is handled by rule(for:shape:)")
        }
    }

    // MARK: - Keyword values

    private func sibling(_ keyword: SchemaKeyword, _ value: JSONValue, of context: SchemaKeywordContext) -> SchemaKeywordContext {
        var sibling = context
        sibling.keyword = keyword
        sibling.value = value
        sibling.pointer = context.objectPointer + "/" + keyword.rawValue
        return sibling
    }

    private func expected(_ what: String, _ context: SchemaKeywordContext) -> AlmanacError {
        malformed(context.pointer, "\(context.keyword.rawValue) must be \(what), found \(SchemaText.found(context.value))")
    }

    private func string(_ context: SchemaKeywordContext) throws -> String {
        guard case .string(let string) = context.value else { throw expected("a string", context) }
        return string
    }

    private func number(_ context: SchemaKeywordContext) throws -> JSONNumber {
        guard case .number(let number) = context.value else { throw expected("a number", context) }
        return number
    }

    /// A non-negative integer; `2.0` counts, as JSON Schema compares numbers by value.
    private func count(_ context: SchemaKeywordContext) throws -> Int {
        guard case .number(let number) = context.value else { throw expected("a non-negative integer", context) }
        let decimal = SchemaDecimal(number)
        guard decimal.isInteger, !decimal.isNegative else { throw expected("a non-negative integer", context) }
        // Limits beyond Int.max cannot be reached by any count.
        return number.int64Value.map { Int($0) } ?? Int.max
    }

    private mutating func bound(_ kind: SchemaBound.Kind, _ context: SchemaKeywordContext) throws -> SchemaRule {
        .bound(SchemaProgramBuilder.add(SchemaBound(kind: kind, limit: try number(context)), to: &builder.bounds))
    }

    private func pattern(_ source: String, at pointer: String) throws -> SchemaPattern {
        do {
            return try SchemaPattern(source)
        } catch {
            throw malformed(pointer, "the pattern \(SchemaText.quoted(source)) \(error.message)")
        }
    }

    private func uniqueStrings(_ value: JSONValue, at pointer: String) throws -> [String] {
        guard case .array(let elements) = value else {
            throw malformed(pointer, "expected an array of field names, found \(SchemaText.found(value))")
        }
        var names: [String] = []
        for element in elements {
            guard case .string(let name) = element else {
                throw malformed(pointer, "expected an array of field names, found \(SchemaText.found(element)) in it")
            }
            guard !names.contains(name) else { throw malformed(pointer, "field \(SchemaText.quoted(name)) is listed twice") }
            names.append(name)
        }
        return names
    }

    private func typeRule(_ context: SchemaKeywordContext) throws -> CompiledRule {
        let names: [String]
        switch context.value {
        case .string(let name): names = [name]
        case .array: names = try uniqueStrings(context.value, at: context.pointer)
        default: throw expected("a type name or an array of them", context)
        }
        var types: SchemaTypeSet = []
        for name in names {
            guard let type = SchemaTypeSet(name: name) else {
                throw malformed(context.pointer, "unknown type \(SchemaText.quoted(name)); expected null, boolean, "
                                    + "object, array, number, string or integer")
            }
            types.insert(type)
        }
        return CompiledRule(rule: .type(types), detail: SchemaText.alternatives(names.map(SchemaText.typeNoun)))
    }

    private func formatRule(_ context: SchemaKeywordContext) throws -> SchemaRule? {
        let name = try string(context)
        if let format = SchemaFormat(rawValue: name) { return .format(format) }
        if SchemaFormat.annotationOnly.contains(name) { return nil }
        throw malformed(context.pointer, "unknown format \(SchemaText.quoted(name)); the checked formats are "
                            + "date, date-time and uuid (other draft 2020-12 formats are accepted as annotations)")
    }

    // MARK: - Subschemas

    private mutating func subschema(_ context: SchemaKeywordContext) throws -> Int {
        try compile(context.value, at: context.pointer, base: context.base, owner: context.keyword)
    }

    private mutating func schemaList(_ context: SchemaKeywordContext) throws -> [Int] {
        guard case .array(let elements) = context.value, !elements.isEmpty else {
            throw expected("a non-empty array of schemas", context)
        }
        return try elements.enumerated().map { index, element in
            try compile(element, at: context.pointer + "/\(index)", base: context.base, owner: context.keyword)
        }
    }

    /// An object whose members are schemas (`properties`, `$defs`, …), in member-name order.
    private mutating func schemaMap(_ context: SchemaKeywordContext) throws -> [(name: String, schema: Int)] {
        guard case .object(let members) = context.value else { throw expected("an object of schemas", context) }
        return try Self.sorted(members).map { name, member in
            (name: name, schema: try compile(member, at: context.pointer + "/" + SchemaText.pointerToken(name),
                                             base: context.base, owner: context.keyword))
        }
    }

    /// Members in the canonical writer's order (UTF-8 bytes of the name), for stable output.
    static func sorted(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
