import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// The seed's query examples (its `FetchDescriptor`s) written as `Query` values and run on
/// the store directly, not through `CraveyService`: predicate → condition, `sortBy` → sort,
/// `fetchLimit` → limit. Where the seed leaves ties open, the store's order decides: by
/// date, then id (recordings and messages have no date field, so by id).
@Suite("Cravey seed queries as Query values")
struct CraveySeedQueryTests {
    static let zone = TimeZone(identifier: "America/Chicago")!

    static func at(_ day: String, _ hour: Int, _ minute: Int = 0) -> Date { instant(day, hour, minute, in: zone) }

    /// A fixed id, so that tie orders are known: `n` in the last group.
    static func id(_ n: Int) -> UUID {
        UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(n).count) + String(n))!
    }

    static func session(_ n: Int, _ moment: Date, _ method: RouteOfAdministration = .joints, triggers: [HAALTTrigger] = []) -> UsageSession {
        UsageSession(id: id(n), timestamp: moment, method: method, amount: method.amountRange.minimum, triggers: triggers, createdAt: moment.addingTimeInterval(30))
    }

    static func craving(_ n: Int, _ moment: Date, _ intensity: Int, triggers: [HAALTTrigger] = []) -> Craving {
        Craving(id: id(n), timestamp: moment, intensity: intensity, triggers: triggers, createdAt: moment.addingTimeInterval(30))
    }

    static func recording(_ n: Int, _ moment: Date, _ type: Recording.Kind = .audio, _ purpose: Recording.Purpose = .reflection, plays: Int = 0) -> Recording {
        Recording(id: id(n), timestamp: moment, type: type, purpose: purpose, duration: 30, playCount: plays,
                  lastPlayedAt: plays > 0 ? moment.addingTimeInterval(3600) : nil, createdAt: moment.addingTimeInterval(30))
    }

    static func message(_ n: Int, _ category: MotivationalMessage.Category, priority: Int, shown: Int = 0, custom: Bool = false, active: Bool = true) -> MotivationalMessage {
        MotivationalMessage(id: id(n), content: "Message \(n)", category: category, isCustom: custom, priority: priority,
                            timesShown: shown, isActive: active, createdAt: at("2025-01-06", 3))
    }

    func withStore(_ body: (Store) throws -> Void) throws {
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore(body)
    }

    // MARK: UsageModel

    @Test("Fetch all usage in last 7 days: timestamp >= sevenDaysAgo, sortBy timestamp reverse")
    func usageLastSevenDays() throws {
        let now = Self.at("2025-02-02", 14)
        let sevenDaysAgo = CraveyService.sameTime(daysBefore: 7, now, in: StoreCalendar(timeZone: Self.zone))
        let sessions = [
            Self.session(1, Self.at("2025-01-26", 13, 59)),  // a minute too old
            Self.session(2, Self.at("2025-01-26", 14)),       // exactly seven days ago: in
            Self.session(3, Self.at("2025-01-30", 0, 10), .vape),
            Self.session(5, Self.at("2025-02-01", 9)),
            Self.session(4, Self.at("2025-02-01", 9)),        // the same moment as 5
            Self.session(6, now, .edible),
        ]
        try withStore { store in
            try store.save(contentsOf: sessions.shuffled())
            let query = Query(UsageSession.self).dated(from: sevenDaysAgo, before: now.addingTimeInterval(1)).sorted(by: "timestamp", descending: true)
            #expect(try store.documents(UsageSession.self, matching: query).map(\.id) == [6, 4, 5, 3, 2].map(Self.id),
                    "newest first; the tie goes to the smaller id")
            #expect(try store.documents(UsageSession.self, matching: query.sorted(by: "id", descending: true)).map(\.id) == [6, 5, 4, 3, 2].map(Self.id))
            #expect(try store.count(matching: query) == 5)
        }
    }

    @Test("Find all vape usage: method == \"Vape\"")
    func vapeUsage() throws {
        let sessions = [
            Self.session(1, Self.at("2024-11-20", 21), .vape),
            Self.session(2, Self.at("2024-12-20", 21), .joints),
            Self.session(3, Self.at("2025-01-20", 21), .vape),
            Self.session(4, Self.at("2025-01-21", 21), .edible),
        ]
        try withStore { store in
            try store.save(contentsOf: sessions.reversed())
            let query = Query(UsageSession.self).where(try store.condition(parsing: "method=Vape", in: UsageSession.collection))
            #expect(try store.documents(UsageSession.self, matching: query).map(\.id) == [1, 3].map(Self.id))
            #expect(try store.documents(UsageSession.self, matching: Query(UsageSession.self).where(.equals(field: "method", value: .string("Vape")))).map(\.id) == [1, 3].map(Self.id))
        }
    }

    @Test("Find all usage triggered by anxiety: triggers.contains(\"Anxious\")")
    func anxietyUsage() throws {
        let sessions = [
            Self.session(1, Self.at("2025-01-10", 20), triggers: [.anxious]),
            Self.session(2, Self.at("2025-01-11", 20), triggers: [.bored, .tired, .anxious]),
            Self.session(3, Self.at("2025-01-12", 20), triggers: [.bored, .lonely]),
            Self.session(4, Self.at("2025-01-13", 20)),
        ]
        try withStore { store in
            try store.save(contentsOf: sessions.reversed())
            let query = Query(UsageSession.self).where(try store.condition(parsing: "triggers contains Anxious", in: UsageSession.collection))
            #expect(try store.documents(UsageSession.self, matching: query).map(\.id) == [1, 2].map(Self.id))
        }
    }

    // MARK: CravingModel

    @Test("Average craving intensity for last 30 days: timestamp >= thirtyDaysAgo")
    func cravingsLastThirtyDays() throws {
        let now = Self.at("2025-02-02", 20)
        let thirtyDaysAgo = CraveyService.sameTime(daysBefore: 30, now, in: StoreCalendar(timeZone: Self.zone))
        let cravings = [
            Self.craving(1, Self.at("2025-01-03", 19, 59), 10),
            Self.craving(2, Self.at("2025-01-03", 20, 1), 4),
            Self.craving(3, Self.at("2025-02-02", 19), 5),
        ]
        try withStore { store in
            try store.save(contentsOf: cravings)
            let query = Query(Craving.self).dated(from: thirtyDaysAgo, before: now.addingTimeInterval(1))
            let found = try store.documents(Craving.self, matching: query)
            #expect(found.map(\.id) == [2, 3].map(Self.id))
            #expect(Double(found.map(\.intensity).reduce(0, +)) / Double(found.count) == 4.5)
        }
    }

    @Test("Find high-intensity cravings (7-10): intensity >= 7")
    func highIntensityCravings() throws {
        let cravings = [6, 7, 3, 9, 10].enumerated().map { index, intensity in
            Self.craving(index + 1, Self.at("2025-01-1\(index)", 20), intensity)
        }
        try withStore { store in
            try store.save(contentsOf: cravings.reversed())
            let query = Query(Craving.self).where(try store.condition(parsing: "intensity>=7", in: Craving.collection))
            #expect(try store.documents(Craving.self, matching: query).map(\.intensity) == [7, 9, 10])
            #expect(try store.documents(Craving.self, matching: query).map(\.id) == [2, 4, 5].map(Self.id))
            #expect(try store.documents(Craving.self, matching: query.sorted(by: "intensity", descending: true).limit(2)).map(\.intensity) == [10, 9])
        }
    }

    // MARK: RecordingModel

    @Test("Fetch all video recordings sorted by most recent: type == \"video\", sortBy timestamp reverse")
    func videoRecordings() throws {
        let recordings = [
            Self.recording(1, Self.at("2024-12-01", 9), .video),
            Self.recording(2, Self.at("2025-01-01", 9), .audio),
            Self.recording(3, Self.at("2025-01-20", 9), .video),
            Self.recording(4, Self.at("2025-01-20", 9), .video),  // the same moment as 3
        ]
        try withStore { store in
            try store.save(contentsOf: recordings.shuffled())
            let query = Query(Recording.self).where(try store.condition(parsing: "type=video", in: Recording.collection)).sorted(by: "timestamp", descending: true)
            #expect(try store.documents(Recording.self, matching: query).map(\.id) == [3, 4, 1].map(Self.id))
        }
    }

    @Test("Find most played recordings: sortBy playCount reverse")
    func mostPlayedRecordings() throws {
        let recordings = [
            Self.recording(1, Self.at("2025-01-20", 9), plays: 1),
            Self.recording(2, Self.at("2025-01-21", 9)),
            Self.recording(3, Self.at("2024-12-01", 9), .video, plays: 7),
            Self.recording(4, Self.at("2024-11-01", 9), plays: 1),
        ]
        try withStore { store in
            try store.save(contentsOf: recordings.shuffled())
            let query = Query(Recording.self).sorted(by: "playCount", descending: true)
            #expect(try store.documents(Recording.self, matching: query).map(\.id) == [3, 1, 4, 2].map(Self.id), "ties by id: recordings have no date field")
            #expect(try store.documents(Recording.self, matching: query.sorted(by: "timestamp", descending: true)).map(\.id) == [3, 1, 4, 2].map(Self.id))
            #expect(try store.documents(Recording.self, matching: query.sorted(by: "timestamp")).map(\.id) == [3, 4, 1, 2].map(Self.id))
            #expect(try store.first(Recording.self, matching: query)?.playCount == 7)
        }
    }

    @Test("Find recordings by purpose: purpose == \"motivational\"")
    func recordingsByPurpose() throws {
        let recordings = [
            Self.recording(3, Self.at("2025-01-07", 21), .video, .motivational),
            Self.recording(1, Self.at("2025-01-08", 21), .video, .milestone),
            Self.recording(2, Self.at("2025-01-09", 21), .audio, .motivational),
        ]
        try withStore { store in
            try store.save(contentsOf: recordings)
            let query = Query(Recording.self).where(try store.condition(parsing: "purpose=motivational", in: Recording.collection))
            #expect(try store.documents(Recording.self, matching: query).map(\.id) == [2, 3].map(Self.id), "no sort: by id")
            #expect(try store.documents(Recording.self, matching: query.sorted(by: "timestamp", descending: true)).map(\.id) == [2, 3].map(Self.id))
            #expect(try store.documents(Recording.self, matching: query.sorted(by: "timestamp")).map(\.id) == [3, 2].map(Self.id))
            #expect(try store.count(matching: Query(Recording.self).where(try store.condition(parsing: "purpose=craving", in: Recording.collection))) == 0)
        }
    }

    @Test("Recordings library - paginate results: sortBy timestamp reverse, fetchLimit 20, pages at offset 0, 20 and 40 of 45")
    func recordingsLibraryPages() throws {
        let start = Self.at("2025-01-01", 0)
        let recordings = (1...45).map { Self.recording($0, start.addingTimeInterval(Double($0) * 3600 * 7)) }
        try withStore { store in
            try store.save(contentsOf: recordings.shuffled())
            let library = Query(Recording.self).sorted(by: "timestamp", descending: true).limit(20)
            let newestFirst = recordings.reversed().map(\.id)
            let pages = try [0, 20, 40].map { try store.documents(Recording.self, matching: library.offset($0)).map(\.id) }
            #expect(pages.map(\.count) == [20, 20, 5])
            #expect(pages[0] == Array(newestFirst[0..<20]))
            #expect(pages[1] == Array(newestFirst[20..<40]))
            #expect(pages[2] == Array(newestFirst[40..<45]))
            #expect(try store.documents(Recording.self, matching: library.offset(45)).isEmpty)
            #expect(try store.count(matching: library.offset(40)) == 5)
            // The service's page is the same query.
            let cravey = CraveyService(store: store)
            #expect(try cravey.recordingsPage(offset: 20).map(\.id) == pages[1])
        }
    }

    // MARK: MotivationalMessageModel

    static let messages = [
        message(1, .urge, priority: 3, shown: 2),
        message(2, .urge, priority: 1, shown: 4),
        message(3, .urge, priority: 2, shown: 0, active: false),
        message(4, .urge, priority: 2, shown: 1),
        message(5, .anxiety, priority: 1, shown: 0),
        message(6, .urge, priority: 5, shown: 0, custom: true),
        message(7, .social, priority: 1, shown: 1, custom: true, active: false),
    ]

    @Test("Fetch active messages for a category: isActive == true && category == \"urge\", sortBy priority")
    func activeMessagesForCategory() throws {
        try withStore { store in
            try store.save(contentsOf: Self.messages.shuffled())
            let query = Query(MotivationalMessage.self)
                .where(try store.condition(parsing: "isActive=true and category=urge", in: MotivationalMessage.collection))
                .sorted(by: "priority")
            #expect(try store.documents(MotivationalMessage.self, matching: query).map(\.id) == [2, 4, 1, 6].map(Self.id))
            // The seed's selectMessage: the least shown of them, the first on a tie.
            let chosen = try store.documents(MotivationalMessage.self, matching: query).min { $0.timesShown < $1.timesShown }
            #expect(chosen?.id == Self.id(6))
        }
    }

    @Test("Find user-created messages: isCustom == true")
    func userCreatedMessages() throws {
        try withStore { store in
            try store.save(contentsOf: Self.messages.shuffled())
            let query = Query(MotivationalMessage.self).where(try store.condition(parsing: "isCustom=true", in: MotivationalMessage.collection))
            #expect(try store.documents(MotivationalMessage.self, matching: query).map(\.id) == [6, 7].map(Self.id), "inactive ones too")
            // The seed's seeding check: isCustom == false.
            #expect(try store.count(matching: Query(MotivationalMessage.self).where(.equals(field: "isCustom", value: .bool(false)))) == 5)
        }
    }

    @Test("Find least-shown messages (for rotation): isActive == true, sortBy timesShown forward")
    func leastShownMessages() throws {
        try withStore { store in
            try store.save(contentsOf: Self.messages.shuffled())
            let query = Query(MotivationalMessage.self)
                .where(try store.condition(parsing: "isActive=true", in: MotivationalMessage.collection))
                .sorted(by: "timesShown")
            #expect(try store.documents(MotivationalMessage.self, matching: query).map(\.id) == [5, 6, 4, 1, 2].map(Self.id))
            #expect(try store.documents(MotivationalMessage.self, matching: query.sorted(by: "priority")).map(\.id) == [5, 6, 4, 1, 2].map(Self.id))
            #expect(try store.documents(MotivationalMessage.self, matching: query.limit(2)).map(\.id) == [5, 6].map(Self.id))
        }
    }
}
