import Foundation

/// `.almanac/migration.json`: written durably before the first swap of a migration or
/// rollback and removed after its cleanup, so that whoever finds it can finish or undo the
/// swap (see ``StoreSwap``).
struct MigrationJournal: StoreRecord, Sendable, Equatable {
    static let fileName = "migration.json"
    static let recordName = "the migration journal"

    enum Kind: String, Codable, Sendable {
        /// A migration: `.almanac/migration-<pid>-<n>/` holds the new version; after the swap it holds the old one and becomes the backup.
        case migrate
        /// A rollback: `.almanac/backup/` holds the previous version; after the swap it holds the rolled-back one and is removed.
        case rollback
    }

    var kind: Kind
    /// The schema version of `store.json` before the swap.
    var fromVersion: Int
    /// The schema version of the staged `store.json`: once `store.json` says this, the swap is committed.
    var toVersion: Int
    /// The folder in `.almanac/` that holds the other side of the swap.
    var stagingFolder: String
    /// The inodes of the staged `data/` and `schema/` folders, recorded before any swap: a
    /// root entry with one of these inodes has been swapped in.
    var dataInode: UInt64
    var schemaInode: UInt64

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
    }

    var bytes: [UInt8] {
        get throws { try recordBytes() }
    }

    private enum CodingKeys: String, CodingKey { case kind, fromVersion, toVersion, stagingFolder, dataInode, schemaInode }

    // Inodes are written as strings: a 64-bit inode may exceed what a JSON reader keeps exactly.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func inode(_ key: CodingKeys) throws -> UInt64 {
            guard let value = UInt64(try container.decode(String.self, forKey: key)) else {
                throw AlmanacError(.io, "the migration journal's \(key.rawValue) is not an inode number", pointer: "/" + key.rawValue)
            }
            return value
        }
        self.init(kind: try container.decode(Kind.self, forKey: .kind),
                  fromVersion: try container.decode(Int.self, forKey: .fromVersion),
                  toVersion: try container.decode(Int.self, forKey: .toVersion),
                  stagingFolder: try container.decode(String.self, forKey: .stagingFolder),
                  dataInode: try inode(.dataInode), schemaInode: try inode(.schemaInode))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(fromVersion, forKey: .fromVersion)
        try container.encode(toVersion, forKey: .toVersion)
        try container.encode(stagingFolder, forKey: .stagingFolder)
        try container.encode(String(dataInode), forKey: .dataInode)
        try container.encode(String(schemaInode), forKey: .schemaInode)
    }
}
