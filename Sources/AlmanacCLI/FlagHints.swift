import Almanac

/// The library's messages speak in its API's terms (a lock timeout, `force`, `Store.check()`);
/// the tool names the flag or command a person types instead, from the remedy an error or a
/// check problem carries (``AlmanacError/Remedy``). No message text is matched but the
/// remedy's own words.
enum FlagHints {
    static func apply(_ error: AlmanacError) -> AlmanacError {
        var error = error
        if let remedy = error.remedy, let words = typed(remedy) { error.message = error.message(withRemedyAs: words) }
        // A message that quotes another one (a backup that does not check clean quotes the
        // problem) may hold other remedies' words too.
        for remedy in AlmanacError.Remedy.all where remedy != error.remedy {
            if let words = typed(remedy) { error.message = remedy.replacing(in: error.message, with: words) }
        }
        return error
    }

    /// A check report whose messages name commands instead of API.
    static func apply(_ report: CheckReport) -> CheckReport {
        var report = report
        for index in report.problems.indices {
            guard let remedy = report.problems[index].remedy, let words = typed(remedy) else { continue }
            report.problems[index].message = remedy.replacing(in: report.problems[index].message, with: words)
        }
        return report
    }

    /// A problem `migrate status` lists (a line of text, not an error): the remedy it names.
    static func apply(migrationProblem problem: String) -> String {
        apply(problem, remedy: .repairMigrations)
    }

    /// `text` (a library message that carries `remedy`'s words) with the command instead.
    static func apply(_ text: String, remedy: AlmanacError.Remedy) -> String {
        typed(remedy).map { remedy.replacing(in: text, with: $0) } ?? text
    }

    /// How `remedy` is typed at a terminal.
    static func typed(_ remedy: AlmanacError.Remedy) -> String? {
        if remedy.name == "resolve", remedy.arguments.count == 2 {
            return "'almanac resolve \(remedy.arguments[0]) \(remedy.arguments[1])'"
        }
        if remedy.name == "new-schema", let app = remedy.arguments.first {
            return "'almanac schema new \(app)'"
        }
        return words[remedy.name]
    }

    /// How each of the library's remedies without arguments is typed at a terminal, by name.
    static let words: [String: String] = [
        AlmanacError.Remedy.longerLockTimeout.name: "a longer --lock-timeout",
        AlmanacError.Remedy.rollbackForce.name: "roll back with --force",
        AlmanacError.Remedy.withoutRedaction.name: "without --redact",
        AlmanacError.Remedy.overrideFinalStates.name: "Delete it anyway with --override-transitions; delete --all and retention run remove it too",
        AlmanacError.Remedy.withoutDateRange.name: "leave out --from and --to",
        AlmanacError.Remedy.dateRange.name: "select whole days with --from DATE --to DATE",
        AlmanacError.Remedy.takeOneVersion.name: "with --take (one of",
        AlmanacError.Remedy.createStore.name: "'almanac init'",
        AlmanacError.Remedy.checkStore.name: "'almanac check'",
        AlmanacError.Remedy.fixStore.name: "'almanac check --fix'",
        AlmanacError.Remedy.resolveConflicts.name: "'almanac resolve'",
        AlmanacError.Remedy.takeSchemaVersion.name: "'almanac resolve --take' with its path",
        AlmanacError.Remedy.restoreOverwrittenEdits.name: "'almanac resolve --restore-mine'",
        AlmanacError.Remedy.backupStore.name: "'almanac backup'",
        AlmanacError.Remedy.exportStore.name: "'almanac export'",
        AlmanacError.Remedy.deleteDocuments.name: "'almanac delete'",
        AlmanacError.Remedy.migrationStatus.name: "'almanac migrate status'",
        AlmanacError.Remedy.migrationPlan.name: "'almanac migrate plan'",
        AlmanacError.Remedy.rollBack.name: "'almanac migrate rollback'",
        AlmanacError.Remedy.repairMigrations.name: "'almanac migrate repair'",
        AlmanacError.Remedy.migrateThenCheck.name: "'almanac migrate up' to bring the documents forward, then 'almanac check'",
        AlmanacError.Remedy.writeMigration.name: "write a migration that makes the change with 'almanac migrate new SLUG' (it moves the catalog to the next version), then run 'almanac migrate up'",
        AlmanacError.Remedy.migrateStore.name: "'almanac migrate up'",
    ]
}
