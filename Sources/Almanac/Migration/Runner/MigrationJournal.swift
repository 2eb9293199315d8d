import Foundation

/// `.almanac/migration.json`: written durably before the first swap of a migration or
/// rollback and removed after its cleanup, so that whoever finds it can finish or undo the
/// swap (see ``StoreSwap``).
struct MigrationJournal: Sendable, Equatable {
    static let fileName = "migration.json"

    enum Kind: String, Sendable {
        /// A migration: `.almanac/migration/` holds the new version; after the swap it holds the old one and becomes the backup.
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

    var bytes: [UInt8] {
        CanonicalJSON.prettyBytes(.object([
            "kind": .string(kind.rawValue),
            "fromVersion": .number(JSONNumber(fromVersion)),
            "toVersion": .number(JSONNumber(toVersion)),
            "stagingFolder": .string(stagingFolder),
            "dataInode": .string(String(dataInode)),
            "schemaInode": .string(String(schemaInode)),
        ]))
    }

    init(kind: Kind, fromVersion: Int, toVersion: Int, stagingFolder: String, dataInode: UInt64, schemaInode: UInt64) {
        self.kind = kind
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.stagingFolder = stagingFolder
        self.dataInode = dataInode
        self.schemaInode = schemaInode
    }

    init(bytes: [UInt8]) throws {
        let path = ".almanac/\(MigrationJournal.fileName)"
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw error.at(path: path).prefixed("the migration journal is damaged: ")
        }
        guard let kind = value["kind"]?.stringValue.flatMap(Kind.init(rawValue:)),
              let from = value["fromVersion"]?.numberValue?.int64Value,
              let to = value["toVersion"]?.numberValue?.int64Value,
              let staging = value["stagingFolder"]?.stringValue, ["migration", "backup"].contains(staging),
              let data = value["dataInode"]?.stringValue.flatMap({ UInt64($0) }),
              let schema = value["schemaInode"]?.stringValue.flatMap({ UInt64($0) })
        else {
            throw AlmanacError(.io, "the migration journal is not one Almanac wrote; restore the store from a backup", path: path)
        }
        self.init(kind: kind, fromVersion: Int(from), toVersion: Int(to), stagingFolder: staging, dataInode: data, schemaInode: schema)
    }
}
