#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// Errors worded for where Almanac runs: data protection on Apple systems, file systems that
/// cannot lock, and the operating-system files every folder may hold.
@Suite("Platform errors")
struct PlatformErrorTests {
    @Test("a denied open on an Apple system says the device is locked where data protection is in force, elsewhere it says permissions", arguments: [EPERM, EACCES])
    func deniedOpen(code: Int32) {
        let apple = SystemCall.failure("open", path: "data/usage-events/2025/01/01/x.json", errno: code, applePlatform: true, protection: .complete)
        #expect(apple.code == .protectedDataUnavailable)
        #expect(apple.message.hasPrefix("protected data is not available: the store's files have data protection class complete"), "\(apple.message)")
        #expect(apple.message.contains("Store.Options.fileProtection"))
        #expect(apple.path == "data/usage-events/2025/01/01/x.json")
        for protection in [nil, FileProtection.noProtection] {
            let denied = SystemCall.failure("open", path: "x.json", errno: code, applePlatform: true, protection: protection)
            #expect(denied.code == .io)
            #expect(denied.message.hasPrefix("permission denied; check that the app's sandbox"), "\(denied.message)")
        }
        let linux = SystemCall.failure("open", path: "x.json", errno: code, applePlatform: false)
        #expect(linux.code == .io)
        #expect(linux.message.hasPrefix("permission denied: \(SystemCall.currentUser) may not open this file or folder; check its owner and mode"), "\(linux.message)")
        #expect(!linux.message.contains("check that you own the store folder"), "a file the user may not read is named, not the store folder")
    }

    @Test("a file system that cannot lock is named as such", arguments: [ENOTSUP, EOPNOTSUPP, ENOLCK])
    func lockUnsupported(code: Int32) {
        let error = StoreLock.lockFailure(path: ".almanac/lock", errno: code)
        #expect(error.code == .io)
        #expect(error.message.contains("cannot lock files"), "\(error.message)")
        #expect(error.message.contains("exFAT"))
        #expect(error.path == ".almanac/lock")
        let other = StoreLock.lockFailure(path: ".almanac/lock", errno: EBADF)
        #expect(!other.message.contains("cannot lock files"))
    }

    @Test("ENOTSUP and EOPNOTSUPP both mean unsupported")
    func unsupportedSpellings() {
        #expect(SystemCall.isUnsupported(ENOTSUP))
        #expect(SystemCall.isUnsupported(EOPNOTSUPP))
        #expect(!SystemCall.isUnsupported(EIO), "an I/O error never falls back")
    }

    @Test("operating-system files and iCloud placeholders are recognised, documents are not")
    func systemFileNames() {
        for name in [".DS_Store", "._x.json", "Icon\r", ".localized", "Thumbs.db", "desktop.ini"] {
            #expect(SystemFile.isSystemFile(name), "\(name)")
        }
        for name in ["x.json", "DS_Store", "Icon", "thumbs.json", ".x.json.almanac-tmp"] {
            #expect(!SystemFile.isSystemFile(name), "\(name)")
        }
        #expect(SystemFile.placeholderTarget(".A1.json.icloud") == "A1.json")
        #expect(SystemFile.placeholderTarget("A1.json.icloud") == nil)
        #expect(SystemFile.placeholderTarget("..icloud") == nil)
    }

    @Test("a store's folder with a protection class is made (the class is applied on Apple systems only)")
    func createWithProtection() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, options: Store.Options(fileProtection: .completeUntilFirstUserAuthentication))
        try store.save(json: .object(["id": .string("t1")]), in: "templates")
        #expect(try store.document(json: "t1", in: "templates") != nil)
    }

    @Test("a dataless file (its contents in iCloud) is not-downloaded, naming it, without reading it; check reports it")
    func datalessFile() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k"))
        store.finishWriting()
        let dayFolder = store.url.appendingPathComponent("data/events/2025/03/01").path
        try TestHooks.withApplePath(under: dayFolder, dataless: true) {
            let error = try #require(throws: AlmanacError.self) { try Store(at: store.url).document(LoggedEvent.self, id: "E1") }
            #expect(error.code == .notDownloaded)
            #expect(error.path == "data/events/2025/03/01/E1.json", "\(error.path ?? "")")
            #expect(error.message.contains("dataless"), "\(error.message)")
            let report = try Store(at: store.url).check()
            #expect(report.problems.contains { $0.path == "data/events/2025/03/01/E1.json" }, "\(report.problems)")
        }
        #expect(try Store(at: store.url).document(LoggedEvent.self, id: "E1") != nil)
    }

    @Test("a backup and a restore keep the store's data protection class")
    func protectionKeptThroughBackupAndRestore() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k"))
        store.finishWriting()
        let backup = folder.path("backup")
        try TestHooks.withApplePath(under: store.url.path, protection: .complete) {
            _ = try store.backup(to: backup)
            let applied = TestHooks.appliedProtections(under: folder.url.path)
            #expect(applied.contains { $0.path.hasPrefix(folder.url.resolvingSymlinksInPath().path + "/.backup") && $0.protection == .complete },
                    "the backup's staging folder got the store's class: \(applied)")
            _ = try Store.restore(from: backup, to: store.url)
            let afterRestore = TestHooks.appliedProtections(under: folder.url.path)
            #expect(afterRestore.contains { $0.path.hasPrefix(folder.url.resolvingSymlinksInPath().path + "/.store") && $0.protection == .complete },
                    "the restored store's staging folder got the replaced store's class: \(afterRestore)")
        }
    }
}
