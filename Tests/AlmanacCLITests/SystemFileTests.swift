import Foundation
import Testing

/// Finder, Explorer and iCloud Drive put files into any folder a person opens: `.DS_Store`,
/// AppleDouble `._*`, `Icon\r`, `.localized`, `Thumbs.db`, `desktop.ini`. A store sprinkled
/// with them in every folder must behave exactly as a clean one; placeholders of files iCloud
/// has not downloaded must be named, never taken for missing documents.
@Suite("Operating-system files")
struct SystemFileTests {
    static let names = [".DS_Store", "._00000000-0000-4000-8000-000000000001.json", "Icon\r", ".localized", "Thumbs.db", "desktop.ini"]

    /// Puts every operating-system file into every folder below `root` (and `root` itself).
    static func sprinkle(_ root: URL) throws {
        var folders = [root]
        if let enumerator = FileManager.default.enumerator(atPath: root.path) {
            while let relative = enumerator.nextObject() as? String {
                let url = root.appendingPathComponent(relative)
                if E2EFiles.isFolder(url) { folders.append(url) }
            }
        }
        for folder in folders {
            for name in names {
                try Data("written by the operating system".utf8).write(to: folder.appendingPathComponent(name))
            }
        }
    }

    @Test("check, export and import, retention and delete --all behave as on a clean tree")
    func sprinkledStoreBehavesAsAClean() throws {
        let folder = E2EFolder()
        let store = try ThreeYearStore(in: folder).store
        try SystemFileTests.sprinkle(store)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        #expect(check.stdout.contains("\(ThreeYearStore.days) documents checked: 0 errors, 0 warnings"), "\(check)")

        let export = folder.path("export.jsonl")
        #expect(try run(["export", "--out", export.path, "--store", store.path]).exit == 0)
        let exported = try #require(E2EFiles.text(export))
        for name in ["DS_Store", "Thumbs.db", "desktop.ini", ".localized", "operating system"] {
            #expect(!exported.contains(name), "the export carries \(name)")
        }
        let target = folder.path("imported")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try SystemFileTests.sprinkle(target)  // a folder a person looked at in Finder is still empty
        let imported = try run(["import", export.path, "--store", target.path])
        #expect(imported.exit == 0, "\(imported)")

        let retention = try run(["retention", "run", "--now", "2026-01-01", "--store", store.path])
        #expect(retention.exit == 0, "\(retention)")
        // The archived days' folders held only .DS_Store and the like: they are gone.
        #expect(!E2EFiles.exists(store.appendingPathComponent("data/usage-events/2023/01/01")))
        #expect(!E2EFiles.exists(store.appendingPathComponent("data/usage-events/2023")))
        #expect(try run(["check", "--store", store.path]).exit == 0)

        let deleted = try run(["delete", "--all", "--yes", "--store", store.path])
        #expect(deleted.exit == 0, "\(deleted)")
        try SystemFileTests.sprinkle(store)
        let put = try run(["put", "usage-events", "--store", store.path],
                          stdin: usageEvent(id: uuid(7), timestamp: "2025-05-05T10:00:00Z"))
        #expect(put.exit == 0, "\(put)")
        let after = try run(["check", "--store", store.path])
        #expect(after.exit == 0 && after.stdout.contains("checked: 0 errors"), "\(after)")
    }

    @Test("migrate up and rollback go through, and Finder's files after the migration do not block the rollback")
    func sprinkledStoreMigrates() throws {
        let folder = E2EFolder()
        let store = try ThreeYearStore(in: folder).store
        try SystemFileTests.sprinkle(store)
        let up = try run(["migrate", "up", "--store", store.path, "--migrations", E2ERepository.migrations("miga").path,
                          "--schema", E2ERepository.schema("miga").path])
        #expect(up.exit == 0, "\(up)")
        try SystemFileTests.sprinkle(store)
        let back = try run(["migrate", "rollback", "--store", store.path])
        #expect(back.exit == 0, "\(back)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    @Test("init accepts a folder holding only operating-system files")
    func initIntoAFinderFolder() throws {
        let folder = E2EFolder()
        let target = folder.path("new")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try SystemFileTests.sprinkle(target)
        let result = try run(["init", target.path, "--schema", E2ERepository.schema("miga").path])
        #expect(result.exit == 0, "\(result)")
    }

    @Test("a document iCloud Drive has not downloaded is reported by get, ls and check, never taken as missing")
    func iCloudPlaceholders() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let put = try run(["put", "usage-events", "--store", store.path], stdin: usageEvent(id: uuid(1), timestamp: "2025-05-05T10:00:00Z"))
        try #require(put.exit == 0, "\(put)")
        let month = store.appendingPathComponent("data/usage-events/2025/05")
        try FileManager.default.moveItem(at: month.appendingPathComponent("\(uuid(1)).json"),
                                         to: month.appendingPathComponent(".\(uuid(1)).json.icloud"))
        for args in [["get", "usage-events", uuid(1)], ["ls", "usage-events"], ["export"]] {
            let result = try run(args + ["--store", store.path])
            #expect(result.exit != 0, "\(args): \(result)")
            #expect(result.stderr.contains("not downloaded"), "\(args): \(result)")
            #expect(result.stderr.contains("data/usage-events/2025/05/\(uuid(1)).json"), "\(args): \(result)")
        }
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(check)")
        #expect(check.stdout.contains("not downloaded"), "\(check)")
    }
}
