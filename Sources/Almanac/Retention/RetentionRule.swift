/// A retention rule of a collection (catalog `retention`, DESIGN §7): what happens to the
/// collection's documents once they are older than an age.
///
/// ```json
/// "retention": [
///   {"action": "archive", "olderThan": {"days": 90},
///    "description": "Usage events older than 90 days leave the working set."},
///   {"action": "clear", "olderThan": {"months": 12}, "fields": ["note"],
///    "description": "Private notes are kept for a year; the outcome stays for the aggregates."}
/// ]
/// ```
///
/// - `archive` moves the document file, byte for byte, to `archive/<collection>/` under the
///   same date folders: it stays a plain file but leaves `data/`, and so every query.
/// - `clear` removes `fields` from the document, which stays where it is.
/// - `delete` removes the document.
///
/// A document's age is measured on the collection's `dateField`: a timestamp counts as its
/// day in the store's calendar, a calendar date as itself. See ``cutoff(asOf:)`` for the
/// exact boundary. Rules act on `data/` only; archived documents are kept as archived.
public struct RetentionRule: Sendable, Equatable {
    /// What the rule does to a document old enough.
    public var action: Action
    /// The age after which the rule applies.
    public var olderThan: Age
    /// The top-level fields a `clear` rule removes (empty for the other actions).
    public var fields: [String]
    /// Why the rule exists, for people.
    public var description: String
    /// The user's setting that changes the age's count, when the catalog names one
    /// (`"olderThan": {"months": 12, "setting": {"singleton": "settings", "field": "notePurgeMonths"}}`):
    /// ``olderThan`` is then the default. See ``resolved(setting:)``.
    public var setting: CollectionDescriptor.SingletonField?

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - action: archive, clear or delete.
    ///   - olderThan: the age after which the rule applies (the default, with a `setting`).
    ///   - fields: the fields a `clear` rule removes.
    ///   - description: why the rule exists.
    ///   - setting: the singleton field whose whole number replaces the age's count.
    public init(action: Action, olderThan: Age, fields: [String] = [], description: String,
                setting: CollectionDescriptor.SingletonField? = nil) {
        self.action = action
        self.olderThan = olderThan
        self.fields = fields
        self.description = description
        self.setting = setting
    }

    /// The rule as the user's setting makes it: a whole number ≥ 1 replaces the age's count
    /// (6 months instead of 12), `null` turns the rule off (`nil`: the user chose to keep
    /// everything), and a missing document or field — or anything else — leaves the default.
    public func resolved(setting value: JSONValue?) -> RetentionRule? {
        guard setting != nil, let value else { return self }
        if value == .null { return nil }
        guard case .number(let number) = value, let count = number.int64Value, count >= 1, count <= 100_000 else { return self }
        var rule = self
        switch olderThan {
        case .days: rule.olderThan = .days(Int(count))
        case .months: rule.olderThan = .months(Int(count))
        }
        return rule
    }

    /// What a rule does to a document older than its age.
    public enum Action: String, Sendable, Equatable, CaseIterable {
        /// Move the file to `archive/<collection>/…`, same layout, same bytes.
        case archive
        /// Remove the rule's `fields`; the document stays.
        case clear
        /// Remove the document.
        case delete
    }

    /// An age in whole days or calendar months.
    public enum Age: Sendable, Equatable, CustomStringConvertible {
        /// A number of days.
        case days(Int)
        /// A number of calendar months.
        case months(Int)

        /// `90 days`, `12 months`, `1 day`.
        public var description: String {
            switch self {
            case .days(let count): "\(count) day\(count == 1 ? "" : "s")"
            case .months(let count): "\(count) month\(count == 1 ? "" : "s")"
            }
        }
    }

    /// The first day a document may be dated and still be kept by this rule on `day`: a
    /// document is older than the rule's age, and the rule applies to it, exactly when its
    /// day is **before** the cutoff (`documentDay < cutoff`).
    ///
    /// - `{"days": N}`: the cutoff is `day − N days`. On 2026-01-01 with 90 days it is
    ///   2025-10-03: a document of 2025-10-02 (91 days old) goes, one of 2025-10-03 (exactly
    ///   90 days old) stays.
    /// - `{"months": N}`: the cutoff is the same day of the month N months earlier, or the
    ///   last day of that month when it is shorter. On 2026-01-01 with 12 months it is
    ///   2025-01-01: 2024-12-31 goes, 2025-01-01 stays. On 2026-03-31 with 1 month it is 2026-02-28.
    public func cutoff(asOf day: CalendarDate) -> CalendarDate {
        switch olderThan {
        case .days(let count):
            return day.adding(days: -count)
        case .months(let count):
            let monthIndex = day.year * 12 + (day.month - 1) - count
            guard monthIndex >= 12 else { return CalendarDate(year: 1, month: 1, day: 1)! }
            let year = monthIndex / 12
            let month = monthIndex % 12 + 1
            let last = CalendarDate.daysInMonth(year: year, month: month)
            return CalendarDate(year: year, month: month, day: min(day.day, last))!
        }
    }

    /// The rule in a few words, e.g. `archive older than 90 days`, `clear note older than 12 months`.
    public var summary: String {
        let what = action == .clear ? "clear \(fields.joined(separator: ", "))" : action.rawValue
        return "\(what) older than \(olderThan)"
    }
}
