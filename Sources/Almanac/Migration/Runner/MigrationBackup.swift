import Foundation

/// What `.almanac/backup/` holds after a migration, for `rollback`: the files the migration
/// replaced, moved or deleted (in `old/`, with `schema/` and `store.json` as they were), the
/// ``VersionChange`` it made (`changes.json`), and this record.
///
/// A backup an earlier version kept holds a whole copy of the previous version instead
/// (`data/`, `schema/`, `store.json`), with a ``fingerprint`` of `data/` and no ``changes``.
struct MigrationBackup: StoreRecord {
    static let recordName = "the migration backup's record"

    /// The version the backup holds, which `rollback` restores.
    var fromVersion: Int
    /// The version the migration went to, which the store must still be at.
    var toVersion: Int
    /// The migrations the backup undoes, by file name.
    var migrations: [String]
    /// Of an earlier version's backup: the fingerprint of `data/` as the migration left it
    /// (its files' inodes, sizes and times); another fingerprint now means documents were
    /// written since. Empty in a backup of changes.
    var fingerprint: String
    /// When the migration kept the backup.
    var createdAt: Date
    /// The file of the backup holding the migration's ``VersionChange``; `nil` in an earlier version's whole copy.
    var changes: String?
    /// The commit clock when the migration was put in place: a writer's commit since moves it.
    var commits: UInt64?
    /// The collection folders of the version the backup restores.
    var previousFolders: [String]?

    init(fromVersion: Int, toVersion: Int, migrations: [String], fingerprint: String, createdAt: Date = Date()) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.migrations = migrations
        self.fingerprint = fingerprint
        self.createdAt = createdAt
    }

    init(fromVersion: Int, toVersion: Int, migrations: [String], changes: String, commits: UInt64, previousFolders: [String]) {
        self.init(fromVersion: fromVersion, toVersion: toVersion, migrations: migrations, fingerprint: "")
        self.changes = changes
        self.commits = commits
        self.previousFolders = previousFolders
    }

    /// Reads `backup.json`.
    ///
    /// - Throws: `.io` naming the file when it is damaged or incomplete.
    init(bytes: [UInt8]) throws {
        self = try MigrationBackup(recordBytes: bytes, path: ".almanac/\(StoreSwap.backupFolder)/\(StoreSwap.backupRecord)")
    }

    /// SHA-256 over every file below `folder`: its path, inode, size and modification time.
    /// Any write through Almanac makes a new inode, and an edit in place changes the size or time.
    static func fingerprint(of folder: Directory) throws -> String {
        var lines: [String] = []
        func walk(_ folder: Directory, _ prefix: String) throws {
            // Finder writes .DS_Store when a person looks at the folder: that is no change.
            for entry in try folder.entries() where !SystemFile.isSystemFile(entry.name) {
                let path = prefix + entry.name
                if entry.kind == .folder, let child = try folder.openFolder(entry.name) {
                    lines.append(path + "/")
                    try walk(child, path + "/")
                } else if let identity = try folder.identity(of: entry.name) {
                    lines.append("\(path)\t\(identity.inode)\t\(identity.size)\t\(identity.modified)")
                }
            }
        }
        try walk(folder, "")
        return SHA256.hex(Array(lines.sorted().joined(separator: "\n").utf8))
    }
}
