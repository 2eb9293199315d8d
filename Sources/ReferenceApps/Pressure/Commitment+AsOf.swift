import Almanac
import Foundation

extension Commitment {
    /// This commitment as it stood at `now`, or `nil` when it did not exist yet: a report as of
    /// a moment reads nothing that happened after it.
    ///
    /// A commitment for a later day did not exist; neither did a no-commitment record before
    /// the deadline that creates it. A check-in after `now` had not happened (PENDING), a lock
    /// after `now` not yet set, a MISSED set by the day close not yet given before the window
    /// closed, and a restart shield — spent on a settled day — not before that day's window
    /// closed. The day close (``PressureDayClose``) then settles what `now` had settled.
    public func asOf(_ now: Date, settings: PressureSettings, calendar: StoreCalendar) -> Commitment? {
        guard date <= CalendarDate(now, in: calendar) else { return nil }
        let deadline = settings.deadline(on: date, in: calendar)
        let close = settings.windowClose(on: date, in: calendar)
        if text.isEmpty, status == .missed, now < deadline { return nil }
        var past = self
        if let checkedInAt, checkedInAt > now {
            past.status = .pending
            past.checkedInAt = nil
        }
        if let lockedAt, lockedAt > now { past.lockedAt = nil }
        if past.status == .missed, !text.isEmpty, now < close { past.status = .pending }
        if shieldUsed, now < close { past.shieldUsed = false }
        return past
    }
}
