import Almanac
import Foundation

/// MIGA's data layer on an Almanac store: the service functions an app calls, each loading
/// what it needs, running the plain services (``StreakCalculator``, ``StatisticsAggregator``,
/// ``ContentLibrary``, ``LauncherGrid``) and saving the results after checking the models' rules.
///
/// Days are calendar days in the store's calendar (the device's). Nothing here reads the
/// clock: moments come from the events or from a `now` argument.
public struct MIGAService: Sendable {
    /// The store, made from `schema/miga`.
    public let store: Store

    /// Wraps an open store.
    public init(store: Store) {
        self.store = store
    }

    /// The device's time zone, as the store records it.
    public var calendar: StoreCalendar { store.calendar }

    // MARK: Usage events and the streak

    /// Records a Gateway Screen decision (data flow "Usage Event Creation"), or saves an edit
    /// of a stored event (a re-classification, a corrected time, one recorded late): saves the
    /// event and keeps the stored streak equal to what ``StreakCalculator`` derives from the
    /// events, whatever the write did to them (a back-dated exit that fills a gap joins two
    /// runs; an exit turned into a `deepen_pause` may end one).
    ///
    /// - Returns: the streak after the write (`nil` when no exit is left).
    /// - Throws: `.ruleViolated` for an event that breaks ``UsageEvent/validate()``; the
    ///   store's errors otherwise. An invalid event is not saved.
    @discardableResult
    public func record(_ event: UsageEvent) throws -> Streak? {
        try event.validate()
        // The event and the streak it moves, in one transaction: both or neither.
        return try store.write { db in
            try db.save(event)
            // Derived from every event, not stepped from the stored record: a late exit, an
            // edit, or a record left behind by a write outside the service would leave it wrong.
            return try saveDerivedStreak(in: db)
        }
    }

    /// Deletes the event `id` and keeps the stored streak equal to what the remaining events
    /// give (deleting the latest exit shortens or ends the run); returns false when there was none.
    @discardableResult
    public func deleteEvent(id: UUID) throws -> Bool {
        try store.write { db in
            guard try db.document(UsageEvent.self, id: id) != nil else { return false }
            _ = try db.delete(UsageEvent.self, id: id)
            _ = try saveDerivedStreak(in: db)
            return true
        }
    }

    /// Every event the streak counts: the stored ones and the archived ones (retention moves
    /// old events out of queries, and a run may be older than the 90 days kept).
    private func allEvents(in db: ReadTransaction) throws -> [UsageEvent] {
        try store.archivedDocuments(UsageEvent.self) + db.documents(UsageEvent.self)
    }

    /// Derives the streak from every event as `db` sees them and saves it in place of the
    /// stored one (keeping its id), or removes the stored one when no exit is left.
    private func saveDerivedStreak(in db: Transaction) throws -> Streak? {
        let stored = try db.documents(Streak.self)
        guard let derived = StreakCalculator(calendar: calendar).calculateStreak(from: try allEvents(in: db), id: stored.first?.id ?? UUID()) else {
            for streak in stored { try db.delete(Streak.self, id: streak.id) }
            return nil
        }
        try derived.validate(in: calendar)
        for extra in stored.dropFirst() { try db.delete(Streak.self, id: extra.id) }
        if stored.first != derived { try db.save(derived) }
        return derived
    }

    /// The contract's `updateStreak(from:)`: loads the stored streak, applies the new exit with
    /// ``StreakCalculator/updateStreak(from:existing:newID:)`` and saves it in place (one
    /// streak per store, rule `one-current-streak`).
    ///
    /// - Throws: `.ruleViolated` when `newEvent` is not an exit or the result breaks
    ///   ``Streak/validate(in:)``.
    @discardableResult
    public func updateStreak(from newEvent: UsageEvent) throws -> Streak {
        try store.write { try updateStreak(from: newEvent, in: $0) }
    }

    private func updateStreak(from newEvent: UsageEvent, in db: Transaction) throws -> Streak {
        let updated = try StreakCalculator(calendar: calendar).updateStreak(from: newEvent, existing: try streak(in: db))
        try updated.validate(in: calendar)
        try db.save(updated)
        return updated
    }

    /// The stored current streak, or `nil` before the first exit.
    ///
    /// - Throws: `.ruleViolated` when the collection holds more than one (rule `one-current-streak`).
    public func streak() throws -> Streak? {
        try streak(in: nil)
    }

    private func streak(in db: ReadTransaction?) throws -> Streak? {
        let all = try db?.documents(Streak.self) ?? store.documents(Streak.self)
        guard all.count <= 1 else {
            throw AlmanacError.rule(
                "one-current-streak: the store holds \(all.count) streaks (\(all.map(\.id.uuidString).joined(separator: ", "))); "
                    + "keep the one StreakCalculator derives from the events (recalculateStreak) and delete the others",
                in: Streak.collection, id: all[1].id.uuidString, field: "id")
        }
        return all.first
    }

    /// Derives the streak from the events again (stored and archived) and saves it in place of
    /// the stored one (keeping its id), e.g. after events were written without the service
    /// (`almanac put`, an import); removes every stored streak when no exit is left.
    /// - Returns: the saved streak, or `nil` when there is no exit.
    @discardableResult
    public func recalculateStreak() throws -> Streak? {
        try store.write { db in try saveDerivedStreak(in: db) }
    }

    /// The events whose local day is `from` through `to` (inclusive), oldest first; only
    /// those days' folders are read (the `timestamp` index of the data model).
    public func events(from: CalendarDate, to: CalendarDate) throws -> [UsageEvent] {
        try store.documents(UsageEvent.self, from: from, to: to)
    }

    /// Every stored event up to `now` (included), oldest first: the history the statistics use.
    public func events(through now: Date) throws -> [UsageEvent] {
        // Timestamps compare as instants, and stored ones have millisecond precision.
        try store.documents(UsageEvent.self, matching: Query(UsageEvent.self)
            .where(.lessThanOrEqual(field: "timestamp", value: .string(Timestamp.format(now)))))
    }

    /// Every event up to `now`, archived ones included, oldest first: the all-time history, which
    /// must not shrink when retention archives old events.
    public func allTimeEvents(through now: Date) throws -> [UsageEvent] {
        try store.archivedDocuments(UsageEvent.self).filter { $0.timestamp <= now } + events(through: now)
    }

    /// The all-time KPIs of every event up to `now`, archived ones included (data flow "Statistics Aggregation").
    public func kpis(through now: Date) throws -> StatisticsAggregator.KPIStats {
        StatisticsAggregator(calendar: calendar).calculateKPIs(from: try allTimeEvents(through: now))
    }

    /// The daily trends of the `days` days ending today (the day of `now`), oldest first;
    /// only those days' events are read.
    public func trends(days: Int = 30, now: Date) throws -> [StatisticsAggregator.DailyTrend] {
        let today = CalendarDate(now, in: calendar)
        guard days > 0 else { return [] }
        let events = try store.documents(UsageEvent.self, matching: Query(UsageEvent.self)
            .dated(from: today.adding(days: -(days - 1)), through: today)
            .where(.lessThanOrEqual(field: "timestamp", value: .string(Timestamp.format(now)))))
        return StatisticsAggregator(calendar: calendar).generateTrends(from: events, days: days, today: today)
    }

    // MARK: Preferences

    /// The stored preferences, or ``Preferences/default`` when none were saved yet.
    public func preferences() throws -> Preferences {
        try store.singleton(Preferences.self) ?? .default
    }

    /// Saves `preferences` after checking their ranges.
    ///
    /// - Throws: `.ruleViolated` for a value out of range (nothing is saved).
    public func save(_ preferences: Preferences) throws {
        try preferences.validate()
        try store.save(preferences)
    }
}
