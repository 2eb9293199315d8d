import Almanac
import Foundation

/// The reports `almanac report cravey <view>` offers.
public enum CraveyReports {
    /// `dashboard`: cravings and usage over the last 7, 30 and 90 days, and the last 7 days one by one.
    public static let views: [ReportView] = [
        ReportView(app: "cravey", name: "dashboard",
                   summary: "cravings (count, intensity, triggers) and usage (sessions, amounts per method, usage-free days) over 7, 30 and 90 days") { store, context in
            try CraveyDashboardReport(store: store, context: context)
        },
    ]
}
