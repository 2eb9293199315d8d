import Foundation

extension Store {
    /// Accepts, on purpose, applied migration files that were edited or removed since they
    /// were applied: records the files' checksums now, and marks missing files as removed.
    ///
    /// Like Flyway's `repair`, this changes only the store's record in `store.json`, never a
    /// document: use it when the edit did not change what the migration does (a comment, a
    /// description), or when the old migration was deliberately dropped from the app.
    ///
    /// - Returns: one entry per repaired migration; empty when nothing needed repair.
    /// - Throws: `.invalidMigration` for problems `repair` cannot fix (a gap, a duplicate number).
    @discardableResult
    static func repairMigrations(at url: URL, migrations: MigrationSet, options: Options = Options()) throws -> [MigrationRepair] {
        try migrations.requireNoProblems()
        let store = try Store(at: url, options: options)
        defer { store.finishWriting() }
        return try store.write { try store.repairHoldingLock(migrations, $0) }
    }

    private func repairHoldingLock(_ migrations: MigrationSet, _ transaction: Transaction) throws -> [MigrationRepair] {
        let manifest = try Manifest.required(in: root)
        var repairs: [MigrationRepair] = []
        let entries: [JSONValue] = manifest.migrations.map { entry in
            guard case .object(var members) = entry, let version = entry["version"]?.numberValue?.int64Value,
                  let recorded = entry["checksum"]?.stringValue, entry["fileRemoved"] != .bool(true)
            else { return entry }
            let name = entry["name"]?.stringValue ?? String(version)
            let file = migrations.migration(Int(version))
            guard file?.checksum != recorded else { return entry }
            var previous = members["previousChecksums"]?.arrayValue ?? []
            previous.append(.string(recorded))
            members["previousChecksums"] = .array(previous)
            if let file {
                members["checksum"] = .string(file.checksum)
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
}
