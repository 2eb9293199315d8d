import Almanac
import Foundation

/// Case 7 (issue 4): what schema validation costs next to decoding the same documents.
///
/// - Almanac column: `JSONSchema.validate` of each already-parsed document against its
///   collection's schema from `samples/<app>/store/schema/`, the version-1 schema the stores
///   are created from (compiled once, outside the timing).
/// - bare column: Foundation's `JSONDecoder` decoding the same documents' bytes into their
///   Swift type, the decode any reader pays.
/// - No SQLite column: SQLite does not validate JSON documents.
///
/// Almanac/bare is then validation time over decode time; the target is under 0.25. One row
/// per reference app's document type.
struct ValidationCase: BenchmarkCase {
    static let name = "validation"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let count = workspace.sizes.singleSaves * 20
        let days = max(1, count / 100)
        let start = Sizes.singleSaveStart
        return [
            try measure(DocumentFactory.usageEvents(count: count, days: days, from: start, seed: DocumentFactory.seed ^ 7), in: workspace),
            try measure(DocumentFactory.cravings(count: count, days: days, from: start, seed: DocumentFactory.seed ^ 8), in: workspace),
            try measure(DocumentFactory.actionInstances(count: count, days: days, from: start, seed: DocumentFactory.seed ^ 9), in: workspace),
        ]
    }

    private func measure<D: BenchDocument>(_ documents: [D], in workspace: Workspace) throws -> CaseResult {
        workspace.log("\(Self.name): \(documents.count) \(D.collection)")
        let set = try GeneratedSet(documents)
        let bytes = set.prepared.map { Data($0.fileBytes) }
        let values = try set.prepared.map { try JSONValue(parsing: $0.fileBytes) }
        let schemaURL = workspace.stores.schemaFolder(for: D.app).appendingPathComponent("\(D.collection).schema.json")
        let schema = try JSONSchema(JSONValue(parsing: [UInt8](Data(contentsOf: schemaURL))), path: schemaURL.path)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let sides = workspace.options.sides.filter { $0 != .sqlite }
        let timings = try workspace.repeater().run(sides) { side, _ in
            let start = POSIX.now()
            switch side {
            case .almanac:
                var invalid = 0
                for value in values where !schema.validate(value).isEmpty { invalid += 1 }
                guard invalid == 0 else { throw BenchError("\(Self.name): \(invalid) generated \(D.collection) documents fail their schema") }
            case .bare, .sqlite:
                var decoded = 0
                for data in bytes { _ = try decoder.decode(D.self, from: data); decoded += 1 }
                guard decoded == bytes.count else { throw BenchError("\(Self.name): decoded \(decoded) of \(bytes.count)") }
            }
            return POSIX.now() - start
        }
        let perDocument = timings.mapValues { $0.map { $0 * 1e6 / Double(documents.count) } }
        return CaseResult(
            name: Self.name, title: "\(Self.name) \(D.collection)",
            work: "\(documents.count) docs: validate vs JSONDecoder", unit: "µs/doc", values: perDocument,
            facts: ["documents": Double(documents.count)])
    }
}
