import Almanac
import Foundation

/// A derived view of a reference app's store, printed by `almanac report` as text or JSON.
public protocol AppReport: Encodable, Sendable {
    /// The report as lines for a terminal, without a trailing newline.
    var text: String { get }
}

/// The moment and the calendar a report is computed for: reports never read the clock.
public struct ReportContext: Sendable {
    /// The instant the report treats as now.
    public var now: Date
    /// The days the report counts: the store's calendar (``Store/calendar``), so a report's
    /// days are the ones its documents are filed under, before and after a move.
    public var calendar: StoreCalendar

    /// Creates a context for `now` with the store's `calendar`.
    public init(now: Date, calendar: StoreCalendar) {
        self.now = now
        self.calendar = calendar
    }

    /// Creates a context for `now` in one zone for all time (a store that never changed its zone).
    public init(now: Date, timeZone: TimeZone) {
        self.init(now: now, calendar: StoreCalendar(timeZone: timeZone))
    }

    /// The zone of today: the one clock times of ``now`` are shown in.
    public var timeZone: TimeZone { calendar.zone(on: today) }

    /// The calendar day of ``now``.
    public var today: CalendarDate { calendar.day(of: now) }
}

/// One report a reference app offers, such as `miga streak`.
public struct ReportView: Sendable {
    /// The app, as its catalog names it (`miga`).
    public var app: String
    /// The view's name (`streak`).
    public var name: String
    /// One line saying what the view shows.
    public var summary: String
    /// Builds the report from a store.
    public var make: @Sendable (Store, ReportContext) throws -> any AppReport

    /// Creates a view.
    public init(app: String, name: String, summary: String, make: @escaping @Sendable (Store, ReportContext) throws -> any AppReport) {
        self.app = app
        self.name = name
        self.summary = summary
        self.make = make
    }
}
