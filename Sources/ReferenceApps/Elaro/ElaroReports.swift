import Almanac
import Foundation

/// Elaro's derived views for `almanac report elaro <view>`.
public enum ElaroReports {
    /// `today` and `week`.
    public static let views: [ReportView] = [
        ReportView(app: "elaro", name: "today",
                   summary: "Today's recommended actions (top 2–3, with reasons and why), the signals behind them and today's logged actions") { store, context in
            try ElaroTodayReport(store: store, context: context)
        },
        ReportView(app: "elaro", name: "week",
                   summary: "The current Monday-based week: actions done, hard and skipped, per area and day, the suggested tweak and the parent's summary") { store, context in
            try ElaroWeekReport(store: store, context: context)
        },
    ]

    /// A share as a whole percentage, e.g. `75%`.
    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

    /// A value rounded to two decimals, for JSON.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// `Sunday 2025-02-02`.
    static func weekdayName(_ day: CalendarDate) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][ElaroWeek.weekdayIndex(of: day)] + " \(day)"
    }
}
