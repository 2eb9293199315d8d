import Foundation

/// Accepts edited or removed applied migration files, in store.json's record (``Migrator/repair(storeAt:options:)``).
struct MigrationRepairer {
    let store: Store

    /// Accepts, on purpose, applied migration files that were edited or removed since they
    /// were applied: records the files' checksums now, and marks missing files as removed
    /// (``Migrator/repair(storeAt:options:)``).
    static func repair(at url: URL, migrations: MigrationSet, options: Store.Options) throws -> [MigrationRepair] {
        try migrations.requireNoProblems()
        let store = try Store(at: url, options: options)
        defer { store.finishWriting() }
        return try store.write { try MigrationRepairer(store: store).repairRecord(migrations, $0) }
    }

    /// Puts the repaired record into `transaction`; returns the repairs (none: nothing is written).
    private func repairRecord(_ migrations: MigrationSet, _ transaction: Transaction) throws -> [MigrationRepair] {
        let manifest = try Manifest.required(in: store.root)
        var repairs: [MigrationRepair] = []
        let entries: [JSONValue] = manifest.migrations.map { entry in
            guard case .object(var members) = entry, let version = entry["version"]?.numberValue?.int64Value,
                  let recorded = entry["checksum"]?.stringValue, entry["fileRemoved"] != .bool(true)
            else { return entry }
            let name = entry["name"]?.stringValue ?? String(version)
            let file = migrations.migration(Int(version))
            guard file?.checksum != recorded, file.map({ entry["contentChecksum"]?.stringValue != $0.contentChecksum }) ?? true else { return entry }
            var previous = members["previousChecksums"]?.arrayValue ?? []
            previous.append(.string(recorded))
            members["previousChecksums"] = .array(previous)
            if let file {
                members["checksum"] = .string(file.checksum)
                members["contentChecksum"] = .string(file.contentChecksum)
                members["name"] = .string(file.fileName)
            } else {
                members["fileRemoved"] = .bool(true)
            }
            repairs.append(MigrationRepair(version: Int(version), name: file?.fileName ?? name, previousChecksum: recorded, acceptedChecksum: file?.checksum))
            return .object(members)
        }
        guard !repairs.isEmpty else { return [] }
        try transaction.updateManifest { $0.migrations = entries }
        transaction.crashPointKind = "repair"
        return repairs
    }

    /// `store.json`'s migration records with the content checksum added where a record lacks
    /// it and its file is unchanged byte for byte (an older record's upgrade, so that a later
    /// re-indent of the file is no edit); `nil` when no record needs it.
    static func withContentChecksums(_ records: [JSONValue], with migrations: MigrationSet) -> [JSONValue]? {
        var upgraded = false
        let result: [JSONValue] = records.map { entry in
            guard case .object(var members) = entry, members["contentChecksum"] == nil,
                  let version = entry["version"]?.numberValue?.int64Value, let file = migrations.migration(Int(version)),
                  entry["checksum"]?.stringValue == file.checksum
            else { return entry }
            members["contentChecksum"] = .string(file.contentChecksum)
            upgraded = true
            return .object(members)
        }
        return upgraded ? result : nil
    }
}
