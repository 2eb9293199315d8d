import Almanac
import Foundation

/// `almanac migrate up [--to N] [--dry-run] [--migrations DIR]`
enum MigrateUpCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        if context.values.flag("dry-run") { return try MigratePlanCommand.run(context) }
        let url = try context.storeURL()
        let app = try Store.app(at: url)
        let migrations = try MigrationSet(folder: try context.migrationsFolder(app: app))
        let schema = try context.requiredSchemaFolder(app: app)
        let reporter = ProgressReporter()
        let result = try Store.migrate(
            at: url, migrations: migrations, targetSchema: schema, to: try context.values.integer("to"),
            registry: ReferenceMigrations.registry, options: try context.storeOptions(),
            progress: { reporter.report($0) })
        reporter.finish()
        if context.json {
            Output.json(json(result))
        } else {
            Output.write(text(result))
        }
        return ExitCode.success
    }

    static func text(_ result: MigrationResult) -> String {
        guard result.migrated else { return "the store is at version \(result.toVersion); nothing to migrate." }
        var lines = [String(format: "migrated from version %d to %d in %.2f s: %d document%@ changed (%d written, %d kept as they were).",
                            result.fromVersion, result.toVersion, result.duration, result.documentsChanged,
                            result.documentsChanged == 1 ? "" : "s", result.documentsWritten, result.documentsKept)]
        for step in result.steps {
            lines.append("  \(step.name): \(step.changedDocuments.count) document\(step.changedDocuments.count == 1 ? "" : "s") changed")
        }
        lines.append("the previous version is kept; 'almanac migrate rollback' restores it.")
        return lines.joined(separator: "\n")
    }

    static func json(_ result: MigrationResult) -> JSONValue {
        .object([
            "fromVersion": .number(JSONNumber(result.fromVersion)),
            "toVersion": .number(JSONNumber(result.toVersion)),
            "migrated": .bool(result.migrated),
            "documentsChanged": .number(JSONNumber(result.documentsChanged)),
            "documentsWritten": .number(JSONNumber(result.documentsWritten)),
            "documentsKept": .number(JSONNumber(result.documentsKept)),
            "durationMs": .number(JSONNumber(Int(result.duration * 1000))),
            "steps": .array(result.steps.map { step in
                .object([
                    "version": .number(JSONNumber(step.version)), "name": .string(step.name),
                    "changedDocuments": .array(step.changedDocuments.map { .string($0) }),
                ])
            }),
        ])
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

    func report(_ progress: MigrationProgress) {
        lock.lock()
        defer { lock.unlock() }
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

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shownOnTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
