import Foundation
import Testing

@testable import Almanac

/// ``StoreCalendar``: one answer to "which day is this instant on" for a store whose user moved.
@Suite("The store's calendar across a change of time zone")
struct StoreCalendarTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let kolkata = TimeZone(identifier: "Asia/Kolkata")!

    static func day(_ text: String) -> CalendarDate { CalendarDate(text)! }
    static func at(_ text: String) -> Date { Timestamp.parse(text)! }

    /// Every instant lies in the instants of its day, and days never run backwards.
    static func expectConsistent(_ calendar: StoreCalendar, from: String, to: String, step: TimeInterval = 900,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        var instant = at(from)
        var previous: CalendarDate?
        while instant < at(to) {
            let day = calendar.day(of: instant)
            #expect(calendar.instants(of: day).contains(instant), "\(Timestamp.format(instant)) on \(day)", sourceLocation: sourceLocation)
            if let previous { #expect(previous <= day, "\(Timestamp.format(instant))", sourceLocation: sourceLocation) }
            previous = day
            instant += step
        }
    }

    @Test("one zone for all time answers as the zone does")
    func oneZone() {
        let calendar = StoreCalendar(timeZone: Self.losAngeles)
        for text in ["2025-03-09T09:59:59Z", "2025-03-09T10:00:00Z", "2025-11-02T08:30:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"] {
            let instant = Self.at(text)
            #expect(calendar.day(of: instant) == CalendarDate(instant, in: Self.losAngeles), "\(text)")
        }
        for text in ["2025-03-09", "2025-11-02", "2024-02-29"] {
            #expect(calendar.start(of: Self.day(text)) == Self.day(text).startDate(in: Self.losAngeles))
            #expect(calendar.lastInstant(of: Self.day(text)) == Self.day(text).lastInstant(in: Self.losAngeles))
        }
        #expect(calendar.description == "America/Los_Angeles" && calendar.latestZoneName == "America/Los_Angeles")
    }

    @Test("moving east shortens the last day of the old zone: Los Angeles until 28 February, Kolkata from 1 March")
    func movingEast() throws {
        let calendar = try #require(try StoreCalendar(timeZone: Self.losAngeles).changing(to: Self.kolkata, from: Self.day("2025-03-01")))
        #expect(calendar.instants(of: Self.day("2025-02-28")) == Self.at("2025-02-28T08:00:00Z")..<Self.at("2025-02-28T18:30:00Z"))
        #expect(calendar.instants(of: Self.day("2025-03-01")) == Self.at("2025-02-28T18:30:00Z")..<Self.at("2025-03-01T18:30:00Z"))
        #expect(calendar.day(of: Self.at("2025-02-28T18:29:59.999Z")) == Self.day("2025-02-28"))
        #expect(calendar.day(of: Self.at("2025-02-28T18:30:00Z")) == Self.day("2025-03-01"))
        #expect(calendar.zone(on: Self.day("2025-02-28")) == Self.losAngeles && calendar.zone(on: Self.day("2025-03-01")) == Self.kolkata)
        #expect(calendar.lastInstant(of: Self.day("2025-02-28")) == Self.at("2025-02-28T18:29:59.999Z"))
        #expect(calendar.latestZoneName == "Asia/Kolkata")
        #expect(calendar.description == "America/Los_Angeles, Asia/Kolkata from 2025-03-01")
        Self.expectConsistent(calendar, from: "2025-02-26T00:00:00Z", to: "2025-03-04T00:00:00Z")
    }

    @Test("moving west lengthens it: an instant Kolkata's clock already calls 1 March is still 28 February until Los Angeles' midnight")
    func movingWest() throws {
        let calendar = try #require(try StoreCalendar(timeZone: Self.kolkata).changing(to: Self.losAngeles, from: Self.day("2025-03-01")))
        #expect(calendar.instants(of: Self.day("2025-02-28")) == Self.at("2025-02-27T18:30:00Z")..<Self.at("2025-03-01T08:00:00Z"))
        #expect(calendar.day(of: Self.at("2025-02-28T20:00:00Z")) == Self.day("2025-02-28"))  // 01:30 on 1 March in Kolkata
        #expect(calendar.day(of: Self.at("2025-03-01T08:00:00Z")) == Self.day("2025-03-01"))
        Self.expectConsistent(calendar, from: "2025-02-26T00:00:00Z", to: "2025-03-04T00:00:00Z")
    }

    @Test("a change across most of the globe skips a day, as Samoa skipped 30 December 2011; no instant is on it")
    func skippedDay() throws {
        let pagoPago = TimeZone(identifier: "Pacific/Pago_Pago")!, kiritimati = TimeZone(identifier: "Pacific/Kiritimati")!
        let calendar = try #require(try StoreCalendar(timeZone: pagoPago).changing(to: kiritimati, from: Self.day("2025-03-02")))
        #expect(calendar.instants(of: Self.day("2025-03-01")).isEmpty)
        #expect(!calendar.instants(of: Self.day("2025-02-28")).isEmpty && !calendar.instants(of: Self.day("2025-03-02")).isEmpty)
        Self.expectConsistent(calendar, from: "2025-02-26T00:00:00Z", to: "2025-03-05T00:00:00Z")
        var instant = Self.at("2025-02-27T00:00:00Z")
        while instant < Self.at("2025-03-04T00:00:00Z") {
            #expect(calendar.day(of: instant) != Self.day("2025-03-01"))
            instant += 600
        }
    }

    @Test("several changes, back and forth, stay consistent; a change must begin after the latest, and the same zone changes nothing")
    func severalChanges() throws {
        var calendar = StoreCalendar(timeZone: Self.losAngeles)
        for (zone, first) in [("Asia/Kolkata", "2025-03-01"), ("Europe/London", "2025-03-03"), ("Pacific/Auckland", "2025-03-04"),
                              ("America/Anchorage", "2025-03-06"), ("UTC", "2025-03-10")] {
            calendar = try #require(try calendar.changing(to: TimeZone(identifier: zone)!, from: Self.day(first)), "\(zone)")
        }
        Self.expectConsistent(calendar, from: "2025-02-25T00:00:00Z", to: "2025-03-15T00:00:00Z", step: 450)
        #expect(try calendar.changing(to: TimeZone(identifier: "UTC")!, from: Self.day("2025-04-01")) == nil)
        #expect(throws: AlmanacError.self) { try calendar.changing(to: Self.kolkata, from: Self.day("2025-03-10")) }
        #expect(throws: AlmanacError.self) { try calendar.changing(to: Self.kolkata, from: Self.day("2025-03-01")) }
        #expect(throws: AlmanacError.self) { try calendar.changing(to: TimeZone(identifier: "EST")!, from: Self.day("2025-05-01")) }
        // As store.json records it, and back.
        let read = try StoreCalendar(first: Self.losAngeles, changes: calendar.recordedChanges, path: "store.json")
        #expect(read == calendar && read.signature == calendar.signature)
    }

    @Test("a store.json of 20,000 changes reads in one pass: each change appended once, each day found by halving")
    func manyChanges() throws {
        let zones = ["Asia/Kolkata", "America/Los_Angeles"]
        let changes = (0..<20_000).map { index in
            JSONValue.object(["from": .string(CalendarDate("2030-01-01")!.adding(days: 2 * index).description), "timeZone": .string(zones[index % 2])])
        }
        let calendar = try StoreCalendar(first: Self.losAngeles, changes: changes, path: "store.json")
        #expect(calendar.periods.count == 20_001)
        #expect(calendar.zone(on: CalendarDate("2030-01-01")!.adding(days: 2 * 12_345)) == Self.losAngeles)
        #expect(calendar.zone(on: CalendarDate("2030-01-01")!.adding(days: 2 * 12_344 + 1)) == Self.kolkata)
        Self.expectConsistent(calendar, from: "2060-01-01T00:00:00Z", to: "2060-01-09T00:00:00Z", step: 1800)
    }

    @Test("store.json's changes are read whole or refused naming the member")
    func damagedChanges() throws {
        let good = JSONValue.object(["from": .string("2025-03-01"), "timeZone": .string("Asia/Kolkata")])
        for (changes, pointer) in [
            ([JSONValue.object(["from": .string("2025-03-01")])], "/timeZoneChanges/0"),
            ([good, .object(["from": .string("2025-02-01"), "timeZone": .string("UTC")])], "/timeZoneChanges/1"),
            ([.object(["from": .string("2025-03-01"), "timeZone": .string("Mars/Olympus")])], "/timeZoneChanges/0"),
            ([good, good], "/timeZoneChanges/1"),
            ([.string("Asia/Kolkata")], "/timeZoneChanges/0"),
        ] {
            let error = thrownAlmanacError { _ = try StoreCalendar(first: Self.losAngeles, changes: changes, path: "store.json") }
            #expect(error?.code == .notAStore && error?.pointer == pointer && error?.path == "store.json", "\(changes): \(String(describing: error))")
        }
    }
}
