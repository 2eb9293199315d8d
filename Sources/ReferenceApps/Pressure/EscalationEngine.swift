import Almanac
import Foundation

/// Pressure's escalation engine: derives ``EscalationState`` from the commitment history.
///
/// The seed leaves the tier rules open; these are Pressure's, applied to each settled day in
/// date order (a day is settled once none of its commitments is PENDING):
/// - **Miss** (NO or MISSED; a no-commitment day counts the same): the tier rises by one, up
///   to 3; `consecutive_misses` + 1; `consecutive_successes`, `current_streak` → 0.
/// - **YES** (every commitment of the day YES): `consecutive_misses` → 0;
///   `consecutive_successes` + 1; `current_streak` + 1 and `longest_streak` follows it; every
///   second YES in a row (the 2nd, 4th, 6th …) lowers the tier by one, down to 0, so one good
///   day does not undo a bad run but a steady one does (3 → 0 takes 6 YES days).
/// - **Shielded miss** (a paid user spent the month's restart shield on it): counts as a miss
///   for the tier and both run counters (accountability does not relax) but leaves
///   `current_streak` as it was: the shield stops the streak from *restarting*, as its name says.
///
/// A day without any commitment after the first recorded day and before the last settled one
/// counts as a miss, as the day close would record it. Shields: a paid user (``PressureSettings/isPaid(at:)``) holds one per
/// calendar month, spent when a day of that month has `shield_used`; `shield_reset_date` is
/// local midnight on the 1st of the next month. A free user holds none and has no reset date.
public struct EscalationEngine: Sendable {
    /// YES days in a row that lower the tier by one.
    public static let successesPerStepDown = 2

    /// The store's days, whose months count.
    public var calendar: StoreCalendar

    /// Creates an engine for the store's `calendar`.
    public init(calendar: StoreCalendar) {
        self.calendar = calendar
    }

    /// One settled day of a replay.
    public struct Day: Sendable, Equatable {
        /// The calendar day.
        public var date: CalendarDate
        /// How it counted.
        public var outcome: PressureDayOutcome
        /// The tier in force during the day (what its commitments' `escalation_tier_snap` record).
        public var tierBefore: Int
        /// The state after the day (shield fields untouched).
        public var after: EscalationState
    }

    /// `state` after one more settled day with `outcome`, by the rules above; the shield
    /// fields are left as they are.
    public static func applying(_ outcome: PressureDayOutcome, to state: EscalationState) -> EscalationState {
        var next = state
        switch outcome {
        case .success:
            next.consecutiveMisses = 0
            next.consecutiveSuccesses += 1
            next.currentStreak += 1
            next.longestStreak = max(next.longestStreak, next.currentStreak)
            if next.consecutiveSuccesses % successesPerStepDown == 0 {
                next.currentTier = max(0, next.currentTier - 1)
            }
        case .miss, .shieldedMiss:
            next.consecutiveMisses += 1
            next.consecutiveSuccesses = 0
            next.currentTier = min(EscalationState.maximumTier, next.currentTier + 1)
            if outcome == .miss { next.currentStreak = 0 }
        }
        return next
    }

    /// Every settled day of `commitments` in date order with the state after it, from the
    /// first recorded day to the last settled one; unsettled days are skipped, days with no
    /// record before the last settled day count as misses.
    public func history(of commitments: [Commitment]) -> [Day] {
        let byDate = Dictionary(grouping: commitments, by: \.date)
        guard let first = byDate.keys.min(),
              let last = byDate.filter({ PressureDayOutcome($0.value) != nil }).keys.max() else { return [] }
        var days: [Day] = []
        var state = EscalationState()
        var date = first
        while date <= last {
            let records = byDate[date] ?? []
            let outcome = records.isEmpty ? .miss : PressureDayOutcome(records)
            if let outcome {
                let before = state.currentTier
                state = Self.applying(outcome, to: state)
                days.append(Day(date: date, outcome: outcome, tierBefore: before, after: state))
            }
            date = date.adding(days: 1)
        }
        return days
    }

    /// The tier in force on `date`: the tier after every settled day before it.
    public func tier(on date: CalendarDate, history: [Day]) -> Int {
        history.last { $0.date < date }?.after.currentTier ?? 0
    }

    /// The full state at `now`: the replay of `commitments` plus the shield fields for the
    /// month of `now` under `settings`.
    public func state(from commitments: [Commitment], settings: PressureSettings, at now: Date) -> EscalationState {
        var state = history(of: commitments).last?.after ?? EscalationState()
        // The month of the shield is the store's calendar month, as the catalog judges it.
        let month = monthStart(of: calendar.day(of: now))
        if settings.isPaid(at: now) {
            let spent = commitments.contains { $0.shieldUsed && monthStart(of: $0.date) == month }
            state.restartShieldsRemaining = spent ? 0 : EscalationState.maximumShields
            state.shieldResetDate = nextMonthStart(after: month).startDate(in: calendar)
        } else {
            state.restartShieldsRemaining = 0
            state.shieldResetDate = nil
        }
        return state
    }

    /// The 1st of the month of `date`.
    func monthStart(of date: CalendarDate) -> CalendarDate {
        CalendarDate(year: date.year, month: date.month, day: 1)!
    }

    /// The 1st of the month after the one starting on `month`.
    func nextMonthStart(after month: CalendarDate) -> CalendarDate {
        month.month == 12 ? CalendarDate(year: month.year + 1, month: 1, day: 1)! : CalendarDate(year: month.year, month: month.month + 1, day: 1)!
    }
}
