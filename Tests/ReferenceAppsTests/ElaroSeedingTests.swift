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
}
