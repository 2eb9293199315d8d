import Foundation

/// Merges the versions a sync left of documents, archived documents and store.json (``Store/resolve(…)``).
struct ConflictResolver {
    let store: Store
    /// Told of each document read while looking for conflicts (phase `reading <collection>`).
    var progress: ProgressHandler?

    func conflicts(in collection: String? = nil) throws -> [DocumentConflict] {
        let descriptors = try collection.map { [try store.collection(named: $0)] } ?? store.catalog.collections
        return try store.readingOneVersion {
            var found: [DocumentConflict] = []
            for descriptor in descriptors {
                let listing = try store.reader.documentFiles(in: descriptor, days: nil)
                let counter = ProgressCounter(progress, phase: "reading \(descriptor.name)", total: listing.count)
                let conflicts = try listing
                    .parallelMap(chunkState: { FolderCursor(reader: store.reader) }) { cursor, files -> DocumentConflict? in
                        defer { counter?.advance() }
                        guard let document = try store.reader.read(files, in: cursor.folder(files.first.folderPath)) else { return nil }
                        if let conflict = document.conflict { return conflict }
                        // A copy alone (its tool renamed the file, or kept an edit over a
                        // delete): one version, which resolving names <id>.json.
                        guard files.first.copyName != nil else { return nil }
                        let version = DocumentConflict.Version(path: files.first.relativePath, origin: StoreReader.origin(of: files.first), value: document.value)
                        return DocumentConflict(collection: descriptor.name, id: files.id, versions: [version], base: nil)
                    }
                found += conflicts.compactMap { $0 }
            }
            return found
        }
    }

    @discardableResult
    func resolve(_ id: String, in collection: String, policy: CollectionDescriptor.MergePolicy? = nil,
                        taking: String? = nil, dryRun: Bool = false) throws -> ResolveReport? {
        let descriptor = try store.collection(named: collection)
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
            let plan = try store.plan(conflict, descriptor: descriptor, policy: policy ?? descriptor.mergePolicy, taking: taking)
            if !dryRun {
                _ = try transaction.save(json: plan.report.result, in: descriptor)
                for (other, value) in plan.keep { _ = try transaction.save(json: value.settingID(other), in: descriptor) }
            }
            var report = plan.report
            report.dryRun = dryRun
            return report
        }
        return try store.write { try body($0) }
    }

    /// Keeps one version of each schema file a sync left in several (``SchemaCopies``), or the
    /// version `taking` names (`schema/<file>`), as one change; returns what it kept, one line each.
    @discardableResult
    func resolveSchemaCopies(taking: String? = nil, dryRun: Bool = false) throws -> [String] {
        func plan(_ folder: Directory) throws -> [(versions: SchemaCopies.Versions, kept: String)] {
            let found = try SchemaCopies.find(in: folder)
            if let taking {
                let name = taking.hasPrefix("schema/") ? String(taking.dropFirst("schema/".count)) : taking
                guard let versions = found.first(where: { $0.files.contains(name) }) else {
                    let known = found.flatMap(\.files).map { "schema/" + $0 }
                    throw AlmanacError(.notFound, "\(taking) is not a version of a schema file a sync left; \(known.isEmpty ? "schema/ holds no copies" : "the versions are " + known.joined(separator: ", "))", path: taking)
                }
                // The version taken becomes the store's schema: it must read as one.
                guard let bytes = try folder.readFile(name) else { throw AlmanacError(.notFound, "\(taking) is gone", path: taking) }
                do {
                    if versions.name == Catalog.fileName { _ = try Catalog(bytes: bytes, path: "schema/" + name) } else { _ = try JSONParser.parse(bytes) }
                } catch let error as AlmanacError {
                    throw AlmanacError(.invalidArgument, "\(taking) cannot be the store's schema/\(versions.name): \(error.message); take another version",
                                       path: taking, line: error.line, column: error.column, underlying: error)
                }
                return [(versions, name)]
            }
            return try found.map { ($0, try SchemaCopies.kept($0, in: folder, schemaVersion: store.schemaVersion)) }
        }
        func lines(_ planned: [(versions: SchemaCopies.Versions, kept: String)]) -> [String] {
            planned.map { "schema/\($0.versions.name): \(dryRun ? "would keep" : "kept") schema/\($0.kept) of \($0.versions.files.map { "schema/" + $0 }.joined(separator: ", "))" }
        }
        guard let folder = try store.root.openFolder("schema") else { return [] }
        let planned = try plan(folder)
        if dryRun || planned.isEmpty { return lines(planned) }
        return try store.write { transaction in
            // Planned again under the lock: another writer may have resolved them meanwhile.
            let planned = try plan(folder)
            for (versions, kept) in planned {
                if kept != versions.name, let bytes = try folder.readFile(kept) {
                    try transaction.writeFile(bytes, named: versions.name, in: ["schema"])
                }
                for other in versions.files where other != versions.name { try transaction.removeFile(atPath: "schema/" + other) }
            }
            return lines(planned)
        }
    }

    @discardableResult
    func resolveStoreFile(dryRun: Bool = false) throws -> [String] {
        guard !store.manifestVersions.isEmpty else { return [] }
        if dryRun { return store.manifestVersions }
        return try store.write { transaction in
            guard let current = try Manifest.current(in: store.root), !current.versions.isEmpty else { return [] }
            // The merge every command reads, put in place of store.json, and the copies removed, as one change.
            try transaction.removeManifestCopies(current.versions)
            transaction.crashPointKind = "resolve"
            return current.versions
        }
    }

    @discardableResult
    func resolveArchivedCopies(dryRun: Bool = false) throws -> [String] {
        var found: [(CollectionDescriptor, StoredDocument)] = []
        for descriptor in store.catalog.collections where !descriptor.isSingleton {
            for archived in try store.archivedDocuments(json: descriptor.name) {
                guard let id = archived.location.id, try store.document(json: id, in: descriptor.name) != nil else { continue }
                found.append((descriptor, archived))
            }
        }
        let paths = found.map { "archive/" + $0.1.location.relativePath.dropFirst("data/".count) }
        guard !found.isEmpty, !dryRun else { return paths }
        try store.write { transaction in
            for ((descriptor, archived), path) in zip(found, paths) {
                guard let id = archived.location.id, let live = try transaction.current(descriptor, id: id) else { continue }
                let merged = VersionMerge.liveAndArchived(live.value, archived: archived.value, base: store.reader.mergeBase(of: id, in: descriptor.name),
                                                          modifiedField: descriptor.modifiedField)
                if merged != live.value { _ = try transaction.save(json: merged, in: descriptor) }
                try transaction.removeFile(atPath: path)
            }
        }
        return paths
    }

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

    @discardableResult
    func resolveArchiveConflicts(dryRun: Bool = false) throws -> [String] {
        // Filled afresh by each run of `body`: a read overtaken by a commit runs it again.
        var merged: [String] = []
        var writes: [(folder: [String], name: String, bytes: [UInt8])] = []
        var removals: [String] = []
        func walk(_ folder: Directory, _ descriptor: CollectionDescriptor, _ folders: [String]) throws {
            let entries = try folder.entries().sorted { $0.name < $1.name }
            for entry in entries where entry.kind == .folder && !entry.name.hasSuffix(".files") && !Directory.isTemporaryName(entry.name) {
                if let child = try folder.openFolder(entry.name) { try walk(child, descriptor, folders + [entry.name]) }
            }
            for files in DocumentFiles.group(entries, collection: descriptor.name, folders: folders, in: folder) {
                var versions: [DocumentConflict.Version] = []
                var base: JSONValue?
                // Only files read as versions are merged and removed: one that cannot be read
                // is left for a person (check names it).
                var read: Set<String> = []
                for location in files.locations {
                    guard let bytes = try folder.readFile(location.fileName) else { continue }
                    let path = (["archive", descriptor.name] + folders + [location.fileName]).joined(separator: "/")
                    if let value = try? JSONParser.parse(bytes).value {
                        versions.append(.init(path: path, origin: StoreReader.origin(of: location), value: value))
                        read.insert(location.fileName)
                    } else if let markers = MergeMarkers(bytes), let ours = try? JSONParser.parse(markers.ours).value,
                              let theirs = try? JSONParser.parse(markers.theirs).value {
                        versions += [.init(path: path, origin: .gitOurs, value: ours), .init(path: path, origin: .gitTheirs, value: theirs)]
                        base = markers.base.flatMap { try? JSONParser.parse($0).value }
                        read.insert(location.fileName)
                    }
                }
                // One version under a copy's name (its original is gone) is the document: renamed.
                guard versions.count > 1 || files.first.copyName != nil, !versions.isEmpty else { continue }
                let ordered = VersionOrder.sorted(versions, modifiedField: descriptor.modifiedField)
                let value = VersionMerge(ordered.map(\.value), base: base ?? store.reader.mergeBase(of: files.id, in: descriptor.name)).value
                let name = DocumentID.fileName(files.id)
                writes.append((["archive", descriptor.name] + folders, name, CanonicalJSON.prettyBytes(value)))
                for location in files.locations where location.fileName != name && read.contains(location.fileName) {
                    removals.append((["archive", descriptor.name] + folders + [location.fileName]).joined(separator: "/"))
                }
                merged.append((["archive", descriptor.name] + folders + [name]).joined(separator: "/"))
            }
        }
        let body = { (transaction: Transaction) throws -> [String] in
            (merged, writes, removals) = ([], [], [])
            for descriptor in store.catalog.collections where !descriptor.isSingleton {
                if let top = try store.reader.openFolders(["archive", descriptor.name]) { try walk(top, descriptor, []) }
            }
            for file in writes { try transaction.writeFile(file.bytes, named: file.name, in: file.folder) }
            for path in removals { try transaction.removeFile(atPath: path) }
            transaction.crashPointKind = "resolve"
            return merged
        }
        return dryRun ? try store.readingOneVersion { try store.writer.dryRun(body) } : try store.write(body)
    }
}
