import Foundation

/// What the store checks for a catalog rule: the rule's `"check"` in the catalog, a small
/// language for what JSON Schema cannot say.
///
/// ```json
/// {"compare": ["pauseDuration", "<=", "timerDuration"]}          two fields of one document
/// {"compare": ["timestamp", "<=", {"now": true}]}                 a field and the time of the save
/// {"compare": ["date", "<=", {"now": true, "plusSeconds": 86400}]} … with an allowance (a day: any zone's today)
/// {"compare": ["timestamp", "<=", ["modifiedAt", "createdAt"]]}    the first of these fields that is present
/// {"atMost": 2, "where": {"field": "active", "equals": true}}     documents of the collection
/// {"unique": "sort_order", "per": ["date"]}                       distinct within a group
/// {"transitions": {"field": "status", "keepFinal": true,
///                  "from": {"PENDING": ["YES", "NO", "MISSED"]}}} changes of a stored value
/// {"transitions": {"field": "frePhase", "order": ["a", "b", "c"],
///                  "initial": ["a"], "keepMoved": true}}            an enum that only moves forward,
///                                                                  starts at "a", and is kept once moved on
/// {"frozen": {"fields": ["text"], "once": {"field": "status",
///             "in": ["YES", "NO"]}}}                              fields that never change once a condition holds
/// {"weekday": {"field": "weekStart", "is": ["monday"]}}           the day of the week of a date
/// {"dayOfMonth": {"field": "resetAt", "is": [1], "startOfDay": true}}  the day of the month (and local midnight)
/// {"timeZone": "timezone_identifier"}                             an IANA time-zone name
/// {"timeOfDay": {"field": "locked_at", "on": "date", "is":
///   {"singleton": "settings", "field": "commitment_deadline"}}}    a timestamp at a local clock time of a day
/// {"settled": {"on": "date", "at": {"singleton": "settings", "field": "checkin_window_close"},
///              "open": {"field": "status", "equals": "PENDING"}}}      a day that has closed stays closed
/// {"daySpan": {"from": "startDate", "to": "lastActivityDate",
///              "count": "currentDayCount"}}                       a count of local days, both ends included
/// {"embeds": {"fields": ["filePath"], "of": "id"}}               text fields that contain another field's text
/// {"template": {"field": "filePath", "is": "Recordings/{id}.m4a",
///               "where": {"field": "type", "equals": "audio"}}}   a text built from other fields (a file named after the id)
/// {"among": {"field": "variantDuration", "reference": "templateId",
///            "values": "variants[].durationMinutes"}}             a value listed in the referenced document
/// ```
///
/// Days are local days in the store's calendar (the device's): a calendar date is its own
/// day, a timestamp falls on its day in that zone. A `weekday`, `dayOfMonth` or `daySpan` may
/// name another zone, held by a field of a singleton document (`"timeZone": {"singleton":
/// "settings", "field": "timezone_identifier"}`); the store's zone stands in while that
/// document or field is missing or names no IANA zone.
///
/// A comparison is skipped when either side is missing or `null`; numbers compare by value,
/// dates and timestamps by the instant they name, other strings by code points. `where` is
/// the migration condition language (``Condition``). A transition is checked on
/// writes only: a new document holds one of the `initial` values (any value when there are
/// none), a stored value changes only to one that `from` lists for it, and a value `from`
/// does not list never changes. `frozen` is also checked on writes only, against the
/// document as stored; `among` is checked from both sides: a change of the referenced
/// document that takes away a value a referring document holds is refused too.
public enum RuleCheck: Sendable, Equatable {
    /// A comparison between a field and another field, or the time of the save.
    case compare(field: String, operator: ComparisonOperator, other: Operand)
    /// At most `limit` documents of the collection match the condition (all of them when `nil`).
    case atMost(Int, where: Condition?)
    /// No two documents with equal values of the `per` fields share a value of `field`.
    case unique(field: String, per: [String])
    /// The allowed changes of `field`'s stored value: value → the values it may become. A new
    /// document starts at one of `initial` (any value when empty). With `keepsFinal`, a
    /// document whose value is final (moved to, never from) is not deleted either, since a
    /// delete and a new save would rewrite it (Pressure's MISSED commitment); with
    /// `keepsMoved`, neither is one whose value a transition leads to (MIGA's first-run phase
    /// once it has moved on).
    case transitions(field: String, from: [String: [String]], keepsFinal: Bool, initial: [String] = [], keepsMoved: Bool = false)
    /// `fields` keep their stored values once the stored document matches `once` (always,
    /// when `nil`): Pressure's date, and its text once the commitment is locked.
    case frozen(fields: [String], once: Condition?)
    /// The day of the week of the date in `field` is one of `days` (1 Monday … 7 Sunday).
    case weekday(field: String, days: [Int])
    /// The day of the month of the date in `field` is one of `days`; with `startOfDay`, a
    /// timestamp must also be the first instant of that day.
    case dayOfMonth(field: String, days: [Int], startOfDay: Bool)
    /// `field` is an IANA time-zone name (`Europe/Berlin`, or a link such as `Asia/Calcutta`), judged
    /// by the list the package ships (`TimeZone.isIANAName(_:)`), so every platform gives one verdict;
    /// with `isStoreZone`, also the zone the store files new days in (``StoreCalendar/latestZone``), so
    /// an app's own record of the user's zone and the store's days never disagree (Pressure's settings).
    case timeZone(field: String, isStoreZone: Bool = false)
    /// `field`, a timestamp, is on the local day the date field `on` names, at the clock time
    /// `from` ("HH:MM") when `before` is `nil`, else at or after `from` and before `before`.
    /// Checked on writes that set or change `field`: a clock time read from a setting that
    /// changes later does not make older documents wrong (Pressure's deadline).
    case timeOfDay(field: String, on: String, from: ClockTime, before: ClockTime?)
    /// Once the local day the date field `on` names has reached the clock time `at` (a
    /// setting, or fixed), the day is settled: a write leaves none of its documents `open`,
    /// and a new document joins it only when it is the day's first (the day close's record of
    /// a day without any). Checked on writes, at the transaction's time of save: Pressure's
    /// day, whose outcome the escalation has counted.
    case settled(on: String, at: ClockTime, open: Condition)
    /// `count` is the number of local days from `from` to `to`, both included.
    case daySpan(from: String, to: String, count: String)
    /// Each of `fields` that is present contains the text of the field `of` (a file named after the id).
    case embeds(fields: [String], of: String)
    /// `field` is `text` with each `{name}` replaced by the document's field `name`, for the
    /// documents that match `condition` (all when `nil`): a file named after the id.
    case template(field: String, text: String, where: Condition?)
    /// `field`'s value is one of the values at `values` (a path, `[]` for every element of an
    /// array) in the document the reference field `reference` names; checked on writes and by `check`.
    case among(field: String, reference: String, values: [String])

    /// A wall-clock time of a `timeOfDay` check: written in the rule, or read from a field of
    /// a singleton document (a setting).
    public enum ClockTime: Sendable, Equatable {
        /// A time "HH:MM" written in the catalog.
        case fixed(String)
        /// The "HH:MM" text of a singleton's field; the check is skipped while it is missing.
        case setting(CollectionDescriptor.SingletonField)
    }

    /// The right side of a comparison.
    public enum Operand: Sendable, Equatable {
        /// Another field of the document.
        case field(String)
        /// The first of these fields that the document holds (not `null`): `modifiedAt`, else
        /// `createdAt` — the moment of the last save.
        case firstField([String])
        /// The time of the save (or of the check), plus an allowance in seconds for clocks
        /// that disagree (another device's) or for days counted in another zone.
        case now(plusSeconds: Int)
    }

    /// A comparison operator.
    public enum ComparisonOperator: String, Sendable, CaseIterable {
        /// `<`
        case less = "<"
        /// `<=`
        case lessOrEqual = "<="
        /// `>`
        case greater = ">"
        /// `>=`
        case greaterOrEqual = ">="
        /// `==`
        case equal = "=="
        /// `!=`
        case notEqual = "!="

        func holds(_ order: ComparisonResult) -> Bool {
            switch self {
            case .less: order == .orderedAscending
            case .lessOrEqual: order != .orderedDescending
            case .greater: order == .orderedDescending
            case .greaterOrEqual: order != .orderedAscending
            case .equal: order == .orderedSame
            case .notEqual: order != .orderedSame
            }
        }
    }

    /// The fields the check reads.
    var fields: [String] {
        switch self {
        case .compare(let field, _, .field(let other)): [field, other]
        case .compare(let field, _, .firstField(let others)): [field] + others
        case .compare(let field, _, .now): [field]
        case .atMost: []
        case .unique(let field, let per): [field] + per
        case .transitions(let field, _, _, _, _): [field]
        case .frozen(let fields, _): fields
        case .template(let field, let text, _): [field] + RuleCheck.placeholders(in: text)
        case .weekday(let field, _), .dayOfMonth(let field, _, _), .timeZone(let field, _): [field]
        case .daySpan(let from, let to, let count): [from, to, count]
        case .timeOfDay(let field, let on, _, _): [field, on]
        case .settled(let on, _, _): [on]
        case .embeds(let fields, let of): fields + [of]
        case .among(let field, let reference, _): [field, reference]
        }
    }
}

extension RuleCheck {
    /// How `lhs` orders against `rhs`, or `nil` when they cannot be compared (different types).
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            let (x, y) = (SchemaDecimal(a), SchemaDecimal(b))
            return x < y ? .orderedAscending : y < x ? .orderedDescending : .orderedSame
        case (.string(let a), .string(let b)):
            if let x = DocumentDate(lhs), let y = DocumentDate(rhs) {
                return x.sortKey < y.sortKey ? .orderedAscending : y.sortKey < x.sortKey ? .orderedDescending : .orderedSame
            }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
        case (.bool(let a), .bool(let b)):
            return a == b ? .orderedSame : (a ? .orderedDescending : .orderedAscending)
        default:
            return nil
        }
    }

    /// Why `document` breaks a one-document check (a comparison, a calendar or text rule), or
    /// `nil` when it does not; days are the store's, by `calendar`.
    func violation(in document: [String: JSONValue], now: Date, calendar: StoreCalendar) -> (pointer: String, reason: String)? {
        if let found = calendarViolation(in: document, calendar: calendar) { return found }
        guard case .compare(let field, let comparison, let operand) = self,
              let value = document[field], value != .null
        else { return nil }
        let other: JSONValue
        let otherName: String
        switch operand {
        case .field(let name):
            guard let found = document[name], found != .null else { return nil }
            (other, otherName) = (found, name)
        case .firstField(let names):
            guard let name = names.first(where: { document[$0].map { $0 != .null } ?? false }), let found = document[name] else { return nil }
            (other, otherName) = (found, name)
        case .now(let allowance):
            let limit = Timestamp.format(now.addingTimeInterval(Double(allowance)))
            (other, otherName) = (.string(limit), allowance == 0 ? "the time of the save (\(limit))"
                : "the time of the save plus \(RuleCheck.duration(allowance)) (\(limit))")
        }
        guard let order = RuleCheck.order(value, other) else {
            return ("/" + field, "\(field) (\(value.typeName)) cannot be compared with \(otherName) (\(other.typeName))")
        }
        guard !comparison.holds(order) else { return nil }
        let shown: String
        if case .now = operand { shown = otherName } else { shown = "\(otherName) \(other.shortDescription)" }
        return ("/" + field, "\(field) \(value.shortDescription) is not \(comparison.rawValue) \(shown)")
    }
}

extension RuleCheck {
    /// `seconds` in the largest whole unit for a message: "1 day", "36 hours", "5 minutes", "90 seconds".
    static func duration(_ seconds: Int) -> String {
        func count(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        if seconds % 86_400 == 0 { return count(seconds / 86_400, "day") }
        if seconds % 3600 == 0 { return count(seconds / 3600, "hour") }
        if seconds % 60 == 0 { return count(seconds / 60, "minute") }
        return count(seconds, "second")
    }
}

extension RuleCheck {
    /// The conditions a check holds (`atMost`'s `where`, `frozen`'s `once`, `template`'s `where`).
    var conditions: [Condition] {
        switch self {
        case .atMost(_, let condition?), .frozen(_, let condition?), .template(_, _, let condition?), .settled(_, _, let condition): [condition]
        default: []
        }
    }
}
