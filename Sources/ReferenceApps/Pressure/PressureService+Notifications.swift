import Almanac
import Foundation

extension PressureService {
    /// Appends a scheduled notification to the log. Old entries go by the catalog's retention
    /// rule (90 days), not here.
    ///
    /// - Throws: `.ruleViolated` from ``NotificationRecord/validate()``; `.idCollision`-style
    ///   store errors are passed on.
    public func logNotification(_ record: NotificationRecord) throws {
        try record.validate()
        try store.save(record)
    }

    /// Logs the notification a scheduler sets for `scheduledFor`, with the tier in force and
    /// the personality mode at `now` (the moment of scheduling).
    @discardableResult
    public func logScheduledNotification(for scheduledFor: Date, at now: Date, id: UUID = UUID()) throws -> NotificationRecord {
        let record = NotificationRecord(id: id, scheduledFor: scheduledFor, tier: try derivedState(at: now).currentTier,
                                        personality: try settings().personalityMode)
        try logNotification(record)
        return record
    }

    /// Marks the logged notification `id` delivered.
    ///
    /// - Throws: `.notFound` when it is not in the log.
    @discardableResult
    public func markDelivered(_ id: UUID) throws -> NotificationRecord {
        var record = try notification(id)
        record.delivered = true
        try logNotification(record)
        return record
    }

    /// Marks the logged notification `id` tapped, and so delivered.
    ///
    /// - Throws: `.notFound` when it is not in the log.
    @discardableResult
    public func markTapped(_ id: UUID) throws -> NotificationRecord {
        var record = try notification(id)
        record.delivered = true
        record.tapped = true
        try logNotification(record)
        return record
    }

    /// The log entries scheduled in `[from, to)`, oldest first.
    public func notifications(from: Date, to: Date) throws -> [NotificationRecord] {
        try store.documents(NotificationRecord.self, matching: Query(NotificationRecord.self).dated(from: from, before: to))
    }

    private func notification(_ id: UUID) throws -> NotificationRecord {
        guard let record = try store.document(NotificationRecord.self, id: id) else {
            throw AlmanacError(.notFound, "no notification with id \(id.uuidString) in the log", id: id.uuidString)
        }
        return record
    }
}
