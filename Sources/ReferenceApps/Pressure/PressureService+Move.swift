import Almanac
import Foundation

extension PressureService {
    /// Follows the user to another time zone at `now`: the store files days in `zone` from the
    /// next midnight there on (the day in progress keeps its deadline and window), and settings
    /// `timezone_identifier` names `zone`, both in one write, with the escalation state whose
    /// shield reset is a midnight of the new calendar. Days already recorded keep their zone.
    ///
    /// - Returns: the store's calendar afterwards.
    /// - Throws: `.invalidArgument` from ``Transaction/changeTimeZone(to:from:)``.
    @discardableResult
    public func move(to zone: TimeZone, at now: Date) throws -> StoreCalendar {
        try closeDays(at: now)
        try store.write { db in
            db.timeOfSave = now
            try db.changeTimeZone(to: zone)
            var settings = try settings(in: db)
            settings.timezoneIdentifier = zone.identifier
            try settings.validate()
            try db.save(settings)
            try saveState(from: try db.documents(Commitment.self), settings: settings, at: now, in: db)
        }
        return store.calendar
    }
}
