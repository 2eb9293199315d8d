/// What a read that goes past damaged files returns: every document it could read, and
/// each file it could not, so that one bad file neither hides the rest nor goes unnoticed.
public struct QueryResults<Element: Sendable>: Sendable {
    /// The documents read, in the query's order.
    public var documents: [Element]
    /// The files that could not be read, each with its path, and the line and column or
    /// JSON pointer of the fault where known (`.malformedJSON`, `.invalidDocument`).
    public var problems: [AlmanacError]
    /// The documents among ``documents`` that a sync left in several versions: each was read
    /// as the version every device reads, and ``Store/resolve(_:in:policy:taking:dryRun:)`` merges them.
    public var conflicts: [DocumentConflict]

    /// Creates results.
    public init(documents: [Element], problems: [AlmanacError], conflicts: [DocumentConflict] = []) {
        self.documents = documents
        self.problems = problems
        self.conflicts = conflicts
    }

    /// The results with each document transformed; a document `transform` throws on for an
    /// ``AlmanacError`` moves to the problems.
    func decoded<T: Sendable>(_ transform: (Element) throws -> T) throws -> QueryResults<T> {
        var documents: [T] = []
        var problems = self.problems
        for element in self.documents {
            do {
                documents.append(try transform(element))
            } catch let error as AlmanacError {
                problems.append(error)
            }
        }
        return QueryResults<T>(documents: documents, problems: problems, conflicts: conflicts)
    }
}

extension QueryResults: Equatable where Element: Equatable {
    /// Equal documents and the same problems (by code, path and message).
    public static func == (lhs: QueryResults, rhs: QueryResults) -> Bool {
        lhs.documents == rhs.documents
            && lhs.problems.map { [$0.code.rawValue, $0.path ?? "", $0.message] } == rhs.problems.map { [$0.code.rawValue, $0.path ?? "", $0.message] }
    }
}
