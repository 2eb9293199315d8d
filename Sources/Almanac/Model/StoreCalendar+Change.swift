import Foundation

extension StoreCalendar {
    /// This calendar with days from `day` on in `zone`, or `nil` when new days are in `zone` already.
    ///
    /// - Throws: `.invalidArgument` when `zone` has no IANA name, or when `day` is not after
    ///   the latest change (a change replaces no earlier one: the days between stay as they were).
    func changing(to zone: TimeZone, from day: CalendarDate) throws -> StoreCalendar? {
        try zone.requireIANAName()
        let latest = periods[periods.count - 1]
        guard zone.storeName != latest.zoneName else { return nil }
        let period = Period(first: day, zone: zone)
        if let first = latest.first, let begun = latest.start, day <= first || period.start! <= begun {
            throw AlmanacError(
                .invalidArgument,
                "the store files days in \(latest.zoneName) from \(first) on, so a change to \(zone.storeName) must begin on a later day, whose midnight comes after that one's; a change never rewrites the days of the one before it")
        }
        return StoreCalendar(periods: periods + [period])
    }

    /// The calendar `store.json` records: its first zone, and each change as
    /// `{"from": "2025-03-01", "timeZone": "Asia/Kolkata"}`, oldest first.
    ///
    /// - Throws: `.notAStore` naming the member when a change is not of that form, names an
    ///   unknown zone, or does not begin after the one before it.
    init(first zone: TimeZone, changes: [JSONValue], path: String) throws {
        var calendar = StoreCalendar(timeZone: zone)
        for (index, change) in changes.enumerated() {
            let pointer = "/\(Manifest.timeZoneChangesMember)/\(index)"
            func damaged(_ what: String, cause: (any Error & Sendable)? = nil) -> AlmanacError {
                AlmanacError(.notAStore, "store.json's time-zone change \(index + 1) \(what); restore store.json from a backup or a synced copy", path: path, pointer: pointer, underlying: cause)
            }
            guard case .object(let members) = change, Set(members.keys) == ["from", "timeZone"],
                  let dayText = members["from"]?.stringValue, let day = CalendarDate(dayText),
                  let name = members["timeZone"]?.stringValue
            else { throw damaged("is not of the form {\"from\": \"2025-03-01\", \"timeZone\": \"Asia/Kolkata\"}") }
            guard let changed = TimeZone.stored(name) else { throw damaged("names an unknown time zone \"\(name)\"") }
            do {
                guard let next = try calendar.changing(to: changed, from: day) else { throw damaged("repeats the zone \(name)") }
                calendar = next
            } catch let error as AlmanacError where error.code == .invalidArgument {
                throw damaged("does not begin after the one before it", cause: error)
            }
        }
        self = calendar
    }

    /// The changes as `store.json` records them (see ``init(first:changes:path:)``).
    var recordedChanges: [JSONValue] {
        periods.dropFirst().map { period in
            .object(["from": .string(period.first!.description), "timeZone": .string(period.zoneName)])
        }
    }

    /// One line that names the calendar exactly, for files that depend on it (the folder index).
    var signature: String {
        periods.map { period in (period.first.map { $0.description + "=" } ?? "") + period.zoneName }.joined(separator: ";")
    }
}
