#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// An export stopped before it finished leaves no temporary file behind it.
@Suite("Interrupted exports")
struct ExportInterruptTests {
    /// The temporary files beside `file` (an export's `.<name>.<pid>-<n>.almanac-tmp`).
    private static func leftovers(of file: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix("." + file.lastPathComponent + ".") && $0.hasSuffix(".almanac-tmp") }
    }

    #if DEBUG
    @Test("SIGINT or SIGTERM during an export removes its temporary file and exits 128 + the signal", arguments: [SIGINT, SIGTERM])
    func signalRemovesTheTemporaryFile(signal number: Int32) throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let out = folder.path("out/export.jsonl")
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = try AlmanacProcess.requiredExecutable()
        process.arguments = ["export", "--store", store.path, "--out", out.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["ALMANAC_TEST_PAUSE_AT": "export:after-header"]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The export pauses once its header is written, its temporary file open.
        let deadline = Date().addingTimeInterval(AlmanacProcess.timeout)
        while Self.leftovers(of: out).isEmpty && Date() < deadline { usleep(20_000) }
        #expect(!Self.leftovers(of: out).isEmpty, "the export started writing")
        usleep(200_000)  // the signal handlers are installed before the export begins; let it reach its pause
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + number, "exit \(process.terminationStatus)")
        #expect(Self.leftovers(of: out).isEmpty, "no temporary file is left")
        #expect(!FileManager.default.fileExists(atPath: out.path), "no half export is named as the file")
    }

    @Test("the next export removes the temporary file an export killed with kill -9 left")
    func nextExportSweepsKilledLeftovers() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let out = folder.path("export.jsonl")
        let killed = try run(["export", "--store", store.path, "--out", out.path], env: ["ALMANAC_TEST_CRASH_AT": "export:after-header"])
        #expect(killed.exit == 128 + SIGKILL, "\(killed)")
        #expect(Self.leftovers(of: out).count == 1, "the killed export left its temporary file")
        let again = try run(["export", "--store", store.path, "--out", out.path])
        #expect(again.exit == 0, "\(again)")
        #expect(Self.leftovers(of: out).isEmpty, "the next export removed it")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }
    #endif
}
