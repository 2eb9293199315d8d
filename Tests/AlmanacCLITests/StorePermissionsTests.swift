import Foundation
import Testing

@testable import Almanac

/// Issue 57, item 5: a store copied back from exFAT (every file 0777) is named by `check`, and
/// `check --fix` makes it 0600/0700 again, as `init` makes a store.
@Suite("Files and folders other users may read")
struct StorePermissionsTests {
    @Test("check warns of a store made 0777 by a copy from exFAT; check --fix makes it 0600 and 0700")
    func aCopyFromExFATIsMadePrivateAgain() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 3)
        let store = fixture.store
        var paths = [store.path]
        for path in FileManager.default.subpaths(atPath: store.path) ?? [] { paths.append(store.appendingPathComponent(path).path) }
        for path in paths { chmod(path, 0o777) }

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.contains("can be changed by other users") && check.stdout.contains("1 warning"), "\(check)")
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 0 && fix.stdout.contains("readable by this user alone"), "\(fix)")
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let folder = (info.st_mode & S_IFMT) == S_IFDIR
            #expect(info.st_mode & 0o777 == (folder ? 0o700 : 0o600), "\(path): \(String(info.st_mode & 0o777, radix: 8))")
        }
        let again = try run(["check", "--store", store.path])
        #expect(again.exit == 0 && again.stdout.contains("0 warnings"), "\(again)")
    }
}
