import Foundation

extension TimeZone {
    /// The zone a store's recorded name `name` stands for, or `nil` for a name Foundation does
    /// not know. `UTC` and `GMT` are the fixed zone Foundation makes without loading ICU's zone
    /// data (equal to the one `TimeZone(identifier: "UTC")` gives): a fresh process opening a
    /// UTC store saves a third of a millisecond.
    static func stored(_ name: String) -> TimeZone? {
        name == "UTC" || name == "GMT" ? TimeZone(secondsFromGMT: 0) : TimeZone(identifier: name)
    }

    /// The name a store records for this zone: its IANA id, and `UTC` for the zone Foundation
    /// calls `GMT` (what `TimeZone(identifier: "UTC")` gives), so a store made with `UTC` says `UTC`.
    var storeName: String { identifier == "GMT" ? "UTC" : identifier }

    /// Refuses a zone named by an abbreviation (`PST`, `EST`, `CET`): Foundation accepts such
    /// names as fixed offsets or guesses, so day folders would shift when daylight saving
    /// starts. IANA ids (`Area/Location`) and `UTC`/`GMT` are accepted.
    ///
    /// - Throws: `.invalidArgument` naming the zone and an IANA id to use instead.
    func requireIANAName() throws {
        let name = identifier
        guard name == "GMT" || name == "UTC" || name.contains("/") else {
            let suggestion = TimeZone(abbreviation: name).map { " (for \(name), \($0.identifier))" } ?? ""
            throw AlmanacError(
                .invalidArgument,
                "'\(name)' is an abbreviation, not an IANA time zone id; day folders need the zone's rules, so use an id such as Europe/Berlin or America/New_York\(suggestion), or UTC")
        }
    }
}
