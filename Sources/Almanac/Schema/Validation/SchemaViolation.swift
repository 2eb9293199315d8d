/// One way a document fails its schema.
///
/// ```swift
/// for violation in schema.validate(document) {
///     print(violation)   // "/pauseDuration: 50 is greater than the maximum 45"
/// }
/// ```
public struct SchemaViolation: Sendable, Equatable, CustomStringConvertible {
    /// The JSON pointer of the failing value in the document: "" for the document itself,
    /// `/pauseDuration`, `/tags/2`.
    public var pointer: String
    /// The schema keyword that failed, e.g. `maximum`.
    public var keyword: String
    /// The JSON pointer of that keyword in the schema file, e.g.
    /// `/properties/pauseDuration/maximum`; for a keyword reached through `$ref`, its place in
    /// the file (`/$defs/uuid/format`), which is where a person would look.
    public var schemaPointer: String
    /// A sentence naming the value and the rule: `50 is greater than the maximum 45`.
    public var message: String

    /// Creates a violation.
    public init(pointer: String, keyword: String, schemaPointer: String, message: String) {
        self.pointer = pointer
        self.keyword = keyword
        self.schemaPointer = schemaPointer
        self.message = message
    }

    /// `pointer: message`, with `(document)` standing for the root pointer:
    /// `/pauseDuration: 50 is greater than the maximum 45`.
    public var description: String {
        "\(pointer.isEmpty ? "(document)" : pointer): \(message)"
    }
}
