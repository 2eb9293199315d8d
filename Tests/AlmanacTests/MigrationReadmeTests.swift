import Foundation
import Testing
@testable import Almanac

@Suite("README migration examples")
struct MigrationReadmeTests {
    @Test("every operation example in the README parses as written")
    func examplesParse() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let examples = readme.split(separator: "\n").compactMap { line -> String? in
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
