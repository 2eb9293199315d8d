import Almanac
import Foundation
import Testing

@testable import Almanac
@testable import ReferenceApps

/// One fully populated instance of each MIGA model.
enum MIGAFixtures {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let event = UsageEvent(eventType: .proceedToApp, timestamp: instant("2025-01-27", 9, 3, in: zone), targetAppName: "Instagram",
                                  pauseDuration: 12.5, timerDuration: 20)
    static let streak = Streak(startDate: instant("2025-01-22", 8, 15, in: zone), currentDayCount: 6, lastActivityDate: instant("2025-01-27", 21, 40, in: zone))
    static let app = SelectedApp(appName: "Instagram", urlScheme: "instagram://", iconName: "AppIcon-Instagram", isInstalled: true,
                                 dateAdded: instant("2025-01-06", 9, 12, in: zone), orderIndex: 0)
    static let content = MindfulnessContent(id: "stoicism-001", text: "We suffer more often in imagination than in reality.", category: .stoicism,
                                            author: "Seneca", displayCount: 3, contentVersion: 1)
    static let preferences = Preferences(frePhase: .appsSelected, hasCompletedOnboarding: true, gatewayTimerDuration: 22.5,
                                         onboardingDeterminationLevel: 7, selectedInterestTags: [.stoicism, .selfCompassion])
}

@Suite("MIGA models")
struct MIGAModelTests {
    let conformance = SchemaConformance(app: "miga", timeZone: MIGAFixtures.zone)

    /// The encoding of `document` with `field` set to `value` (or removed).
    static func changing(_ document: some Encodable, _ field: String, to value: JSONValue?) throws -> JSONValue {
        var object = try DocumentEncoder().encode(document).objectValue ?? [:]
        object[field] = value
        return .object(object)
    }

    @Test("every MIGA model, fully populated, validates against its schema file in schema/miga and round-trips through a store")
    func schemaConformance() throws {
        try conformance.expectConforms(MIGAFixtures.event)
        try conformance.expectConforms(MIGAFixtures.streak)
        try conformance.expectConforms(MIGAFixtures.app)
        try conformance.expectConforms(MIGAFixtures.content)
        try conformance.expectConforms(singleton: MIGAFixtures.preferences)
        try conformance.expectConforms(singleton: Preferences.default)
        // Optional fields left out are left out of the document, which the schema allows.
        try conformance.expectConforms(MindfulnessContent(id: "mine-1", text: "Breathe.", category: .mindfulness), everyField: false)
        // Every eventType and frePhase value is one the schema knows.
        for kind in UsageEvent.Kind.allCases {
            var event = MIGAFixtures.event
            event.eventType = kind
            try conformance.expectConforms(event)
        }
        for phase in Preferences.FREPhase.allCases {
            // A new preferences document starts at notStarted or appsSelected (the catalog's
            // fre-moves-forward), so appsHidden is reached from appsSelected.
            try conformance.expectConforms(singleton: Preferences(frePhase: phase), savingFirst: { store in
                if phase == .appsHidden { try store.save(Preferences(frePhase: .appsSelected)) }
            })
        }
    }

    @Test("the schema refuses what the models' rules refuse (a negative pause, a count of 0, an empty name, a bad scheme, empty text)")
    func schemaAgreesWithRules() throws {
        var event = MIGAFixtures.event
        event.pauseDuration = -1
        try conformance.expectRefused(event)
        var streak = MIGAFixtures.streak
        streak.currentDayCount = 0
        try conformance.expectRefused(streak)
        var app = MIGAFixtures.app
        app.urlScheme = "instagram"
        try conformance.expectRefused(app)
        app = MIGAFixtures.app
        app.appName = ""
        try conformance.expectRefused(app)
        var content = MIGAFixtures.content
        content.text = ""
        try conformance.expectRefused(content)
    }

    @Test("UsageEvent eventType must be one of three valid values: exit_to_focus, deepen_pause, proceed_to_app")
    func eventTypeValues() throws {
        #expect(UsageEvent.Kind.allCases.map(\.rawValue) == ["exit_to_focus", "deepen_pause", "proceed_to_app"])
        let value = try Self.changing(MIGAFixtures.event, "eventType", to: .string("scroll_anyway"))
        #expect(throws: AlmanacError.self) { try DocumentDecoder().decode(UsageEvent.self, from: value) }
    }

    @Test("UsageEvent timestamp cannot be nil: a record without it does not decode")
    func timestampRequired() throws {
        let value = try Self.changing(MIGAFixtures.event, "timestamp", to: nil)
        #expect(throws: AlmanacError.self) { try DocumentDecoder().decode(UsageEvent.self, from: value) }
    }

    @Test("UsageEvent targetAppName cannot be empty if eventType is proceed_to_app (other kinds may leave it empty)")
    func targetAppNameForProceed() throws {
        var event = MIGAFixtures.event
        event.targetAppName = ""
        expectRule("/targetAppName") { try event.validate() }
        event.targetAppName = "  "
        expectRule("/targetAppName") { try event.validate() }
        for kind in [UsageEvent.Kind.exitToFocus, .deepenPause] {
            event.eventType = kind
            try event.validate()
        }
    }

    @Test("UsageEvent pauseDuration must be ≥ 0 and ≤ timerDuration (rule pause-within-timer)")
    func pauseWithinTimer() throws {
        var event = MIGAFixtures.event
        try event.validate()
        event.pauseDuration = 20
        try event.validate()   // exactly the timer
        event.pauseDuration = 0
        try event.validate()
        event.pauseDuration = 20.5
        expectRule("/pauseDuration") { try event.validate() }
        event.pauseDuration = -0.1
        expectRule("/pauseDuration") { try event.validate() }
        // The schema alone caps the pause at 45 s, so 30 s of a 20 s timer passes it: the rule is the model's.
        event.pauseDuration = 30
        let (violations, _) = try conformance.problems(try DocumentEncoder().encode(event), in: UsageEvent.collection)
        #expect(violations.isEmpty)
        expectRule("/pauseDuration") { try event.validate() }
    }

    @Test("Streak currentDayCount must be ≥ 1")
    func streakCountAtLeastOne() throws {
        var streak = MIGAFixtures.streak
        try streak.validate()
        streak.currentDayCount = 0
        expectRule("/currentDayCount") { try streak.validate() }
    }

    @Test("Streak startDate cannot be later than lastActivityDate (rule streak-dates-ordered)")
    func streakDatesOrdered() throws {
        var streak = MIGAFixtures.streak
        streak.startDate = streak.lastActivityDate
        streak.currentDayCount = 1
        try streak.validate(in: MIGAFixtures.zone)
        streak.startDate = streak.lastActivityDate.addingTimeInterval(1)
        expectRule("/startDate") { try streak.validate() }
    }

    @Test("Streak lastActivityDate cannot be nil: a record without it does not decode")
    func lastActivityDateRequired() throws {
        let value = try Self.changing(MIGAFixtures.streak, "lastActivityDate", to: nil)
        #expect(throws: AlmanacError.self) { try DocumentDecoder().decode(Streak.self, from: value) }
    }

    @Test("Streak currentDayCount is the local calendar days from startDate to lastActivityDate (rule streak-day-count), in two zones")
    func streakDayCount() throws {
        let newYork = MIGAFixtures.zone, tokyo = TimeZone(identifier: "Asia/Tokyo")!
        try MIGAFixtures.streak.validate(in: newYork)   // 22–27 January: 6 days
        // 21:40 on the 27th in New York is already the 28th in Tokyo; 08:15 on the 22nd is the 22nd there.
        #expect(MIGAFixtures.streak.dayCount(in: tokyo) == 7)
        expectRule("/currentDayCount") { try MIGAFixtures.streak.validate(in: tokyo) }
        var streak = MIGAFixtures.streak
        streak.currentDayCount = 5
        try streak.validate()   // without a calendar the count cannot be checked
        expectRule("/currentDayCount") { try streak.validate(in: newYork) }
        // Across the 23-hour day of 2025-03-09 the count is still by calendar day.
        let dst = Streak(startDate: instant("2025-03-08", 23, 30, in: newYork), currentDayCount: 3, lastActivityDate: instant("2025-03-10", 0, 30, in: newYork))
        try dst.validate(in: newYork)
    }

    @Test("SelectedApp appName cannot be empty; iconName cannot be empty; orderIndex must be ≥ 0")
    func selectedAppRules() throws {
        try MIGAFixtures.app.validate()
        var app = MIGAFixtures.app
        app.appName = " "
        expectRule("/appName") { try app.validate() }
        app = MIGAFixtures.app
        app.iconName = ""
        expectRule("/iconName") { try app.validate() }
        app = MIGAFixtures.app
        app.orderIndex = -1
        expectRule("/orderIndex") { try app.validate() }
    }

    @Test("SelectedApp urlScheme must be valid URL scheme format (scheme://, nothing after)")
    func urlSchemeFormat() throws {
        for valid in ["instagram://", "fb://", "x-callback+v2.1://"] {
            #expect(SelectedApp.isValidURLScheme(valid), "\(valid)")
        }
        for invalid in ["instagram", "instagram:/", "https://instagram.com", "1app://", "://", "in stagram://", "instagram://feed", ""] {
            #expect(!SelectedApp.isValidURLScheme(invalid), "\(invalid)")
            var app = MIGAFixtures.app
            app.urlScheme = invalid
            expectRule("/urlScheme") { try app.validate() }
        }
    }

    @Test("URL Schemes (common social apps): Instagram, TikTok, X (twitter/tweetbot), Reddit, YouTube, Facebook, Snapchat, LinkedIn are valid")
    func commonURLSchemes() throws {
        #expect(SelectedApp.commonURLSchemes.map(\.urlScheme) == ["instagram://", "tiktok://", "twitter://", "tweetbot://", "reddit://",
                                                                  "youtube://", "fb://", "snapchat://", "linkedin://"])
        for (index, entry) in SelectedApp.commonURLSchemes.enumerated() {
            let app = SelectedApp(appName: entry.appName, urlScheme: entry.urlScheme, iconName: "app", dateAdded: Date(timeIntervalSince1970: 0), orderIndex: index)
            try app.validate()
            try conformance.expectConforms(app)
        }
    }

    @Test("MindfulnessContent text cannot be empty; displayCount ≥ 0; category is an interest tag")
    func contentRules() throws {
        try MIGAFixtures.content.validate()
        var content = MIGAFixtures.content
        content.text = " \n"
        expectRule("/text") { try content.validate() }
        content = MIGAFixtures.content
        content.displayCount = -1
        expectRule("/displayCount") { try content.validate() }
        content = MIGAFixtures.content
        content.category = "Stoicism!"
        expectRule("/category") { try content.validate() }
        #expect(InterestTag.bundled.allSatisfy { $0.isWellFormed })
        #expect(!InterestTag(rawValue: String(repeating: "a", count: 41)).isWellFormed)
    }
}
