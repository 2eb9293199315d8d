import Almanac
import Foundation

/// Locks and closes Pressure's days up to a moment, as pure data: given the commitments, it
/// returns the records to save. Running it again on its own result changes nothing, and after
/// a gap of several days it fills every day exactly once.
///
/// For every day from the first recorded commitment's date through the day of `now`:
/// - **at the deadline**: every commitment of the day gets `locked_at` = the deadline; a day
///   with no commitment gets one record with `text = ""`, `status = MISSED`, `locked_at` =
///   the deadline (a no-commitment day counts as a missed check-in);
/// - **at the window close** (the day close): every PENDING commitment becomes MISSED.
///
/// Each record created or changed gets `escalation_tier_snap` = the tier in force on its day,
/// as ``EscalationEngine`` derives it from the history. History starts with the user's first
/// commitment: with no commitment at all, nothing is filled (a new user is not charged with
/// the days before they started).
public struct PressureDayClose: Sendable {
    /// Deadline and window close.
    public var settings: PressureSettings
    /// The store's days.
    public var calendar: StoreCalendar

    /// Creates a day close for `settings` with the store's `calendar`.
    public init(settings: PressureSettings, calendar: StoreCalendar) {
        self.settings = settings
        self.calendar = calendar
    }

    /// The commitments to create or change so that every day through `now` is locked and
    /// closed, oldest first; empty when there is nothing to do.
    ///
    /// - Parameters:
    ///   - commitments: every stored commitment (or at least those from the first one on).
    ///   - now: the moment to close up to.
    ///   - newID: makes the ids of no-commitment records (fixed in tests and samples).
    public func changes(to commitments: [Commitment], at now: Date, newID: () -> UUID = { UUID() }) -> [Commitment] {
        var byDate = Dictionary(grouping: commitments, by: \.date)
        guard let first = byDate.keys.min() else { return [] }
        let today = CalendarDate(now, in: calendar)
        var touched: [UUID: CalendarDate] = [:]
        var date = first
        while date <= today {
            let deadline = settings.deadline(on: date, in: calendar)
            guard now >= deadline else { break }  // later days have later deadlines
            let close = settings.windowClose(on: date, in: calendar)
            var records = byDate[date] ?? []
            if records.isEmpty {
                let record = Commitment.noCommitment(on: date, deadline: deadline, tier: 0, id: newID())
                records = [record]
                touched[record.id] = date
            }
            for index in records.indices {
                var changed = false
                if records[index].lockedAt == nil {
                    records[index].lockedAt = deadline
                    changed = true
                }
                if now >= close, records[index].status == .pending {
                    records[index].status = .missed
                    changed = true
                }
                if changed { touched[records[index].id] = date }
            }
            byDate[date] = records
            date = date.adding(days: 1)
        }
        guard !touched.isEmpty else { return [] }

        let engine = EscalationEngine(calendar: calendar)
        let history = engine.history(of: byDate.values.flatMap { $0 })
        var result: [Commitment] = []
        for (day, records) in byDate.sorted(by: { $0.key < $1.key }) {
            for var record in records.sorted(by: { $0.sortOrder < $1.sortOrder }) where touched[record.id] == day {
                record.escalationTierSnap = engine.tier(on: day, history: history)
                result.append(record)
            }
        }
        return result
    }

    /// `commitments` with `changes` applied (replacing records with the same id).
    public static func merging(_ changes: [Commitment], into commitments: [Commitment]) -> [Commitment] {
        let replaced = Set(changes.map(\.id))
        return commitments.filter { !replaced.contains($0.id) } + changes
    }
}
