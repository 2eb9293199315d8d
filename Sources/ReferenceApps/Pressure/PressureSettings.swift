import Almanac
import Foundation

/// Pressure's user settings (UserDefaults in the app, the `settings` singleton here), with
/// the seed's keys in snake_case.
///
/// The commitment deadline (06:00–12:00) and the check-in window close (18:00–23:59) are
/// wall-clock times in 30-minute steps, 23:59 being the one allowed exception; both ranges
/// lie inside one calendar day, so a check-in window never crosses midnight. Days, deadlines
/// and windows are computed in the store's calendar; `timezone_identifier` records the
/// device's zone and must be an IANA time-zone name (see ``validate()``); the shield reset
/// and the store's calendar are one (the catalog's `known-time-zone`: it names the zone the store
/// files new days in; ``PressureService/move(to:at:)`` changes both). The seed's
/// diagram calls this key `timezone_offset`; its settings table and the schema say
/// `timezone_identifier` (an IANA name, which unlike an offset survives daylight saving), and
/// the table is followed.
public struct PressureSettings: SingletonDocument, Equatable {
    /// The collection in the app's catalog: `settings`.
    public static let collection = "settings"

    /// The tone of notifications. Default `PROFESSIONAL`.
    public var personalityMode: PersonalityMode
    /// When today's commitment locks and the check-in window opens. Default 09:00.
    public var commitmentDeadline: PressureClockTime
    /// When the check-in window closes and the day is closed. Default 22:00.
    public var checkinWindowClose: PressureClockTime
    /// The device's IANA time zone, e.g. `America/Los_Angeles`.
    public var timezoneIdentifier: String
    /// Set once the OS granted notification permission. Default false.
    public var notificationsEnabled: Bool
    /// Set when onboarding finished. Default false.
    public var onboardingCompleted: Bool
    /// The subscription tier. Default `FREE`.
    public var subscriptionTier: SubscriptionTier
    /// When a paid subscription ends (for local validation); `nil` when unknown or free.
    public var subscriptionExpiry: Date?

    enum CodingKeys: String, CodingKey {
        case personalityMode = "personality_mode"
        case commitmentDeadline = "commitment_deadline"
        case checkinWindowClose = "checkin_window_close"
        case timezoneIdentifier = "timezone_identifier"
        case notificationsEnabled = "notifications_enabled"
        case onboardingCompleted = "onboarding_completed"
        case subscriptionTier = "subscription_tier"
        case subscriptionExpiry = "subscription_expiry"
    }

    /// The earliest and latest commitment deadline.
    public static let deadlineRange = PressureClockTime(hour: 6, minute: 0)!...PressureClockTime(hour: 12, minute: 0)!
    /// The earliest and latest check-in window close.
    public static let windowCloseRange = PressureClockTime(hour: 18, minute: 0)!...PressureClockTime(hour: 23, minute: 59)!
    /// Settings times move in steps of this many minutes.
    public static let incrementMinutes = 30

    /// Creates settings; every argument but the time zone defaults to the seed's default.
    public init(personalityMode: PersonalityMode = .professional,
                commitmentDeadline: PressureClockTime = PressureClockTime(hour: 9, minute: 0)!,
                checkinWindowClose: PressureClockTime = PressureClockTime(hour: 22, minute: 0)!,
                timezoneIdentifier: String,
                notificationsEnabled: Bool = false,
                onboardingCompleted: Bool = false,
                subscriptionTier: SubscriptionTier = .free,
                subscriptionExpiry: Date? = nil) {
        self.personalityMode = personalityMode
        self.commitmentDeadline = commitmentDeadline
        self.checkinWindowClose = checkinWindowClose
        self.timezoneIdentifier = timezoneIdentifier
        self.notificationsEnabled = notificationsEnabled
        self.onboardingCompleted = onboardingCompleted
        self.subscriptionTier = subscriptionTier
        self.subscriptionExpiry = subscriptionExpiry
    }

    /// The seed's defaults, with `timeZone` as the device default.
    public static func defaults(timeZone: TimeZone) -> PressureSettings {
        PressureSettings(timezoneIdentifier: timeZone.identifier)
    }

    /// Whether the user has paid features at `now`: tier `PAID` and no expiry at or before `now`.
    public func isPaid(at now: Date) -> Bool {
        guard subscriptionTier == .paid else { return false }
        guard let subscriptionExpiry else { return true }
        return now < subscriptionExpiry
    }

    /// The commitment deadline of `date`, in the zone of that day in `calendar`.
    public func deadline(on date: CalendarDate, in calendar: StoreCalendar) -> Date {
        commitmentDeadline.instant(on: date, in: calendar.zone(on: date))
    }

    /// The check-in window close of `date`, in the zone of that day in `calendar`: the moment the day closes.
    public func windowClose(on date: CalendarDate, in calendar: StoreCalendar) -> Date {
        checkinWindowClose.instant(on: date, in: calendar.zone(on: date))
    }
}
