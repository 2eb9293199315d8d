import Foundation

/// The copy of a store's previous version kept in `.almanac/backup/` after a migration, and
/// what `rollback` needs to know about it.
struct MigrationBackup: StoreRecord {
    static let recordName = "the migration backup's record"

    /// The version the backup holds, which `rollback` restores.
    var fromVersion: Int
    /// The version the migration went to, which the store must still be at.
    var toVersion: Int
    /// The migrations the backup undoes, by file name.
    var migrations: [String]
    /// The fingerprint of `data/` as the migration left it; another fingerprint now means
    /// documents were written since.
    var fingerprint: String
    /// When the migration kept the backup.
    var createdAt: Date

    init(fromVersion: Int, toVersion: Int, migrations: [String], fingerprint: String, createdAt: Date = Date()) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.migrations = migrations
        self.fingerprint = fingerprint
        self.createdAt = createdAt
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
