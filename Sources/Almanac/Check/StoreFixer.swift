import Foundation

/// Repairs what has one right answer, as one transaction (``Store/fix(dryRun:)``).
struct StoreFixer {
    let store: Store
    /// Told of each document the fix reads (phase `checking`), once to plan, once after.
    var progress: ProgressHandler?

    func fix(dryRun: Bool = false) throws -> FixReport {
        if dryRun {
            // Checked as the real run's commit would be, and dropped.
            return try store.readingOneVersion {
                try store.writer.dryRun { transaction in
                    let plan = try planRepairs(in: transaction, dryRun: true)
                    return FixReport(dryRun: true, repairs: plan.repairs, remaining: plan.remaining)
                }
            }
        }
        let plan = try store.writer.transaction { transaction in
            let plan = try planRepairs(in: transaction, dryRun: false)
            if plan.editorSettingsStale { try transaction.rewriteEditorSettings() }
            return plan
        }
        var repairs = plan.repairs
        if !plan.exposed.isEmpty {
            let changed = try store.writer.restrictPermissions(plan.exposed.map { ($0.path, $0.isFolder) })
            repairs.append(.init(kind: "permissions", path: plan.exposed[0].path, destination: nil,
                                 message: "made \(changed) of \(plan.exposed.count) files and folders readable by this user alone (0600, folders 0700)"
                                    + (changed < plan.exposed.count ? "; the file system keeps no modes for the rest (exFAT, FAT)" : "")))
            repairs.sort { $0.path < $1.path }
        }
        // The copies of store.json this store found when it opened may be gone now: a store opened anew sees what is there.
        let checked = store.manifestVersions.isEmpty ? store : try Store(at: store.url, options: store.options)
        return FixReport(dryRun: false, repairs: repairs, remaining: try checked.check(progress: progress))
    }

    /// Puts every repair into `transaction`; returns them, and what a check would still report after them.
    private func planRepairs(in transaction: Transaction, dryRun: Bool) throws
        -> (repairs: [FixReport.Repair], remaining: CheckReport, editorSettingsStale: Bool, exposed: [PermissionScan.Exposed]) {
        transaction.crashPointKind = "fix"
        var walker = CheckWalker(store: store)
        if let progress { walker.reportProgress(to: progress) }
        walker.collectsRepairs = true
        try walker.checkRoot()
        try walker.checkPermissions()
        let found = walker.repairs
        var repairs: [FixReport.Repair] = []
        var repairedPaths: Set<String> = []
        var targets: Set<String> = []
        for move in found.moves where !found.duplicated.contains(move.document.location.relativePath) {
            let path = move.document.location.relativePath
            // Another file already at the destination is a duplicate id: a person decides.
            guard targets.insert(move.to.relativePath).inserted, try store.reader.openFolders(move.to.folderPath)?.entryKind(of: move.to.fileName) == nil,
                  let members = move.document.value.objectValue
            else { continue }
            let value = try store.reader.compiledSchema(for: move.collection).normalizingTimestamps(in: move.document.value)
            // Committing a move removes the old copy and the date folders it leaves empty.
            try transaction.putRepair(PreparedWrite(collection: move.collection, location: move.to, members: members,
                                              bytes: CanonicalJSON.prettyBytes(value), previous: move.document.location, isNew: false))
            repairs.append(.init(kind: "moved", path: path, destination: move.to.relativePath,
                                 message: "moved to \(move.to.relativePath), the folder its date files it in"))
            repairedPaths.insert(path)
        }
        for rewrite in found.rewrites where !found.duplicated.contains(rewrite.document.location.relativePath) {
            guard let members = rewrite.document.value.objectValue else { continue }
            try transaction.putRepair(PreparedWrite(collection: rewrite.collection, location: rewrite.document.location, members: members,
                                              bytes: rewrite.bytes, previous: nil, isNew: false))
            repairs.append(.init(kind: "rewritten", path: rewrite.document.location.relativePath, destination: nil,
                                 message: "rewritten in canonical form (same content)"))
            repairedPaths.insert(rewrite.document.location.relativePath)
        }
        if found.identicalManifestCopies, let current = try Manifest.current(in: store.root), !current.versions.isEmpty {
            // The one version, put in place of store.json, and the copies removed, in this change.
            try transaction.removeManifestCopies(current.versions)
            repairs.append(.init(kind: "removed-identical-copies", path: Manifest.fileName, destination: nil,
                                 message: "kept once: the copies of store.json a sync left, holding the same JSON, are removed"))
        }
        if !found.identicalSchemaCopies.isEmpty, let folder = try store.root.openFolder("schema") {
            for versions in try SchemaCopies.find(in: folder) where found.identicalSchemaCopies.contains(versions.name) {
                // Looked at again in this change: a copy that differs now stays for a person.
                guard SchemaCopies.areIdentical(versions, in: folder) else { continue }
                if !versions.exists, let bytes = try folder.readFile(versions.copies[0]) {
                    try transaction.writeFile(bytes, named: versions.name, in: ["schema"])
                }
                for copy in versions.copies { try transaction.removeFile(atPath: "schema/" + copy) }
                repairs.append(.init(kind: "removed-identical-copies", path: "schema/" + versions.name, destination: nil,
                                     message: "kept once: the copies a sync left, holding the same JSON, are removed"))
            }
        }
        for copy in found.identicalCopies {
            let descriptor = try store.collection(named: copy.collection)
            // A save of the one version removes the files of the others.
            _ = try transaction.save(json: copy.value, in: descriptor)
            let label = descriptor.isSingleton ? copy.collection : "\(copy.collection)/\(copy.id)"
            repairs.append(.init(kind: "removed-identical-copies", path: label, destination: nil,
                                 message: "saved once: the copies a sync left, holding the same values, are removed"))
        }
        for path in found.leftovers {
            try transaction.sweepLeftover(atPath: path)
            repairs.append(.init(kind: "removed-leftover", path: path, destination: nil, message: "removed (left by an interrupted write)"))
            repairedPaths.insert(path)
        }
        // A settings file Almanac cannot read (VS Code allows comments) is not stale but a
        // person's to mend: it stays as it is, and `remaining` names it.
        if found.editorSettingsStale {
            repairs.append(.init(kind: "editor-settings", path: EditorSettings.path, destination: nil,
                                 message: "written: maps each collection's files to its schema in schema/"))
            repairedPaths.insert(EditorSettings.path)
        }
        if dryRun, let first = found.exposed.first {
            repairs.append(.init(kind: "permissions", path: first.path, destination: nil,
                                 message: "\(found.exposed.count) files and folders made readable by this user alone (0600, folders 0700)"))
            repairedPaths.insert(first.path)
        }
        repairs.sort { $0.path < $1.path }
        let repairedKinds: Set<String> = ["misplaced", "temporary-file", "abandoned-staging", "editor-settings", "permissions"]
        var remaining = walker.report
        remaining.problems.removeAll { (repairedKinds.contains($0.kind) && repairedPaths.contains($0.path)) || $0.kind == "identical-copy" }
        return (repairs, remaining, found.editorSettingsStale, found.exposed)
    }
}
