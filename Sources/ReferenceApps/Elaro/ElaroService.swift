import Almanac
import Foundation

/// Elaro's store-backed functions: the rules across documents are checked here before a
/// save, and the services are fed from the store.
public struct ElaroService: Sendable {
    /// Days of history a plan reads: the longest signal window plus the dampener's look-back.
    public static let historyDays = ElaroSignalCalculator.longWindow + ElaroSignalCalculator.bandwidthWindow + 7

    /// The store.
    public var store: Store
    /// The days and hours (the store's calendar unless given).
    public var calendar: StoreCalendar

    /// Creates the service over `store`, with days by `calendar` (the store's by default).
    public init(store: Store, calendar: StoreCalendar? = nil) {
        self.store = store
        self.calendar = calendar ?? store.calendar
    }

    /// Saves `area` after checking `at-most-two-active` over the whole collection as it
    /// would be afterwards.
    ///
    /// - Throws: `.ruleViolated` (nothing saved) or the store's errors.
    public func save(_ area: FocusArea) throws {
        try store.write { try save(area, in: $0) }
    }

    private func save(_ area: FocusArea, in db: Transaction) throws {
        var areas = try db.documents(FocusArea.self).filter { $0.id != area.id }
        areas.append(area)
        try FocusArea.validateActiveLimit(areas)
        try db.save(area)
    }

    /// Activates the focus area `name` with its building blocks and queues `focus.activate`,
    /// in one transaction: the area and its event are saved together or not at all.
    ///
    /// - Throws: `.ruleViolated` when two areas are active already, or the blocks are not three.
    @discardableResult
    public func activate(_ name: FocusArea.Name, buildingBlocks: [BuildingBlock]? = nil, at now: Date) throws -> FocusArea {
        try store.write { db in
            var area = try db.document(FocusArea.self, id: name) ?? FocusArea(name: name, active: false, startedAt: now, buildingBlocks: [])
            area.active = true
            area.startedAt = now
            if let buildingBlocks { area.buildingBlocks = buildingBlocks }
            try save(area, in: db)
            try db.save(try Self.event(.focusActivate(focusId: name), at: now))
            return area
        }
    }

    /// Saves `instance` after checking `variant-of-template` against the stored template.
    ///
    /// - Throws: `.ruleViolated` (nothing saved) or the store's errors.
    public func save(_ instance: ActionInstance) throws {
        try store.write { db in
            let template = try db.document(ActionTemplate.self, id: instance.templateId)
            try instance.validate(against: template.map { [$0.id: $0] } ?? [:])
            try db.save(instance)
        }
    }

    /// Saves `summary` after checking `week-starts-monday`.
    public func save(_ summary: WeeklySummary) throws {
        try summary.validate()
        try store.save(summary)
    }

    /// Closes `week`: writes its summary from the week's instances and templates, and queues
    /// the parent's `week.choice`, all in one transaction, so the summary is made from exactly
    /// what the store held when it was saved.
    ///
    /// The stored summary of the week is the starting point when there is one (the parent is
    /// editing it); otherwise the review's suggestion is.
    /// - Parameters:
    ///   - week: the week to close.
    ///   - now: when the parent decided.
    ///   - edit: the parent's changes to the texts and the tweak.
    /// - Returns: the saved summary.
    /// - Throws: `.ruleViolated` when the edit breaks `week-starts-monday`, or the store's errors (nothing saved).
    @discardableResult
    public func closeWeek(_ week: ElaroWeek, at now: Date, edit: (inout WeeklySummary) throws -> Void = { _ in }) throws -> WeeklySummary {
        try store.write { db in
            let stored = try db.documents(WeeklySummary.self, from: week.start, to: week.start).first
            var summary = try stored ?? review(of: week, in: db).suggestedSummary()
            try edit(&summary)
            try summary.validate()
            try db.save(summary)
            try db.save(try Self.event(.weekChoice(decision: summary.suggestedTweak), at: now))
            return summary
        }
    }

    /// Queues an analytics event (not uploaded) after checking it carries no text.
    @discardableResult
    public func queue(_ payload: ElaroAnalyticsEvent.Payload, at timestamp: Date, id: UUID = UUID()) throws -> ElaroAnalyticsEvent {
        let event = try Self.event(payload, at: timestamp, id: id)
        try store.save(event)
        return event
    }

    private static func event(_ payload: ElaroAnalyticsEvent.Payload, at timestamp: Date, id: UUID = UUID()) throws -> ElaroAnalyticsEvent {
        let event = ElaroAnalyticsEvent(id: id, payload: payload, timestamp: timestamp)
        try event.validate()
        return event
    }

    /// Uploads the queued events with the parent's consent and marks them uploaded.
    ///
    /// - Parameters:
    ///   - consent: the parent's decision; without an explicit yes nothing is read or sent.
    ///   - limit: the largest batch, or `nil` for every pending event.
    ///   - upload: sends a batch; when it throws, no event is marked.
    /// - Returns: the events sent.
    /// - Throws: `.consentRequired`, the upload's error or the store's.
    @discardableResult
    public func drainAnalytics(consent: ElaroAnalyticsConsent, limit: Int? = nil,
                               upload: ([ElaroAnalyticsEvent]) throws -> Void) throws -> [ElaroAnalyticsEvent] {
        guard consent.allowsUpload else { return try ElaroAnalyticsQueue.drain([], consent: consent) }
        let batch = try ElaroAnalyticsQueue.drain(try store.documents(ElaroAnalyticsEvent.self), consent: consent, limit: limit)
        guard !batch.isEmpty else { return [] }
        try upload(batch)
        try store.save(contentsOf: batch)
        return batch
    }

    /// The recommender over the history that the plan for the day of `now` reads, read as
    /// one consistent view (no write lands between its collections).
    public func recommender(at now: Date) throws -> ElaroRecommender {
        let today = CalendarDate(now, in: calendar)
        let first = today.adding(days: -Self.historyDays)
        return try store.read { db in
            ElaroRecommender(
                calendar: calendar, areas: try db.documents(FocusArea.self), templates: try db.documents(ActionTemplate.self),
                instances: try db.documents(ActionInstance.self, matching: Query(ActionInstance.self).dated(from: first, through: today)),
                events: try db.documents(ElaroAnalyticsEvent.self, matching: Query(ElaroAnalyticsEvent.self)
                    .dated(from: first.startDate(in: calendar), before: now)))
        }
    }

    /// Today's plan for the local day of `now`.
    public func plan(at now: Date) throws -> ElaroTodayPlan {
        try recommender(at: now).plan(at: now)
    }

    /// The review of `week`, its instances and templates read as one consistent view.
    public func review(of week: ElaroWeek) throws -> ElaroWeeklyReview {
        try store.read { try review(of: week, in: $0) }
    }

    private func review(of week: ElaroWeek, in db: ReadTransaction) throws -> ElaroWeeklyReview {
        ElaroWeeklyReview(week: week, instances: try db.documents(ActionInstance.self, from: week.start, to: week.end),
                          templates: try db.documents(ActionTemplate.self))
    }

    /// The stored summary of `week`, if the parent wrote one.
    public func summary(of week: ElaroWeek) throws -> WeeklySummary? {
        try store.documents(WeeklySummary.self, from: week.start, to: week.start).first
    }
}
