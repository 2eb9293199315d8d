#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// Whether the tests can run the tool as user `nobody` (`setpriv`, as root).
enum NobodyUser {
    static let unavailable: String? = {
        #if os(Linux)
        if getuid() != 0 { return "running the tool as another user needs root" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") { return "setpriv (util-linux) is not installed" }
        return nil
        #else
        return "runs on Linux as root only"
        #endif
    }()

    static func run(_ arguments: [String]) throws -> AlmanacRun {
        try AlmanacProcess.run(arguments, cwd: URL(fileURLWithPath: "/"), user: 65534)
    }
}

/// One file the user may not read stays one bad file (issue 41, item 6): reads that do not
/// need it succeed, `--keep-going` lists every other document and names it, and the message
/// names the file and the user. The tool runs as `nobody` (`setpriv`), since root reads
/// every file whatever its mode.
@Suite("One unreadable file", .serialized, .enabled(if: NobodyUser.unavailable == nil))
struct UnreadableFileTests {
    @Test("reads that do not need the unreadable file succeed, --keep-going lists the rest, and the message names the file and the user")
    func oneUnreadableFile() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        // Readable by everyone, but one file.
        try Self.makeReadableByEveryone(folder.url)
        let asRoot = try run(["ls", "usage-events", "--from", "2025-01-01", "--to", "2025-01-31", "--store", store.path])
        let hidden = try #require(dataFiles(store).first { $0.hasPrefix("data/usage-events/2024/11/") })
        chmod(store.appendingPathComponent(hidden).path, 0)
        let total = dataFiles(store).filter { $0.hasPrefix("data/usage-events/") }.count

        let range = try NobodyUser.run(["ls", "usage-events", "--from", "2025-01-01", "--to", "2025-01-31", "--store", store.path])
        #expect(range.exit == 0 && range.stdout == asRoot.stdout && !range.stdout.isEmpty, "another month's file does not stop this one: \(range)")

        let other = try #require(dataFiles(store).first { $0.hasPrefix("data/usage-events/2025/") })
        let id = URL(fileURLWithPath: other).deletingPathExtension().lastPathComponent
        let get = try NobodyUser.run(["get", "usage-events", id, "--store", store.path])
        #expect(get.exit == 0, "another id: \(get)")

        let all = try NobodyUser.run(["ls", "usage-events", "--store", store.path])
        #expect(all.exit != 0 && all.stderr.contains(hidden) && all.stderr.contains("permission denied") && all.stderr.contains("nobody"), "\(all)")
        #expect(!all.stderr.contains("check that you own the store folder"), "\(all)")

        let kept = try NobodyUser.run(["ls", "usage-events", "--keep-going", "--store", store.path])
        let listed = kept.stdout.split(separator: "\n").filter { $0.contains("data/usage-events/") }.count
        #expect(listed == total - 1, "--keep-going lists every readable document: \(listed) of \(total - 1)")
        #expect(kept.stderr.contains(hidden), "and names the one it could not read: \(kept.stderr)")

        // Counts count what can be read and say what could not; without --keep-going the file stops the count as it stops ls.
        let count = try NobodyUser.run(["ls", "usage-events", "--count", "--store", store.path])
        #expect(count.exit != 0 && count.stdout.isEmpty && count.stderr.contains(hidden) && count.stderr.contains("nobody"), "\(count)")
        let counted = try NobodyUser.run(["ls", "usage-events", "--count", "--keep-going", "--store", store.path])
        #expect(counted.exit == 3 && counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(total - 1), "\(counted)")
        #expect(counted.stderr.contains(hidden) && counted.stderr.contains("1 file could not be read"), "\(counted.stderr)")
        let rootCount = try run(["ls", "usage-events", "--count", "--store", store.path])
        #expect(rootCount.exit == 0 && rootCount.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(total), "root reads every file: \(rootCount)")

        let status = try NobodyUser.run(["status", "--json", "--store", store.path])
        #expect(status.exit == 3 && status.stderr.contains(hidden) && status.stderr.contains("nobody"), "\(status)")
        let parsed = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        let line = (parsed?["collections"] as? [[String: Any]])?.first { $0["name"] as? String == "usage-events" }
        #expect(line?["documents"] as? Int == total - 1 && (line?["unreadable"] as? [String]) == [hidden], "\(status.stdout)")

        // An export goes on past it with --keep-going, and its header counts what it holds: it imports.
        let export = try NobodyUser.run(["export", "--store", store.path])
        #expect(export.exit != 0 && export.stderr.contains(hidden), "without --keep-going the file stops the export: \(export.stderr)")
        let exported = try NobodyUser.run(["export", "--keep-going", "--store", store.path])
        #expect(exported.exit == 3 && exported.stderr.contains(hidden) && exported.stderr.contains("not in the export"), "\(exported.stderr)")
        let events = exported.stdout.split(separator: "\n").filter { $0.contains("\"collection\":\"usage-events\"") && $0.contains("\"kind\":\"document\"") }
        #expect(events.count == total - 1, "every readable document is exported: \(events.count) of \(total - 1)")
        let exportFile = folder.url.appendingPathComponent("kept.jsonl")
        try Data(exported.stdout.utf8).write(to: exportFile)
        let imported = try run(["import", exportFile.path, "--store", folder.url.appendingPathComponent("imported").path])
        #expect(imported.exit == 0, "the header counts what the export holds, so it imports: \(imported)")
    }

    @Test("a report computes over every readable document with --keep-going, and names the file it could not read")
    func reportKeepsGoing() throws {
        let folder = E2EFolder()
        let store = try ReportCommandTests.migratedSample("miga", in: folder)
        try Self.makeReadableByEveryone(folder.url)
        let hidden = try #require(dataFiles(store).first { $0.hasPrefix("data/usage-events/2024/11/") })
        chmod(store.appendingPathComponent(hidden).path, 0)
        let report = try NobodyUser.run(["report", "miga", "streak", "--now", "2025-02-01", "--store", store.path])
        #expect(report.exit != 0 && report.stdout.isEmpty && report.stderr.contains(hidden), "without --keep-going the file stops the report: \(report)")
        let reported = try NobodyUser.run(["report", "miga", "streak", "--now", "2025-02-01", "--keep-going", "--store", store.path])
        #expect(reported.exit == 3 && reported.stdout.contains("streak") && reported.stderr.contains(hidden)
                && reported.stderr.contains("nobody") && reported.stderr.contains("left out of the report"), "\(reported)")
    }

    /// Makes the folder and everything in it readable by every user (the samples' modes are the checkout's).
    static func makeReadableByEveryone(_ top: URL) throws {
        var folders = [top]
        while let next = folders.popLast() {
            chmod(next.path, 0o755)
            for child in (try? FileManager.default.contentsOfDirectory(at: next, includingPropertiesForKeys: nil)) ?? [] {
                if E2EFiles.isFolder(child) { folders.append(child) } else { chmod(child.path, 0o644) }
            }
        }
    }
}
