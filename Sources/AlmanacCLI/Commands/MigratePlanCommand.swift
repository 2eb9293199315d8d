import Almanac

/// `almanac migrate plan [--to N] [--migrations DIR] [--schema DIR]`
enum MigratePlanCommand: AlmanacCommand {
    static let target = OptionSpec.option("to", valueName: "N", help: "Plan up to version N (default: the latest migration).")

    static let group: CommandGroup? = .migrate
    static let spec = CommandSpec(
        name: "plan",
        abstract: "Show what 'migrate up' would change, per migration and operation, and validate every result; writes nothing.",
        discussion: "Exits 3 when a resulting document would break the target schema (each is listed with its violations), or when there is nothing to migrate but the app's schema folder differs from the store's copy.",
        options: [CommonOptions.migrations, target])

    static func run(_ context: CommandContext) throws -> Int32 {
        try run(context, target: target)
    }

    /// The plan to the version `target` names (`migrate up --dry-run` shares it).
    static func run(_ context: CommandContext, target: OptionSpec) throws -> Int32 {
        let store = try context.openStore()
        let migrator = try context.migrator(app: store.app, needsSchema: true)
        let plan = try migrator.plan(for: store, to: try context.values.integer(target))
        try context.print(plan, text: text)
        // Nothing to migrate: an edit of the schema folder no migration carries does nothing.
        if let drift = plan.schemaDrift {
            Output.error("almanac: error: \(FlagHints.apply(drift.message, remedy: .writeMigration))")
            return ExitCode.problemsFound
        }
        return plan.isValid ? ExitCode.success : ExitCode.problemsFound
    }

    static func text(_ plan: MigrationPlan) -> String {
        var lines = ["plan: version \(plan.fromVersion) → \(plan.toVersion)" + (plan.steps.isEmpty ? " (nothing to do)" : "")]
        if !plan.collectionsAdded.isEmpty { lines.append("adds collection\(plan.collectionsAdded.count == 1 ? "" : "s") \(plan.collectionsAdded.joined(separator: ", ")) (empty)") }
        if !plan.collectionsRemoved.isEmpty { lines.append("removes collection\(plan.collectionsRemoved.count == 1 ? "" : "s") \(plan.collectionsRemoved.joined(separator: ", ")) from the catalog") }
        for step in plan.steps {
            lines.append("")
            lines.append("\(step.name): \(step.description)")
            for count in step.operations {
                let effect = count.moved > 0 ? "\(count.moved) file\(count.moved == 1 ? "" : "s") moved, content unchanged" : "\(count.changed) changed"
                lines.append("  [\(count.index)] \(count.operation): \(count.matched) matched, \(effect)")
            }
            let shown = step.changedDocuments.prefix(10)
            lines.append("  \(step.changedDocuments.count) document\(step.changedDocuments.count == 1 ? "" : "s") changed" + (shown.isEmpty ? "" : ": " + shown.joined(separator: ", ") + (step.changedDocuments.count > shown.count ? ", … (all with --json)" : "")))
            for sample in step.samples {
                lines.append("  \(sample.document):")
                lines += sample.diff.map { "    \($0)" }
            }
        }
        lines.append("")
        if plan.isValid {
            lines.append("every resulting document is valid against the schema of version \(plan.toVersion).")
        } else {
            lines.append("\(plan.invalidDocuments.count) resulting document\(plan.invalidDocuments.count == 1 ? "" : "s") would break the schema of version \(plan.toVersion); 'migrate up' would change nothing:")
            for document in plan.invalidDocuments {
                lines += document.violations.map { "  \(document.document): \($0)" }
            }
        }
        return lines.joined(separator: "\n")
    }
}
