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

    /// The IANA name closest to `name` (another case, the place alone, an offset written with
    /// a leading zero, a misspelling), for an error's hint; none for an offset such as `GMT+5`,
    /// where the nearest spelling (`GMT+0`) would be a different zone.
    static func closestIANAName(to name: String) -> String? {
        let names = TimeZoneNames.all.sorted()
        if let same = names.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return same }
        // Before the place alone: `GMT+5` is the last part of Etc/GMT+5, which is UTC−5.
        let offset = #/^(?:Etc/)?(?:GMT|UTC)([+-])0*([0-9]+)$/#.ignoresCase()
        if let match = name.wholeMatch(of: offset) {
            let written = "Etc/GMT\(match.1)\(match.2)"
            return name.lowercased().hasPrefix("etc/") && names.contains(written) ? written : nil
        }
        if let place = names.first(where: { $0.split(separator: "/").last.map { $0.caseInsensitiveCompare(name) == .orderedSame } ?? false }) {
            return place
        }
        return Suggestion.closest(to: name, in: names)
    }
}
