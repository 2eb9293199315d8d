/// Who does the work in a measurement.
enum Side: String, Codable, CaseIterable, Sendable, Hashable {
    /// Almanac, through its public API.
    case almanac
    /// SQLite 3 (WAL, `synchronous=FULL`, an index on the date) through libsqlite3.
    case sqlite
    /// The bare system calls in a tight loop.
    case bare

    /// The name in tables.
    var title: String {
        switch self {
        case .almanac: "Almanac"
        case .sqlite: "SQLite"
        case .bare: "bare"
        }
    }
}
