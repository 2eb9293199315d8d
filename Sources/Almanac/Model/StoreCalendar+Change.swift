import Foundation

extension StoreCalendar {
    /// This calendar with days from `day` on in `zone`, or `nil` when new days are in `zone` already.
    ///
    /// - Throws: `.invalidArgument` when `zone` has no IANA name, or when `day` is not after
    ///   the latest change (a change replaces no earlier one: the days between stay as they were).
    func changing(to zone: TimeZone, from day: CalendarDate) throws -> StoreCalendar? {
        var periods = periods
        return try Self.append(zone, from: day, to: &periods) ? StoreCalendar(periods: periods) : nil
    }

    /// Appends a period of `zone` from `day` to `periods`; false when the latest is `zone`'s already.
    private static func append(_ zone: TimeZone, from day: CalendarDate, to periods: inout [Period]) throws -> Bool {
        try zone.requireIANAName()
        let latest = periods[periods.count - 1]
        guard zone.storeName != latest.zoneName else { return false }
        let period = Period(first: day, zone: zone)
        if let first = latest.first, let begun = latest.start, day <= first || period.start! <= begun {
            throw AlmanacError(
                .invalidArgument,
                "the store files days in \(latest.zoneName) from \(first) on, so a change to \(zone.storeName) must begin on a later day, whose midnight comes after that one's; a change never rewrites the days of the one before it")
        }
        periods.append(period)
        return true
    }

    /// The calendar `store.json` records: its first zone, and each change as
    /// `{"from": "2025-03-01", "timeZone": "Asia/Kolkata"}`, oldest first.
    ///
    /// - Throws: `.notAStore` naming the member when a change is not of that form, names an
    ///   unknown zone, or does not begin after the one before it.
    init(first zone: TimeZone, changes: [JSONValue], path: String) throws {
        // One array, appended to: a store.json of many changes costs their number, not its square.
        var periods = StoreCalendar(timeZone: zone).periods
        periods.reserveCapacity(changes.count + 1)
        for (index, change) in changes.enumerated() {
            let pointer = "/\(Manifest.timeZoneChangesMember)/\(index)"
            func damaged(_ what: String, cause: (any Error & Sendable)? = nil) -> AlmanacError {
                AlmanacError(.notAStore, "the time-zone change \(index + 1) \(what)", path: path, pointer: pointer, underlying: cause)
            }
            guard case .object(let members) = change, Set(members.keys) == ["from", "timeZone"],
                  let dayText = members["from"]?.stringValue, let day = CalendarDate(dayText),
                  let name = members["timeZone"]?.stringValue
            else { throw damaged("is not of the form {\"from\": \"2025-03-01\", \"timeZone\": \"Asia/Kolkata\"}") }
            guard let changed = TimeZone.stored(name) else { throw damaged("names an unknown time zone \"\(name)\"") }
            do { try changed.requireIANAName() } catch { throw damaged("names \"\(name)\", an abbreviation no store files days in") }
            do {
                guard try Self.append(changed, from: day, to: &periods) else { throw damaged("repeats the zone \(name)") }
            } catch let error as AlmanacError where error.code == .invalidArgument {
                throw damaged("does not begin after the one before it", cause: error)
            }
        }
        self.init(periods: periods)
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
