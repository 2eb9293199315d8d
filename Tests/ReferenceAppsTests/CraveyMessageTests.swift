@testable import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Cravey motivational messages")
struct CraveyMessageTests {
    static let zone = TimeZone(identifier: "America/Chicago")!
    static let seededAt = instant("2025-01-06", 3, 0, in: zone).addingTimeInterval(2)

    static func message(_ category: MotivationalMessage.Category, priority: Int, shown: Int = 0, active: Bool = true,
                        created: Date = seededAt, custom: Bool = false) -> MotivationalMessage {
        MotivationalMessage(content: "\(category) \(priority)", category: category, isCustom: custom, priority: priority,
                            timesShown: shown, lastShownAt: shown > 0 ? created : nil, isActive: active, createdAt: created,
                            contentVersion: custom ? nil : 1)
    }

    // MARK: Defaults

    @Test("Default Messages (Seeded on First Launch): 11 messages — urge 3, anxiety 2, boredom 2, social 2, celebration 2 — with the seed's texts and priorities")
    func defaultMessages() {
        let defaults = MotivationalMessage.defaultMessages(createdAt: Self.seededAt)
        #expect(defaults.count == 11)
        let byCategory = Dictionary(grouping: defaults, by: \.category).mapValues { $0.map(\.priority) }
        #expect(byCategory == [.urge: [1, 2, 3], .anxiety: [1, 2], .boredom: [1, 2], .social: [1, 2], .celebration: [1, 2]])
        #expect(defaults.first?.content == "You've resisted before. You can do it again. 💪")
        let seed: [(MotivationalMessage.Category, Int, String)] = [
            (.urge, 1, "You've resisted before. You can do it again. 💪"), (.urge, 2, "This craving will pass. They always do."),
            (.urge, 3, "Every moment of resistance is progress."), (.anxiety, 1, "This feeling is temporary. Breathe through it."),
            (.anxiety, 2, "Anxiety is uncomfortable, but you're safe. 🫂"), (.boredom, 1, "Boredom isn't an emergency. Find something else."),
            (.boredom, 2, "This is just boredom, not a need. You've got this."), (.social, 1, "You can have fun without using. You've done it before."),
            (.social, 2, "Real friends support your choices. 🤝"), (.celebration, 1, "You're making progress. Every day counts. 🎉"),
            (.celebration, 2, "Look how far you've come. Keep going."),
        ]
        #expect(defaults.map(\.content) == seed.map(\.2), "every text as the seed writes it, in its order")
        #expect(defaults.map(\.category) == seed.map(\.0) && defaults.map(\.priority) == seed.map(\.1))
        #expect(defaults.contains { $0.content == "Real friends support your choices. 🤝" && $0.category == .social && $0.priority == 2 })
        #expect(defaults.allSatisfy { !$0.isCustom && $0.isActive && $0.timesShown == 0 && $0.lastShownAt == nil && $0.contentVersion == 1 })
        #expect(Set(defaults.map(\.id)).count == 11)
        for message in defaults { #expect(throws: Never.self) { try message.validate() } }
    }

    @Test("the Swift defaults are exactly the documents of samples/cravey/seeds/messages_seed.json")
    func defaultsMatchTheShippedSeedFile() throws {
        let file = try SeedFile(contentsOf: repositoryRoot.appendingPathComponent("samples/cravey/seeds/messages_seed.json"))
        let shipped = try file.documents.map { try DocumentDecoder().decode(MotivationalMessage.self, from: $0) }
        let createdAt = try #require(shipped.first?.createdAt)
        #expect(shipped == MotivationalMessage.defaultMessages(createdAt: createdAt))
        let built = try MotivationalMessage.defaultSeedFile(createdAt: createdAt)
        #expect(built.collection == file.collection && built.contentVersion == file.contentVersion && built.source == file.source)
        #expect(built.documents == file.documents, "the seed file built in Swift has the same documents, byte for byte as JSON values")
    }

    @Test("a seed import's dry run is refused by the rule that refuses the real import (modified-after-created), naming the file and document")
    func seedDryRunChecksRules() throws {
        let shipped = try SeedFile(contentsOf: repositoryRoot.appendingPathComponent("samples/cravey/seeds/messages_seed.json"))
        var documents = shipped.documents
        guard case .object(var first) = documents[0] else { Issue.record("a seed document is an object"); return }
        first["modifiedAt"] = .string("2025-01-01T00:00:00Z")  // before its createdAt, 2025-01-06
        documents[0] = .object(first)
        let file = try SeedFile(bytes: CanonicalJSON.prettyBytes(.object([
            "collection": .string(shipped.collection), "contentVersion": .number(JSONNumber(shipped.contentVersion)),
            "source": .string(shipped.source), "documents": .array(documents),
        ])), fileName: "messages_seed.json")
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            for dryRun in [true, false] {
                let error = #expect(throws: AlmanacError.self) { try store.importSeeds([file], dryRun: dryRun) }
                #expect(error?.code == .ruleViolation, "\(String(describing: error))")
                #expect(error?.message.contains("modified-after-created") == true, "\(String(describing: error))")
            }
            #expect(try store.documents(MotivationalMessage.self).isEmpty)
            #expect(try store.importSeeds([shipped], dryRun: true).files[0].inserted.count == 11)
        }
    }

    @Test("seedDefaultMessagesIfNeeded: seeds the 11 defaults on first launch, then nothing; the user's own messages do not count")
    func seedIfNeeded() throws {
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            try cravey.save(Self.message(.urge, priority: 0, custom: true))
            #expect(try cravey.seedDefaultMessagesIfNeeded(now: Self.seededAt) == 11, "a custom message is not a default")
            #expect(try store.documents(MotivationalMessage.self).count == 12)
            var hidden = try #require(try cravey.activeMessages(category: .social).last)
            hidden = try #require(try cravey.setActive(false, message: hidden.id))
            #expect(try cravey.seedDefaultMessagesIfNeeded(now: Self.seededAt.addingTimeInterval(86_400)) == 0, "already seeded")
            #expect(try store.documents(MotivationalMessage.self).count == 12)
            #expect(try store.document(MotivationalMessage.self, id: hidden.id)?.isActive == false, "the user's choice stays")
        }
    }

    @Test("seeding from the shipped seed file gives the same store as seeding from Swift")
    func seedFromTheShippedFile() throws {
        let file = try SeedFile(contentsOf: repositoryRoot.appendingPathComponent("samples/cravey/seeds/messages_seed.json"))
        let fromFile = try SchemaConformance(app: "cravey").withStore { store throws in
            #expect(try CraveyService(store: store).seedDefaultMessagesIfNeeded(from: file, now: Self.seededAt) == 11)
            return try store.documents(MotivationalMessage.self)
        }
        let createdAt = try #require(fromFile.first?.createdAt)
        let fromSwift = try SchemaConformance(app: "cravey").withStore { store throws in
            try CraveyService(store: store).seedDefaultMessagesIfNeeded(now: createdAt)
            return try store.documents(MotivationalMessage.self)
        }
        #expect(fromFile.sorted { $0.id.uuidString < $1.id.uuidString } == fromSwift.sorted { $0.id.uuidString < $1.id.uuidString })
    }

    // MARK: determineCategory

    @Test("determineCategory: no triggers (nil or empty) gives the context, urge by default")
    func noTriggersGiveTheContext() {
        #expect(MotivationalMessageSelector.determineCategory(triggers: nil) == .urge)
        #expect(MotivationalMessageSelector.determineCategory(triggers: []) == .urge)
        #expect(MotivationalMessageSelector.determineCategory(triggers: [], context: .celebration) == .celebration)
        #expect(MotivationalMessageSelector.determineCategory(triggers: nil, context: .social) == .social)
    }

    @Test("determineCategory: Anxious → anxiety, Bored → boredom, Social → social, any other trigger → urge (fallback)")
    func triggerToCategory() {
        #expect(MotivationalMessageSelector.determineCategory(triggers: [.anxious]) == .anxiety)
        #expect(MotivationalMessageSelector.determineCategory(triggers: [.bored]) == .boredom)
        #expect(MotivationalMessageSelector.determineCategory(triggers: [.social]) == .social)
        for trigger in HAALTTrigger.allCases where ![.anxious, .bored, .social].contains(trigger) {
            #expect(MotivationalMessageSelector.determineCategory(triggers: [trigger], context: .celebration) == .urge, "\(trigger)")
        }
    }

    @Test("determineCategory: Anxious wins over Bored, Bored over Social, whatever order they were picked in")
    func triggerPrecedence() {
        #expect(MotivationalMessageSelector.determineCategory(triggers: [.social, .bored, .anxious]) == .anxiety)
        #expect(MotivationalMessageSelector.determineCategory(triggers: [.social, .habit, .bored]) == .boredom)
        #expect(MotivationalMessageSelector.determineCategory(triggers: [.tired, .social]) == .social)
    }

    // MARK: selection

    @Test("selectMessage: the least shown active message of the category")
    func leastShownActive() {
        let messages = [Self.message(.urge, priority: 1, shown: 5), Self.message(.urge, priority: 2, shown: 3),
                        Self.message(.urge, priority: 3, shown: 1, active: false), Self.message(.anxiety, priority: 1, shown: 0)]
        #expect(MotivationalMessageSelector.select(from: messages, triggers: [.habit]) == messages[1], "inactive and other categories are out")
        #expect(MotivationalMessageSelector.select(from: messages, triggers: [.anxious]) == messages[3])
    }

    @Test("selectMessage ties: equal counts go to the higher priority (lower number), whatever the stored order")
    func tieGoesToPriority() {
        let messages = [Self.message(.boredom, priority: 2, shown: 4), Self.message(.boredom, priority: 1, shown: 4),
                        Self.message(.boredom, priority: 3, shown: 4)]
        for order in [messages, messages.reversed()] {
            #expect(MotivationalMessageSelector.select(from: order, category: .boredom)?.priority == 1)
        }
        let custom = Self.message(.boredom, priority: 0, shown: 4, custom: true)
        #expect(MotivationalMessageSelector.select(from: messages + [custom], category: .boredom) == custom, "a custom message at priority 0 comes first")
    }

    @Test("selectMessage ties on priority and count: the message created first, then the smaller id")
    func tieOnPriorityAndCount() {
        let older = Self.message(.social, priority: 1, shown: 2, created: Self.seededAt)
        let newer = Self.message(.social, priority: 1, shown: 2, created: Self.seededAt.addingTimeInterval(60))
        #expect(MotivationalMessageSelector.select(from: [newer, older], category: .social) == older)
        var twin = older
        twin.id = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        #expect(MotivationalMessageSelector.select(from: [older, twin], category: .social) == twin)
    }

    @Test("selectMessage: no active message in the category shows nothing (no fallback)")
    func noActiveMessage() {
        let messages = [Self.message(.social, priority: 1, active: false), Self.message(.urge, priority: 1)]
        #expect(MotivationalMessageSelector.select(from: messages, triggers: [.social]) == nil)
        #expect(MotivationalMessageSelector.select(from: [], triggers: nil) == nil)
    }

    @Test("showMessage updates timesShown and lastShownAt and rotates round-robin through the category by priority")
    func showMessageRotates() throws {
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            try cravey.seedDefaultMessagesIfNeeded(now: Self.seededAt)
            var shown: [Int] = []
            for minute in 0..<7 {
                let now = Self.seededAt.addingTimeInterval(Double(minute + 1) * 60)
                let message = try #require(try cravey.showMessage(for: [.hungry, .habit], now: now))
                #expect(message.lastShownAt == now && message.category == .urge)
                #expect(try store.document(MotivationalMessage.self, id: message.id) == message, "saved")
                shown.append(message.priority)
            }
            #expect(shown == [1, 2, 3, 1, 2, 3, 1])
            let urge = try cravey.activeMessages(category: .urge)
            #expect(urge.map(\.timesShown) == [3, 2, 2] && urge.map(\.priority) == [1, 2, 3])
            #expect(urge.allSatisfy { $0.modifiedAt == nil }, "being shown is not an edit")
            #expect(try cravey.showMessage(for: nil, context: .celebration, now: Self.seededAt.addingTimeInterval(3600))?.priority == 1)
            // Hiding both social messages leaves nothing to show for a social trigger.
            for message in try cravey.activeMessages(category: .social) { try cravey.setActive(false, message: message.id) }
            #expect(try cravey.showMessage(for: [.social], now: Self.seededAt.addingTimeInterval(7200)) == nil)
        }
    }

    @Test("the seed's message queries: active messages of a category by priority, custom messages, least-shown active messages")
    func messageQueries() throws {
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            try cravey.seedDefaultMessagesIfNeeded(now: Self.seededAt)
            let custom = Self.message(.urge, priority: 0, shown: 0, created: Self.seededAt.addingTimeInterval(10), custom: true)
            try cravey.save(custom)
            #expect(try cravey.activeMessages(category: .urge).map(\.priority) == [0, 1, 2, 3])
            #expect(try cravey.customMessages() == [custom])
            try cravey.showMessage(for: [.anxious], now: Self.seededAt.addingTimeInterval(60))
            let rotation = try cravey.leastShownActiveMessages()
            #expect(rotation.count == 12 && rotation.last?.category == .anxiety && rotation.last?.timesShown == 1)
            #expect(rotation.first == custom, "never shown, priority 0")
        }
    }
}
