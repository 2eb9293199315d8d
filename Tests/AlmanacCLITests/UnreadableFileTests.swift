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
        chmod(folder.url.path, 0o755)
        let store = try folder.copySample("miga")
        // Readable by everyone (the sample's modes are the checkout's), but one file.
        for relative in E2EFiles.files(under: store) { chmod(store.appendingPathComponent(relative).path, 0o644) }
        var folders = [store]
        while let next = folders.popLast() {
            chmod(next.path, 0o755)
            let children = (try? FileManager.default.contentsOfDirectory(at: next, includingPropertiesForKeys: nil)) ?? []
            folders += children.filter(E2EFiles.isFolder)
        }
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
    }
}
