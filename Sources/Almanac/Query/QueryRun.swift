import Foundation

/// A ``Query`` resolved against one store's collection: which folders it walks, in which
/// direction, and how it tests and orders what it reads.
struct QueryRun: Sendable {
    let query: Query
    let descriptor: CollectionDescriptor
    let filing: Filing
    /// The days whose folders can hold a match (nil: every folder).
    let folderDays: ClosedRange<CalendarDate>?
    /// Whether the date folders are walked in the query's order, stopping once the window is
    /// full: the order starts with the date field (or is empty) and the collection has date folders.
    let walksByDate: Bool
    /// With ``walksByDate``, whether the newest folders come first.
    let newestFirst: Bool
    /// Each sort key as the comparison needs it: by the date field or not, and its direction
    /// (worked out once, not at each of a sort's comparisons).
    private let order: [(byDate: Bool, descending: Bool)]

    /// A document that passed the range and the condition, with what it sorts by.
    struct Match: Sendable {
        var document: StoredDocument
        var dateKey: Double
        var keys: [JSONValue?]
    }

    /// Resolves `query`, or returns nil when its range is empty.
    ///
    /// - Throws: `.invalidQuery` for a date range on a collection without a date field.
    init?(_ query: Query, descriptor: CollectionDescriptor, filing: Filing) throws {
        self.query = query
        self.descriptor = descriptor
        self.filing = filing
        var days = query.days
        if let instants = query.instants {
            let first = filing.calendar.day(of: instants.lowerBound)
            let last = filing.calendar.day(of: instants.upperBound.addingTimeInterval(-0.000_001))
            let lower = max(days?.lowerBound ?? first, first), upper = min(days?.upperBound ?? last, last)
            guard lower <= upper, !instants.isEmpty else { return nil }  // no day in both ranges
            days = lower...upper
        }
        if days != nil, descriptor.dateField == nil {
            throw AlmanacError(.invalidQuery, "collection \(descriptor.name) has no date field, so it cannot be read by date range; read it without one").with(.withoutDateRange)
        }
        folderDays = days
        order = query.sort.map { ($0.field == descriptor.dateField, $0.descending) }
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
            if let days = query.days, !days.contains(date.day(in: filing.calendar)) { return try outOfRange(document, dated: date) }
            if let instants = query.instants {
                switch date {
                case .timestamp(let instant): guard instants.contains(instant) else { return try outOfRange(document, dated: date) }
                case .day(let day): guard folderDays?.contains(day) ?? false else { return try outOfRange(document, dated: date) }
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

    /// A document in a folder of the range whose date is out of it: either the folder is the
    /// range's edge (no match), or the date was edited by hand and the file is in the wrong
    /// folder, which would leave it out of every date query silently.
    ///
    /// - Throws: `.misfiled`, naming the file and the folder its date files it in.
    private func outOfRange(_ document: StoredDocument, dated date: DocumentDate) throws -> Match? {
        guard let partition = descriptor.partition else { return nil }
        let expected = partition.folders(for: date.day(in: filing.calendar))
        guard expected != DateFolder.dated(document.location.folders) else { return nil }
        throw Filing.misfiledError(document.location, dated: date, belongsIn: expected, field: descriptor.dateField ?? "")
    }

    /// `matches` in the query's order; ties go by date, then id.
    ///
    /// The comparisons read the matches in place through indices: copying a match (a document
    /// and its keys) at each comparison costs more reference counting than the sort itself.
    func sorted(_ matches: [Match]) -> [Match] {
        let sortedIndices = matches.withUnsafeBufferPointer { buffer in
            buffer.indices.sorted { precedes($0, $1, in: buffer) }
        }
        return sortedIndices.map { matches[$0] }
    }

    private func precedes(_ a: Int, _ b: Int, in matches: UnsafeBufferPointer<Match>) -> Bool {
        let (dateA, dateB) = (matches[a].dateKey, matches[b].dateKey)
        for (index, key) in order.enumerated() {
            if key.byDate {
                guard dateA != dateB else { continue }
                return (dateA < dateB) != key.descending
            }
            let (x, y) = (matches[a].keys[index], matches[b].keys[index])
            if JSONValue.sortsBefore(x, y) { return !key.descending }
            if JSONValue.sortsBefore(y, x) { return key.descending }
        }
        if dateA != dateB { return dateA < dateB }
        return (matches[a].document.location.id ?? "") < (matches[b].document.location.id ?? "")
    }
}
