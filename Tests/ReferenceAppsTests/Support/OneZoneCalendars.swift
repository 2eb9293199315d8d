import Almanac
import Foundation

@testable import ReferenceApps

// The apps count days by the store's calendar (`StoreCalendar`); most tests need one zone for all
// time, a store that never moved, and say so with a `TimeZone` as they always did.

extension StreakCalculator {
    init(timeZone: TimeZone) { self.init(calendar: StoreCalendar(timeZone: timeZone)) }
}

extension StatisticsAggregator {
    init(timeZone: TimeZone) { self.init(calendar: StoreCalendar(timeZone: timeZone)) }
}

extension CraveyDashboard {
    init(timeZone: TimeZone) { self.init(calendar: StoreCalendar(timeZone: timeZone)) }
}

extension Streak {
    func validate(in timeZone: TimeZone) throws { try validate(in: StoreCalendar(timeZone: timeZone)) }
    func dayCount(in timeZone: TimeZone) -> Int { dayCount(in: StoreCalendar(timeZone: timeZone)) }
}

extension Craving {
    func day(in timeZone: TimeZone) -> CalendarDate { day(in: StoreCalendar(timeZone: timeZone)) }
}

extension UsageSession {
    func day(in timeZone: TimeZone) -> CalendarDate { day(in: StoreCalendar(timeZone: timeZone)) }
}

extension ElaroWeek {
    init(containing now: Date, in timeZone: TimeZone) { self.init(containing: now, in: StoreCalendar(timeZone: timeZone)) }
}

extension ElaroRecommender {
    init(timeZone: TimeZone, areas: [FocusArea], templates: [ActionTemplate], instances: [ActionInstance], events: [ElaroAnalyticsEvent]) {
        self.init(calendar: StoreCalendar(timeZone: timeZone), areas: areas, templates: templates, instances: instances, events: events)
    }
}

extension ElaroSignalCalculator {
    init(timeZone: TimeZone, templates: [ActionTemplate], instances: [ActionInstance], events: [ElaroAnalyticsEvent] = [],
         focus: FocusArea.Name? = nil) {
        self.init(calendar: StoreCalendar(timeZone: timeZone), templates: templates, instances: instances, events: events, focus: focus)
    }
}

extension ActionInstance {
    init(id: UUID = UUID(), at instant: Date, in timeZone: TimeZone, templateId: String, variantDuration: VariantDuration,
         status: Status, feltDifficulty: FeltDifficulty, mood: String? = nil, note: String? = nil) {
        self.init(id: id, at: instant, in: StoreCalendar(timeZone: timeZone), templateId: templateId, variantDuration: variantDuration,
                  status: status, feltDifficulty: feltDifficulty, mood: mood, note: note)
    }
}
