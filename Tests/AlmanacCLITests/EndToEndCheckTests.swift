#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// MARK: - check

@Suite struct EndToEndCheckTests {
    @Test(arguments: E2ERepository.apps)
    func checkIsCleanOnTheSampleAndFindsAHandEdit(app: String) throws {
        let folder = E2EFolder()
        let store = try folder.copySample(app)
        let files = dataFiles(store)
        #expect(files.count >= 2)

        let clean = try run(["check", "--store", store.path])
        #expect(clean.exit == 0, "\(clean)")
        #expect(clean.stdout.hasSuffix("documents checked: 0 errors, 0 warnings.\n"), "\(clean)")
        let cleanJSON = try run(["check", "--store", store.path, "--json"])
        #expect(cleanJSON.exit == 0, "\(cleanJSON)")
        let cleanObject = try #require(try cleanJSON.json() as? [String: Any], "\(cleanJSON)")
        #expect(cleanObject["clean"] as? Bool == true)
        #expect(int(cleanObject["documentsChecked"]) == files.count)
        #expect((cleanObject["problems"] as? [Any])?.isEmpty == true)

        // Hand edit 1: a trailing comma after the last member. The parser stops at the
        // comma: the line before the closing brace, at its last column.
        let commaPath = files[0]
        let commaURL = store.appendingPathComponent(commaPath)
        var lines = try #require(E2EFiles.text(commaURL)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let closing = try #require(lines.lastIndex(of: "}"), "\(commaPath) does not end with a closing brace line")
        lines[closing - 1] += ","
        try Data(lines.joined(separator: "\n").utf8).write(to: commaURL)
        let commaLine = closing  // 1-based number of the line before the brace
        let commaColumn = lines[closing - 1].utf8.count

        // Hand edit 2: a file cut in half.
        let truncatedPath = files[files.count - 1]
        let truncatedURL = store.appendingPathComponent(truncatedPath)
        let whole = try Data(contentsOf: truncatedURL)
        try whole.prefix(whole.count / 2).write(to: truncatedURL)

        let broken = try run(["check", "--store", store.path])
        #expect(broken.exit == 3, "\(broken)")
        #expect(broken.stdout.contains("\(commaPath):\(commaLine):\(commaColumn): error"), "\(broken)")
        let truncatedLine = broken.stdout.split(separator: "\n").first { $0.hasPrefix(truncatedPath + ":") }
        let location = truncatedLine?.dropFirst(truncatedPath.count + 1).split(separator: ":").prefix(2).map { Int($0) }
        #expect(location?.count == 2 && location?.allSatisfy { $0 != nil } == true, "no \(truncatedPath):line:column in \(broken)")
        #expect(broken.stdout.contains("2 errors"), "\(broken)")

        let brokenJSON = try run(["check", "--store", store.path, "--json"])
        #expect(brokenJSON.exit == 3, "\(brokenJSON)")
        let object = try #require(try brokenJSON.json() as? [String: Any], "\(brokenJSON)")
        #expect(object["clean"] as? Bool == false)
        let problems = try #require(object["problems"] as? [[String: Any]])
        let commaProblem = problems.first { $0["path"] as? String == commaPath }
        #expect(commaProblem != nil, "\(brokenJSON)")
        #expect(int(commaProblem?["line"]) == commaLine)
        #expect(int(commaProblem?["column"]) == commaColumn)
        #expect(commaProblem?["severity"] as? String == "error")
        #expect(commaProblem?["kind"] as? String == "malformed-json")
        let truncatedProblem = problems.first { $0["path"] as? String == truncatedPath }
        #expect(truncatedProblem != nil, "\(brokenJSON)")
        #expect((int(truncatedProblem?["line"]) ?? 0) >= 1)
        #expect((int(truncatedProblem?["column"]) ?? 0) >= 1)

        // check changes nothing.
        #expect(dataFiles(store) == files)
    }

    @Test func checkReportsEverySchemaViolationOfAHandEditedDocument() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let path = try #require(dataFiles(store).first { $0.hasPrefix("data/usage-events/") })
        let url = store.appendingPathComponent(path)
        let original = try #require(E2EFiles.text(url))
        // Two rules broken at once: an unknown event type and a timer outside 15–45 s.
        var edited = original.replacingOccurrences(of: #"("eventType": )"[a-z_]+""#, with: "$1\"teleport\"", options: .regularExpression)
        edited = edited.replacingOccurrences(of: #"("timerDuration": )[0-9.]+"#, with: "$199", options: .regularExpression)
        #expect(edited != original)
        try Data(edited.utf8).write(to: url)

        let text = try run(["check", "--store", store.path])
        #expect(text.exit == 3, "\(text)")
        #expect(text.stdout.contains("\(path):"), "\(text)")
        #expect(text.stdout.contains("/eventType: "), "\(text)")
        #expect(text.stdout.contains("/timerDuration: "), "\(text)")
        #expect(text.stdout.contains("2 errors"), "\(text)")

        let json = try run(["check", "--store", store.path, "--json"])
        #expect(json.exit == 3, "\(json)")
        let object = try #require(try json.json() as? [String: Any], "\(json)")
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(Set(problems.compactMap { $0["pointer"] as? String }) == ["/eventType", "/timerDuration"])
        #expect(problems.allSatisfy { $0["kind"] as? String == "schema" && $0["path"] as? String == path && int($0["line"]) != nil })
        #expect(E2EFiles.text(url) == edited, "check changes nothing")
    }
}
