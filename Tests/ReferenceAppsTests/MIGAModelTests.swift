import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("MIGA models")
struct MIGAModelTests {
    @Test("UsageEvent and Streak round-trip through a store made from schema/miga, which validates them")
    func modelsRoundTripAndValidate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("miga-models-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let zone = TimeZone(identifier: "America/New_York")!
        let store = try Store.create(at: folder.appendingPathComponent("store"), schema: repositoryRoot.appendingPathComponent("schema/miga"), timeZone: zone)
        let event = UsageEvent(eventType: .deepenPause, timestamp: Date(timeIntervalSince1970: 1_737_986_580), targetAppName: "X/Twitter",
                               pauseDuration: 12.5, timerDuration: 20)
        try store.save(event)
        #expect(try store.document(UsageEvent.self, id: event.id) == event)
        let streak = Streak(startDate: Date(timeIntervalSince1970: 1_737_900_000), currentDayCount: 2, lastActivityDate: Date(timeIntervalSince1970: 1_737_986_580))
        try store.save(streak)
        #expect(try store.document(Streak.self, id: streak.id) == streak)

        // A value the schema refuses is refused on save: the Swift type and the schema agree.
        let negative = UsageEvent(eventType: .exitToFocus, timestamp: Date(timeIntervalSince1970: 1_737_986_580), targetAppName: "X",
                                  pauseDuration: -1, timerDuration: 20)
        #expect(throws: AlmanacError.self) { try store.save(negative) }
    }
}
