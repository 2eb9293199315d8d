import Almanac
import Foundation

extension PressureSettings: ModelRules {
    /// Checks the ranges and 30-minute increments of both times and the time zone.
    ///
    /// - Throws: `.ruleViolated` at `/commitment_deadline` outside 06:00–12:00 or off the
    ///   half hour, at `/checkin_window_close` outside 18:00–23:59 or off the half hour
    ///   (23:59 excepted), at `/timezone_identifier` for a name that is not an IANA time-zone name.
    public func validate() throws {
        func onStep(_ time: PressureClockTime) -> Bool { time.minute % Self.incrementMinutes == 0 }
        guard Self.deadlineRange.contains(commitmentDeadline), onStep(commitmentDeadline) else {
            throw AlmanacError.rule("commitment_deadline \(commitmentDeadline) must be 06:00–12:00 in 30-minute steps (06:00, 06:30 … 12:00); pick the nearest half hour",
                                    in: Self.collection, field: CodingKeys.commitmentDeadline.rawValue)
        }
        let lastMinute = Self.windowCloseRange.upperBound
        guard Self.windowCloseRange.contains(checkinWindowClose), onStep(checkinWindowClose) || checkinWindowClose == lastMinute else {
            throw AlmanacError.rule("checkin_window_close \(checkinWindowClose) must be 18:00–23:59 in 30-minute steps (18:00, 18:30 … 23:30, or 23:59); the window cannot cross midnight",
                                    in: Self.collection, field: CodingKeys.checkinWindowClose.rawValue)
        }
        // The store's list, not the platform's: every device gives one verdict.
        guard TimeZone.isIANAName(timezoneIdentifier) else {
            throw AlmanacError.rule("timezone_identifier \"\(timezoneIdentifier)\" is not an IANA time-zone name; use one like America/Los_Angeles",
                                    in: Self.collection, field: CodingKeys.timezoneIdentifier.rawValue)
        }
    }
}
