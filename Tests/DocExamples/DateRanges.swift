// A Swift block of the documentation ("DateRanges"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

import Almanac
import Foundation

func recentUsage(_ store: Store) throws {
    let today = CalendarDate(.now, in: store.calendar)
    let lastWeek = try store.documents(UsageEvent.self, from: today.adding(days: -6), to: today)
    let last30Days = Query(UsageEvent.self).dated(from: today.adding(days: -29), through: today)
    let count = try store.count(matching: last30Days)
    print(lastWeek.count, count)
}
