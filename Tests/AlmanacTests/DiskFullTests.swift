#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import Almanac

@Suite("A full disk", .serialized)
struct DiskFullTests {
    /// Whether this machine lets the tests mount a small tmpfs (root on Linux).
    static let canMount: Bool = {
        #if os(Linux)
        return getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
        #else
        return false
        #endif
    }()

    func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func expectNoSpaceError(_ error: AlmanacError?) {
        #expect(error?.code == .io)
        #expect(error?.message.contains("disk is full") == true)
        #expect((error?.underlying as? POSIXFailure)?.errno == ENOSPC)
    }

    @Test("a write that fails with ENOSPC reports the full disk and leaves the old document and no temp file")
    func injectedNoSpace() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let original = LoggedEvent(id: "F1", timestamp: instant("2025-01-27T14:03:00Z"), kind: "original")
        try store.save(original)
        TestHooks.arm(.diskFull, name: "F1.json")
        defer { TestHooks.disarm(.diskFull, name: "F1.json") }
        var changed = original
        changed.kind = "changed"
        expectNoSpaceError(#expect(throws: AlmanacError.self) { try store.save(changed) })
        #expect(try store.document(LoggedEvent.self, id: "F1") == original)
        #expect(try store.check().problems.isEmpty, "no temporary file is left behind")
    }

    @Test("on a really full file system (a 1 MB tmpfs) a save fails cleanly and succeeds once space is freed",
          .enabled(if: canMount))
    func realFullDisk() throws {
        let folder = TemporaryFolder()
        let mountPoint = folder.path("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard run(["/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path]) == 0 else {
            Issue.record("mount failed although this machine allows it")
            return
        }
        defer { _ = run(["/bin/umount", mountPoint.path]) }
        let schema = try TestSchema.write(in: folder)
        let store = try Store.create(at: mountPoint.appendingPathComponent("store"), schema: schema, timeZone: TimeZone(identifier: "UTC")!)
        let original = LoggedEvent(id: "F1", timestamp: instant("2025-01-27T14:03:00Z"), kind: "original")
        try store.save(original)
        // Fill every remaining block.
        let filler = mountPoint.appendingPathComponent("filler")
        #expect(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(repeating: 0, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()

        var changed = original
        changed.kind = String(repeating: "x", count: 8192)
        expectNoSpaceError(#expect(throws: AlmanacError.self) { try store.save(changed) })
        expectNoSpaceError(#expect(throws: AlmanacError.self) {
            try store.save(LoggedEvent(id: "F2", timestamp: instant("2025-01-27T15:00:00Z"), kind: String(repeating: "y", count: 8192)))
        })
        #expect(try store.document(LoggedEvent.self, id: "F1") == original)
        #expect(try store.document(LoggedEvent.self, id: "F2") == nil)
        #expect(try store.check().problems.isEmpty)

        try FileManager.default.removeItem(at: filler)
        try store.save(changed)
        #expect(try store.document(LoggedEvent.self, id: "F1") == changed)
    }
}
