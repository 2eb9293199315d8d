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
    /// - Parameters:
    ///   - zone: the zone new days are filed in, with an IANA id.
    ///   - day: the first day in `zone`; by default the next one to begin there, so the day in
    ///     progress finishes in the zone it began in and no moment already past changes its day.
    ///     An earlier day is allowed when the change moves nothing recorded.
    /// - Returns: false when the store already files new days in `zone` (nothing changes).
    /// - Throws: `.invalidArgument` when the change would move a stored document to another day
    ///   or change the zone of a day a document is dated on (naming it), when `day` is not after the latest change, when
    ///   `zone` has no IANA name, or when this transaction has saved or deleted documents already.
    @discardableResult
    public func changeTimeZone(to zone: TimeZone, from day: CalendarDate? = nil) throws -> Bool {
        try requireOpen()
        guard pending.isEmpty else {
            throw AlmanacError(.invalidArgument, "change the time zone first in a write, before it saves, deletes or changes anything else: documents are filed by the calendar in force when they are saved")
        }
        // The calendar on disk (with every version a sync left merged in), not the one this
        // store read last: a change never erases one another device made.
        let old = try Manifest.current(in: reader.root)?.manifest.calendar ?? calendar
        var first: CalendarDate
        if let day {
            first = day
        } else {
            // The next midnight there that begins a day later than today's: what has happened,
            // up to this moment, keeps its day (moving west, the new zone's date may still be
            // today's in the old one).
            let now = timeOfSave ?? Date()
            let today = old.day(of: now)
            first = CalendarDate(now, in: zone)
            while first.startDate(in: zone) < now || first <= today { first = first.adding(days: 1) }
        }
        guard let new = try old.changing(to: zone, from: first) else { return false }
        try requireNothingMoves(from: old, to: new)
        try updateManifest { manifest in
            manifest.calendar = new
            manifest.formatVersion = max(manifest.formatVersion, Manifest.calendarFormatVersion)
        }
        return true
    }

    /// Throws when a stored document would change its day, or is dated on a day whose zone would change.
    ///
    /// Only instants from the new zone's first midnight on, or from the old zone's midnight of
    /// that day if earlier, can change their day; the listing reads the folders of those days.
    /// A document dated by a calendar day from the change on keeps its day but not its clock
    /// (Pressure's deadline that day): the day in progress finishes in the zone it began in.
    private func requireNothingMoves(from old: StoreCalendar, to new: StoreCalendar) throws {
        let added = new.periods[new.periods.count - 1]
        let first = added.first!
        let from = min(added.start!, old.start(of: first))
        let days = old.day(of: from)...CalendarDate(year: 9999, month: 12, day: 31)!
        for collection in reader.catalog.collections where collection.dateField != nil && !collection.isSingleton {
            for document in try documents(json: collection.name, days: days) {
                guard let members = document.value.objectValue,
                      let date = try? filing.filingDate(of: members, in: collection, id: document.location.id)
                else { continue }
                let reason: String
                switch date {
                case .timestamp(let instant):
                    let before = old.day(of: instant), after = new.day(of: instant)
                    guard instant >= from, before != after else { continue }
                    reason = "would move \(collection.name) document \"\(document.location.id ?? "")\" (dated \(Timestamp.format(instant))) from \(before) to \(after)"
                case .day(let day):
                    guard day >= first else { continue }
                    reason = "would change the zone of \(day), which \(collection.name) document \"\(document.location.id ?? "")\" is dated on"
                }
                throw AlmanacError(
                    .invalidArgument,
                    "a change to \(added.zoneName) from \(first) \(reason); the days already recorded stay as they are, so change from a later day",
                    path: document.location.relativePath, id: document.location.id)
            }
        }
    }

    /// When this change moves the store to another zone: every document the calendar rules
    /// (weekday, day of the month, days between) judged right as the store held them is judged
    /// right by the new calendar as the change leaves them, or the commit is refused naming it.
    /// An app that stores a value derived from its days (Pressure's shield reset, a midnight)
    /// saves it anew in the same write.
    func checkCalendarRules() throws {
        guard let changed = pending.extra.manifest?.calendar, changed != reader.calendar else { return }
        let old = reader.calendar, now = timeOfSave ?? Date()
        for collection in reader.catalog.collections {
            let rules = collection.rules.filter { rule in
                switch rule.check {
                case .weekday?, .dayOfMonth?, .daySpan?: true
                default: false
                }
            }
            guard !rules.isEmpty else { continue }
            for document in try documents(json: collection.name) {
                guard let members = document.value.objectValue else { continue }
                for rule in rules {
                    guard let broken = rule.violation(in: members, now: now, calendar: changed) else { continue }
                    // What the old calendar finds wrong too is `check`'s to report, not the change's.
                    guard rule.violation(in: members, now: now, calendar: old) == nil else { continue }
                    throw AlmanacError(
                        .ruleViolation,
                        "the change of time zone to \(changed.latestZoneName) leaves \(collection.name) document \(document.location.id.map { "\"\($0)\"" } ?? "") wrong: it \(broken.message); save it as the new calendar has it in the same write, or change from a later day",
                        path: document.location.relativePath, id: document.location.id, pointer: broken.pointer)
                }
            }
        }
    }
}
