import Foundation

/// The store's days: which calendar day an instant falls on, and which instants a day holds.
///
/// A store files its days in one time zone, chosen when it is created; a person who moves
/// changes it from a day on (``Store/changeTimeZone(to:from:)``), and every day before that
/// stays where it was. The calendar is that history: a period per zone, each from its first
/// day on. Filing, date queries, rules, retention, `check` and the apps' reports all ask this
/// one value, so a day means the same instants everywhere (DESIGN §2, "Days").
///
/// Across a change the day in progress ends when the new zone's first day begins: moving east
/// shortens the last day of the old zone, moving west lengthens it, and a change across most
/// of the globe in one day may leave a day with no instants at all (as Samoa skipped
/// 30 December 2011). No instant is ever on two days, and days never run backwards.
public struct StoreCalendar: Sendable, Equatable, CustomStringConvertible {
    /// Days in one time zone, from ``first`` on.
    public struct Period: Sendable, Equatable {
        /// The first day of the period; `nil` for the store's first zone, which has no beginning.
        public let first: CalendarDate?
        /// The zone's IANA id as `store.json` records it.
        public let zoneName: String
        /// The zone.
        public let zone: TimeZone
        /// The instant ``first`` begins: midnight (or the first moment after it) in ``zone``.
        public let start: Date?

        init(first: CalendarDate?, zone: TimeZone) {
            self.first = first
            self.zone = zone
            zoneName = zone.storeName
            start = first?.startDate(in: zone)
        }

        public static func == (lhs: Period, rhs: Period) -> Bool {
            lhs.first == rhs.first && lhs.zoneName == rhs.zoneName
        }
    }

    /// The periods, oldest first; the first has no ``Period/first`` day.
    public let periods: [Period]

    /// A calendar of one zone for all time, as a new store has.
    public init(timeZone: TimeZone) {
        periods = [Period(first: nil, zone: timeZone)]
    }

    init(periods: [Period]) {
        self.periods = periods
    }

    /// The zone new days are filed in: the latest change's, or the store's first.
    public var latestZone: TimeZone { periods[periods.count - 1].zone }
    /// The IANA id of ``latestZone``.
    public var latestZoneName: String { periods[periods.count - 1].zoneName }

    /// The zone whose midnight begins `day` and whose clock names its times.
    public func zone(on day: CalendarDate) -> TimeZone {
        periods[index(of: day)].zone
    }

    /// The day `instant` falls on.
    public func day(of instant: Date) -> CalendarDate {
        let period = index(at: instant)
        var day = CalendarDate(instant, in: periods[period].zone)
        // An instant before the next zone's first midnight is still a day of this zone, even
        // where this zone's clock already shows that day (a move west lengthens the last day).
        if period + 1 < periods.count, let next = periods[period + 1].first, day >= next { day = next.adding(days: -1) }
        if let first = periods[period].first, day < first { day = first }
        return day
    }

    /// The first instant of `day`: midnight in its zone, or the change's instant for the first
    /// day of a period. A day with no instants (skipped by a change) starts where it ends.
    public func start(of day: CalendarDate) -> Date {
        let period = index(of: day)
        let own = periods[period]
        var start = own.first == day ? own.start! : day.startDate(in: own.zone)
        if let begun = own.start, start < begun { start = begun }
        if period + 1 < periods.count, let next = periods[period + 1].start, start > next { start = next }
        return start
    }

    /// The instant after `day`'s last: the next day's ``start(of:)``.
    public func end(of day: CalendarDate) -> Date {
        start(of: day.adding(days: 1))
    }

    /// The instants of `day`.
    public func instants(of day: CalendarDate) -> Range<Date> {
        start(of: day)..<end(of: day)
    }

    /// The last instant of `day` a store can hold: the millisecond before the next day
    /// starts, as stored timestamps keep milliseconds. "As of a day" includes this instant.
    public func lastInstant(of day: CalendarDate) -> Date {
        let next = end(of: day).timeIntervalSince1970.rounded(.down)
        // Built as `Timestamp.parse` builds `…59.999`, so the two compare equal.
        return Date(timeIntervalSince1970: (next - 1) + 0.999)
    }

    /// `America/Los_Angeles`, or `America/Los_Angeles, Asia/Kolkata from 2025-03-01`.
    public var description: String {
        periods.map { period in period.first.map { "\(period.zoneName) from \($0)" } ?? period.zoneName }.joined(separator: ", ")
    }

    /// The period that holds `day`.
    private func index(of day: CalendarDate) -> Int {
        var low = 0, high = periods.count  // periods[low] holds it; the answer is below high
        while high - low > 1 {
            let middle = (low + high) / 2
            if periods[middle].first! <= day { low = middle } else { high = middle }
        }
        return low
    }

    /// The period that holds `instant`.
    private func index(at instant: Date) -> Int {
        var low = 0, high = periods.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if periods[middle].start! <= instant { low = middle } else { high = middle }
        }
        return low
    }
}

extension StoreCalendar {
    /// The zone whose clock shows `instant` in the store: that of the day it falls on.
    public func zone(at instant: Date) -> TimeZone {
        zone(on: day(of: instant))
    }
}

extension CalendarDate {
    /// The day on which `date` falls in the store's `calendar` (``StoreCalendar/day(of:)``).
    public init(_ date: Date, in calendar: StoreCalendar) {
        self = calendar.day(of: date)
    }

    /// The first instant of this day in the store's `calendar` (``StoreCalendar/start(of:)``).
    public func startDate(in calendar: StoreCalendar) -> Date {
        calendar.start(of: self)
    }

    /// The last instant of this day a store with `calendar` can hold (``StoreCalendar/lastInstant(of:)``).
    public func lastInstant(in calendar: StoreCalendar) -> Date {
        calendar.lastInstant(of: self)
    }
}
