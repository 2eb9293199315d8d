import Foundation
import Testing

/// The README's five-minute tour, run as a new user types it (issue 45, acceptance 1; issue 58,
/// acceptance 6): in a folder that holds only the clone, `almanac/` (this checkout, linked), as
/// the tour says it starts, with the built tool on `PATH`, every shell block of the tour runs in order, its `Package.swift` block becomes the
/// package's manifest and its Swift blocks `Sources/Journal/main.swift`; `swift run` then
/// builds the package against the checkout and runs it.
@Suite("The README's tour")
struct TourTests {
    /// The tour as one shell script: the shell blocks as they are, each Swift block written to
    /// the file the README puts it in.
    static func script() throws -> String {
        let tour = try MarkdownDocuments.blocks(in: "README.md").filter(\.inTour)
        var script = "set -euo pipefail\n"
        for block in tour {
            switch block.language {
            case "sh":
                script += "# \(block)\n" + block.text
            case "swift" where block.isManifest:
                script += "# \(block)\ncat > Package.swift <<'ALMANAC_TOUR_FILE'\n\(block.text)ALMANAC_TOUR_FILE\n"
            case "swift":
                script += "# \(block)\nmkdir -p Sources/Journal\ncat >> Sources/Journal/main.swift <<'ALMANAC_TOUR_FILE'\n\(block.text)ALMANAC_TOUR_FILE\n"
            default:
                throw AlmanacProcessError(description: "\(block): a tour block in '\(block.language)', which the tour test cannot run")
            }
        }
        return script
    }

    @Test("the tour, typed in as the README gives it, makes an app's schema, a store, a migration and a package that runs")
    func theTourRuns() throws {
        let executable = try #require(AlmanacProcess.executable, "\(AlmanacProcess.missingExecutable)")
        let swift = try #require(Self.swiftOnPath, "the tour builds a package with swift, which is not on PATH")
        // On disk, not in memory: a package's build is large, and no test here measures files.
        let folder = E2EFolder(inMemory: false)
        try FileManager.default.createSymbolicLink(at: folder.path("almanac"), withDestinationURL: E2ERepository.root)
        let script = try Self.script()
        try script.write(to: folder.path("tour.sh"), atomically: true, encoding: .utf8)

        let output = folder.path("output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [folder.path("tour.sh").path]
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["ALMANAC_STORE"] = nil
        environment["PATH"] = [executable.deletingLastPathComponent().path, swift.deletingLastPathComponent().path,
                               environment["PATH"] ?? "/usr/bin:/bin"].joined(separator: ":")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // A hang, not a slow build: compiling the library on a busy machine takes minutes.
        if finished.wait(timeout: .now() + 1800) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 5)
            Issue.record("the tour did not finish within 30 minutes: \(try String(contentsOf: output, encoding: .utf8).suffix(3000))")
            return
        }
        let log = try String(contentsOf: output, encoding: .utf8)
        try #require(process.terminationStatus == 0, "the tour failed (exit \(process.terminationStatus)):\n\(log.suffix(6000))\n--- the script:\n\(script)")

        // What the tour says happens.
        #expect(log.contains("in all: 2"), "the tool's entry and the app's: \(log.suffix(3000))")
        #expect(log.contains("newest: [\"Wrote the tour.\", \"Hello.\"]"), "\(log.suffix(3000))")
        let store = folder.path("journal/journal-store")
        let record = try #require(E2EFiles.object(store.appendingPathComponent("store.json")), "\(log.suffix(2000))")
        #expect(record["schemaVersion"] as? Int == 2, "migrated to version 2: \(record)")
        let first = try #require(E2EFiles.object(store.appendingPathComponent("data/entries/2026/11/first-entry.json")))
        #expect(first["mood"] is NSNull, "the migration gave the tool's entry a null mood: \(first)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    /// `swift` on the test runner's `PATH`.
    static var swiftOnPath: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
