/// A way a `Document` type and its collection's JSON Schema disagree, found by
/// ``Store/checkTypes(_:)``: a property the schema does not declare (a typo), a field the
/// schema requires that the type cannot hold, or a value the two type differently.
public struct TypeMismatch: Sendable, Equatable, CustomStringConvertible {
    /// The Swift type's name, `Entry`.
    public var type: String
    /// The member, with the objects above it: `startAt`, `place.city`.
    public var field: String
    /// The schema file to change, or to compare with: `schema/entries.schema.json`.
    public var schemaFile: String
    /// What differs and what to do.
    public var message: String

    /// Creates a mismatch.
    public init(type: String, field: String, schemaFile: String, message: String) {
        self.type = type
        self.field = field
        self.schemaFile = schemaFile
        self.message = message
    }

    /// `Entry.startAt: … (schema/entries.schema.json)`.
    public var description: String { "\(type).\(field): \(message) (\(schemaFile))" }
}
