import Foundation
import Testing

// MARK: - ls and delete with --where, --sort, --limit, --offset, --count, --keep-going

@Suite struct EndToEndQueryTests {
    /// The sample cravings of a copy of the Cravey sample store, read from their files.
    private struct SampleCraving {
        var id: String
        var path: String
        var timestamp: String
        var intensity: Int
        var triggers: [String]
    }

    private func cravings(in store: URL) throws -> [SampleCraving] {
        try E2EFiles.files(under: store.appendingPathComponent("data/cravings")).filter { $0.hasSuffix(".json") }.map { file in
            let object = try #require(E2EFiles.object(store.appendingPathComponent("data/cravings/\(file)")))
            return SampleCraving(
                id: try #require(object["id"] as? String), path: "data/cravings/\(file)",
                timestamp: try #require(object["timestamp"] as? String), intensity: try #require(int(object["intensity"])),
                triggers: object["triggers"] as? [String] ?? [])
        }
    }

    /// The ids and paths of an `ls --json` listing, which must parse as an array.
    private func listed(_ result: AlmanacRun) throws -> [(id: String, path: String, document: [String: Any])] {
        let entries = try #require(try result.json() as? [[String: Any]], "\(result)")
        return try entries.map { entry in
            let document = try #require(entry["document"] as? [String: Any])
            return (try #require(document["id"] as? String), try #require(entry["path"] as? String), document)
        }
    }

    @Test func countWithContains() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let sample = try cravings(in: store)
        let anxious = sample.filter { $0.triggers.contains("Anxious") }.count
        #expect(anxious > 0 && anxious < sample.count, "the sample has cravings with and without Anxious")

        let count = try run(["ls", "--store", store.path, "cravings", "--where", "triggers contains Anxious", "--count"])
        #expect(count.exit == 0, "\(count)")
        #expect(count.stdout == "\(anxious)\n", "\(count)")
        let json = try run(["ls", "--store", store.path, "cravings", "--where", "triggers contains Anxious", "--count", "--json"])
        #expect(json.exit == 0, "\(json)")
        #expect(int((try json.json() as? [String: Any])?["count"]) == anxious, "\(json)")

        let all = try run(["ls", "--store", store.path, "cravings", "--count"])
        #expect(all.stdout == "\(sample.count)\n", "\(all)")
        let neither = try run(["ls", "--store", store.path, "cravings", "--where", "not triggers contains Anxious", "--count"])
        #expect(neither.stdout == "\(sample.count - anxious)\n", "\(neither)")
    }

    @Test func whereSortLimitOffset() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        // Newest first; the same instant goes to the smaller id.
        let strong = try cravings(in: store).filter { $0.intensity >= 7 }
            .sorted { ($0.timestamp, $1.id) > ($1.timestamp, $0.id) }
        try #require(strong.count > 10, "the sample has enough strong cravings for two pages")

        let first = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=7", "--sort", "timestamp:desc", "--limit", "5", "--json"])
        #expect(first.exit == 0, "\(first)")
        let page = try listed(first)
        #expect(page.count == 5)
        #expect(page.map(\.id) == strong.prefix(5).map(\.id), "\(first)")
        #expect(page.map(\.path) == strong.prefix(5).map(\.path))
        #expect(page.allSatisfy { (int($0.document["intensity"]) ?? 0) >= 7 })
        let stamps = page.compactMap { $0.document["timestamp"] as? String }
        #expect(stamps == stamps.sorted(by: >), "newest first")

        let second = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=7", "--sort", "timestamp:desc", "--limit", "5", "--offset", "5", "--json"])
        #expect(second.exit == 0, "\(second)")
        #expect(try listed(second).map(\.id) == strong.dropFirst(5).prefix(5).map(\.id), "\(second)")

        let rest = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=7", "--sort", "timestamp:desc", "--offset", "\(strong.count - 2)", "--json"])
        #expect(try listed(rest).map(\.id) == strong.suffix(2).map(\.id), "\(rest)")
        let past = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=7", "--offset", "\(strong.count)", "--json"])
        #expect(past.exit == 0, "\(past)")
        #expect(past.stdout == "[]\n", "\(past)")

        // Text rows: id first, in the same order.
        let text = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=7", "--sort", "timestamp:desc", "--limit", "5"])
        #expect(text.exit == 0, "\(text)")
        #expect(text.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) } == strong.prefix(5).map(\.id), "\(text)")
        #expect(text.stderr.contains("5 documents in cravings"), "\(text)")

        // --count counts the window.
        let counted = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=7", "--offset", "5", "--limit", "3", "--count"])
        #expect(counted.stdout == "3\n", "\(counted)")
        // Negative and non-numeric windows are usage errors.
        for bad in [["--limit", "-1"], ["--offset", "-3"], ["--limit", "ten"], ["--sort", "timestamp:down"]] {
            let result = try run(["ls", "--store", store.path, "cravings"] + bad)
            #expect(result.exit == 2, "\(bad): \(result)")
        }
    }

    @Test func unknownFieldIsAnError() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("elaro")
        let before = dataFiles(store)

        let list = try run(["ls", "--store", store.path, "action-instances", "--where", "stauts=done"])
        #expect(list.exit == 2, "\(list)")
        #expect(list.stdout.isEmpty, "\(list)")
        #expect(list.stderr.contains("\"stauts\""), "\(list)")
        #expect(list.stderr.contains("did you mean \"status\"?"), "\(list)")

        let sorted = try run(["ls", "--store", store.path, "action-instances", "--sort", "stauts"])
        #expect(sorted.exit == 2, "\(sorted)")
        #expect(sorted.stderr.contains("\"status\""), "\(sorted)")

        let delete = try run(["delete", "--store", store.path, "action-instances", "--where", "stauts=done", "--dry-run"])
        #expect(delete.exit == 2, "\(delete)")
        #expect(delete.stderr.contains("\"stauts\"") && delete.stderr.contains("\"status\""), "\(delete)")
        let deleteForReal = try run(["delete", "--store", store.path, "action-instances", "--where", "stauts=done", "--yes"])
        #expect(deleteForReal.exit == 2, "\(deleteForReal)")
        #expect(dataFiles(store) == before, "nothing was deleted")

        // The right name works, and a dry run deletes nothing.
        let done = try run(["ls", "--store", store.path, "action-instances", "--where", "status=done", "--count"])
        #expect(done.exit == 0, "\(done)")
        let doneCount = try #require(Int(done.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(done)")
        #expect(doneCount > 0)
        let dryRun = try run(["delete", "--store", store.path, "action-instances", "--where", "status=done", "--dry-run"])
        #expect(dryRun.exit == 0, "\(dryRun)")
        #expect(dryRun.stdout.contains("would delete \(doneCount) document"), "\(dryRun)")
        #expect(dataFiles(store) == before)
    }

    @Test func unknownOperatorIsAnError() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let result = try run(["ls", "--store", store.path, "cravings", "--where", "intensity=>7"])
        #expect(result.exit == 2, "\(result)")
        #expect(result.stderr.contains("\"=>\""), "\(result)")
        let delete = try run(["delete", "--store", store.path, "cravings", "--where", "intensity=>7", "--dry-run"])
        #expect(delete.exit == 2, "\(delete)")
        #expect(delete.stderr.contains("\"=>\""), "\(delete)")
        let wrongType = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=high"])
        #expect(wrongType.exit == 2, "\(wrongType)")
        #expect(wrongType.stderr.contains("intensity"), "\(wrongType)")
        let scalarOnList = try run(["ls", "--store", store.path, "cravings", "--where", "triggers=Anxious"])
        #expect(scalarOnList.exit == 2, "\(scalarOnList)")
        #expect(scalarOnList.stderr.contains("contains"), "\(scalarOnList)")
    }

    @Test func keepGoingPastABrokenFile() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let sample = try cravings(in: store)
        let victim = try #require(sample.sorted { $0.path < $1.path }.dropFirst(3).first)
        let broken = "{\n  \"id\": \"\(victim.id)\",\n  \"intensity\": 7,,\n  \"timestamp\": \"\(victim.timestamp)\"\n}\n"
        try Data(broken.utf8).write(to: store.appendingPathComponent(victim.path))

        let plain = try run(["ls", "--store", store.path, "cravings"])
        #expect(plain.exit == 3, "\(plain)")
        #expect(plain.stderr.contains("\(victim.path):3:"), "\(plain)")

        let keepGoing = try run(["ls", "--store", store.path, "cravings", "--keep-going"])
        #expect(keepGoing.exit == 3, "\(keepGoing)")
        let rows = keepGoing.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) }
        #expect(Set(rows) == Set(sample.filter { $0.id != victim.id }.map(\.id)), "\(keepGoing)")
        #expect(rows.count == sample.count - 1)
        let location = try #require(keepGoing.stderr.split(separator: "\n").first { $0.contains(victim.path) }, "\(keepGoing)")
        #expect(location.contains("\(victim.path):3:"), "path:line:column: \(location)")
        let column = location.components(separatedBy: "\(victim.path):3:").last?.prefix(while: \.isNumber) ?? ""
        #expect(Int(column) != nil, "a column follows the line: \(location)")
        #expect(keepGoing.stderr.contains("\(sample.count - 1) documents in cravings; 1 file could not be read"), "\(keepGoing)")

        // --json: the listing still parses, the problem is JSON on stderr.
        let json = try run(["ls", "--store", store.path, "cravings", "--keep-going", "--json", "--sort", "timestamp:desc"])
        #expect(json.exit == 3, "\(json)")
        let entries = try listed(json)
        #expect(entries.count == sample.count - 1)
        let problems = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], "\(json)")
        let problem = try #require((problems["problems"] as? [[String: Any]])?.first, "\(json)")
        #expect(problem["path"] as? String == victim.path)
        #expect(int(problem["line"]) == 3)

        // A sort on another field reads everything, so it meets the file too.
        let bySort = try run(["ls", "--store", store.path, "cravings", "--sort", "intensity"])
        #expect(bySort.exit == 3, "\(bySort)")
        // A condition that the broken file's folder does not spare.
        let counted = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>=1", "--count"])
        #expect(counted.exit == 3, "\(counted)")
    }

    @Test func jsonOutputParses() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let sample = try cravings(in: store)
        let all = try run(["ls", "--store", store.path, "cravings", "--json"])
        #expect(all.exit == 0, "\(all)")
        let entries = try listed(all)
        #expect(entries.count == sample.count)
        // Oldest first by default.
        let stamps = entries.compactMap { $0.document["timestamp"] as? String }
        #expect(stamps == stamps.sorted())
        let none = try run(["ls", "--store", store.path, "cravings", "--where", "intensity>10", "--json"])
        #expect(none.exit == 0, "\(none)")
        #expect((try none.json() as? [Any])?.isEmpty == true, "\(none)")
        let one = try run(["ls", "--store", store.path, "cravings", "--limit", "1", "--json"])
        #expect(try listed(one).map(\.id) == [try #require(sample.min { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }).id], "\(one)")
    }
}
