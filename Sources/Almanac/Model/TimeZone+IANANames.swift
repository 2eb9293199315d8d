import Foundation

extension TimeZone {
    /// Whether `name` is an IANA time-zone name (a zone or a link: `Europe/Berlin`,
    /// `Asia/Kolkata`, `Asia/Calcutta`, `US/Pacific`, `Etc/UTC`), by the tzdata list Almanac
    /// ships rather than the platform's, which differs between Linux and Apple systems.
    ///
    /// The catalog's `timeZone` rule uses this list, so an app that checks a name with it
    /// gives the store's verdict on every device.
    ///
    /// ```swift
    /// TimeZone.isIANAName("Asia/Kolkata")   // true on Linux, macOS and iOS alike
    /// TimeZone.isIANAName("PST")            // false: an abbreviation, not a name
    /// ```
    /// - Parameter name: the name as a document holds it; case matters.
    /// - Returns: true when tzdata names a zone or a link so.
    public static func isIANAName(_ name: String) -> Bool {
        TimeZoneNames.all.contains(name)
    }

    /// The IANA name closest to `name` (a misspelling, another case), for an error's hint.
    static func closestIANAName(to name: String) -> String? {
        Suggestion.closest(to: name, in: TimeZoneNames.all.sorted())
    }
}
