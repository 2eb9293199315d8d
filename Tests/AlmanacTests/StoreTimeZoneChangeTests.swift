import Foundation
import Testing

@testable import Almanac

/// ``Store/changeTimeZone(to:from:)``: a store follows a user who moves, every recorded day stays.
@Suite("A store whose user moves to another time zone")
struct StoreTimeZoneChangeTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let kolkata = TimeZone(identifier: "Asia/Kolkata")!

    static func event(_ id: Int, at timestamp: String) -> JSONValue {
        .object([
            "id": .string(String(format: "00000000-0000-4000-8000-%012d", id)), "eventType": .string("proceed_to_app"),
            "targetAppName": .string("TikTok"), "pauseDuration": .number(JSONNumber(30)), "timerDuration": .number(JSONNumber(30)),
            "timestamp": .string(timestamp),
        ])
    }

    static func makeStore(in folder: TemporaryFolder) throws -> Store {
        try Store.create(at: folder.path("store"), schema: Repository.schema("miga"), timeZone: losAngeles)
    }

    @Test("past days stay where they were, new days are filed in the new zone, and the store says so after reopening")
    func newDaysInTheNewZone() throws {
        let folder = TemporaryFolder()
        let store = try Self.makeStore(in: folder)
        // 20:00 on 28 February in Los Angeles: 09:30 on 1 March in Kolkata.
        let evening = try store.save(json: Self.event(1, at: "2025-03-01T04:00:00Z"), in: "usage-events")
        #expect(evening.folders == ["2025", "02"])

        // From 1 March in Kolkata, that evening would be 1 March: refused, naming it.
        let moving = thrownAlmanacError { try store.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-03-01")!) }
        #expect(moving?.code == .invalidArgument && moving?.id == "00000000-0000-4000-8000-000000000001"
                && moving?.message.contains("from 2025-02-28 to 2025-03-01") == true, "\(String(describing: moving))")
        #expect(store.calendar.periods.count == 1)

        #expect(try store.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-03-02")!))
        #expect(try !store.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-04-01")!), "already in Kolkata")
        #expect(store.timeZoneName == "Asia/Kolkata" && store.formatVersion == 2)
        // 20:00 on 31 March is 13:00 in Los Angeles but 1 April, 01:30, in Kolkata: the April folder.
        let late = try store.save(json: Self.event(2, at: "2025-03-31T20:00:00Z"), in: "usage-events")
        #expect(late.folders == ["2025", "04"])
        // 1 March is still Los Angeles' (it ends at Kolkata's midnight), so is its query.
        let first = try store.save(json: Self.event(3, at: "2025-03-01T12:00:00Z"), in: "usage-events")
        #expect(first.folders == ["2025", "03"])
        #expect(try store.documents(json: "usage-events", days: CalendarDate("2025-03-01")!...CalendarDate("2025-03-01")!).map(\.location.id)
                == ["00000000-0000-4000-8000-000000000003"])
        #expect(try store.documents(json: "usage-events", days: CalendarDate("2025-04-01")!...CalendarDate("2025-04-01")!).count == 1)
        #expect(try store.documents(json: "usage-events", days: CalendarDate("2025-02-28")!...CalendarDate("2025-02-28")!).count == 1)

        let reopened = try Store(at: store.url)
        #expect(reopened.calendar == store.calendar && reopened.calendar.description == "America/Los_Angeles, Asia/Kolkata from 2025-03-02")
        #expect(try reopened.check().errors == 0)
        let text = try #require(String(data: try Data(contentsOf: store.url.appendingPathComponent("store.json")), encoding: .utf8))
        #expect(text.contains("\"timeZone\": \"America/Los_Angeles\"") && text.contains("\"timeZoneChanges\""), "\(text)")
        #expect(try reopened.status().timeZoneChanges == ["Asia/Kolkata from 2025-03-02"])
    }

    @Test("a store opened before the change, here or in another process, files its next document by the new calendar")
    func openStoresTakeItUp() throws {
        let folder = TemporaryFolder()
        let store = try Self.makeStore(in: folder)
        let other = try Store(at: store.url)
        _ = try other.save(json: Self.event(1, at: "2025-01-10T12:00:00Z"), in: "usage-events")
        other.finishWriting()
        try store.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-03-02")!)
        store.finishWriting()
        let late = try other.save(json: Self.event(2, at: "2025-03-31T20:00:00Z"), in: "usage-events")
        #expect(late.folders == ["2025", "04"] && other.timeZoneName == "Asia/Kolkata")
        #expect(try Store(at: store.url).check().errors == 0)
    }

    @Test("by default the change begins at the next midnight in the new zone; a day a document is dated on keeps its zone; the change comes first in its write")
    func dayInProgressKeepsItsZone() throws {
        let folder = TemporaryFolder()
        let store = try Self.makeStore(in: folder)
        let now = Date()
        _ = try store.save(json: Self.event(1, at: Timestamp.format(now.addingTimeInterval(-1))), in: "usage-events")
        try store.write { db in
            db.timeOfSave = now
            let changed = try db.changeTimeZone(to: Self.kolkata)
            #expect(changed)
            // The transaction files by its new calendar at once.
            #expect(db.calendar.latestZoneName == "Asia/Kolkata")
        }
        let today = CalendarDate(now, in: Self.kolkata)
        let first = try #require(store.calendar.periods.last?.first)
        #expect(first == today.adding(days: 1) || (first == today && today.startDate(in: Self.kolkata) == now), "\(first) for today \(today)")
        #expect(store.calendar.day(of: now.addingTimeInterval(-1)) == CalendarDate(now.addingTimeInterval(-1), in: Self.losAngeles),
                "the moment already past keeps its day")
        // A day-dated collection: an Elaro-like day would keep its zone. Here, a past day asked for
        // explicitly is refused when a recorded instant would move.
        let back = thrownAlmanacError { try store.changeTimeZone(to: Self.losAngeles, from: today.adding(days: 3)) }
        #expect(back == nil, "a later day moves nothing: \(String(describing: back))")
        let busy = thrownAlmanacError {
            try store.write { db in
                _ = try db.save(json: Self.event(2, at: "2025-01-10T12:00:00Z"), in: "usage-events")
                try db.changeTimeZone(to: Self.losAngeles, from: CalendarDate("2100-01-01")!)
            }
        }
        #expect(busy?.code == .invalidArgument && busy?.message.contains("first in a write") == true, "\(String(describing: busy))")
        #expect(try store.document(json: "00000000-0000-4000-8000-000000000002", in: "usage-events") == nil, "nothing of that write was saved")
    }

    @Test("an export keeps the calendar, and two devices' store.json merge to the longer history or are refused")
    func exportAndMerge() throws {
        let folder = TemporaryFolder()
        let store = try Self.makeStore(in: folder)
        _ = try store.save(json: Self.event(1, at: "2025-01-10T12:00:00Z"), in: "usage-events")
        let before = try #require(try Manifest.current(in: store.root)?.manifest)
        try store.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-03-02")!)
        _ = try store.save(json: Self.event(2, at: "2025-03-31T20:00:00Z"), in: "usage-events")
        let after = try #require(try Manifest.current(in: store.root)?.manifest)

        let export = folder.path("export.jsonl")
        _ = try store.export(to: export)
        let imported = folder.path("imported")
        _ = try Store.importExport(from: export, into: imported)
        let restored = try Store(at: imported)
        #expect(restored.calendar == store.calendar && restored.formatVersion == 2)
        #expect(try restored.documents(json: "usage-events", days: CalendarDate("2025-04-01")!...CalendarDate("2025-04-01")!).count == 1)

        let merged = try ManifestMerge.merge(before, after, theirsName: "store.sync-conflict.json")
        #expect(merged.calendar == after.calendar && merged.formatVersion == 2)
        #expect(try ManifestMerge.merge(after, before, theirsName: "store.sync-conflict.json").calendar == after.calendar)
        var elsewhere = before
        elsewhere.calendar = try #require(try before.calendar.changing(to: TimeZone(identifier: "Europe/Berlin")!, from: CalendarDate("2025-03-02")!))
        let conflict = thrownAlmanacError { _ = try ManifestMerge.merge(after, elsewhere, theirsName: "store.sync-conflict.json") }
        #expect(conflict?.code == .syncConflict && conflict?.message.contains("Europe/Berlin") == true, "\(String(describing: conflict))")
    }

    @Test("a change that would leave a stored document breaking a calendar rule is refused, naming it; saved anew in the same write, it goes through")
    func calendarRulesHoldAcrossTheChange() throws {
        let folder = TemporaryFolder()
        let store = try Self.makeStore(in: folder)
        // Nine Los Angeles days, 20 February through 28 February (07:30Z on 1 March is 23:30 on the 28th there).
        let streak = JSONValue.object([
            "id": .string("00000000-0000-4000-8000-0000000000aa"), "startDate": .string("2025-02-20T12:00:00Z"),
            "lastActivityDate": .string("2025-03-01T07:30:00Z"), "currentDayCount": .number(JSONNumber(9)),
        ])
        _ = try store.save(json: streak, in: "streaks")
        let refused = thrownAlmanacError { try store.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-03-01")!) }
        #expect(refused?.code == .ruleViolation && refused?.message.contains("streak-day-count") == true
                && refused?.id == "00000000-0000-4000-8000-0000000000aa", "\(String(describing: refused))")
        #expect(store.calendar.periods.count == 1, "nothing changed")
        // In Kolkata that last activity is on 1 March: ten days. Saved so in the same write, the change holds.
        try store.write { db in
            try db.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-03-01")!)
            var counted = streak.objectValue!
            counted["currentDayCount"] = .number(JSONNumber(10))
            _ = try db.save(json: .object(counted), in: "streaks")
        }
        let errors = try store.check().errors
        #expect(store.calendar.periods.count == 2 && errors == 0)
    }

    @Test("moving west, the default change begins after today there too, so the day in progress keeps its zone")
    func movingWestByDefault() throws {
        let folder = TemporaryFolder()
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let store = try Store.create(at: folder.path("store"), schema: Repository.schema("miga"), timeZone: tokyo)
        let now = Date()
        _ = try store.save(json: Self.event(1, at: Timestamp.format(now.addingTimeInterval(-60))), in: "usage-events")
        try store.write { db in
            db.timeOfSave = now
            _ = try db.changeTimeZone(to: Self.losAngeles)
        }
        let first = try #require(store.calendar.periods.last?.first)
        #expect(first > CalendarDate(now, in: tokyo), "\(first) is after today in Tokyo")
        #expect(store.calendar.day(of: now.addingTimeInterval(-60)) == CalendarDate(now.addingTimeInterval(-60), in: tokyo))
        #expect(try store.check().errors == 0)
    }

    @Test("diff sees two calendars apart")
    func diffSeesTheCalendar() throws {
        let folder = TemporaryFolder()
        let store = try Self.makeStore(in: folder)
        let copy = folder.path("copy")
        try FileManager.default.copyItem(at: store.url, to: copy)
        try store.changeTimeZone(to: Self.kolkata, from: CalendarDate("2025-03-02")!)
        store.finishWriting()
        let differences = try StoreDiffer.diff(copy, store.url).properties
        #expect(differences.contains { $0.name == "timeZone" }, "\(differences)")
    }
}
