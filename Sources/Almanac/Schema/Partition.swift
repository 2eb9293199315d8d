/// How a collection's documents are spread over folders (DESIGN §2).
public enum Partition: String, Sendable, Codable, CaseIterable {
    /// `data/<collection>/YYYY/MM/DD/<id>.json`: for event logs.
    case day
    /// `data/<collection>/YYYY/MM/<id>.json`.
    case month
    /// `data/<collection>/YYYY/<id>.json`.
    case year
    /// `data/<collection>/<id>.json`: reference data such as templates and messages.
    case none

    /// The number of date folders between the collection folder and a document.
    var depth: Int {
        switch self {
        case .day: 3
        case .month: 2
        case .year: 1
        case .none: 0
        }
    }

    /// The folder names under which a document dated `date` is filed.
    func folders(for date: CalendarDate) -> [String] {
        let year = CalendarDate.pad(date.year, 4)
        let month = CalendarDate.pad(date.month, 2)
        switch self {
        case .day: return [year, month, CalendarDate.pad(date.day, 2)]
        case .month: return [year, month]
        case .year: return [year]
        case .none: return []
        }
    }
}
