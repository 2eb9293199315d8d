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

// MARK: - ls

@Suite struct EndToEndListTests {
    /// The ids of the miga sample's usage events, by day folder ("2025/01/27").
    private func usageEventDays(_ store: URL) -> [String: [String]] {
        var days: [String: [String]] = [:]
        for file in E2EFiles.files(under: store.appendingPathComponent("data/usage-events")) {
            let parts = file.split(separator: "/")
            days[parts.dropLast().joined(separator: "/"), default: []].append(String(parts.last!.dropLast(5)))
        }
        return days
    }

    @Test func listByDayRange() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let days = usageEventDays(store)
        let on27 = try #require(days["2025/01/27"])
        let on26 = try #require(days["2025/01/26"])

        let one = try run(["ls", "--store", store.path, "usage-events", "--from", "2025-01-27", "--to", "2025-01-27", "--json"])
        #expect(one.exit == 0, "\(one)")
        let entries = try #require(try one.json() as? [[String: Any]], "\(one)")
        #expect(entries.count == on27.count)
        for entry in entries {
            let path = try #require(entry["path"] as? String)
            #expect(path.hasPrefix("data/usage-events/2025/01/27/"), "\(path)")
            let document = try #require(entry["document"] as? [String: Any])
            #expect(path == "data/usage-events/2025/01/27/\(document["id"] as? String ?? "?").json")
            // The document is the file's content.
            let onDisk = try #require(E2EFiles.object(store.appendingPathComponent(path)))
            #expect(NSDictionary(dictionary: onDisk).isEqual(to: document), "\(path)")
        }

        let two = try run(["ls", "--store", store.path, "usage-events", "--from", "2025-01-26", "--to", "2025-01-27", "--json"])
        #expect(two.exit == 0, "\(two)")
        #expect((try two.json() as? [Any])?.count == on26.count + on27.count, "\(two)")

        // Text output: one row per document (id, date, path) on stdout, the count on stderr.
        let text = try run(["ls", "--store", store.path, "usage-events", "--from", "2025-01-27", "--to", "2025-01-27"])
        #expect(text.exit == 0, "\(text)")
        let rows = text.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(Set(rows.map { $0.first ?? "" }) == Set(on27), "\(text)")
        #expect(rows.allSatisfy { $0.last?.hasPrefix("data/usage-events/2025/01/27/") == true }, "\(text)")
        #expect(text.stderr.contains("\(on27.count) documents"), "\(text)")

        // An inverted range is a usage error.
        let inverted = try run(["ls", "--store", store.path, "usage-events", "--from", "2025-01-27", "--to", "2025-01-26"])
        #expect(inverted.exit == 2, "\(inverted)")
        let badDate = try run(["ls", "--store", store.path, "usage-events", "--from", "yesterday"])
        #expect(badDate.exit == 2, "\(badDate)")
    }

    @Test func listWhere() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        var expected: Set<String> = []
        var expectedInstagramProceeds: Set<String> = []
        for file in E2EFiles.files(under: store.appendingPathComponent("data/usage-events")) {
            let object = try #require(E2EFiles.object(store.appendingPathComponent("data/usage-events/\(file)")))
            let id = try #require(object["id"] as? String)
            if object["eventType"] as? String == "exit_to_focus" { expected.insert(id) }
            if object["eventType"] as? String == "proceed_to_app", object["targetAppName"] as? String == "Instagram" {
                expectedInstagramProceeds.insert(id)
            }
        }
        #expect(!expected.isEmpty)
        #expect(!expectedInstagramProceeds.isEmpty)

        let result = try run(["ls", "--store", store.path, "usage-events", "--where", "eventType=exit_to_focus", "--json"])
        #expect(result.exit == 0, "\(result)")
        let entries = try #require(try result.json() as? [[String: Any]], "\(result)")
        let ids = entries.compactMap { ($0["document"] as? [String: Any])?["id"] as? String }
        #expect(Set(ids) == expected)
        #expect(ids.count == expected.count)
        #expect(entries.allSatisfy { $0["path"] is String })

        let both = try run([
            "ls", "--store", store.path, "usage-events", "--json",
            "--where", "eventType=proceed_to_app", "--where", "targetAppName=Instagram",
        ])
        #expect(both.exit == 0, "\(both)")
        let bothEntries = try #require(try both.json() as? [[String: Any]], "\(both)")
        #expect(Set(bothEntries.compactMap { ($0["document"] as? [String: Any])?["id"] as? String }) == expectedInstagramProceeds)

        let malformed = try run(["ls", "--store", store.path, "usage-events", "--where", "eventType"])
        #expect(malformed.exit == 2, "\(malformed)")
    }

    @Test func optionsBeforeAndAfterPositionals() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let orders: [[String]] = [
            ["--store", store.path, "ls", "--json", "--from", "2025-01-20", "--to", "2025-01-27", "usage-events"],
            ["ls", "usage-events", "--store", store.path, "--json", "--from", "2025-01-20", "--to", "2025-01-27"],
            ["ls", "--to=2025-01-27", "usage-events", "--from=2025-01-20", "--json", "--store=\(store.path)"],
        ]
        let outputs = try orders.map { try run($0) }
        for output in outputs { #expect(output.exit == 0, "\(output)") }
        let first = try #require(try outputs[0].json() as? [Any])
        #expect(!first.isEmpty)
        #expect(outputs[1].stdout == outputs[0].stdout)
        #expect(outputs[2].stdout == outputs[0].stdout)
    }

    @Test func doubleDashEndsOptions() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let after = try run(["ls", "--store", store.path, "--", "usage-events", "--json"])
        #expect(after.exit == 2, "\(after)")
        #expect(after.stderr.contains("unexpected argument '--json'"), "\(after)")

        // An id that starts with '-' (mindfulness-content ids may) is reachable only after `--`.
        let quote = #"{"text":"Breathe.","id":"-dash","displayCount":0,"category":"mindfulness"}"#
        let put = try run(["put", "--store", store.path, "mindfulness-content"], stdin: quote)
        #expect(put.exit == 0, "\(put)")
        #expect(put.stdout == "Saved data/mindfulness-content/-dash.json\n", "\(put)")
        let withoutDashes = try run(["get", "--store", store.path, "mindfulness-content", "-dash"])
        #expect(withoutDashes.exit == 2, "\(withoutDashes)")
        #expect(withoutDashes.stderr.contains("unknown option '-dash'"), "\(withoutDashes)")
        let withDashes = try run(["get", "--store", store.path, "mindfulness-content", "--", "-dash"])
        #expect(withDashes.exit == 0, "\(withDashes)")
        #expect(withDashes.stdout == """
            {
              "category": "mindfulness",
              "displayCount": 0,
              "id": "-dash",
              "text": "Breathe."
            }

            """, "\(withDashes)")
        let rm = try run(["rm", "--store", store.path, "mindfulness-content", "--", "-dash"])
        #expect(rm.exit == 0, "\(rm)")
        #expect(dataFiles(store).isEmpty)
    }
}
