/// Changes the store's own operations make besides saving and deleting documents: a repair's
/// move, retention's archived copies, a seed import's record in `store.json`, a resolve's
/// merged archive file. They join the transaction's change and commit with it, through the
/// writer's one commit path: the journal, the flushes, the commit clock and the readers'
/// caches are the writer's alone (DESIGN §4).
extension Transaction {
    /// Puts a document write the store planned itself (a repair's move or canonical rewrite,
    /// a seed import's document, a cleared document) into this transaction, checked as a save is.
    func put(_ write: PreparedWrite) throws {
        try requireOpen()
        if !isRepair { try checkDocumentRules(write) }
        pending.put(write)
    }

    /// Puts a repair — a document moved to the folder its date files it in, or its bytes
    /// rewritten canonically, with the same content — into this transaction, which becomes a
    /// repair: no rule judges it, since the content and so what the rules say stay as they were.
    func putRepair(_ write: PreparedWrite) throws {
        try requireOpen()
        isRepair = true
        pending.put(write)
    }

    /// Removes the stored document at `location` when the transaction commits, without
    /// applying references (retention archives or deletes it as its rule says).
    func remove(_ location: DocumentLocation) throws {
        try requireOpen()
        let key = PendingChange.key(location.collection, location.id)
        pending.dropWrite(key)
        pending.removals[key] = location
    }

    /// Writes a file that is not a document of a collection (an archived document, a schema
    /// file a sync left in versions) below `data/`, `archive/` or `schema/` when the transaction commits.
    ///
    /// - Parameter folder: the folders from the store root; the first is `data`, `archive` or `schema`.
    func writeFile(_ bytes: [UInt8], named name: String, in folder: [String]) throws {
        try requireOpen()
        guard let top = folder.first, AtomicChange.writableRoots.contains(top), !name.contains("/"), !folder.contains("..") else {
            throw AlmanacError(.invalidArgument, "a change writes files below data/, archive/ or schema/ only", path: (folder + [name]).joined(separator: "/"))
        }
        pending.extra.files.append(AtomicChange.File(folder: folder, name: name, bytes: bytes))
    }

    /// Removes a file below `data/`, `archive/` or `schema/` (a store-relative path) when the transaction commits.
    func removeFile(atPath path: String) throws {
        try requireOpen()
        if !pending.extra.fileRemovals.contains(path) { pending.extra.fileRemovals.append(path) }
    }

    /// Changes the store's record, `store.json`, when the transaction commits: `body` edits it
    /// as this transaction leaves it (at first, as the store holds it, with every version a
    /// sync left merged in). The copies of `store.json` a known sync tool named go with the
    /// change: what it writes holds them, as a save of a document replaces all of its versions
    /// (so a tool that names copies without numbering them, like rclone, never meets an old
    /// copy's name again).
    func updateManifest(_ body: (inout Manifest) throws -> Void) throws {
        try requireOpen()
        var manifest: Manifest
        if let pendingManifest = pending.extra.manifest {
            manifest = pendingManifest
        } else {
            guard let current = try Manifest.current(in: reader.root) else { throw Manifest.vanished }
            manifest = current.manifest
            // Only copies a known tool named: a file a person named (`store.json.bak`) or one
            // known by what it holds stays until resolving removes it.
            pending.extra.manifestCopyRemovals += current.versions.filter { name in
                name != Manifest.fileName && !pending.extra.manifestCopyRemovals.contains(name)
                    && SyncConflict.copy(named: name, exists: { $0 == Manifest.fileName }).map { $0.tool != SyncConflict.unknownTool } == true
            }
        }
        try body(&manifest)
        pending.extra.manifest = manifest
    }

    /// Removes the copies of `store.json` a sync left beside it (their content merged into the
    /// manifest this transaction writes) when the transaction commits.
    func removeManifestCopies(_ names: [String]) throws {
        try requireOpen()
        try updateManifest { _ in }
        pending.extra.manifestCopyRemovals += names.filter { $0 != Manifest.fileName && !pending.extra.manifestCopyRemovals.contains($0) }
    }

    /// Writes the editor settings (`.vscode/settings.json`) again from the catalog once the
    /// transaction has committed, still holding the lock: no migration changes the catalog between.
    func rewriteEditorSettings() throws {
        try requireOpen()
        pending.rewritesEditorSettings = true
    }

    /// Removes, once the transaction has committed, a file or folder an interrupted write left
    /// (a temporary file, an abandoned migration staging), named by its store-relative path.
    /// Not part of the change: nothing reads it, so a crash before its removal loses nothing.
    func sweepLeftover(atPath path: String) throws {
        try requireOpen()
        pending.leftovers.append(path)
    }
}
