/// Listing and resolving the documents a sync left in several versions.
extension Store {
    /// Every document of the store (or of `collection`) that a sync left in several versions:
    /// conflict copies, the id in several date folders, or both sides of git's merge markers.
    ///
    /// Reads every document, as `check` does.
    /// - Throws: `.unknownCollection`; `.malformedJSON` for a file that is not JSON (even
    ///   split at merge markers).
    public func conflicts(in collection: String? = nil) throws -> [DocumentConflict] {
        let descriptors = try collection.map { [try self.collection(named: $0)] } ?? catalog.collections
        return try readingOneVersion {
            var found: [DocumentConflict] = []
            for descriptor in descriptors {
                let conflicts = try reader.documentFiles(in: descriptor, days: nil)
                    .parallelMap(chunkState: { FolderCursor(reader: reader) }) { cursor, files in
                        try reader.read(files, in: cursor.folder(files.first.folderPath))?.conflict
                    }
                found += conflicts.compactMap { $0 }
            }
            return found
        }
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
        let descriptor = try self.collection(named: collection)
        if !descriptor.isSingleton { try DocumentID.validate(id, collection: collection) }
        let body = { (transaction: Transaction) throws -> ResolveReport? in
            guard let stored = try transaction.current(descriptor, id: descriptor.isSingleton ? nil : id) else {
                throw AlmanacError(.notFound, "no \(collection) document \"\(id)\"; Store.check() lists the documents in conflict", id: id).with(.checkStore)
            }
            guard let conflict = stored.conflict else {
                guard stored.location.copyName != nil else { return nil }
                // The only version, under a copy's name: saved under its own.
                if !dryRun { _ = try transaction.save(json: stored.value, in: descriptor) }
                return ResolveReport(collection: collection, id: id, versions: [stored.location.relativePath], decided: [], policy: nil,
                                     keptAs: [], result: stored.value, dryRun: dryRun)
            }
            let plan = try self.plan(conflict, descriptor: descriptor, policy: policy ?? descriptor.mergePolicy, taking: taking)
            if !dryRun {
                _ = try transaction.save(json: plan.report.result, in: descriptor)
                for (other, value) in plan.keep { _ = try transaction.save(json: value.settingID(other), in: descriptor) }
            }
            var report = plan.report
            report.dryRun = dryRun
            return report
        }
        return try write { try body($0) }
    }

    /// Writes the merge of the versions of `store.json` a sync left (git's markers, conflict
    /// copies beside it), which every command already reads, and removes the copies.
    ///
    /// - Returns: the files that held versions (empty when there were none).
    /// - Throws: `.syncConflict` when the versions cannot be merged (the message says what
    ///   to keep); `.locked`, `.io`.
    @discardableResult
    public func resolveStoreFile(dryRun: Bool = false) throws -> [String] {
        guard !manifestVersions.isEmpty else { return [] }
        if dryRun { return manifestVersions }
        return try write { transaction in
            guard let current = try Manifest.current(in: root), !current.versions.isEmpty else { return [] }
            // The merge every command reads, put in place of store.json, and the copies removed, as one change.
            try transaction.removeManifestCopies(current.versions)
            transaction.crashPointKind = "resolve"
            return current.versions
        }
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
        var found: [(CollectionDescriptor, StoredDocument)] = []
        for descriptor in catalog.collections where !descriptor.isSingleton {
            for archived in try archivedDocuments(json: descriptor.name) {
                guard let id = archived.location.id, try document(json: id, in: descriptor.name) != nil else { continue }
                found.append((descriptor, archived))
            }
        }
        let paths = found.map { "archive/" + $0.1.location.relativePath.dropFirst("data/".count) }
        guard !found.isEmpty, !dryRun else { return paths }
        try write { transaction in
            for ((descriptor, archived), path) in zip(found, paths) {
                guard let id = archived.location.id, let live = try transaction.current(descriptor, id: id) else { continue }
                let merged = VersionMerge.liveAndArchived(live.value, archived: archived.value, base: reader.mergeBase(of: id, in: descriptor.name),
                                                          modifiedField: descriptor.modifiedField)
                if merged != live.value { _ = try transaction.save(json: merged, in: descriptor) }
                transaction.pending.fileRemovals.append(path)
            }
        }
        return paths
    }

    /// The merged document and what else to save, for `conflict`.
    func plan(_ conflict: DocumentConflict, descriptor: CollectionDescriptor, policy: CollectionDescriptor.MergePolicy,
                      taking: String?) throws -> (report: ResolveReport, keep: [(String, JSONValue)]) {
        var report = ResolveReport(collection: conflict.collection, id: conflict.id, versions: conflict.paths, decided: [],
                                   policy: policy, keptAs: [], result: conflict.versions[0].value, dryRun: false)
        if let taking {
            let chosen = conflict.versions.first { version in
                version.path == taking || (taking == "ours" && version.origin == .gitOurs) || (taking == "theirs" && version.origin == .gitTheirs)
            }
            guard let chosen else {
                throw AlmanacError(.notFound, "\"\(taking)\" is not a version of \(conflict.collection) document \"\(conflict.id)\"; the versions are \(conflict.versions.map(\.path).joined(separator: ", "))", id: conflict.id)
            }
            report.result = chosen.value
            report.policy = nil
            report.decided = conflict.differences.map(\.pointer)
            return (report, [])
        }
        let merge = VersionMerge(conflict.versions.map(\.value), base: conflict.base)
        report.decided = merge.decided
        switch policy {
        case .newerWins:
            report.result = merge.value
            return (report, [])
        case .manual where merge.decided.isEmpty:
            report.result = merge.value
            return (report, [])
        case .manual:
            throw AlmanacError(
                .syncConflict,
                "both versions of \(conflict.collection) document \"\(conflict.id)\" changed \(merge.decided.joined(separator: ", ")) differently, and the collection's merge policy is manual; keep one version whole by taking one of them (taking: one of \(conflict.versions.map(\.path).joined(separator: ", "))), or edit the document and save it",
                path: conflict.versions[0].path, id: conflict.id, pointer: merge.decided.first).with(.takeOneVersion)
        case .keepBoth:
            // The chosen version keeps the id; each other one becomes a document of its own,
            // under an id its content gives, so every device names it the same.
            report.result = conflict.versions[0].value
            var keep: [(String, JSONValue)] = []
            for version in conflict.versions.dropFirst() where version.value != report.result {
                let digest = SHA256.hex(CanonicalJSON.compactBytes(version.value)).prefix(8)
                let other = String("\(conflict.id)".prefix(DocumentID.maximumLength - 9)) + "-" + digest
                keep.append((other, version.value))
            }
            report.keptAs = keep.map(\.0)
            return (report, keep)
        }
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
        var merged: [String] = []
        var writes: [(folder: [String], name: String, bytes: [UInt8])] = []
        var removals: [String] = []
        func walk(_ folder: Directory, _ descriptor: CollectionDescriptor, _ folders: [String]) throws {
            let entries = try folder.entries().sorted { $0.name < $1.name }
            for entry in entries where entry.kind == .folder && !entry.name.hasSuffix(".files") && !Directory.isTemporaryName(entry.name) {
                if let child = try folder.openFolder(entry.name) { try walk(child, descriptor, folders + [entry.name]) }
            }
            for files in DocumentFiles.group(entries, collection: descriptor.name, folders: folders) {
                var versions: [DocumentConflict.Version] = []
                var base: JSONValue?
                for location in files.locations {
                    guard let bytes = try folder.readFile(location.fileName) else { continue }
                    let path = (["archive", descriptor.name] + folders + [location.fileName]).joined(separator: "/")
                    if let value = try? JSONParser.parse(bytes).value {
                        versions.append(.init(path: path, origin: StoreReader.origin(of: location), value: value))
                    } else if let markers = MergeMarkers(bytes), let ours = try? JSONParser.parse(markers.ours).value,
                              let theirs = try? JSONParser.parse(markers.theirs).value {
                        versions += [.init(path: path, origin: .gitOurs, value: ours), .init(path: path, origin: .gitTheirs, value: theirs)]
                        base = markers.base.flatMap { try? JSONParser.parse($0).value }
                    }
                }
                // One version under a copy's name (its original is gone) is the document: renamed.
                guard versions.count > 1 || files.first.copyName != nil, !versions.isEmpty else { continue }
                let ordered = VersionOrder.sorted(versions, modifiedField: descriptor.modifiedField)
                let value = VersionMerge(ordered.map(\.value), base: base ?? reader.mergeBase(of: files.id, in: descriptor.name)).value
                let name = DocumentID.fileName(files.id)
                writes.append((["archive", descriptor.name] + folders, name, CanonicalJSON.prettyBytes(value)))
                for location in files.locations where location.fileName != name {
                    removals.append((["archive", descriptor.name] + folders + [location.fileName]).joined(separator: "/"))
                }
                merged.append((["archive", descriptor.name] + folders + [name]).joined(separator: "/"))
            }
        }
        let body = { (transaction: Transaction) throws -> [String] in
            for descriptor in self.catalog.collections where !descriptor.isSingleton {
                if let top = try self.reader.openFolders(["archive", descriptor.name]) { try walk(top, descriptor, []) }
            }
            for file in writes { try transaction.writeFile(file.bytes, named: file.name, in: file.folder) }
            for path in removals { try transaction.removeFile(atPath: path) }
            transaction.crashPointKind = "resolve"
            return merged
        }
        return dryRun ? try readingOneVersion { try writer.dryRun(body) } : try write(body)
    }
}
