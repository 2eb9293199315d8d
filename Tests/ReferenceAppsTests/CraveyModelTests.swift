@testable import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// A Chicago moment (the sample store's zone) for model tests that need no other zone.
private func chicago(_ day: String, _ hour: Int, _ minute: Int = 0) -> Date {
    instant(day, hour, minute, in: TimeZone(identifier: "America/Chicago")!)
}

@Suite("Cravey models")
struct CraveyModelTests {
    static let created = chicago("2025-01-27", 14, 5)

    static func usage(_ method: RouteOfAdministration = .joints, amount: Double = 1) -> UsageSession {
        UsageSession(timestamp: chicago("2025-01-27", 14, 3), method: method, amount: amount, createdAt: created)
    }

    static func craving(intensity: Int = 5) -> Craving {
        Craving(timestamp: chicago("2025-01-27", 14, 3), intensity: intensity, createdAt: created)
    }

    // MARK: Schema conformance (acceptance 4)

    @Test("every Cravey model, fully populated, validates against its schema file and round-trips through a store")
    func everyModelConformsToItsSchema() throws {
        let conformance = SchemaConformance(app: "cravey", timeZone: TimeZone(identifier: "America/Chicago")!)
        // Every collection of the catalog has its model here.
        let catalog = try JSONParser.parse(try Data(contentsOf: repositoryRoot.appendingPathComponent("schema/cravey/catalog.json"))).value
        let collections = catalog["collections"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(Set(collections) == [UsageSession.collection, Craving.collection, Recording.collection, MotivationalMessage.collection]
                && collections.count == 4, "catalog collections: \(collections)")
        let recording = Recording(timestamp: chicago("2025-01-07", 21, 14), type: .video, purpose: .motivational, duration: 74.5,
                                  title: "Why I'm taking a break", notes: "Watch this when it gets loud.", playCount: 3,
                                  lastPlayedAt: chicago("2025-02-01", 18, 15), createdAt: chicago("2025-01-07", 21, 15),
                                  modifiedAt: chicago("2025-01-08", 9, 0))
        try conformance.expectConforms(recording)
        try conformance.expectConforms(UsageSession(
            timestamp: chicago("2025-01-27", 20, 3), method: .edible, amount: 15, triggers: [.anxious, .habit],
            location: .gps(GPSCoordinate(latitude: 41.8781, longitude: -87.6298)!), notes: "Half a gummy too many.", mood: "restless",
            createdAt: chicago("2025-01-27", 20, 4), modifiedAt: chicago("2025-01-27", 22, 0)))
        try conformance.expectConforms(Craving(
            timestamp: chicago("2025-01-27", 20, 3), intensity: 8, triggers: [.lonely, .paraphernalia], location: .preset(.car),
            notes: "Parked outside the dispensary.", createdAt: chicago("2025-01-27", 20, 4), modifiedAt: chicago("2025-01-28", 8, 0),
            recordingId: recording.id), everyField: true, savingFirst: { try $0.save(recording) })
        try conformance.expectConforms(MotivationalMessage(
            content: "This craving will pass. They always do.", category: .urge, isCustom: false, priority: 2, timesShown: 4,
            lastShownAt: chicago("2025-02-01", 21, 0), isActive: true, createdAt: chicago("2025-01-06", 3, 0),
            modifiedAt: chicago("2025-01-19", 11, 3), contentVersion: 1))
        // An audio recording (no thumbnail) and a custom message (no contentVersion) are valid too.
        try conformance.expectConforms(Recording(timestamp: chicago("2025-01-15", 22, 48), type: .audio, purpose: .craving, duration: 48.2,
                                                 createdAt: chicago("2025-01-15", 22, 49)), everyField: false)
        try conformance.expectConforms(MotivationalMessage(content: "Walk first, decide later.", category: .urge, isCustom: true,
                                                           createdAt: chicago("2025-01-20", 8, 45)), everyField: false)
    }

    @Test("the seed's unit test: UsageModel stores and retrieves correctly (Vape 5, Anxious and Bored, Home, a note)")
    func usageModelStoresAndRetrieves() throws {
        try SchemaConformance(app: "cravey").withStore { store throws in
            let usage = UsageSession(timestamp: Self.created, method: .vape, amount: 5, triggers: [.anxious, .bored],
                                     location: .preset(.home), notes: "Test note", createdAt: Self.created)
            try CraveyService(store: store).log(usage)
            let results = try store.documents(UsageSession.self)
            #expect(results.count == 1)
            #expect(results[0].method == .vape)
            #expect(results[0].amount == 5)
            #expect(results[0].triggers.contains(.anxious))
            #expect(results[0] == usage)
        }
    }

    // MARK: Usage: amount ranges per method

    @Test("Amount Ranges (by Method), as seed 004 has them: bowls, joints and blunts 0.5–5 in half steps, vape 1–10 pulls, dab 1–5 dabs, edible 5–100 mg in steps of 5")
    func amountRangesByMethod() {
        #expect(RouteOfAdministration.allCases.map(\.rawValue) == ["Bowls", "Joints", "Blunts", "Vape", "Dab", "Edible"])
        for method in [RouteOfAdministration.bowls, .joints, .blunts] {
            #expect(method.amountRange.options == [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5], "\(method): 10 options, as the seed's stride")
        }
        #expect(RouteOfAdministration.vape.amountRange.options == (1...10).map(Double.init), "10 options")
        #expect(RouteOfAdministration.dab.amountRange.options == (1...5).map(Double.init), "5 options")
        let edible = RouteOfAdministration.edible.amountRange.options
        #expect(edible.count == 20 && edible.first == 5 && edible.last == 100 && edible.allSatisfy { $0.truncatingRemainder(dividingBy: 5) == 0 }, "20 options")
    }

    @Test("displayAmount per method: \"2 bowls\", \"3 joints\", \"2 blunts\", \"6 pulls\", \"2 dabs\", \"20mg\"; 1 is singular")
    func displayAmounts() {
        #expect(RouteOfAdministration.bowls.displayAmount(2) == "2 bowls")
        #expect(RouteOfAdministration.joints.displayAmount(3) == "3 joints")
        #expect(RouteOfAdministration.blunts.displayAmount(2) == "2 blunts")
        #expect(RouteOfAdministration.vape.displayAmount(6) == "6 pulls")
        #expect(RouteOfAdministration.dab.displayAmount(2) == "2 dabs")
        #expect(RouteOfAdministration.edible.displayAmount(20) == "20mg")
        #expect(RouteOfAdministration.joints.displayAmount(1) == "1 joint", "the documented singular")
        #expect(RouteOfAdministration.vape.displayAmount(1) == "1 pull")
        #expect(Self.usage(.edible, amount: 45).displayAmount == "45mg")
        #expect(RouteOfAdministration.joints.displayAmount(0.5) == "0.5 joints" && RouteOfAdministration.bowls.displayAmount(2.5) == "2.5 bowls", "half steps kept")
    }

    @Test("amount range rule: every offered amount passes; below, above and off-step amounts are refused at /amount", arguments: RouteOfAdministration.allCases)
    func amountRangeRule(method: RouteOfAdministration) throws {
        let range = method.amountRange
        for amount in range.options { try Self.usage(method, amount: amount).validate() }
        expectRule("/amount") { try Self.usage(method, amount: range.minimum - 1).validate() }
        expectRule("/amount") { try Self.usage(method, amount: range.maximum + 1).validate() }
        expectRule("/amount") { try Self.usage(method, amount: 0).validate() }
        expectRule("/amount") { try Self.usage(method, amount: range.minimum + range.increment / 2).validate() }
    }

    @Test("the amount rule's message names the method, the value and the allowed range")
    func amountRuleMessage() {
        do {
            try Self.usage(.edible, amount: 12).validate()
            Issue.record("12 mg was accepted")
        } catch let error as AlmanacError {
            #expect(error.message.contains("12") && error.message.contains("Edible") && error.message.contains("5–100mg in steps of 5"), "\(error.message)")
            #expect(error.id != nil)
        } catch { Issue.record("\(error)") }
    }

    // MARK: Shared rules

    @Test("timestamp-not-in-future: a usage or craving timestamp later than its save is refused at /timestamp; any past date is allowed")
    func timestampNotInFuture() throws {
        var usage = Self.usage()
        usage.timestamp = Self.created.addingTimeInterval(60)
        expectRule("/timestamp") { try usage.validate() }
        usage.timestamp = chicago("2023-06-01", 12)
        try usage.validate()
        var craving = Self.craving()
        craving.timestamp = Self.created.addingTimeInterval(1)
        expectRule("/timestamp") { try craving.validate() }
        // An edit saved later may move the timestamp up to the edit.
        craving.modifiedAt = Self.created.addingTimeInterval(3600)
        try craving.validate()
    }

    @Test("modified-after-created: modifiedAt before createdAt is refused at /modifiedAt in every collection")
    func modifiedAfterCreated() {
        let early = Self.created.addingTimeInterval(-1)
        var usage = Self.usage(); usage.modifiedAt = early
        expectRule("/modifiedAt") { try usage.validate() }
        var craving = Self.craving(); craving.timestamp = early.addingTimeInterval(-60); craving.modifiedAt = early
        expectRule("/modifiedAt") { try craving.validate() }
        var recording = Recording(timestamp: early, type: .audio, purpose: .reflection, duration: 10, createdAt: Self.created)
        recording.modifiedAt = early
        expectRule("/modifiedAt") { try recording.validate() }
        let message = MotivationalMessage(content: "Hi", category: .urge, isCustom: true, createdAt: Self.created, modifiedAt: early)
        expectRule("/modifiedAt") { try message.validate() }
    }

    @Test("timestamp: warning if more than 7 days old (a warning, not a refusal)")
    func backdatingWarning() throws {
        let usage = Self.usage()
        #expect(usage.backdatingWarning(now: usage.timestamp.addingTimeInterval(7 * 86_400)) == nil, "exactly 7 days: no warning")
        let warning = try #require(usage.backdatingWarning(now: usage.timestamp.addingTimeInterval(7 * 86_400 + 60)))
        #expect(warning.contains("7 days"))
        #expect(Self.craving().backdatingWarning(now: chicago("2025-02-10", 9)) != nil)
        try usage.validate()
    }

    @Test("Field Details the schema enforces: notes ≤ 500 characters, triggers from the HAALT set without repeats, mood 1–50 characters")
    func fieldDetailsInTheSchema() throws {
        let conformance = SchemaConformance(app: "cravey")
        var usage = Self.usage()
        usage.notes = String(repeating: "a", count: 500)
        usage.mood = String(repeating: "m", count: 50)
        #expect(try conformance.problems(try DocumentEncoder().encode(usage), in: "usage").violations.isEmpty)
        usage.notes = String(repeating: "a", count: 501)
        try conformance.expectRefused(usage)
        usage.notes = nil
        usage.mood = String(repeating: "m", count: 51)
        try conformance.expectRefused(usage)
        usage.mood = ""
        try conformance.expectRefused(usage)
        usage.mood = nil
        usage.triggers = [.habit, .habit]
        try conformance.expectRefused(usage)
        var craving = Self.craving()
        craving.notes = String(repeating: "n", count: 501)
        try conformance.expectRefused(craving)
    }

    @Test("mood (added in schema 2) is optional: a session without one round-trips, and a stored null reads as none")
    func moodIsOptional() throws {
        let usage = Self.usage(.vape, amount: 3)
        var value = try DocumentEncoder().encode(usage).objectValue!
        #expect(value["mood"] == nil, "left out when not given")
        value["mood"] = .null
        #expect(try DocumentDecoder().decode(UsageSession.self, from: .object(value)) == usage, "sessions migrated from v1 have mood null")
    }

    @Test("createdAt is the moment of logging and modifiedAt stays nil until an edit sets it to the edit's moment")
    func editSetsModifiedAt() throws {
        try SchemaConformance(app: "cravey").withStore { store throws in
            let cravey = CraveyService(store: store)
            let usage = Self.usage(.dab, amount: 2)
            try cravey.log(usage)
            #expect(try store.document(UsageSession.self, id: usage.id)?.modifiedAt == nil)
            var changed = usage
            changed.amount = 3
            changed.timestamp = Self.created.addingTimeInterval(600)
            let edited = try cravey.edit(changed, now: Self.created.addingTimeInterval(900))
            #expect(edited.modifiedAt == Self.created.addingTimeInterval(900) && edited.createdAt == usage.createdAt)
            #expect(try store.document(UsageSession.self, id: usage.id) == edited)
            // An edit cannot move the moment past the edit itself.
            changed.timestamp = Self.created.addingTimeInterval(1000)
            expectRule("/timestamp") { try cravey.edit(changed, now: Self.created.addingTimeInterval(900)) }
            let craving = Self.craving(intensity: 4)
            try cravey.log(craving)
            #expect(try cravey.edit(craving, now: Self.created.addingTimeInterval(60)).modifiedAt == Self.created.addingTimeInterval(60))
            #expect(try cravey.deleteUsage(id: usage.id) && !cravey.deleteUsage(id: usage.id))
        }
    }

    // MARK: Cravings: intensity

    @Test("Intensity Scale: 1–3 mild, 4–6 moderate, 7–9 strong, 10 overwhelming, with the seed's descriptions and colours")
    func intensityScale() {
        let expected: [(ClosedRange<Int>, CravingIntensity, String, String)] = [
            (1...3, .mild, "Mild (manageable)", "green"), (4...6, .moderate, "Moderate (uncomfortable)", "yellow"),
            (7...9, .strong, "Strong (urgent)", "orange"), (10...10, .overwhelming, "Overwhelming (crisis)", "red"),
        ]
        for (range, category, description, color) in expected {
            for intensity in range {
                #expect(CravingIntensity.category(for: intensity) == category)
                #expect(CravingIntensity.description(for: intensity) == description)
                #expect(CravingIntensity.color(for: intensity) == color)
            }
            #expect(category.range == range)
        }
        #expect(CravingIntensity.category(for: 0) == .mild && CravingIntensity.category(for: 11) == .mild, "the seed's default: mild")
        #expect(Self.craving(intensity: 7).isHighIntensity && !Self.craving(intensity: 6).isHighIntensity)
        #expect(Self.craving(intensity: 10).category == .overwhelming)
    }

    @Test("intensity 1–10 rule: 0 and 11 are refused at /intensity")
    func intensityRule() throws {
        try Self.craving(intensity: 1).validate()
        try Self.craving(intensity: 10).validate()
        expectRule("/intensity") { try Self.craving(intensity: 0).validate() }
        expectRule("/intensity") { try Self.craving(intensity: 11).validate() }
    }

    // MARK: Triggers and locations

    @Test("Trigger Options (HAALT): six primary, four secondary, all = primary + secondary, same for usage and cravings")
    func triggerOptions() {
        #expect(HAALTTrigger.primary.map(\.rawValue) == ["Hungry", "Angry", "Anxious", "Lonely", "Tired", "Sad"])
        #expect(HAALTTrigger.secondary.map(\.rawValue) == ["Bored", "Social", "Habit", "Paraphernalia"])
        #expect(HAALTTrigger.all == HAALTTrigger.primary + HAALTTrigger.secondary && HAALTTrigger.all.count == HAALTTrigger.allCases.count)
        #expect(HAALTTrigger.anxious.isPrimary && !HAALTTrigger.habit.isPrimary)
    }

    @Test("Location Options: presets Home, Work, Social, Outside, Car; GPS as \"lat,long\"; isGPS by the comma; display Unknown / Current Location / the preset")
    func locationOptions() throws {
        #expect(LocationPreset.allCases.map(\.rawValue) == ["Home", "Work", "Social", "Outside", "Car"])
        let gps = try #require(GPSCoordinate(latitude: 41.8781, longitude: -87.6298))
        #expect(gps.description == "41.8781,-87.6298", "formatGPS")
        #expect(LoggedLocation.isGPS("41.8781,-87.6298") && !LoggedLocation.isGPS("Home"))
        #expect(LoggedLocation.display(nil) == "Unknown")
        #expect(LoggedLocation.display(.gps(gps)) == "Current Location")
        #expect(LoggedLocation.display(.preset(.work)) == "Work")
        #expect(LoggedLocation("Car") == .preset(.car))
        #expect(LoggedLocation("41.8700,-87.6000") == .gps(GPSCoordinate(latitude: 41.87, longitude: -87.6)!))
        #expect(LoggedLocation("Gym") == nil && LoggedLocation("91,0") == nil && LoggedLocation("1e5,2") == nil)
        #expect(GPSCoordinate(latitude: 0.00001, longitude: -0.5)?.description == "0.00001,-0.5", "never exponent notation")
        var craving = Self.craving(); craving.location = .gps(gps)
        #expect(craving.displayLocation == "Current Location" && Self.usage().displayLocation == "Unknown")
    }

    @Test("a location is a preset or GPS, never both: the schema takes either and refuses anything else")
    func locationPresetOrGPS() throws {
        let conformance = SchemaConformance(app: "cravey")
        var craving = Self.craving()
        for location in [LoggedLocation.preset(.outside), .gps(GPSCoordinate(latitude: -33.9, longitude: 151.2)!)] {
            craving.location = location
            #expect(try conformance.problems(try DocumentEncoder().encode(craving), in: "cravings").violations.isEmpty)
        }
        let decoded = try DocumentDecoder().decode(Craving.self, from: try DocumentEncoder().encode(craving))
        #expect(decoded == craving)
        var value = try DocumentEncoder().encode(craving).objectValue!
        value["location"] = .string("Home 41.8,-87.6")
        #expect(throws: (any Error).self) { try DocumentDecoder().decode(Craving.self, from: .object(value)) }
    }

    // MARK: Recordings

    @Test("File Management Helper: Recordings/video_<UUID>.mov, Recordings/audio_<UUID>.m4a, Recordings/Thumbnails/video_<UUID>_thumb.jpg")
    func recordingFilePaths() {
        let id = UUID(uuidString: "B93D0206-6694-4521-A2D6-7FB246F2A999")!
        #expect(Recording.generateFilePath(id: id, type: .video) == "Recordings/video_B93D0206-6694-4521-A2D6-7FB246F2A999.mov")
        #expect(Recording.generateFilePath(id: id, type: .audio) == "Recordings/audio_B93D0206-6694-4521-A2D6-7FB246F2A999.m4a")
        #expect(Recording.generateThumbnailPath(id: id) == "Recordings/Thumbnails/video_B93D0206-6694-4521-A2D6-7FB246F2A999_thumb.jpg")
        let video = Recording(id: id, timestamp: Self.created, type: .video, purpose: .milestone, duration: 30, createdAt: Self.created)
        #expect(video.attachmentNames == ["video_B93D0206-6694-4521-A2D6-7FB246F2A999.mov", "video_B93D0206-6694-4521-A2D6-7FB246F2A999_thumb.jpg"])
        let audio = Recording(id: id, timestamp: Self.created, type: .audio, purpose: .craving, duration: 30, createdAt: Self.created)
        #expect(audio.thumbnailPath == nil && audio.attachmentNames == ["audio_B93D0206-6694-4521-A2D6-7FB246F2A999.m4a"], "thumbnail: video only")
        #expect(Recording.Kind.allCases.map(\.rawValue) == ["video", "audio"])
        #expect(Recording.Purpose.allCases.map(\.rawValue) == ["motivational", "milestone", "reflection", "craving"])
    }

    @Test("files-named-after-id: a path with another id or type, or a thumbnail on audio, is refused at its field")
    func filesNamedAfterID() throws {
        let recording = Recording(timestamp: Self.created, type: .video, purpose: .motivational, duration: 60, createdAt: Self.created)
        try recording.validate()
        var wrong = recording
        wrong.filePath = Recording.generateFilePath(id: UUID(), type: .video)
        expectRule("/filePath") { try wrong.validate() }
        wrong = recording
        wrong.filePath = Recording.generateFilePath(id: recording.id, type: .audio)
        expectRule("/filePath") { try wrong.validate() }
        wrong = recording
        wrong.thumbnailPath = Recording.generateThumbnailPath(id: UUID())
        expectRule("/thumbnailPath") { try wrong.validate() }
        var audio = Recording(id: recording.id, timestamp: Self.created, type: .audio, purpose: .craving, duration: 20, createdAt: Self.created)
        audio.thumbnailPath = Recording.generateThumbnailPath(id: recording.id)
        expectRule("/thumbnailPath") { try audio.validate() }
    }

    @Test("duration ≤ 120 seconds (max 2 minutes) and more than 0; playCount ≥ 0 and ≥ 1 once played")
    func recordingDurationAndPlays() throws {
        var recording = Recording(timestamp: Self.created, type: .audio, purpose: .reflection, duration: 120, createdAt: Self.created)
        try recording.validate()
        recording.duration = 120.5
        expectRule("/duration") { try recording.validate() }
        recording.duration = 0
        expectRule("/duration") { try recording.validate() }
        recording.duration = 30
        recording.lastPlayedAt = Self.created
        expectRule("/playCount") { try recording.validate() }
        recording.lastPlayedAt = nil
        recording.recordPlayback(at: chicago("2025-01-28", 9))
        recording.recordPlayback(at: chicago("2025-01-27", 23))
        #expect(recording.playCount == 2 && recording.lastPlayedAt == chicago("2025-01-28", 9), "playback: incremented, last kept")
        try recording.validate()
    }

    // MARK: Messages

    @Test("Category Options: urge, anxiety, boredom, social, celebration; message rules: content, priority ≥ 0, contentVersion only on defaults")
    func messageCategoriesAndRules() throws {
        #expect(MotivationalMessage.Category.allCases.map(\.rawValue) == ["urge", "anxiety", "boredom", "social", "celebration"])
        var message = MotivationalMessage(content: "Breathe.", category: .anxiety, isCustom: true, createdAt: Self.created)
        try message.validate()
        message.content = "  "
        expectRule("/content") { try message.validate() }
        message.content = "Breathe."
        message.priority = -1
        expectRule("/priority") { try message.validate() }
        message.priority = 0
        message.contentVersion = 1
        expectRule("/contentVersion") { try message.validate() }
        message.contentVersion = nil
        message.lastShownAt = Self.created
        expectRule("/timesShown") { try message.validate() }
        message.recordShown(at: Self.created)
        #expect(message.timesShown == 1)
        try message.validate()
    }
}
