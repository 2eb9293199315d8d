import Almanac
import Foundation

/// `--from`/`--to`, parsed once for every command that takes them: each end is a day
/// (`2025-01-27`, in the store's calendar) or an instant (`2025-01-27T14:03:00Z`).
struct DateRangeArgument {
    /// One end of the range.
    enum Bound {
        case day(CalendarDate)
        case instant(Date)
    }

    /// What the range selects once the store's calendar is known.
    enum Selection {
        /// Whole days, both ends included (open ends reach the first and last representable days).
        case days(ClosedRange<CalendarDate>)
        /// Instants, the upper end excluded (a day's end is the next day's start).
        case instants(Range<Date>)
    }

    var from: Bound?
    var to: Bound?

    /// Parses the two options; nil when neither was given.
    ///
    /// - Throws: a usage error naming the option whose value is neither a day nor a timestamp.
    static func parse(_ values: ParsedValues, usage: (String) -> UsageError) throws -> DateRangeArgument? {
        func bound(_ option: OptionSpec) throws -> Bound? {
            try values.option(option).map { text in
                if let day = CalendarDate(text) { return .day(day) }
                if let instant = Timestamp.parse(text) { return .instant(instant) }
                throw usage("\(option.displayName) expects a day like 2025-01-27 or a timestamp like 2025-01-27T14:03:00Z, got '\(text)'")
            }
        }
        let range = DateRangeArgument(from: try bound(CommonOptions.from), to: try bound(CommonOptions.to))
        return range.from == nil && range.to == nil ? nil : range
    }

    /// The days selected, for commands that file by day only.
    ///
    /// - Throws: a usage error when an end is a timestamp, or the range is empty.
    func days(usage: (String) -> UsageError) throws -> ClosedRange<CalendarDate> {
        switch (from, to) {
        case (.instant?, _), (_, .instant?):
            throw usage("this command takes days for --from and --to (such as 2025-01-27), not timestamps")
        default:
            return try dayRange(usage: usage)
        }
    }

    /// Days when both ends are days (or absent), else instants by the store's `calendar`.
    ///
    /// - Throws: a usage error when the range is empty.
    func selection(in calendar: StoreCalendar, usage: (String) -> UsageError) throws -> Selection {
        switch (from, to) {
        case (.instant?, _), (_, .instant?):
            let lower = from.map { start($0, in: calendar) } ?? .distantPast
            let upper = to.map { end($0, in: calendar) } ?? .distantFuture
            guard lower < upper else { throw usage("--from is not before --to") }
            return .instants(lower..<upper)
        default:
            return .days(try dayRange(usage: usage))
        }
    }

    /// Both ends as days (an absent end reaches the first or last representable day).
    private func dayRange(usage: (String) -> UsageError) throws -> ClosedRange<CalendarDate> {
        let low = from.flatMap(day) ?? CalendarDate(year: 1, month: 1, day: 1)!
        let high = to.flatMap(day) ?? CalendarDate(year: 9999, month: 12, day: 31)!
        guard low <= high else { throw usage("--from \(low) is after --to \(high)") }
        return low...high
    }

    private func day(_ bound: Bound) -> CalendarDate? {
        if case .day(let day) = bound { return day }
        return nil
    }

    private func start(_ bound: Bound, in calendar: StoreCalendar) -> Date {
        switch bound {
        case .day(let day): calendar.start(of: day)
        case .instant(let instant): instant
        }
    }

    private func end(_ bound: Bound, in calendar: StoreCalendar) -> Date {
        switch bound {
        case .day(let day): calendar.end(of: day)
        case .instant(let instant): instant
        }
    }
}
