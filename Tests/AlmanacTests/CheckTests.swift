import Foundation
import Testing
@testable import Almanac

@Suite("check")
struct CheckTests {
    @Test("each sample store checks clean", arguments: Repository.apps)
    func samplesClean(app: String) throws {
        let store = try Store(at: Repository.sampleStore(app))
        let report = try store.check()
        #expect(report.problems == [])
        #expect(report.documentsChecked > 20)
    }

    @Test("re-saving every sample document rewrites identical bytes (canonical JSON is stable)", arguments: Repository.apps)
    func samplesByteStable(app: String) throws {
        let folder = TemporaryFolder()
        let store = try Store(at: try Repository.copySample(app, into: folder))
        for collection in store.catalog.collections {
            let documents = try store.documents(json: collection.name)
            guard !documents.isEmpty else { continue }
            let before = try documents.map { try Data(contentsOf: store.url.appendingPathComponent($0.location.relativePath)) }
            let locations = try store.save(json: documents.map(\.value), in: collection.name)
            #expect(locations == documents.map(\.location), "\(collection.name): nothing moves")
            let after = try locations.map { try Data(contentsOf: store.url.appendingPathComponent($0.relativePath)) }
            #expect(after == before, "\(collection.name)")
        }
    }

    @Test("a hand edit that breaks a file is reported with its path, line and column")
    func brokenFile() throws {
        let folder = TemporaryFolder()
        let store = try Store(at: try Repository.copySample("pressure", into: folder))
        let victim = try #require(try store.documents(json: "commitments").first).location.relativePath
        let url = store.url.appendingPathComponent(victim)
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: "\n}", with: ",\n}")
        try Data(text.utf8).write(to: url)
        let report = try store.check()
        #expect(!report.isClean)
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.kind == "malformed-json")
        #expect(problem.path == victim)
        // The comma now ends the last member's line, the one before the closing brace.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(problem.line == lines.count - 2)
        #expect(problem.line != nil && problem.column != nil)
        #expect(problem.description.hasPrefix("\(victim):\(problem.line!):\(problem.column!): error:"))
    }

    @Test("misplaced documents, id mismatches, duplicates, strays, temporary files and unique violations are all reported")
    func everyKindOfProblem() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try writeRaw("{\"id\": \"A\", \"timestamp\": \"2025-01-02T10:00:00Z\"}\n", to: "data/events/2025/01/01/A.json", in: store)
        try writeRaw("{\"id\": \"other\"}\n", to: "data/templates/B.json", in: store)
        try writeRaw("{\"id\": \"c\"}\n", to: "data/templates/c.json", in: store)
        try writeRaw("{\"id\": \"C\"}\n", to: "data/templates/C.json", in: store)
        try writeRaw("notes", to: "data/templates/readme.txt", in: store)
        try writeRaw("{}", to: "data/templates/.T.json.1-1.almanac-tmp", in: store)
        try writeRaw("{\"id\": \"x\"}\n", to: "data/nonsense/x.json", in: store)
        try writeRaw("{\"id\": \"W\", \"date\": \"2025-01-05\"}\n", to: "data/commitments/2025/01/W.json", in: store)
        try writeRaw("{\"id\": \"V\", \"date\": \"2025-01-05\"}\n", to: "data/commitments/2025/01/V.json", in: store)
        try writeRaw("{\"id\": \"D\", \"timestamp\": \"2025-02-30T10:00:00Z\"}\n", to: "data/events/2025/02/30/D.json", in: store)
        let kinds = Set(try store.check().problems.map(\.kind))
        // c.json and C.json: one id in two files, which reads take as two versions of one document.
        #expect(kinds == ["misplaced", "id-mismatch", "sync-conflict", "unknown-file", "temporary-file", "unknown-collection", "unique-violation"])
        // check changes nothing.
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathComponent("data/templates/.T.json.1-1.almanac-tmp").path))
    }
}
