import Almanac

/// `almanac resolve [COLLECTION ID] [--take PATH] [--policy P] [--dry-run] [--restore-mine]`
enum ResolveCommand: AlmanacCommand {
    static let collection = PositionalSpec.optional("collection", help: "The collection of the document to resolve (all conflicts when left out).")
    static let id = PositionalSpec.optional("id", help: "The document's id (left out for a singleton).")
    static let take = OptionSpec.option("take", valueName: "PATH", help: "Keep this version whole (a path 'check' names, or ours/theirs for git's markers, or a schema file's copy) instead of merging.")
    static let policy = OptionSpec.option("policy", valueName: "POLICY", help: "For fields both versions changed: newer-wins, keep-both or manual (default: the collection's catalog merge policy, else newer-wins).")
    static let dryRun = OptionSpec.flag("dry-run", help: "Show the merged document without writing.")
    static let restoreMine = OptionSpec.flag("restore-mine", help: "Bring back this device's edits that a last-writer-wins sync replaced with an older version ('check' names them).")

    static let spec = CommandSpec(
        name: "resolve", abstract: "Merge the versions a sync left of a document (conflict copies, git's markers, one id in two folders) into one.",
        discussion: """
            Field by field: a field one version changed is taken from it; a field both changed follows the policy. \
            The result is validated and saved as one change that removes the other versions' files. \
            Without arguments, resolves every conflict 'check' lists by each collection's policy, and merges \
            archived copies of documents that are live again into them. \
            Copies a sync left in schema/ are resolved too: the versions when they are the same, else the catalog at \
            the store's schema version, else the one --take names (almanac resolve --take 'schema/catalog.json..path2'). \
            Example: almanac resolve cravings 1F0C…; almanac resolve cravings 1F0C… --take 'data/cravings/2025/01/1F0C….sync-conflict-20250127-140300-ABCDEFG.json'.
            """,
        options: [take, policy, dryRun, restoreMine, CommonOptions.quiet], positionals: [collection, id])

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        var chosenPolicy: CollectionDescriptor.MergePolicy?
        if let name = context.values.option(policy) {
            guard let parsed = CollectionDescriptor.MergePolicy(rawValue: name) else {
                throw context.usage("--policy \(name): use one of \(CollectionDescriptor.MergePolicy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            chosenPolicy = parsed
        }
        let dry = context.values.flag(dryRun)
        var reports: [ResolveReport] = []
        var storeFile: [String] = []
        var archived: [String] = []
        var schema: [String] = []
        var schemaRefusal: AlmanacError?
        var archivedVersions: [String] = []
        if context.values.flag(restoreMine) {
            guard context.values.positional(collection) == nil, context.values.option(take) == nil else {
                throw context.usage("--restore-mine restores every overwritten edit: give no COLLECTION, ID or --take")
            }
            let edits = try store.restoreOverwrittenEdits(dryRun: dry)
            store.finishWriting()
            try context.print(RestoredEdits(dryRun: dry, restored: edits.map(RestoredEdit.init))) { printed in
                (printed.restored.map { "\($0.collection)/\($0.id): \(dry ? "would bring back" : "brought back") this device's edit of \($0.madeAt) (\($0.fields.joined(separator: ", "))), replaced by a version of \($0.replacedBy)" }
                    + ["\(dry ? "would restore" : "restored") \(printed.restored.count) edit\(printed.restored.count == 1 ? "" : "s")."]).joined(separator: "\n")
            }
            return ExitCode.success
        }
        if let name = context.values.positional(collection) {
            let descriptor = try store.collection(named: name)
            let documentID = context.values.positional(id) ?? (descriptor.isSingleton ? name : "")
            if documentID.isEmpty { throw context.usage("missing argument ID (\(name) is not a singleton collection)") }
            do {
                guard let report = try store.resolve(documentID, in: name, policy: chosenPolicy, taking: context.values.option(take), dryRun: dry) else {
                    Output.error("\(name) document \"\(documentID)\" has one version; nothing to resolve.")
                    if context.json { try Output.json(Printed(dryRun: dry, resolved: [], storeFile: [], archived: [], archivedVersions: [], schema: [])) }
                    return ExitCode.success
                }
                reports.append(report)
            } catch let error as AlmanacError where error.code == .invalidID {
                throw context.usage(error.message)
            }
        } else if let taken = context.values.option(take) {
            guard taken.hasPrefix("schema/") else {
                throw context.usage("--take names a version of one document (give COLLECTION and ID) or of a schema file (schema/…)")
            }
            schema = try store.resolveSchemaCopies(taking: taken, dryRun: dry)
        } else {
            // Schema copies that need a version named do not hold up the documents: they are
            // reported once the rest is resolved.
            do {
                schema = try store.resolveSchemaCopies(dryRun: dry)
            } catch let error as AlmanacError where error.code == .syncConflict {
                schemaRefusal = error
            }
            storeFile = try store.resolveStoreFile(dryRun: dry)
            let line = ProgressLine("resolve", context: context, quiet: CommonOptions.quiet)
            let found = try store.conflicts(progress: line?.handler)
            line?.finish()
            for conflict in found {
                if let report = try store.resolve(conflict.id, in: conflict.collection, policy: chosenPolicy, dryRun: dry) { reports.append(report) }
            }
            archivedVersions = try store.resolveArchiveConflicts(dryRun: dry)
            archived = try store.resolveArchivedCopies(dryRun: dry)
        }
        store.finishWriting()
        try context.print(Printed(dryRun: dry, resolved: reports.map(Resolved.init), storeFile: storeFile, archived: archived, archivedVersions: archivedVersions, schema: schema)) { printed in
            let merged = printed.storeFile.isEmpty ? [] : ["store.json: \(dry ? "would merge" : "merged") the versions in \(printed.storeFile.joined(separator: ", "))"]
            let archive = printed.archived.map { "\($0): \(dry ? "would be merged" : "merged") into the live document of its id, and removed" }
            let versions = printed.archivedVersions.map { "\($0): \(dry ? "would be" : "is") the merge of the versions a sync left of it" }
            return (printed.schema + merged + versions + archive + printed.resolved.map(\.text)
                + ["\(dry ? "would resolve" : "resolved") \(printed.resolved.count) document\(printed.resolved.count == 1 ? "" : "s")."]).joined(separator: "\n")
        }
        if let schemaRefusal { throw schemaRefusal }
        return ExitCode.success
    }

    /// What `resolve --restore-mine --json` prints.
    struct RestoredEdits: Encodable {
        var dryRun: Bool
        var restored: [RestoredEdit]
    }

    /// One edit brought back.
    struct RestoredEdit: Encodable {
        var collection: String
        var id: String
        var path: String
        var madeAt: String
        var replacedBy: String
        var fields: [String]

        init(_ edit: OverwrittenEdit) {
            collection = edit.collection
            id = edit.id
            path = edit.path
            madeAt = edit.madeAt
            replacedBy = edit.replacedBy
            fields = edit.fields
        }
    }

    /// What `resolve --json` prints.
    struct Printed: Encodable {
        var dryRun: Bool
        var resolved: [Resolved]
        /// The files whose versions of `store.json` were merged.
        var storeFile: [String]
        /// Archived copies of live documents merged into them.
        var archived: [String]
        /// Archived documents whose versions a sync left were merged into one file.
        var archivedVersions: [String]
        /// Schema files a sync left in versions: which version each kept.
        var schema: [String]
    }

    /// One resolved document, as `--json` prints it.
    struct Resolved: Encodable {
        var collection: String
        var id: String
        var versions: [String]
        var decided: [String]
        var policy: String?
        var keptAs: [String]
        var document: JSONValue

        init(_ report: ResolveReport) {
            collection = report.collection
            id = report.id
            versions = report.versions
            decided = report.decided
            policy = report.policy?.rawValue
            keptAs = report.keptAs
            document = report.result
        }

        var text: String {
            if versions.count == 1, policy == nil {
                return "\(collection)/\(id): its only version, \(versions[0]) (a sync tool's copy), is saved under the document's own name"
            }
            let how = policy.map { decided.isEmpty ? "merged field by field" : "merged field by field; \(decided.joined(separator: ", ")) changed on both sides, decided by \($0)" }
                ?? "kept one version whole"
            let kept = keptAs.isEmpty ? "" : "; the other version\(keptAs.count == 1 ? " is" : "s are") kept as \(keptAs.joined(separator: ", "))"
            return "\(collection)/\(id): \(versions.count) version\(versions.count == 1 ? "" : "s") (\(versions.joined(separator: ", "))) \(how)\(kept)"
        }
    }
}
