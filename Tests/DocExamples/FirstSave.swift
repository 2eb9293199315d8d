// A Swift block of the documentation ("FirstSave"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

import Almanac
import Foundation

struct Entry: Document {
    static let collection = "entries"
    var id: UUID
    var createdAt: Date
    var text: String
}

func saveFirstEntry(storeURL: URL) throws {
    let schema = Bundle.main.url(forResource: "schema", withExtension: nil)!.appendingPathComponent("journal")
    let store = try Store.create(at: storeURL, schema: schema,   // or Store(at:) when store.json is there
                                 timeZone: .current)
    try store.save(Entry(id: UUID(), createdAt: .now, text: "Hello from Swift."))
}

func lastWeek(in store: Store) throws -> QueryResults<Entry> {
    let today = CalendarDate(.now, in: store.calendar)
    return try store.results(Entry.self, matching: Query(Entry.self).dated(from: today.adding(days: -6), through: today))
}
