// A Swift block of the documentation ("Queries"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

import Almanac  // the README's block continues the one above, which imports it

func browse(_ store: Store) throws {
    let newest = Query(UsageEvent.self).sorted(by: "timestamp", descending: true).limit(20)
    let page = try store.documents(UsageEvent.self, matching: newest.offset(20))   // the second page
    let exits = try store.count(matching: Query("usage-events")
        .where(store.condition(parsing: "eventType = exit_to_focus", in: "usage-events")))
    let quotes = try store.documents(matching: Query("mindfulness-content")
        .where(.equals(field: "category", value: .string("stoicism"))).sorted(by: "displayCount"))
    print(page.count, exits, quotes.count)
}
