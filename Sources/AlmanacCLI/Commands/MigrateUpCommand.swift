import Almanac
import Foundation

/// `almanac migrate up [--to N] [--dry-run] [--migrations DIR]`
enum MigrateUpCommand: AlmanacCommand {
    static let target = OptionSpec.option("to", valueName: "N", help: "Migrate up to version N (default: the latest migration); --schema must then be at version N.")
    static let dryRun = OptionSpec.flag("dry-run", help: "Show the plan ('migrate plan') instead of migrating; writes nothing.")

    static let group: CommandGroup? = .migrate
    static let spec = CommandSpec(
        name: "up",
        abstract: "Apply the pending migrations, all or nothing.",
        discussion: """
            Every resulting document is validated against the target schema before anything changes; the new \
            version is built beside the old one and swapped in, so a crash at any moment leaves the store wholly at \
            one version (the next command finishes or undoes the swap). The previous version is kept for \
            'migrate rollback'. Progress goes to stderr. Exits 3, migrating nothing, when a result would be invalid. \
            Documents a device still on an earlier version wrote after the migration (carried in by a sync) are brought \
            forward first (a transaction of its own, kept if the migration then fails), and also when the store is \
            already up to date. Exits 3 when the store is up to date but the app's schema folder differs from \
            the store's copy: an edit no migration carries (write one with 'migrate new').
            """,
        options: [CommonOptions.migrations, target, dryRun])

    static func run(_ context: CommandContext) throws -> Int32 {
        if context.values.flag(dryRun) { return try MigratePlanCommand.run(context, target: target) }
        let url = try context.storeURL()
        let migrator = try context.migrator(app: try Store.app(at: url), needsSchema: true)
        let reporter = ProgressReporter()
        let fromVersion = try Store.schemaVersion(at: url)
        // Ctrl-C says what it left: a migration is all or nothing, but a person who stopped one
        // should not have to guess which.
        let interrupted = InterruptCleanup { reporter.interrupted(fromVersion: fromVersion) }
        defer { interrupted.cancel() }
        var result = try migrator.migrate(
            storeAt: url, to: try context.values.integer(target), options: try context.storeOptions(),
            progress: { reporter.report($0) })
        reporter.finish()
        if !result.migrated {
            // Up to date: documents a device on an earlier version wrote since are brought forward.
            result.broughtForward = try migrator.bringForward(storeAt: url, options: try context.storeOptions()).map(\.path)
        }
        try context.print(result, text: text)
        // Up to date, yet the app's schema folder was edited: no migration carries the edit.
        if let drift = result.schemaDrift {
            Output.error("almanac: error: \(FlagHints.apply(drift.message, remedy: .writeMigration))")
            return ExitCode.problemsFound
        }
        return ExitCode.success
    }

    static func text(_ result: MigrationResult) -> String {
        let forward = result.broughtForward.isEmpty ? [] : ["brought forward \(result.broughtForward.count) document\(result.broughtForward.count == 1 ? "" : "s") written in an older shape by a device on an earlier version: \(result.broughtForward.joined(separator: ", "))"]
        guard result.migrated else { return (forward + ["the store is at version \(result.toVersion); nothing to migrate."]).joined(separator: "\n") }
        var lines = forward + [String(format: "migrated from version %d to %d in %.2f s: %d document%@ changed (%d written, %d kept as they were).",
                            result.fromVersion, result.toVersion, result.duration, result.documentsChanged,
                            result.documentsChanged == 1 ? "" : "s", result.documentsWritten, result.documentsKept)]
        for step in result.steps {
            lines.append("  \(step.name): \(step.changedDocuments.count) document\(step.changedDocuments.count == 1 ? "" : "s") changed")
        }
        lines.append("the previous version is kept; 'almanac migrate rollback' restores it.")
        return lines.joined(separator: "\n")
    }
}

/// The progress line on stderr: shown only once a run has lasted half a second, rewritten in
/// place on a terminal, and at most one line a second otherwise.
final class ProgressReporter: @unchecked Sendable {
    // Sendable: every property is touched only while `lock` is held.
    private let lock = NSLock()
    private let started = Date()
    private var lastShown: Date?
    private var lastPhase: MigrationProgress.Phase?
    private var shownOnTerminal = false
    private let isTerminal = isatty(2) == 1

    /// The phase reached, shown or not.
    private var phase: MigrationProgress.Phase?

    func report(_ progress: MigrationProgress) {
        lock.lock()
        defer { lock.unlock() }
        phase = progress.phase
        let now = Date()
        guard now.timeIntervalSince(started) >= 0.5 else { return }
        let interval = isTerminal ? 0.1 : 1.0
        if progress.phase == lastPhase, let lastShown, now.timeIntervalSince(lastShown) < interval { return }
        lastShown = now
        lastPhase = progress.phase
        var line = "migrate: \(progress.phase.rawValue)"
        if progress.total > 0 { line += " \(progress.done)/\(progress.total) documents" }
        line += String(format: " (%.1f s)", now.timeIntervalSince(started))
        if isTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
            shownOnTerminal = true
        } else {
            Output.error(line)
        }
    }

    /// What an interrupted migration left, on stderr: before the swap nothing changed; during it
    /// the next command to open the store finishes or undoes it.
    func interrupted(fromVersion: Int) {
        lock.lock()
        defer { lock.unlock() }
        if shownOnTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if phase == .committing {
            Output.error("interrupted while the new version was being swapped in: the next command to open the store finishes or undoes the swap, leaving it wholly at one version; 'almanac migrate status' shows which.")
        } else {
            Output.error("interrupted: the store is unchanged, at version \(fromVersion) (what was staged is removed when the store is next opened); run 'almanac migrate up' again to migrate.")
        }
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shownOnTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
