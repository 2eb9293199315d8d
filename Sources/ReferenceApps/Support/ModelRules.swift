import Almanac
import Foundation

/// A model with rules its JSON Schema cannot express (a field compared with another, a limit
/// across documents, a one-way state change).
///
/// Apps call ``validate()`` before saving; the reference apps' services do it for you.
public protocol ModelRules {
    /// Checks the rules of this one value.
    ///
    /// - Throws: ``AlmanacError`` with code `.ruleViolated`, the document's id and a JSON
    ///   pointer to the field at fault.
    func validate() throws
}

extension AlmanacError.Code {
    /// A model rule beyond the JSON Schema does not hold; the message names the rule and the fix.
    public static let ruleViolated = AlmanacError.Code(rawValue: "rule-violated")
}

extension AlmanacError {
    /// A `.ruleViolated` error about `field` of the document `id` in `collection`.
    ///
    /// - Parameters:
    ///   - message: the rule, the offending values and what to do instead.
    ///   - collection: the collection the document belongs to.
    ///   - id: the document's id, when it has one.
    ///   - field: the field at fault (a JSON pointer is made from it).
    static func rule(_ message: String, in collection: String, id: String? = nil, field: String) -> AlmanacError {
        AlmanacError(.ruleViolated, "\(collection): \(message)", id: id, pointer: "/" + field)
    }
}
