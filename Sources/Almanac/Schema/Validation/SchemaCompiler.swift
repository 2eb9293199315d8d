/// Turns a schema document into the ``SchemaProgram`` that ``SchemaEvaluator`` runs.
///
/// Compiling walks every subschema of the file, including `$defs` nothing refers to, so
/// that a mistake anywhere in a schema file is reported when the catalog is opened rather
/// than the day a document first reaches that branch. `$ref`s are resolved once the walk has
/// seen every `$id` and `$anchor`, then replaced by node indexes.
struct SchemaCompiler {
    /// The schema file, for errors.
    let path: String
    /// The tables being filled.
    var builder = SchemaProgramBuilder()
    /// Node index of every compiled schema, by its JSON pointer in the file.
    private var nodeAtPointer: [String: Int] = [:]
    /// JSON pointer of every schema resource (the root and each `$id`), by absolute URI.
    private var resources: [String: String] = [:]
    /// JSON pointer of every `$anchor`, by "resource URI#anchor".
    private var anchors: [String: String] = [:]
    /// `$ref`s waiting for the walk to finish.
    private var pendingReferences: [PendingReference] = []

    private struct PendingReference {
        var node: Int
        var check: Int
        var reference: String
        var base: SchemaURI
        var pointer: String
    }

    /// The base URI of a file without a root `$id`. Relative references such as
    /// `other.json` resolve against it to URIs that name no resource here, and are refused.
    private static let documentBase = SchemaURI("urn:almanac:schema-file")

    init(path: String) {
        self.path = path
    }

    /// Compiles the whole document.
    static func compile(_ value: JSONValue, path: String) throws -> SchemaProgram {
        var compiler = SchemaCompiler(path: path)
        compiler.resources[Self.documentBase.text] = ""
        let root = try compiler.compile(value, at: "", base: Self.documentBase, owner: nil)
        try compiler.resolveReferences()
        try compiler.rejectLoopsWithoutProgress()
        let aliases = compiler.referenceAliases()
        // The nodes a `$ref` reaches can be reached along many paths: the evaluator counts
        // (and if need be memoises) their evaluations.
        var shared = Set<Int>()
        for checks in compiler.builder.nodeChecks {
            for check in checks { if case .reference(let target) = check.rule, target >= 0 { shared.insert(aliases[target]) } }
        }
        compiler.builder.remapNodes { aliases[$0] }
        return SchemaProgram(builder: compiler.builder, root: aliases[root], shared: shared)
    }

    /// An error about the schema itself, at `pointer` in the schema file.
    func malformed(_ pointer: String, _ message: String) -> AlmanacError {
        AlmanacError(.invalidCatalog, message, path: path, pointer: pointer)
    }

    /// Compiles the schema `value` found at `pointer`, under the keyword `owner` of its parent.
    mutating func compile(_ value: JSONValue, at pointer: String, base: SchemaURI, owner: SchemaKeyword?) throws -> Int {
        let index = builder.nodeChecks.count
        builder.nodeChecks.append([])
        builder.nodeInfo.append(SchemaNodeInfo(schemaPointer: pointer, owner: owner, isFalse: false))
        nodeAtPointer[pointer] = index
        switch value {
        case .bool(let allowed):
            builder.nodeInfo[index].isFalse = !allowed
            return index
        case .object(let object):
            let checks = try compileObject(object, at: pointer, base: base, node: index)
            builder.nodeChecks[index] = checks
            return index
        default:
            throw malformed(pointer, "a schema must be an object or a boolean, found \(SchemaText.found(value))")
        }
    }

    /// Records a check's message details and returns the check.
    mutating func check(_ rule: SchemaRule, _ keyword: SchemaKeyword, at pointer: String, detail: String? = nil) -> SchemaCheck {
        SchemaCheck(rule: rule, info: info(keyword, at: pointer, detail: detail))
    }

    /// Records message details for violations of `keyword` at `pointer`.
    mutating func info(_ keyword: SchemaKeyword, at pointer: String, detail: String? = nil) -> Int {
        SchemaProgramBuilder.add(SchemaCheckInfo(keyword: keyword, schemaPointer: pointer, detail: detail), to: &builder.checkInfo)
    }

    private mutating func compileObject(
        _ object: [String: JSONValue], at pointer: String, base: SchemaURI, node: Int
    ) throws -> [SchemaCheck] {
        var keywords: [SchemaKeyword: JSONValue] = [:]
        for key in object.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let keyword = SchemaKeyword(rawValue: key) else {
                throw malformed(pointer + "/" + SchemaText.pointerToken(key),
                                "unsupported JSON Schema keyword \(SchemaText.quoted(key)); "
                                    + "remove it or use a supported keyword (the Schemas and the catalog article of the documentation, Sources/Almanac/Almanac.docc/SchemasAndTheCatalog.md, lists them)")
            }
            keywords[keyword] = object[key]
        }
        var base = base
        if let id = keywords[.id] {
            base = try identify(id, at: pointer + "/$id", base: base, resource: pointer)
        }
        if let anchor = keywords[.anchor] {
            try registerAnchor(anchor, at: pointer + "/$anchor", base: base, target: pointer)
        }
        // The member keywords are gathered into one check (see SchemaObjectShape).
        let memberKeywords: [SchemaKeyword] = [.properties, .patternProperties, .additionalProperties, .required]
        var shape: SchemaObjectParts? = memberKeywords.contains { keywords[$0] != nil } ? SchemaObjectParts() : nil
        var checks: [SchemaCheck] = []
        for keyword in SchemaKeyword.allCases {
            guard let value = keywords[keyword] else { continue }
            let keywordPointer = pointer + "/" + SchemaText.pointerToken(keyword.rawValue)
            if keyword == .ref {
                guard case .string(let reference) = value else {
                    throw malformed(keywordPointer, "$ref must be a string, found \(SchemaText.found(value))")
                }
                pendingReferences.append(PendingReference(
                    node: node, check: checks.count, reference: reference, base: base, pointer: keywordPointer))
                checks.append(check(.reference(-1), .ref, at: keywordPointer))
                continue
            }
            let context = SchemaKeywordContext(keyword: keyword, value: value, siblings: keywords,
                                         objectPointer: pointer, pointer: keywordPointer, base: base)
            if let compiled = try rule(for: context, shape: &shape) {
                checks.append(check(compiled.rule, keyword, at: keywordPointer, detail: compiled.detail))
            }
        }
        if let shape {
            let index = SchemaProgramBuilder.add(shape, to: &builder.objectShapes)
            let keyword = memberKeywords.first { keywords[$0] != nil } ?? .properties
            checks.append(check(.objectShape(index), keyword, at: pointer + "/" + keyword.rawValue))
        }
        return checks
    }

    /// Applies `$id`: registers the resource and returns the new base URI.
    private mutating func identify(_ id: JSONValue, at pointer: String, base: SchemaURI, resource: String) throws -> SchemaURI {
        guard case .string(let text) = id else {
            throw malformed(pointer, "$id must be a string, found \(SchemaText.found(id))")
        }
        let resolved = base.resolving(SchemaURI(text))
        if let fragment = resolved.fragment, !fragment.isEmpty {
            throw malformed(pointer, "$id \(SchemaText.quoted(text)) must not have a fragment; use $anchor to name a subschema")
        }
        let identifier = resolved.withoutFragment
        if let existing = resources[identifier.text], existing != resource {
            throw malformed(pointer, "$id \(SchemaText.quoted(text)) is also used at \(existing.isEmpty ? "the root" : existing)")
        }
        resources[identifier.text] = resource
        return identifier
    }

    private mutating func registerAnchor(_ anchor: JSONValue, at pointer: String, base: SchemaURI, target: String) throws {
        guard case .string(let name) = anchor, Self.isAnchorName(name) else {
            throw malformed(pointer, "$anchor must be a name such as \"node\" (a letter or _, then letters, digits, -, _ or .)")
        }
        let key = base.text + "#" + name
        if let existing = anchors[key], existing != target {
            throw malformed(pointer, "$anchor \(SchemaText.quoted(name)) is also defined at \(existing)")
        }
        anchors[key] = target
    }

    private static func isAnchorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII else {
            return false
        }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        }
    }

    // MARK: - References

    /// Replaces every `$ref` placeholder with the index of the node it names.
    private mutating func resolveReferences() throws {
        for pending in pendingReferences {
            let target = pending.base.resolving(SchemaURI(pending.reference))
            guard let resourcePointer = resources[target.withoutFragment.text] else {
                throw malformed(pending.pointer, "$ref \(SchemaText.quoted(pending.reference)) points outside this schema file; "
                                    + "only references within the same file are supported")
            }
            let fragment = try Self.percentDecoded(target.fragment ?? "", pointer: pending.pointer, compiler: self)
            let schemaPointer: String
            if fragment.isEmpty {
                schemaPointer = resourcePointer
            } else if fragment.hasPrefix("/") {
                schemaPointer = resourcePointer + (try normalizedPointer(fragment, at: pending.pointer))
            } else if let anchored = anchors[target.withoutFragment.text + "#" + fragment] {
                schemaPointer = anchored
            } else {
                throw malformed(pending.pointer, "$ref \(SchemaText.quoted(pending.reference)) names no $anchor in this file")
            }
            guard let node = nodeAtPointer[schemaPointer] else {
                throw malformed(pending.pointer, "$ref \(SchemaText.quoted(pending.reference)) does not point to a schema in this file")
            }
            builder.nodeChecks[pending.node][pending.check].rule = .reference(node)
        }
    }

    /// A JSON pointer from a `$ref` fragment with each token escaped the one canonical way,
    /// so that it matches the pointers the walk recorded.
    private func normalizedPointer(_ fragment: String, at pointer: String) throws -> String {
        var result = ""
        for token in fragment.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var unescaped = ""
            var characters = token.makeIterator()
            while let character = characters.next() {
                guard character == "~" else {
                    unescaped.append(character)
                    continue
                }
                switch characters.next() {
                case "0": unescaped.append("~")
                case "1": unescaped.append("/")
                default: throw malformed(pointer, "$ref has an invalid JSON pointer escape in \(SchemaText.quoted(fragment))")
                }
            }
            result += "/" + SchemaText.pointerToken(unescaped)
        }
        return result
    }

    /// Decodes `%XX` escapes (URI fragments percent-encode characters such as `%` and `"`).
    private static func percentDecoded(_ text: String, pointer: String, compiler: SchemaCompiler) throws -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) else {
                throw compiler.malformed(pointer, "$ref has an invalid percent escape in \(SchemaText.quoted(text))")
            }
            bytes.append(value)
            input = input.dropFirst(2)
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Invalid UTF-8 is decoded to U+FFFD, which changes the bytes.
        guard decoded.utf8.elementsEqual(bytes) else {
            throw compiler.malformed(pointer, "$ref fragment \(SchemaText.quoted(text)) is not valid UTF-8 once decoded")
        }
        return decoded
    }

    /// For each node, the node it stands for: a schema that is nothing but a `$ref` (such as
    /// `{"$ref": "#/$defs/uuid", "description": …}`) is replaced by its target, so that
    /// validation does not pay a dispatch for each such step. Runs after loops are refused.
    private func referenceAliases() -> [Int] {
        builder.nodeChecks.indices.map { start in
            var target = start
            for _ in builder.nodeChecks.indices {
                guard builder.nodeChecks[target].count == 1, case .reference(let next) = builder.nodeChecks[target][0].rule,
                      !builder.nodeInfo[next].isFalse  // a false schema's message depends on where it sits
                else { break }
                target = next
            }
            return target
        }
    }

    // MARK: - Loops

    /// Refuses schemas whose `$ref`s (and other keywords applying to the same value) lead back
    /// to themselves without stepping into a member or item: validating any document would
    /// recurse forever, so the schema is wrong however it is used.
    private func rejectLoopsWithoutProgress() throws {
        enum State { case unvisited, active, done }
        var state = [State](repeating: .unvisited, count: builder.nodeChecks.count)
        for start in builder.nodeChecks.indices where state[start] == .unvisited {
            // Iterative depth-first search: each frame is a node and the next edge to follow.
            var stack: [(node: Int, edges: [(target: Int, pointer: String)], next: Int)] = [(start, inPlaceEdges(of: start), 0)]
            state[start] = .active
            while let top = stack.last {
                if top.next == top.edges.count {
                    state[top.node] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = top.edges[top.next]
                switch state[edge.target] {
                case .active:
                    throw malformed(edge.pointer, "this schema refers back to itself for the same value, "
                                        + "so validation would never end; a recursive $ref must go through properties or items")
                case .unvisited:
                    state[edge.target] = .active
                    stack.append((edge.target, inPlaceEdges(of: edge.target), 0))
                case .done:
                    break
                }
            }
        }
    }

    /// The subschemas that node `index` applies to the very value it is checking.
    private func inPlaceEdges(of index: Int) -> [(target: Int, pointer: String)] {
        var edges: [(target: Int, pointer: String)] = []
        for check in builder.nodeChecks[index] {
            let pointer = builder.checkInfo[check.info].schemaPointer
            switch check.rule {
            case .reference(let target), .not(let target):
                edges.append((target, pointer))
            case .allOf(let range), .anyOf(let range), .oneOf(let range):
                edges += range.indices.map { (builder.nodeLists[$0], pointer) }
            case .dependentSchemas(let index):
                edges += builder.dependencies[index].entries.map { ($0.schema, pointer) }
            case .conditional(let condition, let then, let otherwise):
                edges += [condition, then, otherwise].filter { $0 >= 0 }.map { ($0, pointer) }
            default:
                break
            }
        }
        return edges
    }
}
