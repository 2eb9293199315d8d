import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// The stored streak always equals what ``StreakCalculator`` derives from the events, after
/// every write through ``MIGAService`` (saves, edits, deletes, back-dated exits), and the
/// report notices any disagreement left by writes outside the service.
@Suite("MIGA streak kept equal to the events")
struct MIGAStreakMaintenanceTests {
    static let zone = MIGAServiceTests.zone

    static func exit(_ day: String, _ hour: Int = 9) -> UsageEvent {
        MIGAServiceTests.event(.exitToFocus, day, hour)
    }

    /// What the calculator gives from every event in the store, from scratch.
    static func fromScratch(_ miga: MIGAService) throws -> Streak? {
        let events = try miga.store.archivedDocuments(UsageEvent.self) + miga.store.documents(UsageEvent.self)
        return StreakCalculator(timeZone: zone).calculateStreak(from: events, id: try miga.streak()?.id ?? UUID())
    }

    @Test("a late exit that fills a gap joins the runs: 01-06, 01-08, 01-09, then 01-07 is a 4-day streak")
    func lateExitFillsTheGap() throws {
        try MIGAServiceTests.withStore { (miga: MIGAService, _: URL) throws in
            for day in ["2025-01-06", "2025-01-08", "2025-01-09"] { try miga.record(Self.exit(day)) }
            #expect(try miga.streak()?.currentDayCount == 2)
            let joined = try #require(try miga.record(Self.exit("2025-01-07")))
            #expect(joined.currentDayCount == 4 && CalendarDate(joined.startDate, in: Self.zone) == CalendarDate("2025-01-06"))
            #expect(try miga.streak() == joined)
        }
    }

    @Test("deleting the latest exit, or re-classifying it as a deepen_pause, shortens the stored streak")
    func deleteAndReclassify() throws {
        try MIGAServiceTests.withStore { (miga: MIGAService, _: URL) throws in
            for day in ["2025-01-06", "2025-01-07", "2025-01-08"] { try miga.record(Self.exit(day)) }
            let latest = Self.exit("2025-01-09")
            try miga.record(latest)
            #expect(try miga.streak()?.currentDayCount == 4)
            #expect(try miga.deleteEvent(id: latest.id))
            #expect(try miga.streak()?.currentDayCount == 3)
            var reclassified = try #require(try miga.store.documents(UsageEvent.self).last { $0.eventType == .exitToFocus })
            reclassified.eventType = .deepenPause
            try miga.record(reclassified)
            #expect(try miga.streak()?.currentDayCount == 2, "the 01-08 exit is a pause now")
            #expect(try miga.streak() == (try Self.fromScratch(miga)))
        }
    }

    @Test("seeded random sequences of records, edits, deletes and back-dated exits: the stored streak equals a from-scratch calculation after every write",
          arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomSequences(seed: UInt64) throws {
        try MIGAServiceTests.withStore { (miga: MIGAService, _: URL) throws in
            var generator = MIGASeededGenerator(state: seed)
            var ids: [UUID] = []
            for step in 0..<40 {
                let day = CalendarDate("2025-01-01")!.adding(days: Int.random(in: 0..<20, using: &generator)).description
                let kinds: [UsageEvent.Kind] = [.exitToFocus, .exitToFocus, .deepenPause, .proceedToApp]
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:  // a new event, often back-dated
                    var event = MIGAServiceTests.event(kinds.randomElement(using: &generator)!, day, Int.random(in: 0..<24, using: &generator))
                    event.id = UUID()
                    try miga.record(event)
                    ids.append(event.id)
                case 5..<8 where !ids.isEmpty:  // an edit: another kind or another day
                    let id = ids.randomElement(using: &generator)!
                    guard var event = try miga.store.document(UsageEvent.self, id: id) else { continue }
                    event.eventType = kinds.randomElement(using: &generator)!
                    if Bool.random(using: &generator) { event.timestamp = instant(day, Int.random(in: 0..<24, using: &generator), in: Self.zone) }
                    try miga.record(event)
                case 8..<10 where !ids.isEmpty:
                    let id = ids.remove(at: Int.random(in: 0..<ids.count, using: &generator))
                    try miga.deleteEvent(id: id)
                default:
                    continue
                }
                #expect(try miga.streak() == (try Self.fromScratch(miga)), "seed \(seed), step \(step)")
            }
        }
    }

    @Test("the report notices a stored streak the events no longer give (the latest exit deleted outside the service), not only newer exits")
    func reportNoticesAnyDisagreement() throws {
        try MIGAServiceTests.withStore { (miga: MIGAService, _: URL) throws in
            for day in ["2025-01-06", "2025-01-07"] { try miga.record(Self.exit(day)) }
            let latest = Self.exit("2025-01-08")
            try miga.record(latest)
            try miga.store.delete(UsageEvent.self, id: latest.id)  // as `almanac rm` would
            let context = ReportContext(now: instant("2025-01-08", 20, in: Self.zone), timeZone: Self.zone)
            let report = try MIGAStreakReport.make(store: miga.store, context: context)
            #expect(report.storedIsBehind && report.lastRunDayCount == 2 && report.lastActivityDate == CalendarDate("2025-01-07"), "\(report.text)")
            #expect(report.text.contains("disagrees with the events"))
        }
    }
}
