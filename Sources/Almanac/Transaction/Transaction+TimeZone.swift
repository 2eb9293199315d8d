import Foundation

extension Transaction {
    /// Files days from `day` on in `zone` when the transaction commits; every day before stays
    /// where it was (``StoreCalendar``).
    ///
    /// Call it when the person moves (the device's zone changed), before saving what the app
    /// records in the new zone, so the app's own record of the zone and the store's days change
    /// in one write:
    ///
    /// ```swift
    /// try store.write { db in
    ///     try db.changeTimeZone(to: .current)
    ///     try db.save(settings)  // timezone_identifier = TimeZone.current.identifier
    /// }
    /// ```
    ///
    /// - Parameter day: the first day in `zone`; by default today there, or tomorrow when a
    ///   document already saved for today would change its day.
    /// - Returns: false when the store already files new days in `zone` (nothing changes).
    /// - Throws: `.invalidArgument` when the change would move a stored document to another day
    ///   (naming it and a day that works), when `day` is not after the latest change, when
    ///   `zone` has no IANA name, or when this transaction has saved or deleted documents already.
    @discardableResult
    public func changeTimeZone(to zone: TimeZone, from day: CalendarDate? = nil) throws -> Bool {
        try requireOpen()
        guard pending.isEmpty else {
            throw AlmanacError(.invalidArgument, "change the time zone first in a write, before it saves, deletes or changes anything else: documents are filed by the calendar in force when they are saved")
        }
        let old = calendar
        let today = CalendarDate(timeOfSave ?? Date(), in: zone)
        var refusal: AlmanacError?
        for first in day.map({ [$0] }) ?? [today, today.adding(days: 1)] {
            do {
                guard let new = try old.changing(to: zone, from: first) else { return false }
                try requireNothingMoves(from: old, to: new)
                try updateManifest { manifest in
                    manifest.calendar = new
                    manifest.formatVersion = max(manifest.formatVersion, Manifest.calendarFormatVersion)
                }
                return true
            } catch let error as AlmanacError where error.code == .invalidArgument {
                refusal = error
            }
        }
        throw refusal!
    }

    /// Throws when a document stored with a timestamp date has another day in `new` than in `old`.
    ///
    /// Only instants from the new zone's first midnight on, or from the old zone's midnight of
    /// that day if earlier, can change their day; the listing reads the folders of those days.
    private func requireNothingMoves(from old: StoreCalendar, to new: StoreCalendar) throws {
        let added = new.periods[new.periods.count - 1]
        let first = added.first!
        let from = min(added.start!, old.start(of: first))
        let days = old.day(of: from)...CalendarDate(year: 9999, month: 12, day: 31)!
        for collection in reader.catalog.collections where collection.dateField != nil && !collection.isSingleton {
            for document in try documents(json: collection.name, days: days) {
                guard let members = document.value.objectValue,
                      case .timestamp(let instant)? = try? filing.filingDate(of: members, in: collection, id: document.location.id),
                      instant >= from
                else { continue }
                let before = old.day(of: instant), after = new.day(of: instant)
                guard before != after else { continue }
                throw AlmanacError(
                    .invalidArgument,
                    "a change to \(added.zoneName) from \(first) would move \(collection.name) document \"\(document.location.id ?? "")\" (dated \(Timestamp.format(instant))) from \(before) to \(after); the days already recorded stay where they are, so change from a day after \(after)",
                    path: document.location.relativePath, id: document.location.id)
            }
        }
    }
}
