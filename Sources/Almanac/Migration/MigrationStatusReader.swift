import Foundation

/// Compares the migrations a store recorded with a migrations folder.
struct MigrationStatusReader {
    let store: Store

    func migrationStatus(_ migrations: MigrationSet) -> MigrationStatus {
        var problems = migrations.problems.map(\.description)
        var edited: Set<String> = []
        let applied = Dictionary(store.appliedMigrations.map { ($0.version, $0) }, uniquingKeysWith: { _, last in last })
        var entries: [MigrationStatus.Entry] = []
        let versions = Set(migrations.migrations.map(\.version)).union(applied.keys).sorted()
        for version in versions {
            let file = migrations.migration(version)
            let record = applied[version]
            let name = file?.fileName ?? record?.name ?? "\(version)"
            var entry = MigrationStatus.Entry(version: version, name: name, state: .pending,
                                              recordedChecksum: record?.checksum, fileChecksum: file?.checksum)
            switch (record, file) {
            case (let record?, let file?):
                // Unchanged byte for byte, or in meaning (re-indented, members reordered).
                entry.state = record.checksum == file.checksum || record.contentChecksum == file.contentChecksum ? .applied : .edited
                if entry.state == .edited {
                    let problem = "\(migrations.folder)/\(file.fileName) was changed after it was applied: checksum recorded \(record.checksum), file now \(file.checksum); restore the file, or accept the change with Migrator.repair(storeAt:)"
                    problems.append(problem)
                    edited.insert(problem)
                }
            case (let record?, nil) where record.fileRemoved:
                entry.state = .removed
            case (let record?, nil):
                entry.state = .missing
                problems.append("migration \(version) (\(record.name)) was applied but its file is missing from \(migrations.folder); restore it, or accept its absence with Migrator.repair(storeAt:)")
            case (nil, _):
                entry.state = version <= store.schemaVersion ? .baseline : .pending
            }
            entries.append(entry)
        }
        if store.schemaVersion > migrations.latestVersion {
            problems.append("the store is at schema version \(store.schemaVersion) but the last migration in \(migrations.folder) is \(migrations.latestVersion); use the app's newer migrations")
        }
        var status = MigrationStatus(storeVersion: store.schemaVersion, latestVersion: migrations.latestVersion, entries: entries, problems: problems)
        status.editedFileProblems = edited
        return status
    }
}
