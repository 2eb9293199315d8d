/// Listing and resolving the documents a sync left in several versions.
extension Store {
    /// Every document of the store (or of `collection`) that a sync left in several versions:
    /// conflict copies, the id in several date folders, or both sides of git's merge markers;
    /// and, with one version, every document whose only file is a copy (rclone renamed it, or
    /// unison kept an edit over a delete), which ``resolve(_:in:policy:taking:dryRun:)`` names
    /// `<id>.json`.
    ///
    /// Reads every document, as `check` does.
    /// - Parameters:
    ///   - collection: one collection to look in; `nil` for all of them.
    ///   - progress: told of each document read (phase `reading <collection>`, from
    ///     other threads).
    /// - Throws: `.unknownCollection`; `.malformedJSON` for a file that is not JSON (even
    ///   split at merge markers).
    public func conflicts(in collection: String? = nil, progress: ProgressHandler? = nil) throws -> [DocumentConflict] {
        try ConflictResolver(store: self, progress: progress).conflicts(in: collection)
    }

    /// Merges the versions a sync left of document `id` into one, saved as one transaction that
    /// also removes every other version's file.
    ///
    /// A field one version changed is taken from it; a field both changed differently follows
    /// `policy` (the collection's ``CollectionDescriptor/mergePolicy`` when `nil`). A lone copy
    /// whose original is gone is saved under the document's own name.
    /// ```swift
    /// let report = try store.resolve("C1", in: "cravings")          // by the collection's policy
    /// try store.resolve("C1", in: "cravings", taking: report.versions[1])  // that version, whole
    /// ```
    /// - Parameters:
    ///   - id: the document's id.
    ///   - collection: its collection.
    ///   - policy: how fields both versions changed are merged.
    ///   - taking: the path of one version (as ``DocumentConflict/Version/path``, or `ours` /
    ///     `theirs` for git's markers) to keep whole instead of merging.
    ///   - dryRun: work out the result without writing.
    /// - Returns: `nil` when the document has a single version.
    /// - Throws: `.syncConflict` with `manual` and fields both versions changed, naming them;
    ///   `.notFound` for an unknown id or version; the save's errors (`.invalidDocument`, …)
    ///   when the merged document breaks the schema or a rule.
    @discardableResult
    public func resolve(_ id: String, in collection: String, policy: CollectionDescriptor.MergePolicy? = nil,
                        taking: String? = nil, dryRun: Bool = false) throws -> ResolveReport? {
        try ConflictResolver(store: self).resolve(id, in: collection, policy: policy, taking: taking, dryRun: dryRun)
    }

    /// Keeps one version of each file of `schema/` a sync left in several (`catalog.json..path1`,
    /// `cravings.schema 2.json`, …) and removes the others, as one change: the versions when
    /// they hold the same JSON; else, for the catalog, the one at the store's schema version;
    /// else the version `taking` names (`schema/<file>`).
    ///
    /// A migration refuses to run until they are resolved: it replaces `schema/`.
    /// - Returns: one line per schema file: which version was kept.
    /// - Throws: `.syncConflict` naming the versions and what differs, when no rule decides.
    @discardableResult
    public func resolveSchemaCopies(taking: String? = nil, dryRun: Bool = false) throws -> [String] {
        try ConflictResolver(store: self).resolveSchemaCopies(taking: taking, dryRun: dryRun)
    }

    /// Writes the merge of the versions of `store.json` a sync left (git's markers, conflict
    /// copies beside it), which every command already reads, and removes the copies.
    ///
    /// - Returns: the files that held versions (empty when there were none).
    /// - Throws: `.syncConflict` when the versions cannot be merged (the message says what
    ///   to keep); `.locked`, `.io`.
    @discardableResult
    public func resolveStoreFile(dryRun: Bool = false) throws -> [String] {
        try ConflictResolver(store: self).resolveStoreFile(dryRun: dryRun)
    }

    /// Merges each archived copy of a document that is live again into the live document, and
    /// removes the archived copy, as one transaction.
    ///
    /// On a synced store, one device may archive a document (retention) while another edits it:
    /// the sync brings the edit back to `data/` and keeps the archived copy. An id is one
    /// document, so the two are merged field by field like any two versions.
    /// - Returns: the archived files merged (relative paths).
    @discardableResult
    public func resolveArchivedCopies(dryRun: Bool = false) throws -> [String] {
        try ConflictResolver(store: self).resolveArchivedCopies(dryRun: dryRun)
    }

    /// The merged document and what else to save, for `conflict`.
    func plan(_ conflict: DocumentConflict, descriptor: CollectionDescriptor, policy: CollectionDescriptor.MergePolicy,
                      taking: String?) throws -> (report: ResolveReport, keep: [(String, JSONValue)]) {
        try ConflictResolver(store: self).plan(conflict, descriptor: descriptor, policy: policy, taking: taking)
    }
}

extension JSONValue {
    /// The object with its `id` member set to `id`.
    func settingID(_ id: String) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members["id"] = .string(id)
        return .object(members)
    }
}

extension Store {
    /// Merges the versions a sync left of archived documents — a copy beside an archived file,
    /// both sides of git's markers inside one — into the archived file, and removes the copies,
    /// as one atomic change. Archived documents merge like live ones (field by field, the
    /// collection's modification field first), by `newer-wins`: nothing reads them but totals.
    /// - Returns: the archived files merged (relative paths).
    @discardableResult
    public func resolveArchiveConflicts(dryRun: Bool = false) throws -> [String] {
        try ConflictResolver(store: self).resolveArchiveConflicts(dryRun: dryRun)
    }
}
