import Almanac
import Foundation

/// The seed's query examples, on the store: each builds the `Query` its `FetchDescriptor`
/// describes (predicate → condition, `sortBy` → sort keys, `fetchLimit` → limit), using the
/// JSON field names of `schema/cravey/`.
///
/// Where the seed leaves the order of ties open, the extra sort keys keep the order these
/// functions have always given (a store breaks ties by date, then id ascending).
extension CraveyService {
    /// Usage from the same wall-clock time `days` calendar days before `now` (in the store's
    /// time zone, as the seed's `Calendar.date(byAdding: .day, value: -7, to: Date())`) up to
    /// and including `now`, newest first. A range query: only those days' folders are read.
    public func recentUsage(days: Int, now: Date) throws -> [UsageSession] {
        try store.documents(UsageSession.self, matching: Self.recentUsageQuery(days: days, now: now, in: calendar))
    }

    /// The sessions of one route of administration ("all vape usage"), oldest first.
    public func usage(method: RouteOfAdministration) throws -> [UsageSession] {
        try store.documents(UsageSession.self, matching: Query(UsageSession.self).where(.equals(field: "method", value: .string(method.rawValue))))
    }

    /// The sessions with `trigger` among their triggers ("usage triggered by anxiety"), oldest first.
    public func usage(trigger: HAALTTrigger) throws -> [UsageSession] {
        try store.documents(UsageSession.self, matching: Query(UsageSession.self).where(.contains(field: "triggers", value: .string(trigger.rawValue))))
    }

    /// The mean intensity of the cravings from the same time `days` days before `now` up to
    /// `now` (the seed's 30-day average); `nil` with no cravings, where the seed's integer
    /// division would trap. Unrounded, and not truncated as the seed's `Int` division is.
    public func averageCravingIntensity(days: Int, now: Date) throws -> Double? {
        let query = Query(Craving.self).dated(from: Self.sameTime(daysBefore: days, now, in: calendar), before: now.addingTimeInterval(0.001))
        let cravings = try store.documents(Craving.self, matching: query)
        guard !cravings.isEmpty else { return nil }
        return Double(cravings.reduce(0) { $0 + $1.intensity }) / Double(cravings.count)
    }

    /// The cravings of intensity 7–10, oldest first.
    public func highIntensityCravings() throws -> [Craving] {
        try store.documents(Craving.self, matching: Query(Craving.self).where(.all([
            .greaterThanOrEqual(field: "intensity", value: .number(JSONNumber(CravingIntensity.high.lowerBound))),
            .lessThanOrEqual(field: "intensity", value: .number(JSONNumber(CravingIntensity.high.upperBound))),
        ])))
    }

    /// The recordings of one kind ("all video recordings"), most recent first.
    public func recordings(type: Recording.Kind) throws -> [Recording] {
        try store.documents(Recording.self, matching: Self.newestRecordings.where(.equals(field: "type", value: .string(type.rawValue))))
    }

    /// The recordings of one purpose, most recent first.
    public func recordings(purpose: Recording.Purpose) throws -> [Recording] {
        try store.documents(Recording.self, matching: Self.newestRecordings.where(.equals(field: "purpose", value: .string(purpose.rawValue))))
    }

    /// The recordings, most played first (ties: most recent first).
    public func mostPlayedRecordings() throws -> [Recording] {
        try store.documents(Recording.self, matching: Query(Recording.self)
            .sorted(by: "playCount", descending: true).sorted(by: "timestamp", descending: true))
    }

    /// One page of the Recordings library, most recent first: `limit` recordings (the seed
    /// loads 20 at a time) after skipping `offset`.
    public func recordingsPage(offset: Int = 0, limit: Int = 20) throws -> [Recording] {
        try store.documents(Recording.self, matching: Self.newestRecordings.offset(max(0, offset)).limit(max(0, limit)))
    }

    /// The active messages of `category` in priority order (then creation, then id).
    public func activeMessages(category: MotivationalMessage.Category) throws -> [MotivationalMessage] {
        try store.documents(MotivationalMessage.self, matching: Query(MotivationalMessage.self)
            .where(.all([.equals(field: "isActive", value: .bool(true)), .equals(field: "category", value: .string(category.rawValue))]))
            .sorted(by: "priority").sorted(by: "createdAt").sorted(by: "id"))
    }

    /// The messages the user wrote, oldest first.
    public func customMessages() throws -> [MotivationalMessage] {
        try store.documents(MotivationalMessage.self, matching: Query(MotivationalMessage.self)
            .where(.equals(field: "isCustom", value: .bool(true))).sorted(by: "createdAt").sorted(by: "id"))
    }

    /// The active messages, least shown first (ties in priority order): the rotation order.
    public func leastShownActiveMessages() throws -> [MotivationalMessage] {
        try store.documents(MotivationalMessage.self, matching: Self.leastShownQuery(category: nil))
    }

    /// The active messages (of `category`, or all), least shown first, ties in priority order,
    /// then creation, then id: the first is the one ``showMessage(for:context:now:)`` shows.
    static func leastShownQuery(category: MotivationalMessage.Category?) -> Query {
        let active = Condition.equals(field: "isActive", value: .bool(true))
        return Query(MotivationalMessage.self)
            .where(category.map { .all([active, .equals(field: "category", value: .string($0.rawValue))]) } ?? active)
            .sorted(by: "timesShown").sorted(by: "priority").sorted(by: "createdAt").sorted(by: "id")
    }

    /// The seed's "usage in the last `days` days, newest first" (ties: larger id first).
    static func recentUsageQuery(days: Int, now: Date, in calendar: StoreCalendar) -> Query {
        Query(UsageSession.self).dated(from: sameTime(daysBefore: days, now, in: calendar), before: now.addingTimeInterval(0.001))
            .sorted(by: "timestamp", descending: true).sorted(by: "id", descending: true)
    }

    /// Every recording, most recent first (ties: larger id first).
    static let newestRecordings = Query(Recording.self).sorted(by: "timestamp", descending: true).sorted(by: "id", descending: true)

    /// The instant showing the same wall-clock time as `now`, `days` calendar days earlier in
    /// the store's calendar (on the clock of the zone of `now`'s day).
    static func sameTime(daysBefore days: Int, _ now: Date, in storeCalendar: StoreCalendar) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = storeCalendar.zone(at: now)
        return calendar.date(byAdding: .day, value: -days, to: now) ?? now.addingTimeInterval(-Double(days) * 86_400)
    }
}
