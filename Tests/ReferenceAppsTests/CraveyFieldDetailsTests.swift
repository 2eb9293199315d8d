@testable import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// The seed's initializer defaults, its "Field Details" tables and its relationship rules
/// that the model-rule and schema tests in `CraveyModelTests` do not already name.
@Suite("Cravey field details and relationships")
struct CraveyFieldDetailsTests {
    static let zone = TimeZone(identifier: "America/Chicago")!
    static let created = instant("2025-01-27", 14, 5, in: zone)
    static let moment = instant("2025-01-27", 14, 3, in: zone)

    static func encoded<D: Document>(_ document: D) throws -> [String: JSONValue] {
        try #require(try DocumentEncoder().encode(document).objectValue)
    }

    // MARK: Initializer defaults

    @Test("UsageModel init defaults: triggers empty array if none selected, location nil if not provided, notes nil, modifiedAt nil")
    func usageDefaults() throws {
        let usage = UsageSession(timestamp: Self.moment, method: .vape, amount: 2, createdAt: Self.created)
        #expect(usage.triggers.isEmpty && usage.location == nil && usage.notes == nil && usage.mood == nil && usage.modifiedAt == nil)
        #expect(usage.createdAt == Self.created, "set on init from the moment of logging, not the clock")
        let value = try Self.encoded(usage)
        #expect(value["triggers"] == .array([]), "stored as an empty array, never left out")
        #expect(value["location"] == nil && value["notes"] == nil && value["modifiedAt"] == nil)
        try usage.validate()
    }

    @Test("CravingModel init defaults: triggers [], location, notes and recording nil, modifiedAt nil")
    func cravingDefaults() throws {
        let craving = Craving(timestamp: Self.moment, intensity: 5, createdAt: Self.created)
        #expect(craving.triggers.isEmpty && craving.location == nil && craving.notes == nil && craving.recordingId == nil && craving.modifiedAt == nil)
        let value = try Self.encoded(craving)
        #expect(value["triggers"] == .array([]) && value["location"] == nil && value["notes"] == nil && value["modifiedAt"] == nil)
        #expect(value["recordingId"] == nil || value["recordingId"] == .null, "no link")
        try craving.validate()
    }

    @Test("RecordingModel init defaults: playCount 0, lastPlayedAt nil, modifiedAt nil, no linked cravings yet")
    func recordingDefaults() throws {
        let recording = Recording(timestamp: Self.moment, type: .video, purpose: .motivational, duration: 60, createdAt: Self.created)
        #expect(recording.playCount == 0 && recording.lastPlayedAt == nil && recording.modifiedAt == nil)
        #expect(recording.title == nil && recording.notes == nil)
        let value = try Self.encoded(recording)
        #expect(value["playCount"] == .number(JSONNumber(0)) && value["lastPlayedAt"] == nil && value["linkedCravings"] == nil,
                "linkedCravings is the inverse, a query, not a stored field")
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            try cravey.save(recording, media: [1], thumbnail: [2])
            #expect(try cravey.linkedCravings(of: recording.id).isEmpty)
        }
    }

    @Test("MotivationalMessageModel init defaults: isCustom false, priority 0, timesShown 0, lastShownAt nil, isActive true")
    func messageDefaults() throws {
        let message = MotivationalMessage(content: "Breathe.", category: .anxiety, createdAt: Self.created)
        #expect(!message.isCustom && message.priority == 0 && message.timesShown == 0 && message.lastShownAt == nil && message.isActive)
        #expect(message.modifiedAt == nil)
        try message.validate()
    }

    // MARK: Field Details

    @Test("triggers: HAALT set — a trigger outside the ten options is refused by the model and by the schema")
    func triggersOutsideTheHAALTSet() throws {
        let usage = UsageSession(timestamp: Self.moment, method: .joints, amount: 1, triggers: [.anxious], createdAt: Self.created)
        var value = try Self.encoded(usage)
        value["triggers"] = .array([.string("Anxious"), .string("Stressed")])
        #expect(throws: (any Error).self) { try DocumentDecoder().decode(UsageSession.self, from: .object(value)) }
        let conformance = SchemaConformance(app: "cravey")
        #expect(!(try conformance.problems(.object(value), in: "usage").violations.isEmpty))
        var cravingValue = try Self.encoded(Craving(timestamp: Self.moment, intensity: 3, createdAt: Self.created))
        cravingValue["triggers"] = .array([.string("anxious")])
        #expect(throws: (any Error).self) { try DocumentDecoder().decode(Craving.self, from: .object(cravingValue)) }
        #expect(!(try conformance.problems(.object(cravingValue), in: "cravings").violations.isEmpty), "the options are case-sensitive")
    }

    @Test("method: one of 6 ROAs — any other method is refused by the model and by the schema")
    func methodOutsideTheSixRoutes() throws {
        var value = try Self.encoded(UsageSession(timestamp: Self.moment, method: .dab, amount: 1, createdAt: Self.created))
        value["method"] = .string("Pipe")
        #expect(throws: (any Error).self) { try DocumentDecoder().decode(UsageSession.self, from: .object(value)) }
        #expect(!(try SchemaConformance(app: "cravey").problems(.object(value), in: "usage").violations.isEmpty))
    }

    @Test("timesShown ≥ 0 and playCount ≥ 0: a negative count is refused at its field")
    func countsAreNotNegative() {
        var message = MotivationalMessage(content: "Breathe.", category: .anxiety, createdAt: Self.created)
        message.timesShown = -1
        expectRule("/timesShown") { try message.validate() }
        var recording = Recording(timestamp: Self.moment, type: .audio, purpose: .craving, duration: 30, createdAt: Self.created)
        recording.playCount = -1
        expectRule("/playCount") { try recording.validate() }
    }

    @Test("Validation Checklist: file paths are relative (not absolute) — an absolute filePath is refused")
    func filePathsAreRelative() throws {
        var recording = Recording(timestamp: Self.moment, type: .audio, purpose: .craving, duration: 30, createdAt: Self.created)
        #expect(!recording.filePath.hasPrefix("/") && recording.filePath.hasPrefix("Recordings/"))
        recording.filePath = "/var/mobile/Documents/" + recording.filePath
        expectRule("/filePath") { try recording.validate() }
        try SchemaConformance(app: "cravey").expectRefused(recording)
    }

    @Test("Implied Units (Not Stored): amount has no amountUnit field; the unit comes from the method")
    func impliedUnits() throws {
        let usage = UsageSession(timestamp: Self.moment, method: .edible, amount: 20, createdAt: Self.created)
        var value = try Self.encoded(usage)
        #expect(value["amountUnit"] == nil && value["amount"] == .number(JSONNumber(20)) && usage.displayAmount == "20mg")
        value["amountUnit"] = .string("mg")
        #expect(!(try SchemaConformance(app: "cravey").problems(.object(value), in: "usage").violations.isEmpty))
    }

    // MARK: Relationships

    @Test("Key Difference from UsageModel: a craving has NO method or amount fields (cravings are about urge, not consumption)")
    func cravingHasNoMethodOrAmount() throws {
        var value = try Self.encoded(Craving(timestamp: Self.moment, intensity: 6, createdAt: Self.created))
        #expect(value["method"] == nil && value["amount"] == nil)
        value["method"] = .string("Vape")
        value["amount"] = .number(JSONNumber(3))
        #expect(!(try SchemaConformance(app: "cravey").problems(.object(value), in: "cravings").violations.isEmpty))
    }

    @Test("UsageModel (Independent) and MotivationalMessageModel (Independent): no relationship to a craving or a recording")
    func usageAndMessagesAreIndependent() throws {
        let conformance = SchemaConformance(app: "cravey")
        let recordingId = JSONValue.string(UUID().uuidString)
        var usage = try Self.encoded(UsageSession(timestamp: Self.moment, method: .joints, amount: 1, createdAt: Self.created))
        usage["recordingId"] = recordingId
        #expect(!(try conformance.problems(.object(usage), in: "usage").violations.isEmpty))
        usage["recordingId"] = nil
        usage["cravingId"] = .string(UUID().uuidString)
        #expect(!(try conformance.problems(.object(usage), in: "usage").violations.isEmpty))
        var message = try Self.encoded(MotivationalMessage(content: "Breathe.", category: .anxiety, createdAt: Self.created))
        message["recordingId"] = recordingId
        #expect(!(try conformance.problems(.object(message), in: "motivational-messages").violations.isEmpty))
        // Deleting a recording touches only the cravings that link it.
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            let recording = Recording(timestamp: Self.moment, type: .audio, purpose: .craving, duration: 30, createdAt: Self.created)
            try cravey.save(recording, media: [1])
            let session = UsageSession(timestamp: Self.created, method: .joints, amount: 1, createdAt: Self.created)
            try cravey.log(session)
            try cravey.seedDefaultMessagesIfNeeded(now: Self.created)
            let report = try cravey.deleteRecording(id: recording.id)
            #expect(report.deleted == ["recordings/\(recording.id.uuidString)"] && report.nullified.isEmpty)
            #expect(try store.documents(UsageSession.self) == [session] && store.documents(MotivationalMessage.self).count == 11)
        }
    }

    @Test("CravingModel ↔ RecordingModel: many-to-one, optional — a craving links at most one recording, many cravings one recording")
    func cravingRecordingCardinality() throws {
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            let recording = Recording(timestamp: Self.moment, type: .audio, purpose: .motivational, duration: 30, createdAt: Self.created)
            try cravey.save(recording, media: [1])
            let linked = (1...3).map { Craving(timestamp: Self.created.addingTimeInterval(Double($0) * 60), intensity: $0 + 4,
                                               createdAt: Self.created.addingTimeInterval(Double($0) * 60), recordingId: recording.id) }
            let unlinked = Craving(timestamp: Self.created, intensity: 2, createdAt: Self.created)
            for craving in linked + [unlinked] { try cravey.log(craving) }
            #expect(try cravey.linkedCravings(of: recording.id).map(\.id) == linked.map(\.id))
            var value = try Self.encoded(unlinked)
            value["recordingId"] = .array([.string(recording.id.uuidString)])
            #expect(!(try SchemaConformance(app: "cravey").problems(.object(value), in: "cravings").violations.isEmpty),
                    "one recording per craving, not a list")
        }
    }

    // MARK: Migration Strategy

    @Test("Migration strategy: amounts stay Doubles (the seed asks for additive changes), so 0.5 and 2.5 survive migrating, and mood (new optional field) reads as none")
    func amountsSurviveMigration() throws {
        let folder = temporaryFolder("cravey-amount-migration")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("store")
        let v1 = try Store.create(at: url, schema: repositoryRoot.appendingPathComponent("samples/cravey/store/schema"), timeZone: Self.zone)
        let stamp = "2025-01-20T03:00:00Z"
        let amounts: [(String, String, Double)] = [("Joints", "0.5", 0.5), ("Bowls", "2.5", 2.5), ("Blunts", "4", 4), ("Edible", "15", 15), ("Vape", "7", 7)]
        var ids: [String: Double] = [:]
        for (method, amount, _) in amounts {
            let id = UUID().uuidString
            ids[id] = amounts.first { $0.0 == method }!.2
            _ = try v1.save(json: .object(["id": .string(id), "timestamp": .string(stamp), "method": .string(method),
                                           "amount": .number(JSONNumber(amount)!), "triggers": .array([]), "createdAt": .string(stamp)]),
                            in: "usage")
        }
        v1.finishWriting()
        _ = try Migrator(migrations: try MigrationSet(folder: repositoryRoot.appendingPathComponent("migrations/cravey")), targetSchema: repositoryRoot.appendingPathComponent("schema/cravey")).migrate(storeAt: url)
        let store = try Store(at: url)
        defer { store.finishWriting() }
        #expect(store.schemaVersion == 4)
        let sessions = try store.documents(UsageSession.self)
        #expect(sessions.count == amounts.count)
        for session in sessions {
            #expect(session.amount == ids[session.id.uuidString], "\(session.method)")
            #expect(session.mood == nil)
            try session.validate()
        }
    }
}
