/// A compiled JSON Schema (draft 2020-12 subset), ready to validate documents.
///
/// Compile a schema once, when the catalog is read, and validate every document against it:
///
/// ```swift
/// let schema = try JSONSchema(JSONValue(parsing: schemaBytes), path: "schema/usage-events.schema.json")
/// for violation in schema.validate(document) {
///     print(violation)   // "/pauseDuration: 50 is greater than the maximum 45"
/// }
/// ```
///
/// What is supported:
/// - The keywords in ``supportedKeywords``: those DESIGN §3 lists, plus `patternProperties`,
///   `propertyNames`, `dependentSchemas`, `contains`/`minContains`/`maxContains` and the
///   `$id`/`$anchor` identifiers local references need. Anything else, including other drafts' keywords
///   (`definitions`) and this draft's `unevaluatedProperties`, `$dynamicRef` and `content*`,
///   makes compilation fail rather than be ignored, so a schema never checks less than it says.
/// - The annotations in ``annotationKeywords``, accepted and not checked.
/// - `format`: `date`, `date-time` and `uuid` are checked; draft 2020-12's other format
///   names are annotations; unknown names are refused as likely typos.
/// - `$ref` to anything in the same file: JSON pointers (`#/$defs/x`, with `~0`, `~1` and
///   percent escapes), `$anchor`s and embedded `$id`s, recursively. References to other files
///   or URLs are refused: a store's schema must be complete in itself.
/// - Numbers are compared exactly from their text: `multipleOf: 0.01` accepts `0.07`, and
///   `1.0` and `1e2` are integers. String lengths count Unicode code points.
public struct JSONSchema: Sendable {
    /// The compiled schema file.
    private let program: SchemaProgram

    /// The keywords this validator implements.
    public static let supportedKeywords: Set<String> =
        Set(SchemaKeyword.allCases.filter { !$0.isAnnotation }.map(\.rawValue))

    /// The annotation keywords it accepts and ignores: `title`, `description`, `$comment`,
    /// `examples`, `default`, `$schema` (which must name draft 2020-12), `deprecated`,
    /// `readOnly`, `writeOnly`.
    public static let annotationKeywords: Set<String> =
        Set(SchemaKeyword.allCases.filter(\.isAnnotation).map(\.rawValue))

    /// Compiles `value`.
    ///
    /// - Parameters:
    ///   - value: The schema document.
    ///   - path: The schema file, for errors.
    /// - Throws: ``AlmanacError`` with code `.invalidCatalog`, `path`, and `pointer` set to the
    ///   place in the schema, when the schema is malformed, uses a keyword outside the supported
    ///   set, refers outside the file, or refers to itself in a loop that could never finish.
    public init(_ value: JSONValue, path: String) throws {
        program = try SchemaCompiler.compile(value, path: path)
    }

    /// Every violation of `instance` (not only the first), in document order: by the place of
    /// the failing value in the canonical, key-sorted file, a container before its contents.
    /// An empty array means the document is valid.
    public func validate(_ instance: JSONValue) -> [SchemaViolation] {
        // Almost every document written is valid: check it the fast way first, and only
        // walk it again collecting locations and messages when something is wrong.
        if isValid(instance) { return [] }
        var evaluator = SchemaEvaluator(program: program)
        _ = evaluator.evaluate(program.root, instance, collect: true)
        if evaluator.exhausted {
            evaluator = SchemaEvaluator(program: program, memoise: true)
            _ = evaluator.evaluate(program.root, instance, collect: true)
        }
        var violations = evaluator.violations
        if evaluator.memoises {
            // A memoised subschema's violations are recorded each time it is reached again.
            var seen = Set<String>()
            violations = violations.filter { seen.insert(SchemaEvaluator.pointer($0.path) + "\u{0}" + $0.schemaPointer + "\u{0}" + $0.message).inserted }
        }
        return SchemaEvaluator.inDocumentOrder(violations).map { violation in
            SchemaViolation(pointer: SchemaEvaluator.pointer(violation.path), keyword: violation.keyword,
                            schemaPointer: violation.schemaPointer, message: violation.message)
        }
    }

    /// Whether `instance` is valid; for invalid documents faster than ``validate(_:)``, as it
    /// stops at the first problem and builds no messages.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluator = SchemaEvaluator(program: program)
        let valid = evaluator.evaluate(program.root, instance, collect: false)
        guard evaluator.exhausted else { return valid }
        var memoised = SchemaEvaluator(program: program, memoise: true)
        return memoised.evaluate(program.root, instance, collect: false)
    }
}
