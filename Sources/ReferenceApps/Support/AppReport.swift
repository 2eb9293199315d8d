import Almanac
import Foundation

/// A derived view of a reference app's store, printed by `almanac report` as text or JSON.
public protocol AppReport: Encodable, Sendable {
    /// The report as lines for a terminal, without a trailing newline.
    var text: String { get }
}

/// The moment and time zone a report is computed for: reports never read the clock.
public struct ReportContext: Sendable {
    /// The instant the report treats as now.
    public var now: Date
    /// The time zone whose calendar days the report uses (the store's).
    public var timeZone: TimeZone

    /// Creates a context for `now` in `timeZone`.
    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The calendar day of ``now`` in ``timeZone``.
    public var today: CalendarDate { CalendarDate(now, in: timeZone) }
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
