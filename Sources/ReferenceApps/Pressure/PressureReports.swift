import Almanac
import Foundation

/// The derived views `almanac report pressure <view>` prints.
public enum PressureReports {
    /// Pressure's views: `status`.
    public static let views: [ReportView] = [
        ReportView(app: "pressure", name: "status",
                   summary: "today's commitments and check-in window, escalation tier, streaks, restart shields and days since the last YES") {
            try PressureStatusReport(store: $0, context: $1)
        },
    ]
}
