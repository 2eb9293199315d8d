import Almanac
import Foundation

/// The seed's query examples, on the store.
extension CraveyService {
    /// Usage from the same wall-clock time `days` calendar days before `now` (in the store's
    /// time zone, as the seed's `Calendar.date(byAdding: .day, value: -7, to: Date())`) up to
    /// and including `now`, newest first. A range query: only those days' folders are read.
    public func recentUsage(days: Int, now: Date) throws -> [UsageSession] {
        try store.documents(UsageSession.self, from: Self.sameTime(daysBefore: days, now, in: timeZone), to: now.addingTimeInterval(0.001)).reversed()
    }

    /// The sessions of one route of administration ("all vape usage"), oldest first.
    public func usage(method: RouteOfAdministration) throws -> [UsageSession] {
        try store.documents(UsageSession.self) { $0.method == method }
    }

    /// The sessions with `trigger` among their triggers ("usage triggered by anxiety"), oldest first.
    public func usage(trigger: HAALTTrigger) throws -> [UsageSession] {
        try store.documents(UsageSession.self) { $0.triggers.contains(trigger) }
    }

    /// The mean intensity of the cravings from the same time `days` days before `now` up to
    /// `now` (the seed's 30-day average); `nil` with no cravings, where the seed's integer
    /// division would trap. Unrounded, and not truncated as the seed's `Int` division is.
    public func averageCravingIntensity(days: Int, now: Date) throws -> Double? {
        let cravings = try store.documents(Craving.self, from: Self.sameTime(daysBefore: days, now, in: timeZone), to: now.addingTimeInterval(0.001))
        guard !cravings.isEmpty else { return nil }
        return Double(cravings.reduce(0) { $0 + $1.intensity }) / Double(cravings.count)
    }

    /// The cravings of intensity 7–10, oldest first.
    public func highIntensityCravings() throws -> [Craving] {
        try store.documents(Craving.self) { $0.isHighIntensity }
    }

    /// The recordings of one kind ("all video recordings"), most recent first.
    public func recordings(type: Recording.Kind) throws -> [Recording] {
        try store.documents(Recording.self) { $0.type == type }.sorted { ($0.timestamp, $0.id.uuidString) > ($1.timestamp, $1.id.uuidString) }
    }

    /// The recordings of one purpose, most recent first.
    public func recordings(purpose: Recording.Purpose) throws -> [Recording] {
        try store.documents(Recording.self) { $0.purpose == purpose }.sorted { ($0.timestamp, $0.id.uuidString) > ($1.timestamp, $1.id.uuidString) }
    }

    /// The recordings, most played first (ties: most recent first).
    public func mostPlayedRecordings() throws -> [Recording] {
        try store.documents(Recording.self).sorted { ($0.playCount, $0.timestamp) > ($1.playCount, $1.timestamp) }
    }

    /// One page of the Recordings library, most recent first: `limit` recordings (the seed
    /// loads 20 at a time) after skipping `offset`.
    public func recordingsPage(offset: Int = 0, limit: Int = 20) throws -> [Recording] {
        let all = try store.documents(Recording.self).sorted { ($0.timestamp, $0.id.uuidString) > ($1.timestamp, $1.id.uuidString) }
        return Array(all.dropFirst(max(0, offset)).prefix(max(0, limit)))
    }

    /// The active messages of `category` in priority order.
    public func activeMessages(category: MotivationalMessage.Category) throws -> [MotivationalMessage] {
        MotivationalMessageSelector.candidates(in: try store.documents(MotivationalMessage.self), category: category)
    }

    /// The messages the user wrote, oldest first.
    public func customMessages() throws -> [MotivationalMessage] {
        try store.documents(MotivationalMessage.self) { $0.isCustom }.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
    }

    /// The active messages, least shown first (ties in priority order): the rotation order.
    public func leastShownActiveMessages() throws -> [MotivationalMessage] {
        try store.documents(MotivationalMessage.self) { $0.isActive }.sorted { a, b in
            (a.timesShown, a.priority, a.createdAt, a.id.uuidString) < (b.timesShown, b.priority, b.createdAt, b.id.uuidString)
        }
    }

    /// The instant showing the same wall-clock time as `now`, `days` calendar days earlier in `timeZone`.
    static func sameTime(daysBefore days: Int, _ now: Date, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(byAdding: .day, value: -days, to: now) ?? now.addingTimeInterval(-Double(days) * 86_400)
    }
}
