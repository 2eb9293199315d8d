import Almanac

/// `almanac migrate plan [--to N] [--migrations DIR]`
enum MigratePlanCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let migrations = try MigrationSet(folder: try context.migrationsFolder(app: store.app))
        let schema = try context.requiredSchemaFolder(app: store.app)
        let target = try context.values.integer("to")
        let plan = try store.migrationPlan(migrations, targetSchema: schema, to: target, registry: ReferenceMigrations.registry)
        if context.json {
            Output.json(json(plan))
        } else {
            Output.write(text(plan))
        }
        return plan.isValid ? ExitCode.success : ExitCode.problemsFound
    }

    static func text(_ plan: MigrationPlan) -> String {
        var lines = ["plan: version \(plan.fromVersion) → \(plan.toVersion)" + (plan.steps.isEmpty ? " (nothing to do)" : "")]
        for step in plan.steps {
            lines.append("")
            lines.append("\(step.name): \(step.description)")
            for count in step.operations {
                lines.append("  [\(count.index)] \(count.operation): \(count.matched) matched, \(count.changed) changed")
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

    static func json(_ plan: MigrationPlan) -> JSONValue {
        .object([
            "fromVersion": .number(JSONNumber(plan.fromVersion)),
            "toVersion": .number(JSONNumber(plan.toVersion)),
            "valid": .bool(plan.isValid),
            "steps": .array(plan.steps.map { step in
                .object([
                    "version": .number(JSONNumber(step.version)), "name": .string(step.name), "description": .string(step.description),
                    "operations": .array(step.operations.map {
                        .object(["index": .number(JSONNumber($0.index)), "operation": .string($0.operation),
                                 "matched": .number(JSONNumber($0.matched)), "changed": .number(JSONNumber($0.changed))])
                    }),
                    "changedDocuments": .array(step.changedDocuments.map { .string($0) }),
                    "samples": .array(step.samples.map { .object(["document": .string($0.document), "diff": .array($0.diff.map { .string($0) })]) }),
                ])
            }),
            "invalidDocuments": .array(plan.invalidDocuments.map { document in
                .object(["document": .string(document.document), "violations": .array(document.violations.map { .string($0.description) })])
            }),
        ])
    }
}
