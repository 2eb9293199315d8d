// A Swift block of the documentation ("MigrateAtLaunch"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

import Almanac
import Foundation

func openMigratedStore(at storeURL: URL) throws -> Store {
    let migrations = try MigrationSet(folder: Bundle.main.url(forResource: "migrations", withExtension: nil)!
        .appendingPathComponent("journal"))
    var registry = MigrationRegistry()
    registry.register("journal.trim-titles") { document in /* change it; return whether it changed */ false }
    let migrator = Migrator(migrations: migrations,
                            targetSchema: Bundle.main.url(forResource: "schema", withExtension: nil)!
                                .appendingPathComponent("journal"),
                            registry: registry)
    try migrator.migrate(storeAt: storeURL)
    return try Store(at: storeURL)
}
