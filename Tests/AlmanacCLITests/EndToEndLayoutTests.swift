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

// MARK: - layout on disk

@Suite struct EndToEndLayoutTests {
    @Test func aDateChangeMovesTheFile() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let id = "7A5D2C1E-0000-4000-8000-00000000DA7E"
        let oldPath = "data/usage-events/2025/03/10/\(id).json"
        let newPath = "data/usage-events/2025/03/12/\(id).json"

        let first = try run(["put", "--store", store.path, "usage-events"], stdin: usageEvent(id: id, timestamp: "2025-03-10T15:00:00Z"))
        #expect(first.exit == 0, "\(first)")
        #expect(E2EFiles.exists(store.appendingPathComponent(oldPath)))

        let second = try run(["put", "--store", store.path, "usage-events"], stdin: usageEvent(id: id, timestamp: "2025-03-12T15:00:00Z", pause: 9))
        #expect(second.exit == 0, "\(second)")
        #expect(second.stdout == "Saved \(newPath)\n", "\(second)")
        #expect(!E2EFiles.exists(store.appendingPathComponent(oldPath)), "the old copy was left behind")
        #expect(E2EFiles.text(store.appendingPathComponent(newPath)) == canonicalUsageEvent(id: id, timestamp: "2025-03-12T15:00:00Z", pause: 9))
        #expect(dataFiles(store).filter { $0.hasSuffix("/\(id).json") } == [newPath])

        let get = try run(["get", "--store", store.path, "usage-events", id])
        #expect(get.stdout == canonicalUsageEvent(id: id, timestamp: "2025-03-12T15:00:00Z", pause: 9), "\(get)")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
    }

    @Test func filesAre0600AndFolders0700() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let put = try run(["put", "--store", store.path, "usage-events"], stdin: usageEvent(id: uuid(61), timestamp: "2024-06-15T12:00:00Z"))
        #expect(put.exit == 0, "\(put)")
        let single = try run(["put", "--store", store.path, "preferences"], stdin: #"{"selectedInterestTags":["stoicism","mindfulness"],"onboardingDeterminationLevel":7,"hasCompletedOnboarding":true,"gatewayTimerDuration":20,"frePhase":"appsSelected"}"#)
        #expect(single.exit == 0, "\(single)")

        let folders = [
            "", "schema", "data", ".almanac", "data/usage-events", "data/usage-events/2024",
            "data/usage-events/2024/06",
        ]
        for relative in folders {
            let url = relative.isEmpty ? store : store.appendingPathComponent(relative)
            #expect(E2EFiles.mode(url) == 0o700, "folder '\(relative)' has mode \(String(E2EFiles.mode(url) ?? 0, radix: 8))")
        }
        let files = ["store.json", "schema/catalog.json", ".almanac/lock", "data/usage-events/2024/06/\(uuid(61)).json", "data/preferences.json"]
        for relative in files {
            let url = store.appendingPathComponent(relative)
            #expect(E2EFiles.mode(url) == 0o600, "file '\(relative)' has mode \(String(E2EFiles.mode(url) ?? 0, radix: 8))")
        }
        // Every file and folder of the store, not only the ones named above.
        for relative in E2EFiles.files(under: store) {
            #expect(E2EFiles.mode(store.appendingPathComponent(relative)) == 0o600, "\(relative)")
        }
    }

    @Test func symbolicLinksInsideAStoreAreNeverFollowed() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let outside = folder.path("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("09/09"), withIntermediateDirectories: true)
        let link = store.appendingPathComponent("data/usage-events/2026")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(check)")
        #expect(check.stdout.contains("data/usage-events/2026: error:"), "\(check)")
        #expect(check.stdout.contains("symbolic link"), "\(check)")

        // A save whose folder is the link fails and writes nothing through it.
        let put = try run(["put", "--store", store.path, "usage-events"], stdin: usageEvent(id: uuid(91), timestamp: "2026-09-09T12:00:00Z"))
        #expect(put.exit != 0, "\(put)")
        #expect(put.stderr.contains("symbolic link"), "\(put)")
        #expect(E2EFiles.files(under: outside).isEmpty, "a file was written through the link: \(E2EFiles.files(under: outside))")

        // A document file that is a link is not read.
        try Data(#"{"id":"linked"}"#.utf8).write(to: folder.path("linked.json"))
        try FileManager.default.removeItem(at: link)
        let linkedDocument = store.appendingPathComponent("data/mindfulness-content/linked.json")
        try FileManager.default.createSymbolicLink(at: linkedDocument, withDestinationURL: folder.path("linked.json"))
        let get = try run(["get", "--store", store.path, "mindfulness-content", "linked"])
        #expect(get.exit != 0, "\(get)")
        #expect(get.stdout.isEmpty, "\(get)")
        let checkAgain = try run(["check", "--store", store.path, "--json"])
        #expect(checkAgain.exit == 3, "\(checkAgain)")
        let problems = (try? checkAgain.json() as? [String: Any])?["problems"] as? [[String: Any]] ?? []
        #expect(problems.contains { $0["path"] as? String == "data/mindfulness-content/linked.json" }, "\(checkAgain)")
    }

    @Test func concurrentWritersInSeveralProcessesAllSucceed() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let writers = 4, perWriter = 25
        let inputs = try (0..<writers).map { writer in
            let documents = (0..<perWriter).map { index in
                usageEvent(id: uuid(1000 + writer * 100 + index), timestamp: "2025-05-\(10 + index % 5)T12:00:00Z")
            }
            return try folder.write("[" + documents.joined(separator: ",\n") + "]", to: "writer-\(writer).json")
        }
        let results = E2EResults(count: writers)
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            results.set(writer, Result {
                try AlmanacProcess.run(["put", "--store", store.path, "usage-events", inputs[writer].path, "--lock-timeout", "20"])
            })
        }
        for (writer, result) in results.all.enumerated() {
            let output = try #require(try result?.get(), "writer \(writer) did not run")
            #expect(output.exit == 0, "writer \(writer): \(output)")
            #expect(output.stdout.split(separator: "\n").count == perWriter, "writer \(writer): \(output)")
        }
        #expect(dataFiles(store).count == writers * perWriter)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        #expect(check.stdout.contains("\(writers * perWriter) documents checked"), "\(check)")
    }
}

/// Results gathered from several threads.
private final class E2EResults: @unchecked Sendable {
    // Sendable: `values` is only touched with `lock` held.
    private let lock = NSLock()
    private var values: [Result<AlmanacRun, any Error>?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<AlmanacRun, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
    }

    var all: [Result<AlmanacRun, any Error>?] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
