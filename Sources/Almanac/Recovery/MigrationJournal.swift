import Foundation

/// `.almanac/migration.json`: written durably before a migration or rollback changes the
/// store, and removed after its cleanup, so that whoever finds it finishes the change (see
/// ``StoreSwap``). Its presence is the commit point: the change is carried forward from then on.
struct MigrationJournal: StoreRecord, Sendable, Equatable {
    static let fileName = "migration.json"
    static let recordName = "the migration journal"

    enum Kind: String, Codable, Sendable {
        /// A migration: `.almanac/migration-<pid>-<n>/` holds what the new version changes; after the change it holds what it replaced and becomes the backup.
        case migrate
        /// A rollback: `.almanac/backup/` holds what the migration replaced; after the change it holds what the rollback undid and is removed.
        case rollback
    }

    /// How far a change of ``VersionChange`` records has come.
    enum Phase: String, Codable, Sendable {
        /// Moving what the change replaces out of the store (idempotent, run again on recovery).
        case movingOut = "moving-out"
        /// Moving the staged paths in; what went out is all in the staging folder.
        case movingIn = "moving-in"
        /// Everything is in place; the cleanup remains.
        case finishing
    }

    var kind: Kind
    /// The schema version of `store.json` before the swap.
    var fromVersion: Int
    /// The schema version of the staged `store.json`: once `store.json` says this, the swap is committed.
    var toVersion: Int
    /// The folder in `.almanac/` that holds the other side of the swap.
    var stagingFolder: String
    /// The file in the staging folder holding the ``VersionChange``; `nil` in a journal an
    /// earlier version wrote, which exchanged whole folders (``StoreSwap/recoverExchange(root:journal:)``).
    var changes: String?
    var phase: Phase?
    /// Of an earlier version's journal: the inodes of the staged `data/` and `schema/` folders,
    /// recorded before any exchange (0 in a journal of changes).
    var dataInode: UInt64
    var schemaInode: UInt64

    init(kind: Kind, fromVersion: Int, toVersion: Int, stagingFolder: String, changes: String, phase: Phase = .movingOut) {
        self.kind = kind
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.stagingFolder = stagingFolder
        self.changes = changes
        self.phase = phase
        dataInode = 0
        schemaInode = 0
    }

    init(kind: Kind, fromVersion: Int, toVersion: Int, stagingFolder: String, dataInode: UInt64, schemaInode: UInt64) {
        self.kind = kind
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.stagingFolder = stagingFolder
        self.dataInode = dataInode
        self.schemaInode = schemaInode
    }

    /// Reads the journal a swap left.
    ///
    /// - Throws: `.io` naming the file when it is damaged or names a staging folder other
    ///   than `backup` or a migration's (`migration`, `migration-<pid>-<n>`).
    init(bytes: [UInt8]) throws {
        let path = ".almanac/\(MigrationJournal.fileName)"
        self = try MigrationJournal(recordBytes: bytes, path: path)
        guard stagingFolder == StoreSwap.backupFolder || StoreSwap.stager(ofStagingFolder: stagingFolder) != nil else {
            throw AlmanacError(.io, "the migration journal names an unknown staging folder; restore the store from a backup", path: path, pointer: "/stagingFolder")
        }
        if let changes, VersionChange.components("data/" + changes)?.count != 2 {
            throw AlmanacError(.io, "the migration journal names a change record that is no plain file name; restore the store from a backup", path: path, pointer: "/changes")
        }
    }

    var bytes: [UInt8] {
        get throws { try recordBytes() }
    }

    private enum CodingKeys: String, CodingKey { case kind, fromVersion, toVersion, stagingFolder, changes, phase, dataInode, schemaInode }

    // Inodes are written as strings: a 64-bit inode may exceed what a JSON reader keeps exactly.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func inode(_ key: CodingKeys) throws -> UInt64 {
            guard let value = UInt64(try container.decode(String.self, forKey: key)) else {
                throw AlmanacError(.io, "the migration journal's \(key.rawValue) is not an inode number", pointer: "/" + key.rawValue)
            }
            return value
        }
        let kind = try container.decode(Kind.self, forKey: .kind)
        let fromVersion = try container.decode(Int.self, forKey: .fromVersion)
        let toVersion = try container.decode(Int.self, forKey: .toVersion)
        let stagingFolder = try container.decode(String.self, forKey: .stagingFolder)
        if let changes = try container.decodeIfPresent(String.self, forKey: .changes) {
            self.init(kind: kind, fromVersion: fromVersion, toVersion: toVersion, stagingFolder: stagingFolder, changes: changes,
                      phase: try container.decode(Phase.self, forKey: .phase))
        } else {
            self.init(kind: kind, fromVersion: fromVersion, toVersion: toVersion, stagingFolder: stagingFolder,
                      dataInode: try inode(.dataInode), schemaInode: try inode(.schemaInode))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(fromVersion, forKey: .fromVersion)
        try container.encode(toVersion, forKey: .toVersion)
        try container.encode(stagingFolder, forKey: .stagingFolder)
        if let changes {
            try container.encode(changes, forKey: .changes)
            try container.encode(phase ?? .movingOut, forKey: .phase)
        } else {
            try container.encode(String(dataInode), forKey: .dataInode)
            try container.encode(String(schemaInode), forKey: .schemaInode)
        }
    }
}
