import Foundation
import Testing

@testable import Almanac

/// A time-zone name gets one verdict on every platform: the catalog's `timeZone` rule and
/// `TimeZone.isIANAName` judge by the tzdata list Almanac ships, not by
/// `TimeZone.knownTimeZoneIdentifiers`, which on Linux lacks names Apple systems know (and the
/// other way round). The Apple workflow runs this same table on macOS.
@Suite("Time-zone names")
struct TimeZoneNameTests {
    /// Names and the verdict every platform must give. The accepted ones include links that
    /// Linux's Foundation does not list (`Asia/Kolkata`, `Etc/UTC`, `US/Pacific`, `Etc/GMT+5`,
    /// `EST`, `PST8PDT`) and old names Apple lists (`Asia/Calcutta`, `Europe/Kiev`).
    static let verdicts: [(name: String, accepted: Bool)] = [
        ("Asia/Kolkata", true), ("Asia/Calcutta", true), ("Etc/UTC", true), ("US/Pacific", true),
        ("Etc/GMT+5", true), ("EST", true), ("PST8PDT", true), ("UTC", true), ("GMT", true),
        ("Europe/Kyiv", true), ("Europe/Kiev", true), ("America/New_York", true), ("America/Ciudad_Juarez", true),
        ("Australia/Lord_Howe", true), ("Antarctica/Troll", true), ("Pacific/Kanton", true),
        ("Asia/Kolkatta", false), ("PST", false), ("GMT+5", false), ("GMT+05:30", false), ("Mars/Olympus_Mons", false),
        ("", false), ("america/new_york", false), ("Factory", false), ("Europe/Berlin ", false), ("Local", false),
    ]

    @Test("the shipped list gives each name its verdict", arguments: verdicts.map(\.name))
    func verdict(name: String) {
        let expected = Self.verdicts.first { $0.name == name }!.accepted
        #expect(TimeZone.isIANAName(name) == expected, "\(name)")
    }

    @Test("the catalog's timeZone rule refuses exactly the names the list does not hold, and suggests the nearest")
    func ruleAgreesWithTheList() {
        let rule = RuleCheck.timeZone(field: "zone")
        for (name, accepted) in Self.verdicts {
            let found = rule.violation(in: ["zone": .string(name)], now: Date(), calendar: StoreCalendar(timeZone: TimeZone(identifier: "UTC")!))
            #expect((found == nil) == accepted, "\(name): \(found?.reason ?? "accepted")")
        }
        let typo = rule.violation(in: ["zone": .string("Asia/Kolkatta")], now: Date(), calendar: StoreCalendar(timeZone: TimeZone(identifier: "UTC")!))
        #expect(typo?.pointer == "/zone")
        #expect(typo?.reason.contains("did you mean \"Asia/Kolkata\"") == true, "\(typo?.reason ?? "")")
    }

    @Test("a refused name's hint: another case, the place alone, an offset's leading zero, a misspelling; none for a bare offset")
    func hints() {
        for (typed, hint) in [("utc", "UTC"), ("asia/kolkata", "Asia/Kolkata"), ("Kolkata", "Asia/Kolkata"), ("Etc/GMT+05", "Etc/GMT+5"),
                              ("Asia/Kolkatta", "Asia/Kolkata"), ("GMT+5", nil), ("UTC+05:30", nil), ("Mars/Olympus_Mons", nil)] as [(String, String?)] {
            #expect(TimeZone.closestIANAName(to: typed) == hint, "\(typed)")
        }
    }

    @Test("the list is tzdata's: zones and their links, without the Factory placeholder")
    func listIsTzdata() {
        #expect(TimeZoneNames.all.count > 500, "\(TimeZoneNames.all.count) names")
        #expect(TimeZoneNames.all.isSuperset(of: ["Asia/Kolkata", "Asia/Calcutta", "America/Argentina/Buenos_Aires", "America/Buenos_Aires"]))
        #expect(!TimeZoneNames.all.contains("Factory") && !TimeZoneNames.release.isEmpty)
    }
}
