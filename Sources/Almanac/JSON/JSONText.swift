import Foundation

/// The bytes of a JSON text that holds one document or an array of them, such as a file
/// given to `almanac put`, with a name for its errors.
///
/// ``Store/save(_:in:progress:)`` reads it one document at a time: a batch file of 100,000
/// documents is never held as 100,000 parsed values.
public struct JSONText: Sendable {
    /// The UTF-8 bytes.
    public var bytes: Data
    /// What to call the text in an error about its syntax (a file's path), or `nil`.
    public var source: String?

    /// A text to save, named `source` in its errors.
    public init(_ bytes: Data, source: String? = nil) {
        self.bytes = bytes
        self.source = source
    }

    /// Hands each document over as it is parsed, with its place in the text from 0.
    ///
    /// - Throws: `.malformedJSON` with the line and column, named by `source`.
    @discardableResult
    func forEachDocument(_ body: (Int, JSONValue) throws -> Void) throws -> Int {
        do {
            return try bytes.withUnsafeBytes { try JSONParser.forEachElement(of: $0, body) }
        } catch var error as AlmanacError where error.code == .malformedJSON && error.path == nil {
            error.path = source
            throw error
        }
    }
}
