import Almanac
import Foundation

/// The seed's derived values for one moment: computed from the settings, the commitments and
/// a `now` in the store's calendar, never stored and never read from the clock.
///
/// | seed value             | here                      |
/// |------------------------|---------------------------|
/// | `is_commitment_locked` | ``isCommitmentLocked``: `now >= deadline` today |
/// | `is_window_open`       | ``isWindowOpen``: `deadline <= now < window close` today |
/// | `can_check_in`         | ``canCheckIn``: window open and a commitment of today PENDING |
/// | `days_since_last_yes`  | ``daysSinceLastYes`` |
/// | `streak_display`       | ``EscalationState/streakDisplay`` |
///
/// The check-in window always lies inside one calendar day (deadline 06:00–12:00, close
/// 18:00–23:59), so "today" is simply the calendar day of `now`.
public struct PressureToday: Sendable, Equatable {
    /// The calendar day of `now` in the store's calendar.
    public var date: CalendarDate
    /// The moment the values are for.
    public var now: Date
    /// Today's commitment deadline.
    public var deadline: Date
    /// Today's check-in window close, when the day closes.
    public var windowClose: Date
    /// Today's commitments, by `sort_order`.
    public var commitments: [Commitment]
    /// Consecutive non-YES days looking back from today (see ``daysSinceLastYes(in:today:)``).
    public var daysSinceLastYes: Int?

    /// The derived values of `commitments` (the whole history, or at least back to the last
    /// YES) under `settings` at `now` by the store's `calendar`.
    public init(settings: PressureSettings, commitments: [Commitment], now: Date, calendar: StoreCalendar) {
        let today = CalendarDate(now, in: calendar)
        date = today
        self.now = now
        deadline = settings.deadline(on: today, in: calendar)
        windowClose = settings.windowClose(on: today, in: calendar)
        self.commitments = commitments.filter { $0.date == today }.sorted { $0.sortOrder < $1.sortOrder }
        daysSinceLastYes = Self.daysSinceLastYes(in: commitments, today: today)
    }

    /// `is_commitment_locked`: the deadline has passed, so today's text can no longer change
    /// and no commitment can be added for today.
    public var isCommitmentLocked: Bool { now >= deadline }

    /// `is_window_open`: between the deadline (inclusive) and the window close (exclusive).
    public var isWindowOpen: Bool { now >= deadline && now < windowClose }

    /// `can_check_in`: the window is open and one of today's commitments is PENDING.
    public var canCheckIn: Bool { commitments.contains { canCheckIn($0) } }

    /// Whether `commitment` can be checked in now: it is today's, PENDING, and the window is open.
    public func canCheckIn(_ commitment: Commitment) -> Bool {
        isWindowOpen && commitment.date == date && commitment.status == .pending
    }

    /// Whether today's window has closed (the day is closed and its PENDING commitments are MISSED).
    public var isDayClosed: Bool { now >= windowClose }

    /// `days_since_last_yes`: how many days in a row, looking back from today, were not YES
    /// days, or `nil` when the history has no YES day at all.
    ///
    /// Today counts once it is settled (0 when it is a YES day, 1 more when it missed);
    /// while it is still open it is left out, so a YES yesterday gives 0 all day today.
    /// Earlier days count when they are not YES days: NO, MISSED, shielded misses, days still
    /// PENDING and days without any record alike. With several commitments, a YES day is one
    /// whose commitments all ended YES.
    public static func daysSinceLastYes(in commitments: [Commitment], today: CalendarDate) -> Int? {
        let byDate = Dictionary(grouping: commitments.filter { $0.date <= today }, by: \.date)
        guard let first = byDate.keys.min() else { return nil }
        var date = PressureDayOutcome(byDate[today] ?? []) == nil ? today.adding(days: -1) : today
        var count = 0
        while date >= first {
            if PressureDayOutcome(byDate[date] ?? []) == .success { return count }
            count += 1
            date = date.adding(days: -1)
        }
        return nil
    }
}
