import Almanac
import Foundation

/// `almanac report pressure status`: today's commitments with their derived flags, the
/// escalation tier, streaks, shields and days since the last YES, at a given moment.
///
/// Read-only: the days the store has not closed yet are closed in memory
/// (``PressureDayClose``) and the escalation state is derived from the result;
/// ``storedStateIsCurrent`` says whether the stored state already equals it.
public struct PressureStatusReport: AppReport, Equatable {
    /// One of today's commitments.
    public struct TodayCommitment: Encodable, Sendable, Equatable {
        /// Its position among today's commitments.
        public var sortOrder: Int
        /// The text (`""` on a no-commitment day).
        public var text: String
        /// PENDING, YES, NO or MISSED.
        public var status: String
        /// Whether it can be checked in now.
        public var canCheckIn: Bool
        /// Local `HH:MM` of the check-in, when there was one.
        public var checkedInAt: String?
        /// Whether a restart shield covers it.
        public var shieldUsed: Bool
    }

    /// One recent day.
    public struct RecentDay: Encodable, Sendable, Equatable {
        /// The calendar day.
        public var date: CalendarDate
        /// YES, MISS or SHIELDED; OPEN while unsettled; NONE without any record.
        public var outcome: String
    }

    /// The calendar day of now.
    public var today: CalendarDate
    /// Local time of now, `HH:MM`.
    public var localTime: String
    /// The zone of the report's moment in the store's calendar.
    public var timeZone: String
    /// Personality mode.
    public var personality: String
    /// FREE or PAID.
    public var subscriptionTier: String
    /// Today's deadline, local `HH:MM`.
    public var commitmentDeadline: String
    /// Today's window close, local `HH:MM`.
    public var checkinWindowClose: String
    /// Today's commitments, by sort order.
    public var commitments: [TodayCommitment]
    /// `is_commitment_locked`.
    public var isCommitmentLocked: Bool
    /// `is_window_open`.
    public var isWindowOpen: Bool
    /// `can_check_in`.
    public var canCheckIn: Bool
    /// `days_since_last_yes`; absent when there never was a YES day.
    public var daysSinceLastYes: Int?
    /// Escalation tier 0–3.
    public var escalationTier: Int
    /// Missed days in a row.
    public var consecutiveMisses: Int
    /// YES days in a row.
    public var consecutiveSuccesses: Int
    /// YES days still needed for the tier to step down; absent at tier 0.
    public var yesDaysToStepDown: Int?
    /// `streak_display`: the current streak.
    public var currentStreak: Int
    /// The all-time longest streak.
    public var longestStreak: Int
    /// Restart shields left this month.
    public var restartShieldsRemaining: Int
    /// The day the shield is replenished; absent for free users.
    public var shieldResetDate: CalendarDate?
    /// Whether the stored escalation state equals the one derived here.
    public var storedStateIsCurrent: Bool
    /// Commitments the day close would still create or change (0 when the store is closed up to now).
    public var pendingDayCloseChanges: Int
    /// The last 7 days, oldest first, today included.
    public var recentDays: [RecentDay]
    /// Notifications scheduled over the last 7 days up to now.
    public var notificationsScheduled: Int
    /// Of those, delivered.
    public var notificationsDelivered: Int
    /// Of those, tapped.
    public var notificationsTapped: Int

    /// Builds the report from `store` as of `context.now`: nothing dated or done after it counts.
    public init(store: Store, context: ReportContext) throws {
        let service = PressureService(store: store)
        let calendar = context.calendar
        let now = context.now
        let settings = try service.settings()
        // As of `now`: later days, check-ins and shields do not count (``Commitment/asOf(_:settings:calendar:)``).
        let stored = try service.commitments().compactMap { $0.asOf(now, settings: settings, calendar: calendar) }
        let changes = PressureDayClose(settings: settings, calendar: calendar).changes(to: stored, at: now)
        let all = PressureDayClose.merging(changes, into: stored)
        let derived = PressureToday(settings: settings, commitments: all, now: now, calendar: calendar)
        let state = EscalationEngine(calendar: context.calendar).state(from: all, settings: settings, at: now)

        today = derived.date
        localTime = Self.clock(now, in: calendar.zone(at: now))
        timeZone = calendar.zone(at: now).identifier
        personality = settings.personalityMode.rawValue
        subscriptionTier = settings.subscriptionTier.rawValue
        commitmentDeadline = settings.commitmentDeadline.description
        checkinWindowClose = settings.checkinWindowClose.description
        commitments = derived.commitments.map {
            TodayCommitment(sortOrder: $0.sortOrder, text: $0.text, status: $0.status.rawValue, canCheckIn: derived.canCheckIn($0),
                            checkedInAt: $0.checkedInAt.map { Self.clock($0, in: calendar.zone(at: $0)) }, shieldUsed: $0.shieldUsed)
        }
        isCommitmentLocked = derived.isCommitmentLocked
        isWindowOpen = derived.isWindowOpen
        canCheckIn = derived.canCheckIn
        daysSinceLastYes = derived.daysSinceLastYes
        escalationTier = state.currentTier
        consecutiveMisses = state.consecutiveMisses
        consecutiveSuccesses = state.consecutiveSuccesses
        yesDaysToStepDown = state.currentTier == 0 ? nil
            : EscalationEngine.successesPerStepDown - state.consecutiveSuccesses % EscalationEngine.successesPerStepDown
        currentStreak = state.streakDisplay
        longestStreak = state.longestStreak
        restartShieldsRemaining = state.restartShieldsRemaining
        shieldResetDate = state.shieldResetDate.map { calendar.day(of: $0) }
        storedStateIsCurrent = try store.singleton(EscalationState.self) == state
        pendingDayCloseChanges = changes.count

        let byDate = Dictionary(grouping: all, by: \.date)
        recentDays = (0..<7).reversed().map { back in
            let date = derived.date.adding(days: -back)
            let records = byDate[date] ?? []
            let outcome = records.isEmpty ? "NONE" : PressureDayOutcome(records)?.rawValue ?? "OPEN"
            return RecentDay(date: date, outcome: outcome)
        }
        let log = try store.documents(NotificationRecord.self, matching: Query(NotificationRecord.self)
            .dated(from: calendar.start(of: derived.date.adding(days: -6)), before: now))
        notificationsScheduled = log.count
        notificationsDelivered = log.filter(\.delivered).count
        notificationsTapped = log.filter(\.tapped).count
    }

    /// The report for a terminal.
    public var text: String {
        var lines = ["Pressure status for \(today) at \(localTime) (\(timeZone)), \(personality), \(subscriptionTier)"]
        let window = isWindowOpen ? "check-in window open until \(checkinWindowClose)"
            : isCommitmentLocked ? "check-in window closed at \(checkinWindowClose)"
            : "commitments lock at \(commitmentDeadline); check-in \(commitmentDeadline)–\(checkinWindowClose)"
        lines.append("Today: \(commitments.count == 1 ? "1 commitment" : "\(commitments.count) commitments"), \(isCommitmentLocked ? "locked at \(commitmentDeadline)" : "not locked yet"); \(window)")
        for commitment in commitments {
            var line = "  [\(commitment.status)] " + (commitment.text.isEmpty ? "(no commitment entered)" : commitment.text)
            if let at = commitment.checkedInAt { line += " (checked in \(at))" }
            if commitment.shieldUsed { line += " (shielded)" }
            if commitment.canCheckIn { line += " (can check in now)" }
            lines.append(line)
        }
        let stepDown = yesDaysToStepDown.map { "; \($0) more \($0 == 1 ? "YES day" : "YES days") to step down" } ?? ""
        lines.append("Escalation tier \(escalationTier) of 3\(stepDown)")
        lines.append("In a row: \(Self.days(consecutiveMisses, "missed day")), \(Self.days(consecutiveSuccesses, "YES day"))")
        lines.append("Streak: \(Self.days(currentStreak, "day")) (longest \(Self.days(longestStreak, "day")))")
        lines.append("Days since the last YES: " + (daysSinceLastYes.map { "\($0)" } ?? "no YES yet"))
        let reset = shieldResetDate.map { ", next on \($0)" } ?? ""
        lines.append("Restart shields: \(restartShieldsRemaining) left\(reset)")
        lines.append("Last 7 days: " + recentDays.map { "\(String($0.date.description.suffix(5))) \($0.outcome)" }.joined(separator: ", "))
        lines.append("Notifications (7 days): \(notificationsScheduled) scheduled, \(notificationsDelivered) delivered, \(notificationsTapped) tapped")
        if !storedStateIsCurrent || pendingDayCloseChanges > 0 {
            lines.append("Note: the store is not closed up to now (\(pendingDayCloseChanges) commitment changes pending); figures include them")
        }
        return lines.joined(separator: "\n")
    }

    /// `count` and `noun`, plural when it is not 1 ("1 day", "3 YES days").
    static func days(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `date` as local `HH:MM` in `zone`.
    static func clock(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return PressureClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0)!.description
    }
}
