import Foundation
import Testing

@testable import Almanac

/// `almanac put` of timestamps at the calendar's ends: refused with the reason, or stored as
/// the same instant, never silently moved by a day.
@Suite("Timestamps at the calendar's ends, end to end")
struct TimestampRangeTests {
    @Test("put refuses an instant outside 0001–9999 and stores the edge instants and a leap second in UTC")
    func putAtTheEnds() throws {
        let folder = E2EFolder()
        // MIGA without timestamp-not-in-future: 9999 is the future, and this is about the calendar's end.
        let store = try makeStore(in: folder, timeZone: "UTC", schema: try schemaCopy("miga", in: folder, removingRules: ["timestamp-not-in-future"]))
        for (number, text) in [(1, "9999-12-31T23:00:00-01:00"), (2, "0001-01-01T00:59:00+01:00")] {
            let file = try folder.write(usageEvent(id: uuid(number), timestamp: text), to: "bad\(number).json")
            let put = try run(["put", "usage-events", file.path, "--store", store.path])
            #expect(put.exit == 3 && put.stderr.contains("/timestamp") && put.stderr.contains("0001 through 9999"), "\(put)")
        }
        #expect(dataFiles(store).isEmpty, "nothing was stored")
        for (number, text, stored) in [(3, "9999-12-31T22:59:00-01:00", "9999-12-31T23:59:00Z"),
                                       (4, "1998-12-31T15:59:60-08:00", "1998-12-31T23:59:60Z")] {
            let file = try folder.write(usageEvent(id: uuid(number), timestamp: text), to: "good\(number).json")
            let put = try run(["put", "usage-events", file.path, "--store", store.path])
            #expect(put.exit == 0, "\(put)")
            let get = try run(["get", "usage-events", uuid(number), "--store", store.path])
            #expect(get.stdout.contains("\"timestamp\": \"\(stored)\""), "\(get)")
        }
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }
}
