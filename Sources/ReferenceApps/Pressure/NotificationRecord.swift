import Almanac
import Foundation

/// One entry of Pressure's notification log: a local notification that was scheduled, and
/// whether it was delivered and tapped. Debugging and light analytics only; escalation is
/// computed from commitments, never from this log. Entries older than 90 days are deleted by
/// the catalog's retention rule (`almanac retention`).
public struct NotificationRecord: Document, Equatable {
    /// The collection in the app's catalog: `notification-log`.
    public static let collection = "notification-log"

    /// What a notification was for, told from when it fires relative to the day's deadline
    /// and window close. Derived, not stored: the log's schema has no such field.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Before the commitment deadline: "enter today's commitment".
        case commitmentPrompt = "commitment_prompt"
        /// Inside the check-in window, more than 30 minutes before it closes.
        case checkInReminder = "check_in_reminder"
        /// In the last 30 minutes of the check-in window.
        case lastCall = "last_call"
        /// At or after the window close: the day's result.
        case dayResult = "day_result"
    }

    /// Matches the `UNNotificationRequest` identifier.
    public var id: UUID
    /// When the notification is set to fire.
    public var scheduledFor: Date
    /// The escalation tier at scheduling time (0–3).
    public var tier: Int
    /// The personality mode at scheduling time.
    public var personality: PersonalityMode
    /// Whether it was delivered (updated by the notification center's delegate).
    public var delivered: Bool
    /// Whether the user opened the app from it; a tapped notification was delivered.
    public var tapped: Bool

    enum CodingKeys: String, CodingKey {
        case id, tier, personality, delivered, tapped
        case scheduledFor = "scheduled_for"
    }

    /// How long before the window close a reminder counts as the last call.
    public static let lastCallMinutes = 30

    /// Creates a log entry; a new one is neither delivered nor tapped.
    public init(id: UUID = UUID(), scheduledFor: Date, tier: Int, personality: PersonalityMode, delivered: Bool = false, tapped: Bool = false) {
        self.id = id
        self.scheduledFor = scheduledFor
        self.tier = tier
        self.personality = personality
        self.delivered = delivered
        self.tapped = tapped
    }

    /// What the notification was for, by when it fires on its local day under `settings`.
    public func kind(settings: PressureSettings, calendar: StoreCalendar) -> Kind {
        let day = CalendarDate(scheduledFor, in: calendar)
        let close = settings.windowClose(on: day, in: calendar)
        if scheduledFor < settings.deadline(on: day, in: calendar) { return .commitmentPrompt }
        if scheduledFor >= close { return .dayResult }
        return close.timeIntervalSince(scheduledFor) <= Double(Self.lastCallMinutes * 60) ? .lastCall : .checkInReminder
    }
}
