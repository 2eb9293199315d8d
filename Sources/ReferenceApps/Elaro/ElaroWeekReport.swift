import Almanac
import Foundation

/// `almanac report elaro week`: the Monday-based week containing the report's day, Monday
/// through Sunday in the store's calendar, with the parent's summary when there is one.
public struct ElaroWeekReport: AppReport {
    /// One focus area's figures.
    public struct Area: Encodable, Sendable {
        /// The focus area.
        public var focusId: String
        /// Actions done.
        public var done: Int
        /// Actions logged.
        public var total: Int
    }

    /// One day's figures.
    public struct Day: Encodable, Sendable {
        /// The day.
        public var date: CalendarDate
        /// Actions done.
        public var done: Int
        /// Actions logged.
        public var total: Int
    }

    /// The parent's stored summary of the week.
    public struct Summary: Encodable, Sendable {
        /// What went well.
        public var winText: String
        /// What was hard.
        public var hardText: String
        /// The tweak: `keep`, `scale_down` or `scale_up`.
        public var suggestedTweak: String
    }

    /// The report's day.
    public var today: CalendarDate
    /// The Monday starting the week.
    public var weekStart: CalendarDate
    /// The Sunday ending it.
    public var weekEnd: CalendarDate
    /// Actions logged.
    public var total: Int
    /// Actions done.
    public var done: Int
    /// Actions snoozed.
    public var snoozed: Int
    /// Actions skipped.
    public var skipped: Int
    /// Actions that felt hard.
    public var hard: Int
    /// Days with an action done.
    public var activeDays: Int
    /// Figures per focus area.
    public var areas: [Area]
    /// Figures per day, Monday through the report's day.
    public var days: [Day]
    /// The template done most often.
    public var mostDoneTemplateId: String?
    /// The tweak: `keep`, `scale_down` or `scale_up`.
    public var suggestedTweak: String
    /// An auto-suggested "what went well".
    public var suggestedWinText: String
    /// An auto-suggested "what was hard".
    public var suggestedHardText: String
    /// The parent's summary, `nil` until they write one.
    public var summary: Summary?
    /// The tweak chosen for this week by last week's summary.
    public var previousWeekTweak: String?

    /// Builds the report from `store` for the week containing `context.today`.
    public init(store: Store, context: ReportContext) throws {
        let service = ElaroService(store: store, calendar: context.calendar)
        let week = ElaroWeek(containing: context.today)
        // As of the report's day: the rest of the week has not happened yet.
        let instances = try store.documents(ActionInstance.self, from: week.start, to: min(week.end, context.today))
        let review = ElaroWeeklyReview(week: week, instances: instances, templates: try store.documents(ActionTemplate.self))
        today = context.today
        weekStart = week.start
        weekEnd = week.end
        total = review.total
        done = review.done
        snoozed = review.snoozed
        skipped = review.skipped
        hard = review.hard
        activeDays = review.activeDays
        areas = review.byArea.sorted { $0.key < $1.key }.map { Area(focusId: $0.key.rawValue, done: $0.value.done, total: $0.value.total) }
        days = week.days.filter { $0 <= context.today }.map { day in
            let ofDay = instances.filter { $0.date == day }
            return Day(date: day, done: ofDay.filter(\.isSuccess).count, total: ofDay.count)
        }
        mostDoneTemplateId = review.mostDone?.templateId
        suggestedTweak = review.suggestedTweak.rawValue
        suggestedWinText = review.suggestedWinText
        suggestedHardText = review.suggestedHardText
        summary = try service.summary(of: week).map { Summary(winText: $0.winText, hardText: $0.hardText, suggestedTweak: $0.suggestedTweak.rawValue) }
        previousWeekTweak = try service.summary(of: week.previous)?.suggestedTweak.rawValue
    }

    /// The report for a terminal.
    public var text: String {
        var lines = ["Elaro week: Monday \(weekStart) – Sunday \(weekEnd) (today \(ElaroReports.weekdayName(today)))"]
        if let previousWeekTweak { lines.append("Plan from last week's review: \(previousWeekTweak)") }
        let share = total == 0 ? "" : " (\(ElaroReports.percent(Double(done) / Double(total))))"
        lines.append("Actions: \(done) of \(total) done\(share) on \(activeDays) day\(activeDays == 1 ? "" : "s") · \(snoozed) snoozed · \(skipped) skipped · \(hard) felt hard")
        for area in areas {
            lines.append("  \(FocusArea.Name(rawValue: area.focusId)?.displayName ?? area.focusId): \(area.done) of \(area.total) done")
        }
        lines.append("By day: " + days.map { "\(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][ElaroWeek.weekdayIndex(of: $0.date)]) \($0.done)/\($0.total)" }.joined(separator: " · "))
        lines.append("Suggested tweak for next week: \(suggestedTweak)")
        if let summary {
            lines.append("Your summary: chose \(summary.suggestedTweak)")
            lines.append("  Win: \(summary.winText)")
            lines.append("  Hard: \(summary.hardText)")
        } else {
            lines.append("No summary written yet; suggested:")
            lines.append("  Win: \(suggestedWinText)")
            lines.append("  Hard: \(suggestedHardText)")
        }
        return lines.joined(separator: "\n")
    }
}
