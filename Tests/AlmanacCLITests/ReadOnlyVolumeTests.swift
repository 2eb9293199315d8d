import Almanac
import Foundation
import Testing

/// A store on a read-only volume (a mounted disk image, a read-only share): it is read,
/// checked, exported and backed up where nothing can be written beside it.
@Suite("A store on a read-only volume")
struct ReadOnlyVolumeTests {
    /// Runs `mount` (or `umount`) with `arguments`; true when it succeeded.
    @discardableResult
    static func mount(_ arguments: [String], command: String = "mount") -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/" + command)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Every file below `url` with its bytes.
    static func files(_ url: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            result[String(file.path.dropFirst(url.path.count))] = try Data(contentsOf: file)
        }
        return result
    }

    /// Whether this machine lets the tests mount a volume (root, Linux); probed once.
    static let canMount: Bool = {
        #if os(Linux)
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-mount-probe-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe.path]) else { return false }
        mount([probe.path], command: "umount")
        return true
        #else
        return false
        #endif
    }()

    @Test("export, backup and check of a store on a read-only volume succeed and leave nothing behind; a write names the read-only file system",
          .enabled(if: ReadOnlyVolumeTests.canMount, "mounting a read-only volume needs root on Linux (mount -t tmpfs)"))
    func exportAndBackupFromReadOnlyVolume() throws {
        let folder = E2EFolder()
        let volume = folder.path("volume")
        try FileManager.default.createDirectory(at: volume, withIntermediateDirectories: true)
        try #require(ReadOnlyVolumeTests.mount(["-t", "tmpfs", "-o", "size=64m", "tmpfs", volume.path]))
        defer { ReadOnlyVolumeTests.mount([volume.path], command: "umount") }
        let store = volume.appendingPathComponent("store")
        #expect(try WorkerProcess.run(["create", store.path]) == 0)
        try #require(ReadOnlyVolumeTests.mount(["-o", "remount,ro", volume.path]))
        let before = try ReadOnlyVolumeTests.files(store)

        let export = folder.path("export.jsonl")
        let exported = try run(["export", "--store", store.path, "--out", export.path, "--attachments"])
        #expect(exported.exit == 0, "\(exported)")
        let imported = try run(["import", export.path, "--store", folder.path("imported").path])
        #expect(imported.exit == 0, "\(imported)")
        #expect(try Store(at: folder.path("imported")).documents(json: "movers").count == 40)

        let backup = folder.path("backup")
        let backedUp = try run(["backup", backup.path, "--store", store.path])
        #expect(backedUp.exit == 0, "\(backedUp)")
        let copy = try Store(at: backup)
        #expect(try copy.check().problems.isEmpty)
        #expect(try copy.documents(json: "movers").count == 40)
        #expect(try copy.attachmentNames(of: "m0", in: "movers") == ["note.txt"])
        #expect(!FileManager.default.fileExists(atPath: backup.appendingPathComponent(".almanac/lock").path),
                "a backup holds the store's files, not its lock")

        #expect(try run(["check", "--store", store.path]).exit == 0)
        #expect(try ReadOnlyVolumeTests.files(store) == before, "nothing was written on the read-only volume")
        let put = try run(["put", "--store", store.path, "notes"], stdin: #"{"id": "n-ro", "date": "2025-03-01"}"#)
        #expect(put.exit != 0 && put.stderr.contains("read-only"), "\(put)")
    }
}
