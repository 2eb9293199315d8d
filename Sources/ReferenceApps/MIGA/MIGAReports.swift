import Almanac
import Foundation

/// MIGA's derived views for `almanac report miga <view>`.
public enum MIGAReports {
    /// `streak` (current and longest), `kpis` (the Statistics Screen's figures) and `trends`
    /// (the last 30 days).
    public static let views: [ReportView] = [
        ReportView(app: "miga", name: "streak",
                   summary: "The current streak of days with a conscious exit (ending on the latest exit) and the longest one.") {
            try MIGAStreakReport.make(store: $0, context: $1)
        },
        ReportView(app: "miga", name: "kpis",
                   summary: "Hours reclaimed, conscious exits, average pause and intentionality score over the stored events.") {
            try MIGAKPIReport.make(store: $0, context: $1)
        },
        ReportView(app: "miga", name: "trends",
                   summary: "Exits, attempts and average pause per day for the last 30 days, today included.") {
            try MIGATrendReport.make(store: $0, context: $1)
        },
    ]
}
