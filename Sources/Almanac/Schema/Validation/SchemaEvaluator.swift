/// Runs compiled schema nodes against one JSON value and collects the violations.
///
/// The evaluator has two modes. Collecting mode records every failure with its location;
/// probing mode (`collect: false`) only answers whether a value matches and stops at the
/// first failure, which is what `anyOf`, `oneOf`, `not`, `if` and `contains` need: their
/// inner failures are not errors of the document, and building messages for them would be
/// wasted work.
///
/// `$ref` lets a schema reach one subschema along many paths (`anyOf: [{$ref: a}, {$ref: a}]`
/// at every level makes 2^N), so a run that follows more than ``referenceBudget`` references
/// gives up (``exhausted``), and the caller runs again with `memoise`: then each referenced
/// subschema is evaluated once per place in the document, and the work is polynomial.
struct SchemaEvaluator {
    /// A step from a value to one of its members or items.
    enum PathComponent: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// References a run without memoising may follow; far above what real schemas need.
    static let referenceBudget = 10_000

    /// A violation whose location is still a path, turned into a pointer only at the end.
    struct Violation {
        var path: [PathComponent]
        var keyword: String
        var schemaPointer: String
        var message: String
    }

    /// The program; held so that its buffers stay allocated while the evaluator reads them.
    let program: SchemaProgram
    private let nodes: UnsafeBufferPointer<SchemaNode>
    private let checks: UnsafeBufferPointer<SchemaCheck>
    /// Where the value being checked is in the document, maintained only while collecting
    /// (probing needs no locations) and kept as components until a pointer is needed.
    private var path: [PathComponent] = []
    /// Violations found so far, in the order they were found.
    private(set) var violations: [Violation] = []

    /// Whether a run without memoising gave up: its answer means nothing.
    private(set) var exhausted = false
    private var references = 0
    private var memo: SchemaEvaluationMemo?

    init(program: SchemaProgram, memoise: Bool = false) {
        self.program = program
        self.nodes = program.nodes
        self.checks = program.checks
        self.memo = memoise ? SchemaEvaluationMemo() : nil
    }

    /// Whether the run memoises (so the same violation may have been recorded twice).
    var memoises: Bool { memo != nil }

    /// Checks `value` against node `index`; records violations when `collect` is true.
    mutating func evaluate(_ index: Int, _ value: JSONValue, collect: Bool) -> Bool {
        if exhausted { return true }
        return nodes[index].isShared ? follow(index, value, collect: collect) : run(index, value, collect: collect)
    }

    /// Applies node `index`'s checks to `value`.
    private mutating func run(_ index: Int, _ value: JSONValue, collect: Bool) -> Bool {
        let node = nodes[index]
        if node.isFalse {
            if collect { reportFalseSchema(index, value) }
            return false
        }
        var valid = true
        var position = node.firstCheck
        while position < node.endCheck {
            if !apply(checks[position], to: value, collect: collect) {
                valid = false
                if !collect { return false }
            }
            position += 1
        }
        return valid
    }

    /// Records a failure of the check with info `info` at the current path and returns `false`.
    mutating func fail(info: Int, _ collect: Bool, _ message: (SchemaCheckInfo) -> String) -> Bool {
        guard collect else { return false }
        let details = program.checkInfo[info]
        violations.append(Violation(path: path, keyword: details.keyword.rawValue,
                                    schemaPointer: details.schemaPointer, message: message(details)))
        return false
    }

    /// Records a failure of `check` at the current path and returns `false`.
    mutating func fail(_ check: SchemaCheck, _ collect: Bool, _ message: (SchemaCheckInfo) -> String) -> Bool {
        fail(info: check.info, collect, message)
    }

    /// Checks `value` against the subschema `index` as the member or item `component`.
    /// `asName` marks a field's name checked by `propertyNames`, a value of its own.
    mutating func evaluate(_ index: Int, _ value: JSONValue, at component: @autoclosure () -> PathComponent,
                           asName: Bool = false, collect: Bool) -> Bool {
        if memo != nil {
            let saved = memo!.enter(component(), asName: asName)
            defer { memo!.location = saved }
            guard collect else { return evaluate(index, value, collect: false) }
            path.append(component())
            defer { path.removeLast() }
            return evaluate(index, value, collect: true)
        }
        // Probing needs no locations; skipping the path spares a copy of every member name.
        guard collect else { return evaluate(index, value, collect: false) }
        path.append(component())
        defer { path.removeLast() }
        return evaluate(index, value, collect: true)
    }

    /// Evaluates node `target`, which a `$ref` reaches: counted, or memoised per place in the document.
    private mutating func follow(_ target: Int, _ value: JSONValue, collect: Bool) -> Bool {
        guard memo != nil else {
            references += 1
            if references > Self.referenceBudget {
                exhausted = true
                return true
            }
            return run(target, value, collect: collect)
        }
        let key = SchemaEvaluationMemo.Key(node: target, location: memo!.location, collect: collect)
        if let known = memo!.results[key] {
            // The same violations again: `JSONSchema.validate` removes the repeats.
            violations += known.violations
            return known.valid
        }
        let mark = violations.count
        let valid = run(target, value, collect: collect)
        memo!.results[key] = (valid, collect ? Array(violations[mark...]) : [])
        return valid
    }

    /// Appends `suffix` to the message of the violation at `index`.
    mutating func appendToMessage(at index: Int, _ suffix: String) {
        violations[index].message += suffix
    }

    /// Prepends `prefix` to the messages of violations recorded since `mark`.
    mutating func prefixMessages(since mark: Int, with prefix: String) {
        for index in mark..<violations.count {
            violations[index].message = prefix + violations[index].message
        }
    }

    /// A `false` schema: says what it forbids according to where it sits.
    private mutating func reportFalseSchema(_ index: Int, _ value: JSONValue) {
        let node = program.nodeInfo[index]
        let message = switch (node.owner, path.last) {
        case (.properties?, .key(let name)?), (.patternProperties?, .key(let name)?), (.additionalProperties?, .key(let name)?):
            "field \(SchemaText.quoted(name)) is not allowed"
        case (.items?, .index(let index)?), (.prefixItems?, .index(let index)?):
            "no item is allowed at index \(index)"
        default:
            "\(SchemaText.subject(value)) is not allowed here"
        }
        violations.append(Violation(path: path, keyword: node.owner?.rawValue ?? "false",
                                    schemaPointer: node.schemaPointer, message: message))
    }

    /// One sentence summing up why each alternative of `anyOf` or `oneOf` failed: the first
    /// problem of each, rather than every nested error, which would bury the point.
    mutating func summarizeAlternatives(_ alternatives: SchemaRange, _ value: JSONValue) -> String {
        var parts: [String] = []
        for (number, alternative) in program.nodeLists[alternatives.indices].enumerated() {
            let mark = violations.count
            _ = evaluate(alternative, value, collect: true)
            let found = Self.inDocumentOrder(Array(violations[mark...]))
            violations.removeSubrange(mark...)
            var part = "(\(number + 1)) "
            if let first = found.first {
                let relative = Self.pointer(first.path.dropFirst(path.count))
                if !relative.isEmpty { part += relative + ": " }
                // Nested alternatives quote each other: bound each quote, or a message could
                // double in length with every level.
                part += first.message.count <= 200 ? first.message : String(first.message.prefix(200)) + "…"
                if found.count > 1 { part += " (and \(found.count - 1) more)" }
            } else {
                part += "does not match"
            }
            parts.append(part)
        }
        return parts.joined(separator: "; ")
    }

    // MARK: - Output

    /// Sorts violations by where their value appears in a canonical (sorted-key) document,
    /// a container before its contents; violations of the same value keep their order.
    static func inDocumentOrder(_ violations: [Violation]) -> [Violation] {
        violations.enumerated().sorted { lhs, rhs in
            for (a, b) in zip(lhs.element.path, rhs.element.path) {
                switch (a, b) {
                case (.key(let x), .key(let y)) where x != y:
                    return x.utf8.lexicographicallyPrecedes(y.utf8)
                case (.index(let x), .index(let y)) where x != y:
                    return x < y
                case (.key, .index):
                    return false
                case (.index, .key):
                    return true
                default:
                    continue
                }
            }
            if lhs.element.path.count != rhs.element.path.count {
                return lhs.element.path.count < rhs.element.path.count
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The JSON pointer (RFC 6901) of a path; "" for the root.
    static func pointer<C: Collection<PathComponent>>(_ path: C) -> String {
        var pointer = ""
        for component in path {
            switch component {
            case .key(let key): pointer += "/" + SchemaText.pointerToken(key)
            case .index(let index): pointer += "/\(index)"
            }
        }
        return pointer
    }
}
