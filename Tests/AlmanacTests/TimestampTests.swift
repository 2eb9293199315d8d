import Foundation
import Testing

@testable import Almanac

/// Timestamps at the calendar's ends and leap seconds: a store names the days 0001–9999 only,
/// so an instant outside them is refused, and every other one is stored as the same instant.
@Suite("Timestamps")
struct TimestampTests {
    static func schema() throws -> JSONSchema {
        try JSONSchema(try JSONValue(parsing: Array("""
            {"type": "object", "properties": {"at": {"type": "string", "format": "date-time"}, "day": {"type": "string", "format": "date"}}}
            """.utf8)), path: "test.schema.json")
    }

    static func violations(_ field: String, _ text: String) throws -> [SchemaViolation] {
        try schema().validate(.object([field: .string(text)]))
    }

    @Test("an offset that carries the instant out of the years 0001–9999 is refused, naming the side",
          arguments: [("9999-12-31T23:00:00-01:00", "after 9999-12-31T23:59:59Z"), ("0001-01-01T00:59:00+01:00", "before 0001-01-01T00:00:00Z"),
                      ("0000-06-01T12:00:00Z", "before 0001-01-01T00:00:00Z"), ("9999-12-31T23:59:59.5-00:01", "after 9999-12-31T23:59:59Z")])
    func outsideTheCalendar(text: String, side: String) throws {
        let found = try Self.violations("at", text)
        #expect(found.count == 1 && found[0].message.contains(side) && found[0].message.contains("0001 through 9999"), "\(found)")
        #expect(Timestamp.normalizedUTC(text) == nil, "never rewritten into a wrong instant")
    }

    @Test("the instants just inside the calendar are accepted and stored as the same instant",
          arguments: [("9999-12-31T22:59:59-01:00", "9999-12-31T23:59:59Z"), ("0001-01-01T01:00:00+01:00", "0001-01-01T00:00:00Z"),
                      ("0000-12-31T23:30:00-01:00", "0001-01-01T00:30:00Z"), ("2025-02-08T10:00:00.250+01:00", "2025-02-08T09:00:00.250Z")])
    func insideTheCalendar(text: String, stored: String) throws {
        #expect(try Self.violations("at", text).isEmpty)
        #expect(Timestamp.normalizedUTC(text) == stored)
        #expect(Timestamp.parse(text) == Timestamp.parse(stored), "the same instant")
        #expect(try Self.violations("at", stored).isEmpty)
    }

    @Test("a leap second with an offset is stored in UTC with its :60, like every other timestamp")
    func leapSecond() throws {
        #expect(Timestamp.normalizedUTC("1998-12-31T15:59:60-08:00") == "1998-12-31T23:59:60Z")
        #expect(Timestamp.normalizedUTC("1998-12-31T15:59:60.123-08:00") == "1998-12-31T23:59:60.123Z")
        #expect(Timestamp.normalizedUTC("1998-12-31T23:59:60Z") == nil, "already stored form")
        #expect(try Self.violations("at", "1998-12-31T23:59:60Z").isEmpty)
        let leap = try #require(Timestamp.parse("1998-12-31T15:59:60-08:00"))
        #expect(leap == Timestamp.parse("1998-12-31T23:59:59.999Z")! && leap < Timestamp.parse("1999-01-01T00:00:00Z")!,
                "the last millisecond of its own day, so it files under 1998-12-31")
        #expect(CalendarDate(leap, in: TimeZone(identifier: "UTC")!) == CalendarDate("1998-12-31"))
    }

    @Test("year 0000 is refused alike in a date and in a date-time whose UTC instant is in it")
    func yearZeroAgrees() throws {
        let date = try Self.violations("day", "0000-01-01")
        #expect(date.count == 1 && date[0].message.contains("year 0000"), "\(date)")
        #expect(try Self.violations("at", "0000-01-01T00:00:00Z").count == 1)
        #expect(try Self.violations("day", "0001-01-01").isEmpty && (try Self.violations("day", "9999-12-31")).isEmpty)
    }
}

/// Formatting is total: every `Date` is the same instant in the stored form, or refused.
@Suite("Timestamp formatting at the edges")
struct TimestampEdgeTests {
    @Test("a date no store can hold is refused by the encoder, naming the field, never a trap",
          arguments: [Double.infinity, -Double.infinity, Double.nan, 1e12, -62_135_596_801, 1e300])
    func unrepresentableDates(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(Timestamp.stored(date) == nil)
        #expect(!Timestamp.format(date).isEmpty)
        let folder = try TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let error = try #require(throws: AlmanacError.self) {
            try store.save(LoggedEvent(id: "e1", timestamp: date, kind: "x"))
        }
        #expect(error.code == .invalidDocument)
        #expect(error.pointer == "/timestamp", "the field is named")
        // The error prints: Foundation's own Date.description traps on NaN.
        #expect(!String(describing: error).isEmpty && !String(reflecting: error.underlying as Any).isEmpty)
        #expect(error.message.contains("0001-01-01T00:00:00Z through 9999-12-31T23:59:59Z"), "\(error.message)")
    }

    @Test("the first and last instants are kept, and rounding never crosses into another day")
    func edgesOfTheRange() {
        #expect(Timestamp.stored(Date(timeIntervalSince1970: Double(Timestamp.firstSecond))) == "0001-01-01T00:00:00Z")
        #expect(Timestamp.stored(Date(timeIntervalSince1970: Double(Timestamp.lastSecond))) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.stored(Date(timeIntervalSince1970: Double(Timestamp.lastSecond) + 0.9999)) == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.stored(Date(timeIntervalSince1970: 86_399.9996)) == "1970-01-01T23:59:59.999Z")
        #expect(Timestamp.stored(Date(timeIntervalSince1970: 1.001)) == "1970-01-01T00:00:01.001Z")
        #expect(Timestamp.stored(Date(timeIntervalSince1970: -0.0004)) == "1969-12-31T23:59:59.999Z", "its own day")
        #expect(Timestamp.stored(Date(timeIntervalSince1970: Double(Timestamp.firstSecond) - 0.001)) == nil)
    }

    @Test("an instant keeps milliseconds, rounded down: a finer fraction never reaches the next second, so never the next day in any zone")
    func millisecondsRoundedDown() throws {
        let fine = try #require(Timestamp.parse("2025-03-01T04:59:59.99999999Z"))
        #expect(fine == Timestamp.parse("2025-03-01T04:59:59.999Z"), "read to the millisecond")
        #expect(CalendarDate(fine, in: TimeZone(identifier: "America/New_York")!).description == "2025-02-28")
        #expect(Timestamp.normalizedUTC("2025-03-01T04:59:59.99999999Z") == "2025-03-01T04:59:59.999Z", "rewritten by the next save")
        #expect(Timestamp.normalizedUTC("2025-03-01T05:59:59.1239+01:00") == "2025-03-01T04:59:59.123Z")
        #expect(Timestamp.normalizedUTC("2025-03-01T04:59:59.123Z") == nil, "already stored")
        // A computed Date a hair before a local midnight stays before it.
        let midnight = try #require(Timestamp.parse("2025-03-01T05:00:00Z"))
        #expect(Timestamp.stored(midnight.addingTimeInterval(-0.0004)) == "2025-03-01T04:59:59.999Z")
        // Every parsed millisecond is written back as itself, across the range.
        for text in ["2025-01-27T14:03:00.123Z", "1970-01-01T00:00:00.001Z", "9999-12-31T23:59:59.999Z", "0001-01-01T00:00:00.999Z"] {
            #expect(Timestamp.stored(try #require(Timestamp.parse(text))) == text)
        }
        let end = CalendarDate(year: 2025, month: 2, day: 28)!.lastInstant(in: TimeZone(identifier: "America/New_York")!)
        #expect(Timestamp.format(end) == "2025-03-01T04:59:59.999Z" && end == fine, "the last instant of a day is its last millisecond")
    }

    @Test("a leap second far from 1970 stays in its own day, where a Date's resolution is microseconds (libFuzzer's finding)",
          arguments: ["0100-12-31t23:59:60.0050Z", "0900-12-31T23:59:60.50z", "0001-06-30T23:59:60Z", "1998-12-31T23:59:60Z", "9999-12-31T23:59:60Z"])
    func leapSecondFarFrom1970(text: String) throws {
        let date = try #require(Timestamp.parse(text))
        let stored = try #require(Timestamp.stored(date))
        #expect(stored.prefix(10) == text.prefix(10) && stored.hasSuffix("23:59:59.999Z"), "\(text) → \(stored)")
        #expect(Timestamp.normalizedUTC(text).map { $0.prefix(10) == text.prefix(10) } ?? true)
        let secondBefore = try #require(Timestamp.parse(String(text.prefix(17)) + "59.999Z"))
        let nextDay = try #require(Timestamp.parse(String(text.prefix(10)) + "T23:59:59Z")).addingTimeInterval(1)
        #expect(secondBefore == date && date < nextDay, "the last millisecond of :59, before the next day")
    }

    @Test("an instant one Date resolution before midnight is stored on its own day (libFuzzer's second finding)")
    func aHairBeforeMidnight() {
        for midnight: Double in [Double(Timestamp.firstSecond) + 86_400, -34_682_256_000, 0, 1_740_787_200, Double(Timestamp.lastSecond + 1) - 86_400] {
            // A Date converts through 2001-01-01, so it may hold midnight itself: then that is its day.
            let date = Date(timeIntervalSince1970: midnight.nextDown)
            let text = Timestamp.stored(date)
            let before = date.timeIntervalSince1970 < midnight
            #expect(text?.hasSuffix(before ? "T23:59:59.999Z" : "T00:00:00Z") == true, "\(midnight): \(String(describing: text))")
        }
    }

    @Test("every millisecond reads back as itself before 1970 and with any offset (libFuzzer's third finding)",
          arguments: ["1968-09-30T08:59:50.538-05:05", "1901-12-13T20:45:52.001Z", "0500-02-28T23:59:59.999+14:00", "1969-12-31T23:59:59.999Z"])
    func millisecondsReadBack(text: String) throws {
        let date = try #require(Timestamp.parse(text))
        let stored = try #require(Timestamp.stored(date))
        #expect(Timestamp.parse(stored) == date, "\(text) → \(stored)")
        #expect(stored.dropLast().hasSuffix(String(text.split(separator: ".")[1].prefix(3))), "\(text) → \(stored)")
    }

    @Test("parsing judges the year by the UTC instant, and upper- or lower-case T and Z alike (RFC 3339)")
    func parsingAtTheEdges() throws {
        #expect(Timestamp.parse("0000-12-31t23:59:50Z") == nil)
        #expect(Timestamp.parse("0000-12-31T23:59:50Z") == nil)
        let last = try #require(Timestamp.parse("9999-12-31t23:59:59.9999Z"))
        #expect(Timestamp.stored(last) == "9999-12-31T23:59:59.999Z", "the same day, not 10000-01-01")
        #expect(Timestamp.parse("2025-01-27t14:03:00z") == Timestamp.parse("2025-01-27T14:03:00Z"))
        #expect(Timestamp.normalizedUTC("2025-01-27t14:03:00z") == "2025-01-27T14:03:00Z")
    }
}
