import Almanac
import CSQLite
import Foundation

/// Case 10: a complete, independent copy of the 3-year store (100,000 documents in a full run).
///
/// - Almanac: `store.backup(to:)`: a snapshot under the lock, then clones or copies, flushed
///   and checked before it is named.
/// - SQLite: the online backup API (`sqlite3_backup_step(-1)`) into a new database file.
/// - bare: `cp -a` of the store folder (safe only with no writer running).
struct BackupCase: BenchmarkCase {
    static let name = "backup"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let fixture = try workspace.fixture("3y")
        workspace.log("\(Self.name): \(fixture.events.documents.count) documents")
        let values = try workspace.repeater(flushBetween: true).run(workspace.options.sides) { side, _ in
            let path = workspace.newPath("backup-\(side.rawValue)")
            defer { workspace.remove(path) }
            switch side {
            case .almanac:
                let store = try Store(at: fixture.store)
                let start = POSIX.now()
                let report = try store.backup(to: path)
                let seconds = POSIX.now() - start
                guard report.documents == fixture.events.documents.count else {
                    throw BenchError("the backup holds \(report.documents) documents, not \(fixture.events.documents.count)")
                }
                return seconds
            case .sqlite:
                let source = try SQLiteDatabase(path: fixture.database)
                let target = try SQLiteDatabase(path: path.path + ".db")
                let start = POSIX.now()
                guard let backup = sqlite3_backup_init(target.handle, "main", source.handle, "main") else {
                    throw BenchError("sqlite3_backup_init failed")
                }
                let step = sqlite3_backup_step(backup, -1)
                sqlite3_backup_finish(backup)
                guard step == SQLITE_DONE else { throw BenchError("sqlite3_backup_step: \(step)") }
                return POSIX.now() - start
            case .bare:
                let start = POSIX.now()
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/cp")
                process.arguments = ["-a", fixture.store.path, path.path]
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else { throw BenchError("cp -a exited \(process.terminationStatus)") }
                return POSIX.now() - start
            }
        }
        return [CaseResult(
            name: Self.name, title: Self.name, work: "\(fixture.events.documents.count) docs, 1 copy",
            unit: "ms", values: milliseconds(values), facts: ["documents": Double(fixture.events.documents.count)])]
    }
}
