import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("MIGA store-backed services")
struct MIGAServiceTests {
    static let zone = TimeZone(identifier: "America/New_York")!

    /// Runs `body` with a MIGAService on a new store made from schema/miga in `zone`.
    static func withStore<T>(zone: TimeZone = zone, _ body: (MIGAService, URL) throws -> T) throws -> T {
        let folder = temporaryFolder("miga-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("store")
        let store = try Store.create(at: url, schema: repositoryRoot.appendingPathComponent("schema/miga"), timeZone: zone)
        return try body(MIGAService(store: store), url)
    }

    static func event(_ kind: UsageEvent.Kind, _ day: String, _ hour: Int, _ minute: Int = 0, pause: Double = 10, in zone: TimeZone = zone) -> UsageEvent {
        UsageEvent(eventType: kind, timestamp: instant(day, hour, minute, in: zone), targetAppName: "Instagram", pauseDuration: pause, timerDuration: 20)
    }

    @Test("Usage Event Creation: the event is saved and an exit_to_focus updates the stored streak (one record, updated in place)")
    func recordUpdatesStreak() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            #expect(try miga.record(Self.event(.proceedToApp, "2025-01-06", 9)) == nil, "no exit yet: no streak")
            let first = try #require(try miga.record(Self.event(.exitToFocus, "2025-01-06", 10)))
            #expect(first.currentDayCount == 1)
            try miga.record(Self.event(.deepenPause, "2025-01-07", 8))
            let second = try #require(try miga.record(Self.event(.exitToFocus, "2025-01-07", 23, 59)))
            #expect(second.currentDayCount == 2 && second.id == first.id)
            let reset = try #require(try miga.record(Self.event(.exitToFocus, "2025-01-09", 0, 1)))
            #expect(reset.currentDayCount == 1 && reset.id == first.id, "reset in place")
            #expect(try miga.store.documents(Streak.self) == [reset])
            #expect(try miga.store.documents(UsageEvent.self).count == 5)
        }
    }

    @Test("Usage Event Creation step 5: StreakCalculator updates the streak only if the event is exit_to_focus")
    func onlyExitsUpdateTheStoredStreak() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            let stored = try #require(try miga.record(Self.event(.exitToFocus, "2025-01-06", 10)))
            // Deepens and proceeds on the next days are saved but neither continue nor break the streak.
            #expect(try miga.record(Self.event(.deepenPause, "2025-01-07", 9)) == stored)
            #expect(try miga.record(Self.event(.proceedToApp, "2025-01-08", 9)) == stored)
            #expect(try miga.store.documents(Streak.self) == [stored])
            #expect(try miga.store.documents(UsageEvent.self).count == 3)
            // updateStreak(from:) itself refuses them and leaves the stored record alone.
            let error = #expect(throws: AlmanacError.self) { try miga.updateStreak(from: Self.event(.proceedToApp, "2025-01-07", 9)) }
            #expect(error?.code == .ruleViolated && error?.pointer == "/eventType")
            #expect(try miga.streak() == stored)
            // The next exit, after two days without one, starts the same record again at day 1.
            let reset = try miga.updateStreak(from: Self.event(.exitToFocus, "2025-01-09", 8))
            #expect(reset.currentDayCount == 1 && reset.id == stored.id && reset.startDate == instant("2025-01-09", 8, in: Self.zone))
        }
    }

    @Test("an event breaking its rules is refused and nothing is saved")
    func invalidEventNotSaved() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            let error = #expect(throws: AlmanacError.self) { try miga.record(Self.event(.exitToFocus, "2025-01-06", 9, pause: 25)) }
            #expect(error?.code == .ruleViolated && error?.pointer == "/pauseDuration")
            #expect(try miga.store.documents(UsageEvent.self).isEmpty)
            #expect(try miga.streak() == nil)
        }
    }

    @Test("Streak persists across app launches: reopening the store reads the same streak, and the next exit continues it")
    func streakPersists() throws {
        try Self.withStore { (miga: MIGAService, url: URL) throws in
            try miga.record(Self.event(.exitToFocus, "2025-01-06", 21))
            let stored = try miga.record(Self.event(.exitToFocus, "2025-01-07", 7))
            let relaunched = MIGAService(store: try Store(at: url))
            #expect(try relaunched.streak() == stored)
            #expect(try relaunched.record(Self.event(.exitToFocus, "2025-01-08", 7))?.currentDayCount == 3)
        }
    }

    @Test("the stored streak equals what StreakCalculator derives from the stored events, in New York and in Tokyo")
    func storedEqualsDerived() throws {
        for zone in [Self.zone, TimeZone(identifier: "Asia/Tokyo")!] {
            try Self.withStore(zone: zone) { (miga: MIGAService, _: URL) throws in
                var generator = MIGASeededGenerator(state: 5)
                let days = (1...20).map { "2025-01-" + ($0 < 10 ? "0\($0)" : "\($0)") }
                for day in days {
                    for _ in 0..<Int.random(in: 0...3, using: &generator) {
                        let kind = [UsageEvent.Kind.exitToFocus, .deepenPause, .proceedToApp].randomElement(using: &generator)!
                        try miga.record(Self.event(kind, day, Int.random(in: 0...23, using: &generator), in: zone))
                    }
                }
                let derived = StreakCalculator(timeZone: zone).calculateStreak(from: try miga.store.documents(UsageEvent.self))
                let stored = try miga.streak()
                #expect(stored?.currentDayCount == derived?.currentDayCount && stored?.startDate == derived?.startDate
                        && stored?.lastActivityDate == derived?.lastActivityDate, "\(zone.identifier)")
                // recalculateStreak keeps the record's id and changes nothing here.
                #expect(try miga.recalculateStreak() == stored)
            }
        }
    }

    @Test("one-current-streak: a second stored streak is reported; recalculateStreak keeps one, derived from the events")
    func oneCurrentStreak() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            let kept = try #require(try miga.record(Self.event(.exitToFocus, "2025-01-06", 9)))
            let second = Streak(startDate: instant("2025-01-01", 9, in: Self.zone), currentDayCount: 1, lastActivityDate: instant("2025-01-01", 9, in: Self.zone))
            // The store refuses a second streak (the catalog's atMost 1); a hand edit can still add one.
            let refused = #expect(throws: AlmanacError.self) { try miga.store.save(second) }
            #expect(refused?.code == .ruleViolation && refused?.message.contains("one-current-streak") == true)
            let file = miga.store.url.appendingPathComponent("data/streaks/\(second.id.uuidString).json")
            try Data(try DocumentEncoder().encode(second).prettyJSONBytes).write(to: file)
            let error = #expect(throws: AlmanacError.self) { try miga.streak() }
            #expect(error?.code == .ruleViolated && error?.pointer == "/id")
            let again = try miga.recalculateStreak()
            #expect(try miga.store.documents(Streak.self).count == 1)
            #expect(again?.currentDayCount == 1 && again?.startDate == kept.startDate)
        }
    }

    @Test("Retention keeps the last 90 days of events and archives older ones; the stored streak does not need them")
    func retentionKeepsTheStreak() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            // Exits every day from 2025-01-01 to 2025-04-30: a 120-day streak.
            var day = CalendarDate("2025-01-01")!
            while day <= CalendarDate("2025-04-30")! {
                try miga.record(Self.event(.exitToFocus, day.description, 12))
                day = day.adding(days: 1)
            }
            let before = try #require(try miga.streak())
            #expect(before.currentDayCount == 120)
            try miga.store.applyRetention(asOf: CalendarDate("2025-04-30")!)
            let kept = try miga.store.documents(UsageEvent.self)
            #expect(kept.count == 91 && kept.first.map { CalendarDate($0.timestamp, in: Self.zone) } == CalendarDate("2025-01-30"))
            #expect(try miga.streak() == before, "the streak lives in streaks, updated in place")
            #expect(try miga.record(Self.event(.exitToFocus, "2025-05-01", 8))?.currentDayCount == 121)
            let report = try MIGAStreakReport.make(store: miga.store, context: ReportContext(now: instant("2025-05-01", 20, in: Self.zone), timeZone: Self.zone))
            #expect(report.currentDayCount == 121 && report.longestDayCount == 121, "the longest is never shorter than the current")
        }
    }

    @Test("an exit saved without updating the stored streak still counts: the report uses whichever is later and says the record is behind")
    func streakReportSeesLaterExits() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            try miga.record(Self.event(.exitToFocus, "2025-01-06", 9))
            try miga.record(Self.event(.exitToFocus, "2025-01-07", 9))
            // Another writer (the widget, `almanac put`) saves an exit of the next day, not through record().
            try miga.store.save(Self.event(.exitToFocus, "2025-01-08", 9))
            #expect(try miga.streak()?.currentDayCount == 2, "the stored record is stale")
            let context = ReportContext(now: instant("2025-01-08", 20, in: Self.zone), timeZone: Self.zone)
            let report = try MIGAStreakReport.make(store: miga.store, context: context)
            #expect(report.currentDayCount == 3 && report.lastActivityDate == CalendarDate("2025-01-08"))
            #expect(report.storedIsBehind && report.text.contains("disagrees with the events"))
            // Recalculating from the events brings the record up to date.
            try miga.recalculateStreak()
            #expect(try MIGAStreakReport.make(store: miga.store, context: context).storedIsBehind == false)
            #expect(try miga.streak()?.currentDayCount == 3)
        }
    }

    @Test("all-time KPIs do not shrink when retention archives old events")
    func kpisCountTheArchive() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            var day = CalendarDate("2025-01-01")!
            while day <= CalendarDate("2025-04-30")! {
                try miga.record(Self.event(day.daysSinceEpoch.isMultiple(of: 3) ? .proceedToApp : .exitToFocus, day.description, 12))
                day = day.adding(days: 1)
            }
            let context = ReportContext(now: instant("2025-04-30", 20, in: Self.zone), timeZone: Self.zone)
            let before = try MIGAKPIReport.make(store: miga.store, context: context)
            #expect(before.totalEvents == 120)
            let retention = try miga.store.applyRetention(asOf: CalendarDate("2025-04-30")!)
            #expect(retention.archived == 29, "events before 2025-01-30 are archived")
            #expect(try miga.store.documents(UsageEvent.self).count == 91)
            let after = try MIGAKPIReport.make(store: miga.store, context: context)
            #expect(after.totalEvents == before.totalEvents && after.totalConsciousExits == before.totalConsciousExits
                    && after.hoursReclaimed == before.hoursReclaimed && after.from == before.from,
                    "before \(before), after \(after)")
            #expect(try miga.kpis(through: context.now).totalConsciousExits == before.totalConsciousExits)
        }
    }

    @Test("Statistics Aggregation from the store: KPIs of the events up to now, trends from a day-range query (timestamp index)")
    func statisticsFromStore() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            try miga.record(Self.event(.exitToFocus, "2025-01-01", 9, pause: 20))
            try miga.record(Self.event(.exitToFocus, "2025-01-20", 9, pause: 10))
            try miga.record(Self.event(.proceedToApp, "2025-01-20", 23, 30, pause: 20))
            try miga.record(Self.event(.deepenPause, "2025-01-21", 9, pause: 6))
            let now = instant("2025-01-20", 23, 59, in: Self.zone)
            let kpis = try miga.kpis(through: now)
            #expect(kpis.totalConsciousExits == 2 && kpis.intentionalityScore == 2.0 / 3 && kpis.averagePauseTime == 50.0 / 3)
            let trends = try miga.trends(days: 7, now: now)
            #expect(trends.count == 7 && trends.last?.date == CalendarDate("2025-01-20"))
            #expect(trends.map(\.totalAttempts) == [0, 0, 0, 0, 0, 0, 2], "the 1 January event is out of range, the 21st is after now")
            #expect(try miga.events(from: CalendarDate("2025-01-20")!, to: CalendarDate("2025-01-21")!).count == 3)
        }
    }

    @Test("App Selection & F.R.E.: phase 1 creates the SelectedApps and sets appsSelected; phase 2 sets appsHidden; the Hub loads them in order")
    func appSelectionAndFRE() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            #expect(try miga.preferences() == .default, "nothing saved yet: the seed's defaults")
            #expect(throws: AlmanacError.self) { try miga.completeAppHiding() }
            let now = instant("2025-01-06", 9, 12, in: Self.zone)
            let choices = [("Instagram", "instagram://", "AppIcon-Instagram"), ("TikTok", "tiktok://", "AppIcon-TikTok"), ("X", "twitter://", "AppIcon-X")]
            try miga.completeAppSelection(choices.map { (appName: $0.0, urlScheme: $0.1, iconName: $0.2) }, now: now)
            #expect(try miga.preferences().frePhase == .appsSelected)
            let grid = try miga.launcherGrid()
            #expect(grid.apps.map(\.appName) == ["Instagram", "TikTok", "X"] && grid.apps.map(\.orderIndex) == [0, 1, 2])
            #expect(grid.apps.allSatisfy { $0.dateAdded == now && $0.isInstalled })
            try miga.completeAppHiding()
            #expect(try miga.preferences().frePhase == .appsHidden)

            try miga.moveApp(id: grid.apps[2].id, to: 0)
            try miga.setInstalled(false, appID: grid.apps[1].id)
            #expect(try miga.removeApp(id: grid.apps[0].id))
            #expect(try !miga.removeApp(id: UUID()))
            let after = try miga.launcherGrid()
            #expect(after.apps.map(\.appName) == ["X", "TikTok"] && after.apps.map(\.orderIndex) == [0, 1])
            #expect(after.app(named: "TikTok")?.isInstalled == false)
            let error = #expect(throws: AlmanacError.self) { try miga.addApp(appName: "x", urlScheme: "twitter://", iconName: "i", now: now) }
            #expect(error?.code == .ruleViolated)
        }
    }

    @Test("FRE Phase key frePhase: the seed's notStarted, phase1Complete, phase2Complete read as notStarted, appsSelected, appsHidden after migration 0003")
    func frePhaseSeedValuesMigrate() throws {
        for (seedValue, phase) in [("notStarted", Preferences.FREPhase.notStarted), ("phase1Complete", .appsSelected), ("phase2Complete", .appsHidden)] {
            let folder = temporaryFolder("miga-fre")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("store")
            // A store at schema version 1 (the sample's frozen schema) holding the seed's value.
            let version1 = try Store.create(at: url, schema: repositoryRoot.appendingPathComponent("samples/miga/store/schema"), timeZone: Self.zone)
            try version1.save(MIGAVersion1Preferences(frePhase: seedValue))
            version1.finishWriting()
            try Migrator(migrations: try MigrationSet(folder: repositoryRoot.appendingPathComponent("migrations/miga")), targetSchema: repositoryRoot.appendingPathComponent("schema/miga")).migrate(storeAt: url)
            let preferences = try MIGAService(store: try Store(at: url)).preferences()
            #expect(preferences == Preferences(frePhase: phase, hasCompletedOnboarding: true, gatewayTimerDuration: 25,
                                               onboardingDeterminationLevel: 9, selectedInterestTags: [.productivity]), "\(seedValue)")
        }
    }

    @Test("ContentLibrary loadContent error handling: file not found → empty array; a parse error is reported, not an empty library")
    func loadContentErrors() throws {
        try Self.withStore { (miga: MIGAService, url: URL) throws in
            // Nothing seeded (the bundled file was not found): an empty library and no quote.
            #expect(try miga.contentLibrary().loadContent().isEmpty)
            var generator = MIGASeededGenerator(state: 2)
            #expect(try miga.showQuote(using: &generator) == nil)
            // An item that would not parse as content is refused when written, so none is stored.
            var broken = MIGAContentLibraryTests.items[0]
            broken.text = ""
            let refused = #expect(throws: AlmanacError.self) { try miga.store.save(broken) }
            #expect(refused?.code == .invalidDocument)
            try miga.store.save(contentsOf: MIGAContentLibraryTests.items)
            #expect(try miga.contentLibrary().items.count == 4)
            // A file damaged on disk afterwards is an error naming it (documented choice), not a silently empty library.
            let file = url.appendingPathComponent("data/mindfulness-content/stoicism-002.json")
            #expect(FileManager.default.fileExists(atPath: file.path))
            try Data("{ \"id\": \"stoicism-002\", \"text\": ".utf8).write(to: file)
            let damaged = #expect(throws: AlmanacError.self) { try miga.contentLibrary() }
            #expect(damaged?.code == .malformedJSON)
            #expect(throws: AlmanacError.self) { try miga.showQuote(using: &generator) }
        }
    }

    @Test("preferences are saved only within their ranges")
    func preferencesSaved() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            var preferences = try Preferences.default.settingGatewayTimer(20)
            try miga.save(preferences)
            #expect(try miga.preferences().gatewayTimerDuration == 20)
            preferences.gatewayTimerDuration = 50
            #expect(throws: AlmanacError.self) { try miga.save(preferences) }
            #expect(try miga.preferences().gatewayTimerDuration == 20)
        }
    }

    @Test("Content Selection Logic: the Gateway shows a quote of the user's interests, rotating, and saves its displayCount")
    func showQuote() throws {
        try Self.withStore { (miga: MIGAService, _: URL) throws in
            var generator = MIGASeededGenerator(state: 9)
            #expect(try miga.showQuote(using: &generator) == nil, "no content seeded")
            try miga.store.save(contentsOf: MIGAContentLibraryTests.items)
            try miga.save(try Preferences.default.completingOnboarding(determinationLevel: 6, interests: [.stoicism]))
            var shown: [String] = []
            for _ in 0..<4 { shown.append(try #require(try miga.showQuote(using: &generator)).id) }
            #expect(shown.sorted() == ["stoicism-001", "stoicism-001", "stoicism-002", "stoicism-002"])
            #expect(try miga.contentLibrary().items.map(\.displayCount) == [0, 0, 2, 2])
            let deeper = try miga.showQuote(excluding: "stoicism-001", using: &generator)
            #expect(deeper?.id == "stoicism-002" && deeper?.displayCount == 3)
        }
    }
}

/// The preferences document as schema version 1 has it (`frePhase` phase1Complete / phase2Complete).
private struct MIGAVersion1Preferences: SingletonDocument, Equatable {
    static let collection = "preferences"
    var frePhase: String
    var hasCompletedOnboarding = true
    var gatewayTimerDuration = 25.0
    var onboardingDeterminationLevel = 9
    var selectedInterestTags = ["productivity"]
}
