import Foundation

/// A ``Query`` resolved against one store's collection: which folders it walks, in which
/// direction, and how it tests and orders what it reads.
struct QueryRun: Sendable {
    let query: Query
    let descriptor: CollectionDescriptor
    let timeZone: TimeZone
    let filing: Filing
    /// The days whose folders can hold a match (nil: every folder).
    let folderDays: ClosedRange<CalendarDate>?
    /// Whether the date folders are walked in the query's order, stopping once the window is
    /// full: the order starts with the date field (or is empty) and the collection has date folders.
    let walksByDate: Bool
    /// With ``walksByDate``, whether the newest folders come first.
    let newestFirst: Bool

    /// A document that passed the range and the condition, with what it sorts by.
    struct Match: Sendable {
        var document: StoredDocument
        var dateKey: Double
        var keys: [JSONValue?]
    }

    /// Resolves `query`, or returns nil when its range is empty.
    ///
    /// - Throws: `.invalidArgument` for a date range on a collection without a date field.
    init?(_ query: Query, descriptor: CollectionDescriptor, timeZone: TimeZone, filing: Filing) throws {
        self.query = query
        self.descriptor = descriptor
        self.timeZone = timeZone
        self.filing = filing
        var days = query.days
        if let instants = query.instants {
            let first = CalendarDate(instants.lowerBound, in: timeZone)
            let last = CalendarDate(instants.upperBound.addingTimeInterval(-0.000_001), in: timeZone)
            guard first <= last, !instants.isEmpty else { return nil }
            days = days.map { max($0.lowerBound, first)...min($0.upperBound, last) } ?? first...last
        }
        if days != nil, descriptor.dateField == nil {
            throw AlmanacError(.invalidArgument, "collection \(descriptor.name) has no date field, so it cannot be read by date range; read it without one")
        }
        if let days, days.lowerBound > days.upperBound { return nil }
        folderDays = days
        let dated = (descriptor.partition?.depth ?? 0) > 0
        if let first = query.sort.first {
            walksByDate = dated && first.field == descriptor.dateField
            newestFirst = first.descending
        } else {
            walksByDate = dated
            newestFirst = false
        }
    }

    /// The match `document` makes, or nil when it is out of range or fails the condition.
    ///
    /// - Throws: `.invalidDocument` when the document's date field cannot be read.
    func match(_ document: StoredDocument) throws -> Match? {
        if let condition = query.condition, !condition.matches(document.value) { return nil }
        var dateKey = 0.0
        if let members = document.value.objectValue,
           let date = try filing.filingDate(of: members, in: descriptor, id: document.location.id) {
            if let days = query.days, !days.contains(date.day(in: timeZone)) { return nil }
            if let instants = query.instants {
                switch date {
                case .timestamp(let instant): guard instants.contains(instant) else { return nil }
                case .day(let day): guard folderDays?.contains(day) ?? false else { return nil }
                }
            }
            dateKey = date.sortKey
        } else if folderDays != nil {
            return nil  // no date: cannot be in a date range
        }
        let keys = query.sort.map { sort -> JSONValue? in
            sort.field == descriptor.dateField ? nil : Condition.lookup(sort.field, in: document.value)
        }
        return Match(document: document, dateKey: dateKey, keys: keys)
    }

    /// Whether `a` comes before `b` in the query's order; ties go by date, then id.
    func precedes(_ a: Match, _ b: Match) -> Bool {
        for (index, sort) in query.sort.enumerated() {
            if sort.field == descriptor.dateField {
                guard a.dateKey != b.dateKey else { continue }
                return (a.dateKey < b.dateKey) != sort.descending
            }
            let (x, y) = (a.keys[index], b.keys[index])
            if JSONValue.sortsBefore(x, y) { return !sort.descending }
            if JSONValue.sortsBefore(y, x) { return sort.descending }
        }
        if a.dateKey != b.dateKey { return a.dateKey < b.dateKey }
        return (a.document.location.id ?? "") < (b.document.location.id ?? "")
    }
}
