import Foundation

extension RuleCheck {
    /// The minutes since midnight of a clock time "HH:MM" (00:00–23:59), or `nil`.
    static func clockMinutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// The instant of clock time `minutes` on `day` in `zone`, as a calendar reads it (a time a
    /// daylight-saving gap skips moves forward, as the apps' own `Calendar` does).
    static func instant(minutes: Int, on day: CalendarDate, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60)
        return calendar.date(from: components) ?? day.startDate(in: zone).addingTimeInterval(Double(minutes * 60))
    }

    /// Why `document`'s `field` is not at the clock time (or in the window) of the day `on`
    /// names, or `nil`; skipped when a side is missing or a setting holds no clock time.
    /// `clock` reads a setting: the singleton's field, or `nil`.
    static func timeOfDayViolation(_ document: [String: JSONValue], field: String, on: String, from: ClockTime, before: ClockTime?,
                                   calendar: StoreCalendar, clock: (CollectionDescriptor.SingletonField) throws -> String?) rethrows -> String? {
        guard let value = document[field], case .timestamp(let moment)? = DocumentDate(value),
              let dayValue = document[on], case .day(let day)? = DocumentDate(dayValue)
        else { return nil }
        let zone = calendar.zone(on: day)
        func resolve(_ time: ClockTime) throws -> (text: String, minutes: Int, source: String)? { try resolved(time, clock: clock) }
        guard let start = try resolve(from) else { return nil }
        let startInstant = instant(minutes: start.minutes, on: day, in: zone)
        if let before {
            guard let end = try resolve(before) else { return nil }
            let endInstant = instant(minutes: end.minutes, on: day, in: zone)
            guard !(startInstant <= moment && moment < endInstant) else { return nil }
            return "\(field) \(value.shortDescription) is not within \(day) \(start.text)–\(end.text) in \(zone.identifier) (\(start.source) to \(end.source): \(Timestamp.format(startInstant)) to \(Timestamp.format(endInstant)))"
        }
        guard moment != startInstant else { return nil }
        return "\(field) \(value.shortDescription) is not \(day) \(start.text) in \(zone.identifier) (\(start.source): \(Timestamp.format(startInstant)))"
    }

    /// When the local `day` settles for a `settled` check: clock time `at` on that day in the
    /// zone `calendar` gives it, with how it was found for a message ("settings
    /// checkin_window_close 22:00"); `nil` while a setting is missing or holds no clock time.
    static func settledAt(_ at: ClockTime, on day: CalendarDate, calendar: StoreCalendar,
                          clock: (CollectionDescriptor.SingletonField) throws -> String?) rethrows -> (instant: Date, source: String)? {
        try resolved(at, clock: clock).map { (instant(minutes: $0.minutes, on: day, in: calendar.zone(on: day)), $0.source) }
    }

    /// A clock time's "HH:MM", its minutes and how it was found ("settings checkin_window_close
    /// 22:00"), or `nil` while a setting is missing or holds no clock time.
    static func resolved(_ time: ClockTime, clock: (CollectionDescriptor.SingletonField) throws -> String?) rethrows
        -> (text: String, minutes: Int, source: String)? {
        switch time {
        case .fixed(let text):
            return clockMinutes(text).map { (text, $0, text) }
        case .setting(let setting):
            guard let text = try clock(setting), let minutes = clockMinutes(text) else { return nil }
            return (text, minutes, "\(setting.collection) \(setting.field) \(text)")
        }
    }
}
