import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro seeding and retention")
struct ElaroSeedingTests {
    typealias F = ElaroFixture

    static func seed(_ name: String) throws -> SeedFile {
        let url = repositoryRoot.appendingPathComponent("samples/elaro/seeds/\(name)")
        return try SeedFile(bytes: Array(try Data(contentsOf: url)), fileName: name)
    }

    static func areas() -> [FocusArea] {
        FocusArea.Name.allCases.map { FocusArea(name: $0, active: false, startedAt: instant("2025-01-06", 20, in: F.berlin), buildingBlocks: []) }
    }

    @Test("Seeding & Versioning: the idempotent import adds new templates and never duplicates; source and the parent's achievedAt are kept")
    func idempotentImport() throws {
        try SchemaConformance(app: "elaro", timeZone: F.berlin).withStore { store in
            try store.save(contentsOf: Self.areas())
            let first = try store.importSeeds([try Self.seed("actions_seed.json"), try Self.seed("milestones_seed.json")])
            #expect(first.inserted == 17 + 12)
            let templates = try store.documents(ActionTemplate.self)
            #expect(templates.count == 17 && templates.allSatisfy { $0.source == "Elaro" && $0.contentVersion == 1 })
            #expect(templates.sorted { $0.id < $1.id } == F.templates.sorted { $0.id < $1.id })
            var milestone = try #require(try store.document(Milestone.self, id: "M-EMO-001"))
            milestone.achievedAt = instant("2025-01-17", 19, 32, in: F.berlin)
            try store.save(milestone)

            let again = try store.importSeeds([try Self.seed("actions_seed.json"), try Self.seed("milestones_seed.json")])
            #expect(again.inserted == 0 && again.updated == 0)
            #expect(try store.documents(ActionTemplate.self).count == 17)
            #expect(try store.document(Milestone.self, id: "M-EMO-001")?.achievedAt == milestone.achievedAt)

            let newer = try store.importSeeds([try Self.seed("actions_seed.v2.json")])
            #expect(newer.files.first?.inserted == ["A-EXE-005"] && newer.updated == 6)
            #expect(try store.documents(ActionTemplate.self).count == 18)
            #expect(try store.document(ActionTemplate.self, id: "A-EMO-002")?.durations == [.five, .ten, .twenty])
        }
    }

    @Test("Retention: notes are purged after 12 months while the instances, and the signals and summaries made from them, stay")
    func notesPurgedSignalsKept() throws {
        try SchemaConformance(app: "elaro", timeZone: F.berlin).withStore { store in
            try store.save(contentsOf: Self.areas())
            try store.save(contentsOf: F.templates)
            let old = [F.instance("2024-01-08", "A-EMO-001", .done, .ok, note: "walked to school together"),
                       F.instance("2024-01-09", "A-EMO-003", .skipped, .hard, note: "too rushed"),
                       F.instance("2024-01-10", "A-EMO-001", .done, .light)]
            try store.save(contentsOf: old)
            let day = CalendarDate("2024-01-10")!
            let week = ElaroWeek(containing: day)
            let service = ElaroService(store: store)
            let before = (F.signals(try store.documents(ActionInstance.self)).successRateByTag(on: day), try service.review(of: week))
            try store.applyRetention(asOf: CalendarDate("2025-02-02")!)
            let after = try store.documents(ActionInstance.self)
            #expect(after.count == 3 && after.allSatisfy { $0.note == nil })
            #expect(F.signals(after).successRateByTag(on: day) == before.0)
            #expect(try service.review(of: week) == before.1)
        }
    }

    @Test("Retention default 12 months: on 2025-02-02 a note of 2024-02-01 is purged, notes of 2024-02-02 and later stay")
    func retentionBoundary() throws {
        try SchemaConformance(app: "elaro", timeZone: F.berlin).withStore { store in
            try store.save(contentsOf: Self.areas())
            try store.save(contentsOf: F.templates)
            let older = F.instance("2024-02-01", "A-EMO-001", .done, .ok, note: "a year and a day ago")
            let boundary = F.instance("2024-02-02", "A-EMO-001", .done, .ok, note: "exactly twelve months ago")
            let recent = F.instance("2025-01-30", "A-EMO-003", .done, .hard, note: "too rushed")
            try store.save(contentsOf: [older, boundary, recent])
            try store.applyRetention(asOf: CalendarDate("2025-02-02")!)
            #expect(try store.document(ActionInstance.self, id: older.id)?.note == nil)
            #expect(try store.document(ActionInstance.self, id: older.id)?.status == .done, "the instance itself stays")
            #expect(try store.document(ActionInstance.self, id: boundary.id)?.note == "exactly twelve months ago")
            #expect(try store.document(ActionInstance.self, id: recent.id)?.note == "too rushed")
        }
    }

    @Test("Indices: ActionInstance(date) range queries by local day, ActionInstance(templateId) guards its template, WeeklySummary(weekStart) is one per week")
    func indices() throws {
        try SchemaConformance(app: "elaro", timeZone: F.newYork).withStore { store in
            let service = ElaroService(store: store)
            try store.save(contentsOf: Self.areas())
            try store.save(contentsOf: F.templates)
            let days = ["2025-01-26", "2025-01-27", "2025-01-31", "2025-02-01", "2025-02-03"]
            for (index, day) in days.enumerated() { try service.save(F.instance(day, index.isMultiple(of: 2) ? "A-EMO-001" : "A-IND-002", minutes: .ten)) }
            #expect(try store.documents(ActionInstance.self, from: CalendarDate("2025-01-27")!, to: CalendarDate("2025-02-01")!).map(\.date.description)
                    == ["2025-01-27", "2025-01-31", "2025-02-01"])
            #expect(try store.documents(ActionInstance.self, where: { $0.templateId == "A-EMO-001" }).map(\.date.description).sorted()
                    == ["2025-01-26", "2025-01-31", "2025-02-03"])
            // The template an instance names cannot be deleted from under it (a restrict reference).
            #expect(throws: AlmanacError.self) { _ = try store.delete(.document(ActionTemplate.collection, id: "A-EMO-001")) }
            #expect(try store.document(ActionTemplate.self, id: "A-EMO-001") != nil)
            // One summary per weekStart.
            let week = ElaroWeek(containing: CalendarDate("2025-01-29")!)
            let summary = try service.review(of: week).suggestedSummary()
            try service.save(summary)
            #expect(throws: AlmanacError.self) { try service.save(WeeklySummary(weekStart: week.start, winText: "again", hardText: "", suggestedTweak: .keep)) }
            #expect(try store.documents(WeeklySummary.self) == [summary])
            #expect(try service.summary(of: week) == summary)
        }
    }

    @Test("Export/Delete: a full export (JSON) holds every document, notes included, and restores; one-tap delete empties the store, which stays usable")
    func exportAndDelete() throws {
        let folder = temporaryFolder("elaro-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SchemaConformance(app: "elaro", timeZone: F.berlin).withStore { store in
            let service = ElaroService(store: store)
            try store.save(contentsOf: Self.areas())
            try store.save(contentsOf: F.templates)
            let instances = [F.instance("2025-01-27", "A-EMO-001", .done, .ok, note: "walked to school together"),
                             F.instance("2025-01-28", "A-IND-002", .skipped, .hard, minutes: .ten)]
            try store.save(contentsOf: instances)
            let summary = WeeklySummary(weekStart: CalendarDate("2025-01-27")!, winText: "Calm mornings.", hardText: "Rushed evenings.", suggestedTweak: .keep)
            try service.save(summary)
            try service.queue(.todayComplete(templateId: "A-EMO-001"), at: instant("2025-01-27", 19, in: F.berlin))
            let total = Self.areas().count + F.templates.count + instances.count + 2

            let file = folder.appendingPathComponent("elaro-export.json")
            let written = try service.exportEverything(to: file)
            #expect(written.documents == total)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let items = try #require(json["items"] as? [[String: Any]])
            #expect(json["header"] is [String: Any] && items.count == total)
            #expect(Set(items.compactMap { $0["collection"] as? String })
                    == ["focus-areas", "action-templates", "action-instances", "weekly-summaries", "analytics-events"])
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("walked to school together"), "the parent's own export keeps notes")

            let restored = folder.appendingPathComponent("restored")
            #expect(try Store.importExport(from: file, into: restored).documents == total)
            let copy = try Store(at: restored)
            #expect(try copy.documents(ActionInstance.self).sorted { $0.date < $1.date } == instances)
            #expect(try copy.documents(WeeklySummary.self) == [summary])

            try service.deleteEverything()
            #expect(try store.documents(FocusArea.self).isEmpty && store.documents(ActionTemplate.self).isEmpty)
            #expect(try store.documents(ActionInstance.self).isEmpty && store.documents(WeeklySummary.self).isEmpty)
            #expect(try store.documents(ElaroAnalyticsEvent.self).isEmpty && store.documents(Milestone.self).isEmpty)
            // Still usable: the next launch's seed import brings the content back.
            try store.save(contentsOf: Self.areas())
            #expect(try store.importSeeds([try Self.seed("actions_seed.json")]).inserted == 17)
        }
    }

    @Test("ActionInstance date is the local day bucket: in New York and Tokyo, and across the daylight-saving change in Berlin")
    func localDayBucket() throws {
        func bucket(_ instant: Date, _ zone: TimeZone) -> String {
            ActionInstance(at: instant, in: zone, templateId: "A-EMO-001", variantDuration: .five, status: .done, feltDifficulty: .ok).date.description
        }
        let lateInNewYork = instant("2025-01-26", 23, 30, in: F.newYork)  // 04:30Z on the 27th
        #expect(bucket(lateInNewYork, F.newYork) == "2025-01-26")
        #expect(bucket(lateInNewYork, F.tokyo) == "2025-01-27")
        let earlyInTokyo = instant("2025-01-27", 0, 30, in: F.tokyo)  // 15:30Z on the 26th
        #expect(bucket(earlyInTokyo, F.tokyo) == "2025-01-27" && bucket(earlyInTokyo, F.newYork) == "2025-01-26")
        // Berlin's 23-hour 2025-03-30: 23:30 that night is still the 30th, 00:30 after it the 31st.
        #expect(bucket(instant("2025-03-30", 23, 30, in: F.berlin), F.berlin) == "2025-03-30")
        #expect(bucket(instant("2025-03-31", 0, 30, in: F.berlin), F.berlin) == "2025-03-31")
        #expect(bucket(instant("2025-03-30", 0, 30, in: F.berlin), F.berlin) == "2025-03-30")
        // New York's 25-hour 2025-11-02: 23:30 is still the 2nd.
        #expect(bucket(instant("2025-11-02", 23, 30, in: F.newYork), F.newYork) == "2025-11-02")
        // And the store finds it under that day.
        try SchemaConformance(app: "elaro", timeZone: F.newYork).withStore { store in
            try store.save(F.areas[0])
            try store.save(F.template("A-EMO-001"))
            let late = ActionInstance(at: lateInNewYork, in: store.timeZone, templateId: "A-EMO-001", variantDuration: .five, status: .done, feltDifficulty: .ok)
            try ElaroService(store: store).save(late)
            #expect(try store.documents(ActionInstance.self, from: CalendarDate("2025-01-26")!, to: CalendarDate("2025-01-26")!) == [late])
            #expect(try store.documents(ActionInstance.self, from: CalendarDate("2025-01-27")!, to: CalendarDate("2025-01-27")!).isEmpty)
        }
    }
}
