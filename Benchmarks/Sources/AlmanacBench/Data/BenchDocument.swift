import Almanac
import Foundation

/// A document type of a reference app that the benchmark generates and stores on every side.
///
/// Every type is filed by one date field in a store whose time zone is UTC, so the folder of
/// a document (`YYYY/MM/DD` or `YYYY/MM`) is the UTC day of that field on every side.
protocol BenchDocument: Document where ID == UUID {
    /// The reference app whose frozen version-1 schema (`samples/<app>/store/schema`) the Almanac
    /// store is created from.
    static var app: String { get }
    /// The catalog's date field, which files the document and is SQLite's indexed `date` column.
    static var dateField: String { get }
    /// How many date folders file a document: 3 for `YYYY/MM/DD`, 2 for `YYYY/MM`.
    static var partitionDepth: Int { get }
    /// The day the document is filed under (its date field's UTC day).
    var filingDay: CalendarDate { get }
    /// Seconds since 1970 of the date field (a calendar date counts from the start of its UTC day).
    var sortDate: Double { get }
}

extension BenchDocument {
    /// The SQLite table holding this type's documents.
    static var table: String { collection.replacingOccurrences(of: "-", with: "_") }
}

extension Array where Element: BenchDocument {
    /// The documents oldest first, ties broken by id: the order Almanac returns them in.
    func sortedOldestFirst() -> [Element] {
        map { (key: $0.sortDate, id: $0.id.uuidString, document: $0) }
            .sorted { ($0.key, $0.id) < ($1.key, $1.id) }
            .map(\.document)
    }
}
