import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// Shared test data for the Elaro suites: the seed's templates, two configured focus areas
/// and shorthand for instances and events.
enum ElaroFixture {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// The 17 templates of samples/elaro/seeds/actions_seed.json.
    static let templates: [ActionTemplate] = {
        struct SeedFile: Decodable { var documents: [ActionTemplate] }
        let url = repositoryRoot.appendingPathComponent("samples/elaro/seeds/actions_seed.json")
        return try! JSONDecoder().decode(SeedFile.self, from: Data(contentsOf: url)).documents
    }()

    static func template(_ id: String) -> ActionTemplate { templates.first { $0.id == id }! }

    /// Emotion skills and independence, active and configured as in the sample.
    static let areas: [FocusArea] = [
        FocusArea(name: .emotionSkills, active: true, startedAt: instant("2025-01-06", 20, in: berlin), buildingBlocks: [
            BuildingBlock(type: .microSkill, title: "Name the feeling", tags: ["labeling"]),
            BuildingBlock(type: .ritual, title: "Evening feelings check-in", tags: ["co_regulation", "routine"]),
            BuildingBlock(type: .support, title: "Calm-down corner", tags: ["calming", "co_regulation"]),
        ]),
        FocusArea(name: .independence, active: true, startedAt: instant("2025-01-13", 21, in: berlin), buildingBlocks: [
            BuildingBlock(type: .microSkill, title: "Offer two choices", tags: ["choice_making"]),
            BuildingBlock(type: .ritual, title: "Picture-card mornings", tags: ["sequencing", "routine"]),
            BuildingBlock(type: .support, title: "Kid-height hooks and shelves", tags: ["self_care"]),
        ]),
        FocusArea(name: .connection, active: false, startedAt: instant("2024-11-04", 20, in: berlin), buildingBlocks: []),
    ]

    /// An instance on `day` of `template`.
    static func instance(_ day: String, _ template: String, _ status: ActionInstance.Status = .done, _ felt: ActionInstance.FeltDifficulty = .ok,
                         minutes: VariantDuration = .five, note: String? = nil) -> ActionInstance {
        ActionInstance(date: CalendarDate(day)!, templateId: template, variantDuration: minutes, status: status, feltDifficulty: felt, note: note)
    }

    /// An outcome event for `template` at `hour` local time on `day`.
    static func outcome(_ day: String, _ hour: Int, _ template: String, _ status: ActionInstance.Status, in zone: TimeZone = berlin) -> ElaroAnalyticsEvent {
        ElaroAnalyticsEvent(payload: .outcome(status, templateId: template), timestamp: instant(day, hour, 10, in: zone))
    }

    static func signals(_ instances: [ActionInstance], events: [ElaroAnalyticsEvent] = [], zone: TimeZone = berlin) -> ElaroSignalCalculator {
        ElaroSignalCalculator(timeZone: zone, templates: templates, instances: instances, events: events)
    }

    static func rules(_ instances: [ActionInstance], events: [ElaroAnalyticsEvent] = []) -> ElaroAdaptationRules {
        ElaroAdaptationRules(signals: signals(instances, events: events))
    }

    static func recommender(_ instances: [ActionInstance], events: [ElaroAnalyticsEvent] = [], areas: [FocusArea] = areas,
                            templates: [ActionTemplate] = templates, zone: TimeZone = berlin) -> ElaroRecommender {
        ElaroRecommender(timeZone: zone, areas: areas, templates: templates, instances: instances, events: events)
    }

    /// A migrated copy of samples/elaro/store in a temporary folder; remove `folder` afterwards.
    static func sampleStore() throws -> (store: Store, folder: URL) {
        let folder = temporaryFolder("elaro-sample")
        let copy = folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("samples/elaro/store"), to: copy)
        try Migrator(migrations: try MigrationSet(folder: repositoryRoot.appendingPathComponent("migrations/elaro")), targetSchema: repositoryRoot.appendingPathComponent("schema/elaro")).migrate(storeAt: copy)
        return (try Store(at: copy), folder)
    }
}

@Suite("Elaro fixture")
struct ElaroFixtureTests {
    @Test("the seed's 17 action templates read as ActionTemplate, each with the Elaro source and valid rules")
    func seedTemplatesRead() throws {
        #expect(ElaroFixture.templates.count == 17)
        for template in ElaroFixture.templates {
            try template.validate()
            #expect(template.source == "Elaro")
        }
    }
}
