import Foundation
import Testing
@testable import Almanac

@Suite("Calendar dates and timestamps")
struct CalendarDateTests {
    @Test("YYYY-MM-DD parses and prints; impossible days are refused", arguments: [
        ("2025-01-27", true), ("2024-02-29", true), ("2025-02-29", false), ("2025-13-01", false),
        ("2025-1-27", false), ("2025-01-27T00:00:00Z", false), ("0000-01-01", false), ("abcd-ef-gh", false),
    ])
    func parsing(text: String, valid: Bool) {
        let date = CalendarDate(text)
        #expect((date != nil) == valid)
        if let date { #expect(date.description == text) }
    }

    @Test("day arithmetic round-trips through days since 1970 for every day of 400 years")
    func dayArithmetic() {
        var day = CalendarDate("1900-01-01")!
        var consistent = true
        for _ in 0..<146_097 {
            let next = CalendarDate(daysSinceEpoch: day.daysSinceEpoch + 1)
            consistent = consistent && next > day && next.adding(days: -1) == day && CalendarDate(next.description) == next
            day = next
        }
        #expect(consistent)
        #expect(day == CalendarDate("2300-01-01")!)
    }

    @Test("a timestamp is filed under its local day, across a daylight-saving change")
    func localDays() {
        let newYork = TimeZone(identifier: "America/New_York")!
        // 2025-03-09: clocks spring forward at 02:00 local (07:00 UTC).
        #expect(CalendarDate(instant("2025-03-09T04:59:59Z"), in: newYork).description == "2025-03-08")
        #expect(CalendarDate(instant("2025-03-09T05:00:00Z"), in: newYork).description == "2025-03-09")
        #expect(CalendarDate(instant("2025-03-10T03:59:59Z"), in: newYork).description == "2025-03-09")
        #expect(CalendarDate(instant("2025-03-10T04:00:00Z"), in: newYork).description == "2025-03-10")
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(CalendarDate(instant("2025-10-25T22:30:00Z"), in: berlin).description == "2025-10-26")
        #expect(CalendarDate("2025-03-09")!.startDate(in: newYork) == instant("2025-03-09T05:00:00Z"))
        #expect(CalendarDate("2025-03-10")!.startDate(in: newYork) == instant("2025-03-10T04:00:00Z"))
    }

    @Test("timestamps format in UTC, with milliseconds only when present")
    func timestampFormat() {
        #expect(Timestamp.format(instant("2025-01-27T14:03:00Z")) == "2025-01-27T14:03:00Z")
        #expect(Timestamp.format(instant("2025-01-27T14:03:00.250Z")) == "2025-01-27T14:03:00.250Z")
        #expect(Timestamp.format(instant("2025-01-27T16:03:00.123+02:00")) == "2025-01-27T14:03:00.123Z")
        #expect(Timestamp.format(instant("1969-12-31T23:59:59.5Z")) == "1969-12-31T23:59:59.500Z")
        for bad in ["2025-01-27", "2025-01-27T14:03:00", "2025-01-27 14:03:00Z", "2025-01-27T25:00:00Z", "2025-01-27T14:03:00.Z"] {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
    }
}
