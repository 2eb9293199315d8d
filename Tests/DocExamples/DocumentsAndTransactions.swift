// A Swift block of the documentation ("DocumentsAndTransactions"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

import Almanac
import Foundation

struct UsageEvent: Document {
    static let collection = "usage-events"
    var id: UUID
    var eventType: String
    var timestamp: Date
    var targetAppName: String
    var pauseDuration: Double
    var timerDuration: Double
}

struct Streak: Document {
    static let collection = "streaks"
    var id: UUID
    var startDate: Date
    var currentDayCount: Int
    var lastActivityDate: Date
}

func recordExits() throws {
    let store = try Store(at: URL(fileURLWithPath: "miga-store"))
    let event = UsageEvent(id: UUID(), eventType: "exit_to_focus", timestamp: .now,
                           targetAppName: "Instagram", pauseDuration: 12, timerDuration: 20)
    let events = [event]
    try store.save(event)                                        // durable when it returns
    try store.save(contentsOf: events)                           // one durability point for the batch
    let week = try store.documents(UsageEvent.self,
                                   from: CalendarDate("2025-01-20")!, to: CalendarDate("2025-01-26")!)
    let one = try store.document(UsageEvent.self, id: event.id)
    try store.delete(UsageEvent.self, id: event.id)

    try store.write { db in                                      // one transaction
        guard var streak = try db.documents(Streak.self).first else { return }
        streak.currentDayCount += 1                              // no lost update: other writers wait
        try db.save(streak)
        try db.save(event)                                       // both durable together, or neither
    }
    let (all, streak) = try store.read { db in                   // one consistent view
        (try db.documents(UsageEvent.self), try db.documents(Streak.self).first)
    }
    print(week.count, one?.targetAppName ?? "deleted", all.count, streak?.currentDayCount ?? 0)
}
