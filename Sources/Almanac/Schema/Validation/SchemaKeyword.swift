/// Every JSON Schema keyword the validator knows: the ones it implements and the
/// annotation-only ones it accepts and ignores.
///
/// This enum is the one list of supported keywords: ``JSONSchema/supportedKeywords`` and
/// ``JSONSchema/annotationKeywords`` are derived from it, and the compiler switches over it
/// exhaustively, so adding a case without implementing it does not compile. Any other
/// keyword in a schema is rejected, because silently ignoring, say, `unevaluatedProperties`
/// or a draft-07 `definitions` would let documents through that the author meant to refuse.
///
/// The declaration order is the order in which a schema object's keywords are checked, so
/// that errors about the same value come out in a stable, readable order (type first).
enum SchemaKeyword: String, CaseIterable, Sendable {
    // Identifiers and references (core vocabulary), local to the schema file.
    case id = "$id"
    case anchor = "$anchor"
    case defs = "$defs"
    case ref = "$ref"

    // Validation vocabulary.
    case type
    case `enum`
    case const
    case multipleOf
    case minimum
    case exclusiveMinimum
    case maximum
    case exclusiveMaximum
    case minLength
    case maxLength
    // Almanac's own, for text as people see it (other validators ignore them): lengths in
    // characters (extended grapheme clusters) and "holds something visible" (``VisibleText``).
    case minCharacters
    case maxCharacters
    case visible
    case pattern
    case format
    case minItems
    case maxItems
    case uniqueItems
    case minContains
    case maxContains
    case required
    case minProperties
    case maxProperties
    case dependentRequired

    // Applicator vocabulary.
    case prefixItems
    case items
    case contains
    case properties
    case patternProperties
    case additionalProperties
    case propertyNames
    case dependentSchemas
    case allOf
    case anyOf
    case oneOf
    case not
    case `if`
    case then
    case `else`

    // Annotations: accepted so that documented schemas compile, never checked.
    case schema = "$schema"
    case comment = "$comment"
    case title
    case description
    case `default`
    case examples
    case deprecated
    case readOnly
    case writeOnly

    /// Whether the keyword only annotates (documents) a schema and never fails validation.
    var isAnnotation: Bool {
        switch self {
        case .schema, .comment, .title, .description, .default, .examples,
             .deprecated, .readOnly, .writeOnly:
            true
        default:
            false
        }
    }

    /// The keyword's position in ``allCases``, used to order a schema object's checks.
    var order: Int {
        SchemaKeyword.allCases.firstIndex(of: self) ?? 0
    }
}
