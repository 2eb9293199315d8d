extension Store {
    /// Repairs what has one right answer, as one atomic change, and reports the rest.
    ///
    /// Repaired: a document whose date was edited by hand moves to the folder its date files it
    /// in (its attachments with it); a document whose bytes are not canonical (a hand edit's
    /// spacing or key order, a byte order mark, a timestamp in another offset) is rewritten
    /// canonically with the same content; leftover temporary files go; the editor settings are
    /// written. What needs a person (two files with one id, malformed JSON, a schema violation,
    /// a sync conflict copy, an unknown file) is left alone and listed in ``FixReport/remaining``
    /// with the next step. Operating-system files are ignored.
    ///
    /// ```swift
    /// let report = try store.fix(dryRun: true)
    /// for repair in report.repairs { print(repair) }
    /// ```
    /// - Parameter dryRun: report the repairs without making them.
    /// - Throws: `.locked`, `.storeTooNew`, `.io`.
    public func fix(dryRun: Bool = false) throws -> FixReport {
        try writer.withWriteLock { state in
            var walker = CheckWalker(store: self)
            walker.collectsRepairs = true
            try walker.checkRoot()
            let found = walker.repairs
            var change = AtomicChange()
            var repairs: [FixReport.Repair] = []
            var repairedPaths: Set<String> = []
            var targets: Set<String> = []
            for move in found.moves where !found.duplicated.contains(move.document.location.relativePath) {
                let path = move.document.location.relativePath
                // Another file already at the destination is a duplicate id: a person decides.
                guard targets.insert(move.to.relativePath).inserted, try reader.openFolders(move.to.folderPath)?.entryKind(of: move.to.fileName) == nil,
                      let members = move.document.value.objectValue
                else { continue }
                let value = try reader.compiledSchema(for: move.collection).normalizingTimestamps(in: move.document.value)
                change.writes.append(PreparedWrite(collection: move.collection, location: move.to, members: members,
                                                   bytes: CanonicalJSON.prettyBytes(value), previous: move.document.location, isNew: false))
                repairs.append(.init(kind: "moved", path: path, destination: move.to.relativePath,
                                     message: "moved to \(move.to.relativePath), the folder its date files it in"))
                repairedPaths.insert(path)
            }
            for rewrite in found.rewrites where !found.duplicated.contains(rewrite.document.location.relativePath) {
                guard let members = rewrite.document.value.objectValue else { continue }
                change.writes.append(PreparedWrite(collection: rewrite.collection, location: rewrite.document.location, members: members,
                                                   bytes: rewrite.bytes, previous: nil, isNew: false))
                repairs.append(.init(kind: "rewritten", path: rewrite.document.location.relativePath, destination: nil,
                                     message: "rewritten in canonical form (same content)"))
                repairedPaths.insert(rewrite.document.location.relativePath)
            }
            for path in found.leftovers {
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
            repairs.sort { $0.path < $1.path }
            guard !dryRun else {
                let repairedKinds: Set<String> = ["misplaced", "temporary-file", "abandoned-staging", "editor-settings"]
                var left = walker.report
                left.problems.removeAll { repairedKinds.contains($0.kind) && repairedPaths.contains($0.path) }
                return FixReport(dryRun: true, repairs: repairs, remaining: left)
            }
            // Committing a move removes the old copy and the date folders it leaves empty.
            try writer.commit(change, state, crashPointKind: "fix")
            for path in found.leftovers { try removeLeftover(at: path) }
            if found.editorSettingsStale { try EditorSettings.update(in: root, catalog: catalog) }
            return FixReport(dryRun: false, repairs: repairs, remaining: try check())
        }
    }

    /// Removes a leftover temporary file or folder named by its store-relative path.
    private func removeLeftover(at path: String) throws {
        var components = path.split(separator: "/").map(String.init)
        guard let name = components.popLast() else { return }
        let folder = components.isEmpty ? root : try reader.openFolders(components)
        guard let folder else { return }
        if try folder.entryKind(of: name) == .folder {
            try folder.removeTree(name)
        } else {
            try folder.removeFile(name)
        }
        try folder.synchronize(.barrier)
    }
}
