import Almanac
import Foundation

extension AlmanacError.Code {
    /// Events were to leave the device without the parent's explicit consent.
    public static let consentRequired = AlmanacError.Code(rawValue: "consent-required")
}

/// Elaro's local analytics-event queue: events are written on the device as they happen and
/// leave it only in a drain made with the parent's explicit consent.
///
/// Events are built from typed payloads (ids, durations, enums, counts), so the text of a
/// note has no way in: ``events(for:pickedAt:finishedAt:)`` reads an action instance's
/// template, variant, status and felt difficulty and nothing else.
public enum ElaroAnalyticsQueue {
    /// The events an action instance produces: `today.pick`, its outcome
    /// (`today.complete|snooze|skip`) and, when done, `today.reflect`; never its note or mood.
    ///
    /// - Parameters:
    ///   - instance: the action instance.
    ///   - pickedAt: when the parent picked it.
    ///   - finishedAt: when the outcome was recorded (the reflection follows it).
    ///   - makeID: the id of each new event, in order (random by default).
    public static func events(for instance: ActionInstance, pickedAt: Date, finishedAt: Date,
                              makeID: () -> UUID = UUID.init) -> [ElaroAnalyticsEvent] {
        var events = [
            ElaroAnalyticsEvent(id: makeID(), payload: .todayPick(templateId: instance.templateId, variant: instance.variantDuration), timestamp: pickedAt),
            ElaroAnalyticsEvent(id: makeID(), payload: .outcome(instance.status, templateId: instance.templateId), timestamp: finishedAt),
        ]
        if instance.status == .done {
            events.append(ElaroAnalyticsEvent(id: makeID(), payload: .todayReflect(difficulty: instance.feltDifficulty), timestamp: finishedAt))
        }
        return events
    }

    /// The events still waiting in the queue, oldest first.
    public static func pending(_ events: [ElaroAnalyticsEvent]) -> [ElaroAnalyticsEvent] {
        events.filter { !$0.uploaded }.sorted { ($0.timestamp, $0.id.uuidString) < ($1.timestamp, $1.id.uuidString) }
    }

    /// The next batch to upload, marked as uploaded: the oldest pending events, at most `limit`.
    ///
    /// Save the returned events only after the upload succeeded; until then the queue is
    /// unchanged.
    /// - Parameters:
    ///   - events: the queue (uploaded events are passed over).
    ///   - consent: the parent's decision; only an explicit yes lets events out.
    ///   - limit: the largest batch, or `nil` for all pending events.
    /// - Throws: `.consentRequired` when `consent` does not allow uploading, before anything
    ///   is looked at.
    public static func drain(_ events: [ElaroAnalyticsEvent], consent: ElaroAnalyticsConsent, limit: Int? = nil) throws -> [ElaroAnalyticsEvent] {
        guard consent.allowsUpload else {
            throw AlmanacError(.consentRequired,
                               "analytics-events: events leave the device only with the parent's explicit consent (it is \(consent.decision.rawValue)); ask first, and keep the queue local until they say yes")
        }
        let batch = pending(events).prefix(limit ?? Int.max)
        return batch.map { event in
            var sent = event
            sent.uploaded = true
            return sent
        }
    }
}
