import Foundation
import Testing
@testable import Almanac

@Suite("The Migrations article's operation examples")
struct MigrationArticleTests {
    @Test("every operation example in the Migrations article parses as written")
    func examplesParse() throws {
        let article = try String(contentsOf: Repository.root.appendingPathComponent("Sources/Almanac/Almanac.docc/SchemaMigrations.md"), encoding: .utf8)
        let examples = article.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| "), let start = line.range(of: "`{\"op\""), let end = line.range(of: "}`", options: .backwards) else { return nil }
            return String(line[line.index(after: start.lowerBound)..<line.index(before: end.upperBound)])
        }
        #expect(examples.count >= 11)
        for example in examples {
            let file = #"{"version": 2, "description": "example", "operations": [\#(example)]}"#
            #expect(throws: Never.self, "\(example)") { try MigrationFile(bytes: Array(file.utf8), fileName: "0002-example.json") }
        }
    }
}
