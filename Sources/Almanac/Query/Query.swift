import Foundation

/// What to read from one collection: a date range, a condition, an order, and a window
/// (`offset`, `limit`), like SwiftData's `FetchDescriptor` or a `SELECT … WHERE … ORDER BY
/// … LIMIT … OFFSET`.
///
/// ```swift
/// // The 20 newest recordings: only the newest date folders are read.
/// let page = try store.documents(Recording.self, matching: Query(Recording.self)
///     .sorted(by: "timestamp", descending: true).limit(20))
///
/// // Active messages, least shown first.
/// let rotation = try store.documents(matching: Query("motivational-messages")
///     .where(try Condition(parsing: "isActive=true")).sorted(by: "timesShown"))
/// ```
///
/// Without a sort, documents come oldest first (by the collection's date field, then id),
/// as every other read returns them. A sort by the date field, first or alone, walks the
/// date folders in that order and stops once the window is full; any other sort reads what
/// the range and condition select, then sorts. Ties are broken by date, then by id, so the
/// order is the same on every run and every file system.
public struct Query: Sendable, Equatable, CustomStringConvertible {
    /// The collection read.
    public var collection: String
    /// Keep documents dated on these days (in the store's calendar), when set.
    public var days: ClosedRange<CalendarDate>?
    /// Keep documents whose date field is an instant in this half-open range, when set.
    public var instants: Range<Date>?
    /// Keep documents matching this condition, when set.
    public var condition: Condition?
    /// The order, most significant first; empty means oldest first.
    public var sort: [Sort]
    /// Skip this many documents of the ordered result.
    public var offset: Int
    /// Return at most this many documents, when set.
    public var limit: Int?

    /// One key of a query's order.
    public struct Sort: Sendable, Equatable, CustomStringConvertible {
        /// The field: a member name or a dotted path (`settings.mode`).
        public var field: String
        /// Whether larger values come first.
        public var descending: Bool

        /// Creates a sort key.
        ///
        /// - Parameters:
        ///   - field: a member name or dotted path.
        ///   - descending: whether larger values (later dates) come first.
        public init(_ field: String, descending: Bool = false) {
            self.field = field
            self.descending = descending
        }

        /// Parses `field`, `field:asc` or `field:desc`, as `almanac ls --sort` takes them.
        ///
        /// - Throws: `.invalidQuery` for an empty field or a direction other than asc/desc.
        public init(parsing text: String) throws {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let field = parts.first, FieldPath(field) != nil else {
                throw AlmanacError(.invalidQuery, "a sort is FIELD or FIELD:desc (e.g. timestamp:desc), got \"\(text)\"")
            }
            switch parts.count == 2 ? parts[1].lowercased() : "asc" {
            case "asc": self.init(field)
            case "desc": self.init(field, descending: true)
            default:
                throw AlmanacError(.invalidQuery, "the sort \"\(text)\" has the direction \"\(parts[1])\"; write \(field):asc or \(field):desc")
            }
        }

        /// `field` or `field:desc`.
        public var description: String { descending ? field + ":desc" : field }
    }

    /// A query over every document of `collection`, oldest first.
    public init(_ collection: String) {
        self.collection = collection
        self.sort = []
        self.offset = 0
    }

    /// A query over the collection of `type`.
    public init<D: Document>(_ type: D.Type) {
        self.init(D.collection)
    }

    /// This query, keeping only the documents that also match `condition`.
    public func `where`(_ condition: Condition) -> Query {
        var copy = self
        copy.condition = self.condition.map { .all([$0, condition]) } ?? condition
        return copy
    }

    /// This query, keeping only the documents dated on the days `from` through `to` (inclusive).
    public func dated(from: CalendarDate, through to: CalendarDate) -> Query {
        var copy = self
        copy.days = from...max(from, to)
        if to < from { copy.limit = 0 }
        return copy
    }

    /// This query, keeping only the documents whose date is at or after `from` and before `to`.
    public func dated(from: Date, before to: Date) -> Query {
        var copy = self
        copy.instants = from..<max(from, to)
        return copy
    }

    /// This query with `field` appended to its order.
    public func sorted(by field: String, descending: Bool = false) -> Query {
        var copy = self
        copy.sort.append(Sort(field, descending: descending))
        return copy
    }

    /// This query returning at most `count` documents.
    public func limit(_ count: Int) -> Query {
        var copy = self
        copy.limit = count
        return copy
    }

    /// This query skipping the first `count` documents of its order.
    public func offset(_ count: Int) -> Query {
        var copy = self
        copy.offset = count
        return copy
    }

    /// The query on one line: `recordings where type = "video" sort timestamp:desc limit 20`.
    public var description: String {
        var parts = [collection]
        if let days { parts.append("from \(days.lowerBound) to \(days.upperBound)") }
        if let instants { parts.append("from \(Timestamp.format(instants.lowerBound)) before \(Timestamp.format(instants.upperBound))") }
        if let condition { parts.append("where \(condition)") }
        if !sort.isEmpty { parts.append("sort " + sort.map(\.description).joined(separator: ", ")) }
        if offset > 0 { parts.append("offset \(offset)") }
        if let limit { parts.append("limit \(limit)") }
        return parts.joined(separator: " ")
    }
}
