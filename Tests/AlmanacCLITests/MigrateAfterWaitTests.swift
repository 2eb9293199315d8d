import Foundation
import Testing

@testable import Almanac

/// A command that opened the store and then waited for the lock while another process
/// migrated it reads the store again once it holds the lock: a second `migrate up` finds
/// nothing to do, a `put` writes at the new version.
@Suite("Commands that waited for a migration")
struct MigrateAfterWaitTests {
    /// Starts `almanac arguments` in the background.
    static func start(_ arguments: [String], env: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = try AlmanacProcess.requiredExecutable()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Waits (up to the hang timeout) until `condition` holds.
    static func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(AlmanacProcess.timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Whether a process waits in line for the store's lock (it holds `.almanac/lock-queue`).
    static func someoneWaits(_ store: URL) -> Bool {
        let fd = open(store.appendingPathComponent(".almanac/lock-queue").path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(fd, LOCK_UN)
        return false
    }

    @Test("a second migrate up that waited for the first finds nothing to do; a put that waited writes at the new version",
          arguments: ["migrate", "put"])
    func waitedThenReads(second: String) throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 40)
        let resume = folder.path("resume").path
        // Paused holding the writers' lock, about to swap (staging itself runs without it).
        let (first, _, firstErr) = try Self.start(fixture.upArguments, env: ["ALMANAC_TEST_PAUSE_AT": "migrate:locked-unchanged", "ALMANAC_TEST_RESUME_FILE": resume])
        #expect(Self.wait { FileManager.default.fileExists(atPath: resume + ".waiting") }, "the first migration holds the lock, paused")

        let arguments: [String]
        if second == "migrate" {
            arguments = fixture.upArguments + ["--lock-timeout", "600"]
        } else {
            let event = try folder.write(#"{"id": "late", "at": "2025-03-03T10:00:00Z", "amount": 2, "kind": "alpha", "label": "x"}"#, to: "late.json")
            arguments = ["put", "events", event.path, "--store", fixture.store.path, "--lock-timeout", "600"]
        }
        let (waiting, waitingOut, waitingErr) = try Self.start(arguments)
        if second == "migrate" {
            // A second migration stages too (holding no lock), then waits for the writers' lock.
            usleep(300_000)
            #expect(waiting.isRunning, "the second migration waits")
        } else {
            #expect(Self.wait { Self.someoneWaits(fixture.store) }, "the second command waits in line")
        }
        _ = FileManager.default.createFile(atPath: resume, contents: nil)

        first.waitUntilExit()
        #expect(first.terminationStatus == 0, "\(String(decoding: firstErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        waiting.waitUntilExit()
        let out = String(decoding: waitingOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: waitingErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(waiting.terminationStatus == 0, "\(out)\n\(err)")
        if second == "migrate" {
            #expect(out.contains("nothing to migrate"), "\(out)")
        } else {
            #expect(FileManager.default.fileExists(atPath: fixture.store.appendingPathComponent("data/events/2025/03/late.json").path),
                    "filed by month, the new version's layout")
        }
    }
}
