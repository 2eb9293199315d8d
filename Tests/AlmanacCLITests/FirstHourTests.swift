#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// What a new user met in their first hour with the tool (issue 30, item 15): each wrong or
/// missing answer, now a clear one.
@Suite("A new user's first hour")
struct FirstHourTests {
    @Test("'almanac list' suggests ls; other common words suggest their command")
    func synonyms() throws {
        let list = try run(["list"])
        #expect(list.exit == 2 && list.stderr.contains("did you mean 'ls'?"), "\(list)")
        let remove = try run(["remove"])
        #expect(remove.exit == 2 && remove.stderr.contains("did you mean 'rm'?"), "\(remove)")
        let since = try run(["ls", "usage-events", "--since", "2025-01-01"])
        #expect(since.exit == 2 && since.stderr.contains("did you mean '--from'?"), "\(since)")
    }

    @Test("ls --limit -1 is refused for its value, not as a missing one")
    func negativeLimit() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let result = try run(["ls", "usage-events", "--limit", "-1", "--store", store.path])
        #expect(result.exit == 2 && !result.stderr.contains("needs a value") && result.stderr.contains("≥ 0, got -1"), "\(result)")
    }

    @Test("ls --help says what --to includes, as the overview does")
    func toHelp() throws {
        let help = try run(["ls", "--help"])
        let line = try #require(help.stdout.components(separatedBy: "\n").first { $0.contains("--to <date>") && $0.contains("Only") })
        #expect(line.contains("a day is included") || help.stdout.contains("a timestamp is not"), "\(help.stdout)")
    }

    @Test("schema new and schema add-collection neither list nor take --store and --lock-timeout")
    func scaffoldingTakesNoStore() throws {
        for command in [["schema", "new"], ["schema", "add-collection"]] {
            let help = try run(command + ["--help"])
            #expect(help.exit == 0 && !help.stdout.contains("--store") && !help.stdout.contains("--lock-timeout"), "\(help)")
        }
        let folder = E2EFolder()
        let refused = try run(["schema", "new", "journal", "--store", "x"], cwd: folder.url)
        #expect(refused.exit == 2 && refused.stderr.contains("--store"), "\(refused)")
        #expect(!E2EFiles.exists(folder.path("schema/journal")), "nothing made")
    }

    /// Issue 58, item 3: a schema of UUID ids refuses `"cli-1"` at the save, instead of the app
    /// failing on it later when its `UUID` property decodes.
    @Test("schema add-collection --id uuid makes a schema that refuses any other id")
    func uuidIDs() throws {
        let folder = E2EFolder()
        #expect(try run(["schema", "new", "reading"], cwd: folder.url).exit == 0)
        let added = try run(["schema", "add-collection", "sessions", "--app", "reading", "--date-field", "startedAt", "--partition", "month", "--id", "uuid"], cwd: folder.url)
        #expect(added.exit == 0, "\(added)")
        #expect(try run(["init", "st", "--schema", "schema/reading", "--time-zone", "UTC"], cwd: folder.url).exit == 0)
        let wrong = try run(["put", "sessions", "-", "--store", "st"], stdin: #"{"id": "cli-1", "startedAt": "2026-11-24T08:30:00Z"}"#, cwd: folder.url)
        #expect(wrong.exit != 0 && wrong.stderr.contains("/id: \"cli-1\" is not a valid UUID"), "\(wrong)")
        let right = try run(["put", "sessions", "-", "--store", "st"], stdin: #"{"id": "3F2504E0-4F89-41D3-9A0C-0305E82C3301", "startedAt": "2026-11-24T08:30:00Z"}"#, cwd: folder.url)
        #expect(right.exit == 0, "\(right)")
        let other = try run(["schema", "add-collection", "notes", "--app", "reading", "--partition", "none", "--id", "number"], cwd: folder.url)
        #expect(other.exit == 2 && other.stderr.contains("--id expects string or uuid"), "\(other)")
    }

    @Test("rm and delete agree off a terminal: one document that reaches no other goes without --yes; a reach or a range needs it")
    func removeAndDeleteAgree() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let events = E2EFiles.files(under: store.appendingPathComponent("data/usage-events")).filter { $0.hasSuffix(".json") }
        let ids = events.prefix(2).map { String($0.split(separator: "/").last!.dropLast(5)) }
        let rm = try run(["rm", "usage-events", ids[0], "--store", store.path], stdin: "")
        let delete = try run(["delete", "usage-events", ids[1], "--store", store.path], stdin: "")
        #expect(rm.exit == 0 && delete.exit == 0, "rm: \(rm)\ndelete: \(delete)")
        let range = try run(["delete", "usage-events", "--store", store.path], stdin: "")
        #expect(range.exit == 2 && range.stderr.contains("--yes"), "\(range)")

        let cravey = try folder.copySample("cravey")
        let video = "B93D0206-6694-4521-A2D6-7FB246F2A999"  // two cravings link to it (nullify)
        for command in ["rm", "delete"] {
            let reach = try run([command, "recordings", video, "--store", cravey.path], stdin: "")
            #expect(reach.exit == 2 && reach.stderr.contains("--yes"), "\(command): \(reach)")
        }
    }

    @Test("migrate up outside the project folder names both folders it needs at once")
    func migrateNamesBothFolders() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let result = try run(["migrate", "up", "--store", store.path], cwd: folder.url)
        #expect(result.exit == 2 && result.stderr.contains("--migrations") && result.stderr.contains("--schema"), "\(result)")
    }

    @Test("Ctrl-C during migrate up says the store is unchanged and at which version")
    func interruptedMigration() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 20)
        let resume = folder.path("resume").path
        let process = Process()
        process.executableURL = try AlmanacProcess.requiredExecutable()
        process.arguments = fixture.upArguments
        process.environment = ProcessInfo.processInfo.environment.merging(["ALMANAC_TEST_PAUSE_AT": "migrate:after-staging", "ALMANAC_TEST_RESUME_FILE": resume]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(AlmanacProcess.timeout)
        while !FileManager.default.fileExists(atPath: resume + ".waiting"), Date() < deadline { usleep(10_000) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted: the store is unchanged, at version 1"), "\(stderr)")
        #expect(try Store(at: fixture.store).schemaVersion == 1)
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test("put into a collection the app added after the store's version names the migration to run")
    func collectionAddedLater() throws {
        let project = E2EFolder()
        let cwd = project.url
        #expect(try run(["schema", "new", "journal"], cwd: cwd).exit == 0)
        #expect(try run(["schema", "add-collection", "entries", "--date-field", "createdAt", "--partition", "month"], cwd: cwd).exit == 0)
        let store = project.path("store")
        #expect(try run(["init", store.path, "--schema", "schema/journal", "--time-zone", "UTC"], cwd: cwd).exit == 0)
        #expect(try run(["schema", "add-collection", "notes", "--partition", "none"], cwd: cwd).exit == 0)
        let put = try run(["put", "notes", "-", "--store", store.path], stdin: #"{"id": "n1"}"#, cwd: cwd)
        #expect(put.exit != 0 && put.stderr.contains("migrate new") && put.stderr.contains("migrate up"), "\(put)")
    }

    @Test("a bad timestamp in a date-time date field is told to be a date-time, never offered a calendar date")
    func badTimestampHint() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let file = try folder.write(usageEvent(id: uuid(1), timestamp: "2025-01-27 10:00"), to: "e.json")
        let put = try run(["put", "usage-events", file.path, "--store", store.path])
        #expect(put.exit == 3 && put.stderr.contains("date-time") && !put.stderr.contains("calendar date"), "\(put)")
    }
}
