import Foundation

extension Store {
    /// Files days from `day` on in `zone`, keeping every day before where it was: the store
    /// follows a person who moves (``Transaction/changeTimeZone(to:from:)``, in a write of its own).
    ///
    /// Every open store, in this process or another, takes the change up at its next read or write.
    ///
    /// - Parameters:
    ///   - zone: the zone new days are filed in, with an IANA id.
    ///   - day: the first day in `zone`; by default the next one to begin there (the day in
    ///     progress finishes in the zone it began in).
    /// - Returns: false when the store already files new days in `zone`.
    @discardableResult
    public func changeTimeZone(to zone: TimeZone, from day: CalendarDate? = nil) throws -> Bool {
        try write { try $0.changeTimeZone(to: zone, from: day) }
    }
}
