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

// MARK: - put, get, rm

@Suite struct EndToEndPutGetTests {
    @Test func putFromAFileThenGetReturnsTheCanonicalBytes() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        // 03:00 UTC on February 1 is 22:00 on January 31 in New York: filed under January
        // (usage events are filed by month since MIGA's migration 2).
        let id = "1F0C9A2E-0000-4000-8000-000000000001"
        let input = try folder.write(usageEvent(id: id, timestamp: "2025-02-01T03:00:00Z"), to: "in/event.json")
        let expected = canonicalUsageEvent(id: id, timestamp: "2025-02-01T03:00:00Z")
        let relative = "data/usage-events/2025/01/\(id).json"

        let put = try run(["put", "--store", store.path, "usage-events", input.path])
        #expect(put.exit == 0, "\(put)")
        #expect(put.stdout == "Saved \(relative)\n", "\(put)")
        #expect(E2EFiles.text(store.appendingPathComponent(relative)) == expected)
        #expect(dataFiles(store) == [relative])

        let get = try run(["get", "--store", store.path, "usage-events", id])
        #expect(get.exit == 0, "\(get)")
        #expect(get.stdout == expected, "\(get)")

        // Ids that differ only in case are the same id.
        let lower = try run(["get", "--store", store.path, "usage-events", id.lowercased()])
        #expect(lower.exit == 0, "\(lower)")
        #expect(lower.stdout == expected, "\(lower)")

        // put --json reports the saved paths.
        let again = try run(["put", "--store", store.path, "--json", "usage-events", input.path])
        #expect(again.exit == 0, "\(again)")
        let object = try #require(try again.json() as? [String: Any], "\(again)")
        #expect(object["saved"] as? [String] == [relative])
    }

    /// A writer killed, or failing on a sick disk (a rename refused, then the removal), leaves
    /// its temporary in the folder index; the next process to write that index removes it.
    @Test func theNextIndexWriterRemovesADeadWritersTemporaries() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        #expect(try run(["put", "--store", store.path, "usage-events", "-"], stdin: usageEvent(id: uuid(4), timestamp: "2025-02-01T12:00:00Z")).exit == 0)
        let index = store.appendingPathComponent(".almanac/index/usage-events")
        let left = [index.appendingPathComponent(".root.99999-1.almanac-tmp"), index.appendingPathComponent("b/.000.99999-2.almanac-tmp")]
        for file in left { try Data("torn".utf8).write(to: file) }
        let put = try run(["put", "--store", store.path, "usage-events", "-"], stdin: usageEvent(id: uuid(5), timestamp: "2025-02-02T12:00:00Z"))
        #expect(put.exit == 0, "\(put)")
        for file in left { #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent) is left") }
    }

    @Test func putFromStandardInput() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let dash = try run(["put", "--store", store.path, "usage-events", "-"],
                           stdin: usageEvent(id: uuid(2), timestamp: "2025-02-01T12:00:00Z"))
        #expect(dash.exit == 0, "\(dash)")
        #expect(dash.stdout == "Saved data/usage-events/2025/02/\(uuid(2)).json\n", "\(dash)")

        let implicit = try run(["put", "--store", store.path, "usage-events"],
                               stdin: usageEvent(id: uuid(3), timestamp: "2025-02-02T12:00:00Z"))
        #expect(implicit.exit == 0, "\(implicit)")
        #expect(implicit.stdout == "Saved data/usage-events/2025/02/\(uuid(3)).json\n", "\(implicit)")

        for (id, timestamp) in [(uuid(2), "2025-02-01T12:00:00Z"), (uuid(3), "2025-02-02T12:00:00Z")] {
            let get = try run(["get", "--store", store.path, "usage-events", id])
            #expect(get.exit == 0, "\(get)")
            #expect(get.stdout == canonicalUsageEvent(id: id, timestamp: timestamp), "\(get)")
        }

        // A singleton from stdin, read back without an id.
        let preferences = #"{"selectedInterestTags":["stoicism","mindfulness"],"onboardingDeterminationLevel":7,"hasCompletedOnboarding":true,"gatewayTimerDuration":20,"frePhase":"appsSelected"}"#
        let single = try run(["put", "--store", store.path, "preferences"], stdin: preferences)
        #expect(single.exit == 0, "\(single)")
        #expect(single.stdout == "Saved data/preferences.json\n", "\(single)")
        let getSingle = try run(["get", "--store", store.path, "preferences"])
        #expect(getSingle.exit == 0, "\(getSingle)")
        #expect(getSingle.stdout == """
            {
              "frePhase": "appsSelected",
              "gatewayTimerDuration": 20,
              "hasCompletedOnboarding": true,
              "onboardingDeterminationLevel": 7,
              "selectedInterestTags": [
                "stoicism",
                "mindfulness"
              ]
            }

            """, "\(getSingle)")
    }

    @Test func putAnArrayAndSeveralFiles() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let array = "[" + [
            usageEvent(id: uuid(11), timestamp: "2025-03-01T12:00:00Z"),
            usageEvent(id: uuid(12), timestamp: "2025-03-02T12:00:00Z", eventType: "deepen_pause"),
            usageEvent(id: uuid(13), timestamp: "2025-03-02T13:00:00Z"),
        ].joined(separator: ",\n") + "]\n"
        let arrayFile = try folder.write(array, to: "array.json")
        let put = try run(["put", "--store", store.path, "usage-events", arrayFile.path])
        #expect(put.exit == 0, "\(put)")
        #expect(put.stdout == """
            Saved data/usage-events/2025/03/\(uuid(11)).json
            Saved data/usage-events/2025/03/\(uuid(12)).json
            Saved data/usage-events/2025/03/\(uuid(13)).json

            """, "\(put)")

        // Several files, one holding a document and one an array.
        let single = try folder.write(usageEvent(id: uuid(21), timestamp: "2025-04-01T12:00:00Z"), to: "b1.json")
        let pair = try folder.write(
            "[" + usageEvent(id: uuid(22), timestamp: "2025-04-02T12:00:00Z") + "," + usageEvent(id: uuid(23), timestamp: "2025-04-03T12:00:00Z") + "]",
            to: "b23.json")
        let several = try run(["put", "--store", store.path, "usage-events", single.path, pair.path])
        #expect(several.exit == 0, "\(several)")
        #expect(several.stdout.split(separator: "\n").count == 3, "\(several)")

        let listed = try run(["ls", "--store", store.path, "usage-events", "--json"])
        #expect(listed.exit == 0, "\(listed)")
        let entries = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        let ids = entries.compactMap { ($0["document"] as? [String: Any])?["id"] as? String }
        #expect(ids == [uuid(11), uuid(12), uuid(13), uuid(21), uuid(22), uuid(23)])
        #expect(dataFiles(store).count == 6)
        let a2 = try run(["get", "--store", store.path, "usage-events", uuid(12)])
        #expect(a2.stdout == canonicalUsageEvent(id: uuid(12), timestamp: "2025-03-02T12:00:00Z", eventType: "deepen_pause"), "\(a2)")
    }

    @Test func putOfMalformedInputNamesTheFileLineAndColumn() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        // Line 3: `  "x": ,` — the value is missing where the comma is, column 8.
        let bad = try folder.write("{\n  \"id\": \"a\",\n  \"x\": ,\n  \"y\": 1\n}\n", to: "bad.json")
        let result = try run(["put", "--store", store.path, "usage-events", bad.path])
        #expect(result.exit == 3, "\(result)")
        #expect(result.stderr.hasPrefix("almanac: error: \(bad.path):3:8: "), "\(result)")
        #expect(dataFiles(store).isEmpty)

        // The same from standard input.
        let piped = try run(["put", "--store", store.path, "usage-events"], stdin: "[\n  {\"id\": \"a\",}\n]")
        #expect(piped.exit == 3, "\(piped)")
        #expect(piped.stderr.contains("<stdin>:2:"), "\(piped)")

        // A good file before a bad one: nothing is written.
        let good = try folder.write(usageEvent(id: uuid(31), timestamp: "2025-01-27T12:00:00Z"), to: "good.json")
        let mixed = try run(["put", "--store", store.path, "usage-events", good.path, bad.path])
        #expect(mixed.exit == 3, "\(mixed)")
        #expect(mixed.stderr.contains("\(bad.path):3:8"), "\(mixed)")
        #expect(dataFiles(store).isEmpty, "a document was written although the batch had a malformed file")
    }

    @Test(arguments: ["../x", "sub/../../../x"])
    func putOfAHostileIDIsRefusedAndCreatesNothing(hostile: String) throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let before = E2EFiles.files(under: folder.url)
        let document = usageEvent(id: hostile.replacingOccurrences(of: "/", with: "\\/"), timestamp: "2025-01-27T12:00:00Z")
        let result = try run(["put", "--store", store.path, "usage-events"], stdin: document)
        #expect(result.exit == 3, "a bad id inside a document is a validation problem: \(result)")
        #expect(result.stderr.contains("invalid id"), "\(result)")
        #expect(E2EFiles.files(under: folder.url) == before, "files appeared: \(Set(E2EFiles.files(under: folder.url)).subtracting(before))")
    }

    @Test func putOfADuplicateUniqueValueOrACaseOnlyIDCollisionIsAProblem() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let before = dataFiles(store)
        let existing = try #require(before.first { $0.hasPrefix("data/selected-apps/") })
        let existingObject = try #require(E2EFiles.object(store.appendingPathComponent(existing)))
        let existingID = try #require(existingObject["id"] as? String)
        let existingName = try #require(existingObject["appName"] as? String)
        func app(id: String, name: String) -> String {
            #"{"id":"\#(id)","appName":"\#(name)","urlScheme":"x://","iconName":"AppIcon-X","isInstalled":true,"dateAdded":"2025-01-06T14:12:12Z","orderIndex":9}"#
        }

        // selected-apps: "appName" is unique.
        let unique = try run(["put", "--store", store.path, "selected-apps"], stdin: app(id: uuid(71), name: existingName))
        #expect(unique.exit == 3, "\(unique)")
        #expect(unique.stderr.contains("appName"), "\(unique)")
        #expect(unique.stderr.contains("unique"), "\(unique)")

        // An id equal to a stored one ignoring case.
        let collision = try run(["put", "--store", store.path, "selected-apps"], stdin: app(id: existingID.lowercased(), name: "Brand New"))
        #expect(collision.exit == 3, "\(collision)")
        #expect(collision.stderr.contains(existingID), "\(collision)")

        // Two documents of one batch with the same id.
        let batch = "[" + app(id: uuid(72), name: "One") + "," + app(id: uuid(72), name: "Two") + "]"
        let twice = try run(["put", "--store", store.path, "selected-apps"], stdin: batch)
        #expect(twice.exit == 3, "\(twice)")
        #expect(dataFiles(store) == before, "a refused put changed the store")
    }

    @Test func putValidatesAgainstTheCollectionSchema() throws {
        // DESIGN §3: every write through the CLI validates against the collection schema,
        // naming the JSON pointer and the rule; usage-events.schema.json has pauseDuration ≤ 45.
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let result = try run(["put", "--store", store.path, "usage-events"],
                             stdin: usageEvent(id: uuid(81), timestamp: "2025-01-27T12:00:00Z", pause: 50))
        #expect(result.exit == 3, "\(result)")
        #expect(result.stderr.contains("/pauseDuration"), "\(result)")
        #expect(result.stderr.contains("45"), "\(result)")
        #expect(dataFiles(store).isEmpty, "the invalid document was saved")
    }

    @Test func getAndRmOfAHostileIDAreUsageErrors() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        for command in ["get", "rm"] {
            let result = try run([command, "--store", store.path, "usage-events", "../x"])
            #expect(result.exit == 2, "\(command): \(result)")
            #expect(result.stderr.contains("invalid id"), "\(command): \(result)")
        }
    }

    @Test func getOfAMissingIDFails() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let result = try run(["get", "--store", store.path, "usage-events", "no-such-id"])
        #expect(result.exit == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("no document \"no-such-id\""), "\(result)")

        // A non-singleton collection needs an id.
        let noID = try run(["get", "--store", store.path, "usage-events"])
        #expect(noID.exit == 2, "\(noID)")
    }

    @Test func rmThenGetFails() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let relative = try #require(dataFiles(store).first { $0.hasPrefix("data/usage-events/") })
        let id = String(relative.split(separator: "/").last!.dropLast(".json".count))
        #expect(try run(["get", "--store", store.path, "usage-events", id]).exit == 0)

        let rm = try run(["rm", "--store", store.path, "usage-events", id])
        #expect(rm.exit == 0, "\(rm)")
        #expect(rm.stdout.contains("Removed"), "\(rm)")
        #expect(!E2EFiles.exists(store.appendingPathComponent(relative)))

        let get = try run(["get", "--store", store.path, "usage-events", id])
        #expect(get.exit == 1, "\(get)")
        let again = try run(["rm", "--store", store.path, "usage-events", id])
        #expect(again.exit == 1, "\(again)")

        // The singleton: rm without an id, then get fails.
        let rmSingleton = try run(["rm", "--store", store.path, "preferences", "--json"])
        #expect(rmSingleton.exit == 0, "\(rmSingleton)")
        #expect((try? rmSingleton.json() as? [String: Any])?["collection"] as? String == "preferences", "\(rmSingleton)")
        #expect(!E2EFiles.exists(store.appendingPathComponent("data/preferences.json")))
        let getSingleton = try run(["get", "--store", store.path, "preferences"])
        #expect(getSingleton.exit == 1, "\(getSingleton)")

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
    }

    @Test func unknownCollectionFailsWithASuggestion() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let close = try run(["get", "--store", store.path, "usage-evnts", "x"])
        #expect(close.exit == 2, "\(close)")  // a mistyped argument, as an unknown field is
        #expect(close.stderr.lowercased().contains("did you mean \"usage-events\""), "\(close)")

        let far = try run(["ls", "--store", store.path, "zzzzzzzz"])
        #expect(far.exit == 2, "\(far)")
        #expect(far.stderr.contains("zzzzzzzz"), "\(far)")
        #expect(!far.stderr.lowercased().contains("did you mean"), "\(far)")

        let put = try run(["put", "--store", store.path, "selected-ap"], stdin: "{}")
        #expect(put.exit == 2, "\(put)")
        #expect(put.stderr.lowercased().contains("did you mean \"selected-apps\""), "\(put)")
    }
}
