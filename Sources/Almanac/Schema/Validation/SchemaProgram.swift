/// A compiled schema file: flat tables of nodes and checks that ``SchemaEvaluator`` runs.
///
/// Validation is on the write path of every document, so its layout is chosen for speed:
/// nodes and checks are plain values (no references), so that walking them costs no
/// reference counting, and everything a check needs beyond a few integers (names, patterns,
/// limits) lives in typed side tables it points into. Text used only in messages (schema
/// pointers, type names) sits in separate tables read only when something fails.
///
/// The hot tables are frozen into buffers that the program owns and frees in `deinit`.
/// Reading an element of a Swift array held by a class retains and releases the array (and
/// often the element's own storage) around each access, which made up half the cost of
/// validating a document; reading through a buffer pointer borrows instead. The buffers are
/// never written after `init`, and evaluators hold the program while they use them.
final class SchemaProgram: @unchecked Sendable {
    // @unchecked: every stored property is immutable after init, including the buffers'
    // contents, so sharing between threads is safe.

    /// Every schema object or boolean schema of the file; the root is ``root``.
    let nodes: UnsafeBufferPointer<SchemaNode>
    /// The checks of all nodes, each node's checks contiguous.
    let checks: UnsafeBufferPointer<SchemaCheck>
    let root: Int

    // Side tables, indexed by the rules' payloads.
    let nodeLists: UnsafeBufferPointer<Int>
    let enumerations: UnsafeBufferPointer<SchemaEnumeration>
    let constants: UnsafeBufferPointer<JSONValue>
    let bounds: UnsafeBufferPointer<SchemaBound>
    let divisors: UnsafeBufferPointer<SchemaDecimal>
    let patterns: UnsafeBufferPointer<SchemaPattern>
    let objectShapes: UnsafeBufferPointer<SchemaObjectShape>
    let dependencies: UnsafeBufferPointer<SchemaDependency>

    // Message-only tables.
    let nodeInfo: [SchemaNodeInfo]
    let checkInfo: [SchemaCheckInfo]

    init(builder: SchemaProgramBuilder, root: Int, shared: Set<Int> = []) {
        var nodes: [SchemaNode] = []
        var checks: [SchemaCheck] = []
        for (index, nodeChecks) in builder.nodeChecks.enumerated() {
            nodes.append(SchemaNode(firstCheck: checks.count, endCheck: checks.count + nodeChecks.count,
                                    isFalse: builder.nodeInfo[index].isFalse, isShared: shared.contains(index)))
            checks += nodeChecks
        }
        self.nodes = Self.freeze(nodes)
        self.checks = Self.freeze(checks)
        self.root = root
        nodeLists = Self.freeze(builder.nodeLists)
        enumerations = Self.freeze(builder.enumerations)
        constants = Self.freeze(builder.constants)
        bounds = Self.freeze(builder.bounds)
        divisors = Self.freeze(builder.divisors)
        patterns = Self.freeze(builder.patterns)
        objectShapes = Self.freeze(builder.objectShapes.map { $0.build() })
        dependencies = Self.freeze(builder.dependencies)
        nodeInfo = builder.nodeInfo
        checkInfo = builder.checkInfo
    }

    deinit {
        Self.free(nodes)
        Self.free(checks)
        Self.free(nodeLists)
        Self.free(enumerations)
        Self.free(constants)
        Self.free(bounds)
        Self.free(divisors)
        Self.free(patterns)
        Self.free(objectShapes)
        Self.free(dependencies)
    }

    /// Copies `elements` into a buffer owned by the program.
    private static func freeze<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }

    private static func free<Element>(_ buffer: UnsafeBufferPointer<Element>) {
        let mutable = UnsafeMutableBufferPointer(mutating: buffer)
        mutable.deinitialize()
        mutable.deallocate()
    }
}

/// The tables of a ``SchemaProgram`` while the compiler fills them.
struct SchemaProgramBuilder {
    var nodeChecks: [[SchemaCheck]] = []
    var nodeInfo: [SchemaNodeInfo] = []
    var checkInfo: [SchemaCheckInfo] = []
    var nodeLists: [Int] = []
    var enumerations: [SchemaEnumeration] = []
    var constants: [JSONValue] = []
    var bounds: [SchemaBound] = []
    var divisors: [SchemaDecimal] = []
    var patterns: [SchemaPattern] = []
    var objectShapes: [SchemaObjectParts] = []
    var dependencies: [SchemaDependency] = []

    /// Replaces every node index in the rules and tables by `map(index)`.
    mutating func remapNodes(_ map: (Int) -> Int) {
        func node(_ index: Int) -> Int { index < 0 ? index : map(index) }
        for index in nodeChecks.indices {
            for position in nodeChecks[index].indices {
                let rule: SchemaRule
                switch nodeChecks[index][position].rule {
                case .reference(let target): rule = .reference(node(target))
                case .items(let schema, let start): rule = .items(node(schema), start: start)
                case .contains(let schema, let minimum, let maximum):
                    rule = .contains(node(schema), minimum: minimum, maximum: maximum)
                case .propertyNames(let schema): rule = .propertyNames(node(schema))
                case .not(let schema): rule = .not(node(schema))
                case .conditional(let condition, let then, let otherwise):
                    rule = .conditional(if: node(condition), then: node(then), else: node(otherwise))
                default: continue
                }
                nodeChecks[index][position].rule = rule
            }
        }
        nodeLists = nodeLists.map(node)
        for index in dependencies.indices {
            dependencies[index].entries = dependencies[index].entries.map { ($0.field, $0.requires, node($0.schema)) }
        }
        for index in objectShapes.indices {
            for property in objectShapes[index].properties.indices {
                objectShapes[index].properties[property].schema = node(objectShapes[index].properties[property].schema)
            }
            for pattern in objectShapes[index].patterns.indices {
                objectShapes[index].patterns[pattern].schema = node(objectShapes[index].patterns[pattern].schema)
            }
            objectShapes[index].additional = node(objectShapes[index].additional)
        }
    }

    /// Appends `elements` to a pool and returns where they are.
    static func add<T>(_ elements: [T], to pool: inout [T]) -> SchemaRange {
        defer { pool += elements }
        return SchemaRange(start: pool.count, count: elements.count)
    }

    /// Appends `element` to a table and returns its index.
    static func add<T>(_ element: T, to table: inout [T]) -> Int {
        table.append(element)
        return table.count - 1
    }
}

/// A node: a range of ``SchemaProgram/checks``.
struct SchemaNode: Sendable {
    var firstCheck: Int
    var endCheck: Int
    /// The `false` schema, which no value satisfies.
    var isFalse: Bool
    /// A `$ref` reaches the node, so it may be reached along many paths.
    var isShared: Bool
}

/// Where a list sits in one of the program's pools.
struct SchemaRange: Sendable {
    var start: Int
    var count: Int
    var indices: Range<Int> { start..<(start + count) }
}

/// One compiled keyword: what to check, and where its message details are.
struct SchemaCheck: Sendable {
    var rule: SchemaRule
    /// Index into ``SchemaProgram/checkInfo``.
    var info: Int
}

/// What a check verifies. Payloads are integers: node indexes, or indexes and ranges into
/// the program's side tables, so that a check is a plain value.
enum SchemaRule: Sendable {
    case type(SchemaTypeSet)
    case enumeration(Int)
    case constant(Int)
    case multipleOf(Int)
    case bound(Int)
    case minLength(Int)
    case maxLength(Int)
    case minCharacters(Int)
    case maxCharacters(Int)
    case visible
    case pattern(Int)
    case format(SchemaFormat)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minProperties(Int)
    case maxProperties(Int)
    case dependentRequired(Int)
    /// `$ref`, resolved once the whole file has been compiled.
    case reference(Int)
    /// Node indexes in ``SchemaProgram/nodeLists``.
    case prefixItems(SchemaRange)
    /// `items`, applied from index `start` (after `prefixItems`).
    case items(Int, start: Int)
    /// `contains` with its `minContains` (default 1) and `maxContains` (default Int.max).
    case contains(Int, minimum: Int, maximum: Int)
    /// `properties`, `patternProperties`, `additionalProperties` and `required` together
    /// (see ``SchemaObjectShape``).
    case objectShape(Int)
    case propertyNames(Int)
    case dependentSchemas(Int)
    case allOf(SchemaRange)
    case anyOf(SchemaRange)
    case oneOf(SchemaRange)
    case not(Int)
    /// `if`/`then`/`else`; a missing branch is -1.
    case conditional(if: Int, then: Int, else: Int)
}

/// Message details of a node.
struct SchemaNodeInfo: Sendable {
    /// Where the schema is in its file ("" for the root).
    var schemaPointer: String
    /// The keyword of the parent schema that holds this one (`properties`, `items`, …), so
    /// that a `false` schema can say what it forbids; `nil` for the root.
    var owner: SchemaKeyword?
    var isFalse: Bool
}

/// Message details of a check.
struct SchemaCheckInfo: Sendable {
    var keyword: SchemaKeyword
    var schemaPointer: String
    /// Text the message needs: the expected types (`a string or null`), the `multipleOf`
    /// divisor, the sentence for a `not`, or the condition of an `if`.
    var detail: String?
}

/// One entry of `properties`.
struct SchemaProperty: Sendable {
    var name: String
    var schema: Int
}

/// One entry of `patternProperties`.
struct SchemaPatternProperty: Sendable {
    var pattern: SchemaPattern
    var schema: Int
}

/// `dependentRequired` or `dependentSchemas`: what applies when a field is present.
struct SchemaDependency: Sendable {
    var entries: [(field: String, requires: [String], schema: Int)]
}

/// The member keywords of a schema object: `properties`, `patternProperties`,
/// `additionalProperties` and `required`, checked together so that each member name is
/// looked up once.
///
/// Without `additionalProperties` and `patternProperties`, only the declared names matter:
/// each is looked up in the document once, giving both its `properties` schema and whether
/// a `required` one is missing. With them every member must be looked at anyway, so the
/// pass goes over the document's members instead, and counting the required ones found
/// proves them all present without looking each one up again.
struct SchemaObjectShape: Sendable {
    struct Slot: Sendable {
        /// The `properties` schema, or -1 when the name is only required.
        var schema: Int
        var isRequired: Bool
    }

    /// The names in `properties` or `required`.
    var declared: [(name: String, slot: Slot)]
    /// The same, by name.
    var slots: SchemaNameTable<Slot>
    var required: [String]
    /// The `required` check's info, for its violations.
    var requiredInfo: Int
    var patterns: [SchemaPatternProperty]
    /// The `additionalProperties` schema, or -1.
    var additional: Int
    /// Whether every member of the document must be visited.
    var visitsEveryMember: Bool
}

/// The member keywords of one schema object, gathered into a ``SchemaObjectShape``.
struct SchemaObjectParts {
    var properties: [SchemaProperty] = []
    var patterns: [SchemaPatternProperty] = []
    var additional = -1
    var required: [String] = []
    var requiredInfo = -1

    func build() -> SchemaObjectShape {
        // Declared names: the properties in name order, then required names without a schema.
        var declared = properties.map { (name: $0.name, slot: SchemaObjectShape.Slot(schema: $0.schema, isRequired: false)) }
        for name in required {
            if let index = declared.firstIndex(where: { $0.name == name }) {
                declared[index].slot.isRequired = true
            } else {
                declared.append((name: name, slot: SchemaObjectShape.Slot(schema: -1, isRequired: true)))
            }
        }
        return SchemaObjectShape(
            declared: declared, slots: SchemaNameTable(declared.map { (name: $0.name, value: $0.slot) }),
            required: required, requiredInfo: requiredInfo, patterns: patterns, additional: additional,
            visitsEveryMember: additional >= 0 || !patterns.isEmpty)
    }
}
