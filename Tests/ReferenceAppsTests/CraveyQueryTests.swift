import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// One test per query example of the seed (its `FetchDescriptor`s), each named after the
/// seed's comment, on a store in the time zone the query counts days in.
@Suite("Cravey seed query examples")
struct CraveyQueryTests {
    static let chicago = TimeZone(identifier: "America/Chicago")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func session(_ moment: Date, _ method: RouteOfAdministration = .joints, amount: Double = 1, triggers: [HAALTTrigger] = []) -> UsageSession {
        UsageSession(timestamp: moment, method: method, amount: amount, triggers: triggers, createdAt: moment.addingTimeInterval(30))
    }

    static func craving(_ moment: Date, _ intensity: Int) -> Craving {
        Craving(timestamp: moment, intensity: intensity, createdAt: moment.addingTimeInterval(30))
    }

    static func recording(_ moment: Date, _ type: Recording.Kind = .audio, _ purpose: Recording.Purpose = .reflection, plays: Int = 0) -> Recording {
        Recording(timestamp: moment, type: type, purpose: purpose, duration: 30, playCount: plays,
                  lastPlayedAt: plays > 0 ? moment.addingTimeInterval(3600) : nil, createdAt: moment.addingTimeInterval(30))
    }

    static func withCravey(in zone: TimeZone = chicago, _ body: (Store, CraveyService) throws -> Void) throws {
        try SchemaConformance(app: "cravey", timeZone: zone).withStore { store throws in try body(store, CraveyService(store: store)) }
    }

    // MARK: UsageModel

    @Test("Fetch all usage in last 7 days (sorted by timestamp, newest first): from the same time 7 days ago up to now — in Chicago and in Tokyo",
          arguments: [chicago, tokyo])
    func usageInLastSevenDays(zone: TimeZone) throws {
        let now = instant("2025-02-02", 14, in: zone)
        let tooOld = Self.session(instant("2025-01-26", 13, 59, in: zone))
        let oldest = Self.session(instant("2025-01-26", 14, 1, in: zone), .vape, amount: 3)
        let middle = Self.session(instant("2025-01-30", 0, 10, in: zone), .dab, amount: 2)
        let atNow = Self.session(now, .edible, amount: 10)
        let afterNow = Self.session(instant("2025-02-02", 14, 1, in: zone))
        try Self.withCravey(in: zone) { store, cravey throws in
            try store.save(contentsOf: [middle, afterNow, tooOld, atNow, oldest])
            #expect(try cravey.recentUsage(days: 7, now: now).map(\.id) == [atNow.id, middle.id, oldest.id],
                    "7 days back to the same wall-clock time, newest first; a moment after now is not in yet")
        }
    }

    @Test("Fetch all usage in last 7 days across daylight saving: back to the same wall-clock time in Chicago, not 168 hours")
    func usageInLastSevenDaysAcrossDaylightSaving() throws {
        let zone = Self.chicago
        // Spring forward on 2025-03-09: the week is 167 hours, so 168 hours back would reach 11:00.
        let spring = instant("2025-03-12", 12, in: zone)
        let springOut = Self.session(instant("2025-03-05", 11, 30, in: zone))
        let springIn = Self.session(instant("2025-03-05", 12, 30, in: zone))
        // Fall back on 2024-11-03: the week is 169 hours, so 168 hours back would stop at 13:00.
        let fall = instant("2024-11-05", 12, in: zone)
        let fallIn = Self.session(instant("2024-10-29", 12, 30, in: zone))
        let fallOut = Self.session(instant("2024-10-29", 11, 30, in: zone))
        #expect(spring.timeIntervalSince(springOut.timestamp) < 7 * 86_400 && fall.timeIntervalSince(fallIn.timestamp) > 7 * 86_400,
                "the fixtures sit where 168 hours and 7 calendar days disagree")
        try Self.withCravey(in: zone) { store, cravey throws in
            try store.save(contentsOf: [springOut, springIn, fallIn, fallOut])
            #expect(try cravey.recentUsage(days: 7, now: spring).map(\.id) == [springIn.id])
            #expect(try cravey.recentUsage(days: 7, now: fall).map(\.id) == [fallIn.id])
        }
    }

    @Test("Find all vape usage: every session with method Vape and no other, oldest first")
    func allVapeUsage() throws {
        let zone = Self.chicago
        let vapeEarly = Self.session(instant("2024-11-20", 21, in: zone), .vape, amount: 4)
        let joint = Self.session(instant("2024-12-20", 21, in: zone), .joints, amount: 2)
        let vapeLate = Self.session(instant("2025-01-20", 21, in: zone), .vape, amount: 10)
        let edible = Self.session(instant("2025-01-21", 21, in: zone), .edible, amount: 5)
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: [vapeLate, joint, edible, vapeEarly])
            #expect(try cravey.usage(method: .vape).map(\.id) == [vapeEarly.id, vapeLate.id])
            #expect(try cravey.usage(method: .blunts).isEmpty)
        }
    }

    @Test("Find all usage triggered by anxiety: sessions whose triggers contain Anxious, wherever it was picked")
    func usageTriggeredByAnxiety() throws {
        let zone = Self.chicago
        let alone = Self.session(instant("2025-01-10", 20, in: zone), triggers: [.anxious])
        let last = Self.session(instant("2025-01-11", 20, in: zone), triggers: [.bored, .tired, .anxious])
        let other = Self.session(instant("2025-01-12", 20, in: zone), triggers: [.bored, .lonely])
        let none = Self.session(instant("2025-01-13", 20, in: zone))
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: [none, other, last, alone])
            #expect(try cravey.usage(trigger: .anxious).map(\.id) == [alone.id, last.id])
        }
    }

    // MARK: CravingModel

    @Test("Average craving intensity for last 30 days: from the same time 30 days ago; kept as a decimal (4.5, where the seed's Int division gives 4); nil without cravings")
    func averageCravingIntensityForThirtyDays() throws {
        let zone = Self.chicago
        let now = instant("2025-02-02", 20, in: zone)
        let cravings = [Self.craving(instant("2025-01-03", 19, 59, in: zone), 10),  // 30 days and a minute ago: out
                        Self.craving(instant("2025-01-03", 20, 1, in: zone), 4),
                        Self.craving(instant("2025-02-02", 19, in: zone), 5)]
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: cravings)
            #expect(try cravey.averageCravingIntensity(days: 30, now: now) == 4.5)
            #expect(try cravey.averageCravingIntensity(days: 30, now: instant("2024-12-01", 12, in: zone)) == nil, "the seed would divide by zero")
        }
    }

    @Test("Find high-intensity cravings (7-10): intensity 7, 9 and 10 in, 6 out")
    func highIntensityCravings() throws {
        let zone = Self.chicago
        let cravings = [6, 7, 3, 9, 10].enumerated().map { index, intensity in
            Self.craving(instant("2025-01-1\(index)", 20, in: zone), intensity)
        }
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: cravings)
            #expect(try cravey.highIntensityCravings().map(\.intensity) == [7, 9, 10])
            #expect(try cravey.highIntensityCravings().map(\.id) == [cravings[1].id, cravings[3].id, cravings[4].id])
        }
    }

    // MARK: RecordingModel

    @Test("Fetch all video recordings sorted by most recent: videos only, newest first")
    func videoRecordingsMostRecentFirst() throws {
        let zone = Self.chicago
        let oldVideo = Self.recording(instant("2024-12-01", 9, in: zone), .video)
        let audio = Self.recording(instant("2025-01-01", 9, in: zone), .audio)
        let newVideo = Self.recording(instant("2025-01-20", 9, in: zone), .video)
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: [oldVideo, newVideo, audio])
            #expect(try cravey.recordings(type: .video).map(\.id) == [newVideo.id, oldVideo.id])
            #expect(try cravey.recordings(type: .audio).map(\.id) == [audio.id])
        }
    }

    @Test("Find most played recordings: playCount descending")
    func mostPlayedRecordings() throws {
        let zone = Self.chicago
        let once = Self.recording(instant("2025-01-20", 9, in: zone), plays: 1)
        let never = Self.recording(instant("2025-01-21", 9, in: zone))
        let often = Self.recording(instant("2024-12-01", 9, in: zone), .video, plays: 7)
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: [once, never, often])
            #expect(try cravey.mostPlayedRecordings().map(\.playCount) == [7, 1, 0])
            #expect(try cravey.mostPlayedRecordings().map(\.id) == [often.id, once.id, never.id])
        }
    }

    @Test("Find recordings by purpose: motivational gives only the motivational recordings")
    func recordingsByPurpose() throws {
        let zone = Self.chicago
        let motivational = Self.recording(instant("2025-01-07", 21, in: zone), .video, .motivational)
        let milestone = Self.recording(instant("2025-01-08", 21, in: zone), .video, .milestone)
        let later = Self.recording(instant("2025-01-09", 21, in: zone), .audio, .motivational)
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: [motivational, milestone, later])
            #expect(try cravey.recordings(purpose: .motivational).map(\.id) == [later.id, motivational.id])
            #expect(try cravey.recordings(purpose: .milestone).map(\.id) == [milestone.id])
            #expect(try cravey.recordings(purpose: .craving).isEmpty)
        }
    }

    @Test("Recordings library - paginate results: fetchLimit 20, load 20 at a time, most recent first")
    func recordingsLibraryPages() throws {
        let zone = Self.chicago
        let recordings = (0..<25).map { Self.recording(instant("2025-01-01", 0, in: zone).addingTimeInterval(Double($0) * 3600)) }
        try Self.withCravey { store, cravey throws in
            try store.save(contentsOf: recordings)
            let first = try cravey.recordingsPage()
            let second = try cravey.recordingsPage(offset: 20)
            #expect(first.count == 20 && second.count == 5)
            let newestFirst = recordings.reversed().map(\.id)
            #expect(first.map(\.id) == Array(newestFirst.prefix(20)) && second.map(\.id) == Array(newestFirst.suffix(5)))
            #expect(try cravey.recordingsPage(offset: 25).isEmpty)
        }
    }

    // MARK: Dashboard (Performance: limit results for charts)

    @Test("Dashboard shows last 90 days - don't fetch older data: the 90-day window's range query reads nothing before its first day")
    func dashboardFetchesNinetyDaysOnly() throws {
        let zone = Self.chicago
        let now = instant("2025-02-02", 20, in: zone)
        let firstDay = CalendarDate("2024-11-05")!
        let older = [Self.craving(instant("2024-11-04", 23, 59, in: zone), 9), Self.craving(instant("2024-10-01", 12, in: zone), 9)]
        let inside = [Self.craving(instant("2024-11-05", 0, 1, in: zone), 3), Self.craving(instant("2025-02-02", 19, in: zone), 5)]
        let oldUsage = Self.session(instant("2024-11-04", 22, in: zone))
        let newUsage = Self.session(instant("2024-11-05", 8, in: zone))
        try Self.withCravey { store, _ throws in
            try store.save(contentsOf: older + inside)
            try store.save(contentsOf: [oldUsage, newUsage])
            let dashboard = CraveyDashboard(timeZone: zone)
            #expect(dashboard.window(days: 90, now: now).from == firstDay)
            let loaded = try dashboard.load(days: 90, now: now, from: store)
            #expect(loaded.cravings.map(\.id) == inside.map(\.id) && loaded.usage.map(\.id) == [newUsage.id])
            let figures = try #require(try CraveyDashboard.figures(in: store, now: now).last)
            #expect(figures.days == 90 && figures.cravings == 2 && figures.averageIntensity == 4 && figures.usageSessions == 1)
        }
    }

    // MARK: MotivationalMessageModel

    @Test("Fetch active messages for a category (isActive and category urge, sorted by priority)")
    func activeMessagesForCategory() throws {
        try Self.withCravey { store, cravey throws in
            try cravey.seedDefaultMessagesIfNeeded(now: instant("2025-01-06", 3, in: Self.chicago))
            let urge = try cravey.activeMessages(category: .urge)
            #expect(urge.map(\.priority) == [1, 2, 3] && urge.allSatisfy { $0.category == .urge && $0.isActive })
            try cravey.setActive(false, message: urge[1].id)
            #expect(try cravey.activeMessages(category: .urge).map(\.priority) == [1, 3], "a hidden message is left out")
            #expect(try store.documents(MotivationalMessage.self).count == 11, "hidden, not deleted")
        }
    }

    @Test("Find user-created messages (isCustom == true): the user's own, not the seeded defaults")
    func userCreatedMessages() throws {
        let zone = Self.chicago
        try Self.withCravey { _, cravey throws in
            try cravey.seedDefaultMessagesIfNeeded(now: instant("2025-01-06", 3, in: zone))
            #expect(try cravey.customMessages().isEmpty)
            let mine = MotivationalMessage(content: "Walk first, decide later.", category: .urge, isCustom: true,
                                           createdAt: instant("2025-01-20", 8, 45, in: zone))
            let hidden = MotivationalMessage(content: "Call Sam.", category: .social, isCustom: true, isActive: false,
                                             createdAt: instant("2025-01-21", 8, 45, in: zone))
            try cravey.save(hidden)
            try cravey.save(mine)
            #expect(try cravey.customMessages().map(\.id) == [mine.id, hidden.id], "inactive ones too, oldest first")
        }
    }

    @Test("Find least-shown messages (for rotation): active messages only, timesShown ascending")
    func leastShownMessages() throws {
        let zone = Self.chicago
        try Self.withCravey { _, cravey throws in
            try cravey.seedDefaultMessagesIfNeeded(now: instant("2025-01-06", 3, in: zone))
            for hour in 0..<3 { try cravey.showMessage(for: [.anxious], now: instant("2025-01-10", 9 + hour, in: zone)) }
            try cravey.showMessage(for: [.bored], now: instant("2025-01-10", 13, in: zone))
            let celebration = try cravey.activeMessages(category: .celebration)
            try cravey.setActive(false, message: celebration[0].id)
            let rotation = try cravey.leastShownActiveMessages()
            #expect(rotation.count == 10 && rotation.allSatisfy(\.isActive))
            #expect(rotation.map(\.timesShown) == rotation.map(\.timesShown).sorted())
            #expect(rotation.suffix(3).map(\.timesShown) == [1, 1, 2], "anxiety 1 shown twice, anxiety 2 and boredom 1 once")
            #expect(rotation.last?.category == .anxiety && rotation.last?.priority == 1)
        }
    }
}
