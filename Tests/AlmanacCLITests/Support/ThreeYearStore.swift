import Foundation
import Testing

/// A MIGA store at schema version 1 (the sample's schema: usage events in day folders) holding
/// one usage event a day for three years, 1,096 day folders, made with the built `almanac`.
///
/// Its catalog copy adds a retention rule (archive usage events older than 365 days), so that
/// every writer has work on it; the repository's migrations (version 2 files usage events by
/// month) and current schema take it forward.
struct ThreeYearStore {
    static let days = 1096
    let store: URL
    let folder: E2EFolder

    /// The id of the event of day `number` (1 is 2023-01-01).
    static func id(_ number: Int) -> String { uuid(number) }

    /// The timestamp of day `number` at noon UTC.
    static func timestamp(_ number: Int) -> String {
        let day = Date(timeIntervalSince1970: 1_672_574_400 + Double(number - 1) * 86_400)  // 2023-01-01T12:00:00Z
        return ISO8601DateFormatter().string(from: day)
    }

    init(in folder: E2EFolder, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.folder = folder
        let schema = folder.path("schema-v1")
        try FileManager.default.copyItem(at: E2ERepository.sampleSchema("miga"), to: schema)
        let catalogURL = schema.appendingPathComponent("catalog.json")
        var catalog = try #require(E2EFiles.object(catalogURL))
        var collections = try #require(catalog["collections"] as? [[String: Any]])
        let index = try #require(collections.firstIndex { $0["name"] as? String == "usage-events" })
        try #require(collections[index]["partition"] as? String == "day", "the sample's v1 schema files usage events by day")
        collections[index]["retention"] = [["action": "archive", "olderThan": ["days": 365], "description": "a year of history"]]
        catalog["collections"] = collections
        try JSONSerialization.data(withJSONObject: catalog).write(to: catalogURL)

        store = folder.path("three-years")
        let created = try run(["init", store.path, "--schema", schema.path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "almanac init failed: \(created)", sourceLocation: sourceLocation)
        let events = (1...ThreeYearStore.days).map { usageEvent(id: ThreeYearStore.id($0), timestamp: ThreeYearStore.timestamp($0)) }
        let file = try folder.write("[" + events.joined(separator: ",\n") + "]", to: "events.json")
        let put = try run(["put", "usage-events", file.path, "--store", store.path])
        try #require(put.exit == 0, "almanac put failed: \(put)", sourceLocation: sourceLocation)
    }

    /// A copy of the store beside it, named `name`.
    func copy(_ name: String) throws -> URL {
        let copy = folder.path(name)
        try FileManager.default.copyItem(at: store, to: copy)
        return copy
    }
}
