import Almanac
import Foundation

/// One generated document as the SQLite and bare sides write it, computed before any timed
/// section: its file's folder and name in the store layout, the exact bytes Almanac writes
/// for it, and the compact JSON and date key SQLite stores.
struct PreparedDocument: Sendable {
    /// The id, as Almanac spells it (`UUID.uuidString`).
    let id: String
    /// The date folders below `data/<collection>/`, e.g. `["2025", "01", "27"]`.
    let folders: [String]
    /// `<id>.json`.
    let fileName: String
    /// The file's bytes: sorted keys, 2-space indent, trailing newline (Almanac's canonical form).
    let fileBytes: [UInt8]
    /// The document on one line, sorted keys, as SQLite stores it in its `body` column.
    let compactJSON: [UInt8]
    /// The date field's text (`2025-01-27T14:03:00Z` or `2025-01-27`), SQLite's indexed `date` column.
    let dateKey: String

    /// The file's path below `data/<collection>/`.
    var relativePath: String { (folders + [fileName]).joined(separator: "/") }

    /// Encodes `documents` the way every side needs them.
    ///
    /// The bytes come from Foundation's `JSONEncoder` put into Almanac's canonical form with
    /// the public `JSONValue.prettyJSONBytes`; ``StoreFactory`` checks that they equal the
    /// files Almanac writes.
    static func prepare<D: BenchDocument>(_ documents: [D]) throws -> [PreparedDocument] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try documents.map { document in
            let compact = [UInt8](try encoder.encode(document))
            let value = try JSONValue(parsing: compact)
            guard let dateKey = value[D.dateField]?.stringValue else {
                throw BenchError("generated \(D.collection) document has no \(D.dateField)")
            }
            return PreparedDocument(
                id: document.id.uuidString,
                folders: folders(of: document.filingDay, depth: D.partitionDepth),
                fileName: document.id.uuidString + ".json",
                fileBytes: value.prettyJSONBytes,
                compactJSON: compact,
                dateKey: dateKey)
        }
    }

    /// The date folders of `day`: `YYYY`, `MM`, `DD`, the first `depth` of them.
    static func folders(of day: CalendarDate, depth: Int) -> [String] {
        let parts = [pad(day.year, 4), pad(day.month, 2), pad(day.day, 2)]
        return Array(parts.prefix(depth))
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
