import Foundation

extension Store {
    /// Reads every file of the store and reports every problem: files that are not valid
    /// JSON (with line and column), documents not at the path their id and date require,
    /// duplicate ids, broken unique fields, leftover temporary files, unknown files and
    /// symbolic links. Changes nothing.
    ///
    /// - Parameters:
    ///   - schemaFolder: the app's schema folder, when at hand: a `schema-drift` error is
    ///     reported when it is at the store's version but differs from the store's copy
    ///     (``Store/schemaDrift(from:)``), since the store goes on validating with its copy.
    ///   - progress: told of each document checked (phase `checking`, against the number of
    ///     documents the folder index counts), on the calling thread.
    public func check(schemaFolder: URL? = nil, progress: ProgressHandler? = nil) throws -> CheckReport {
        var walker = CheckWalker(store: self)
        if let progress { walker.reportProgress(to: progress) }
        if let schemaFolder, let drift = try schemaDrift(from: schemaFolder) { walker.problems.append(.schemaDrift(drift)) }
        try walker.checkRoot()
        try walker.checkPermissions()
        return walker.report
    }
}

/// Walks a store for ``Store/check()``, collecting problems instead of stopping at the first.
struct CheckWalker {
    let store: Store
    var problems: [CheckReport.Problem] = []
    var documentsChecked = 0
    /// Told of each document checked, against ``expectedDocuments``.
    private(set) var progress: ProgressHandler?
    /// How many documents the folder index counts (0: unknown), for ``progress``.
    private(set) var expectedDocuments = 0
    /// collection → id keys of the documents found, for references.
    var idsByCollection: [String: Set<String>] = [:]
    /// Archived documents found: collection, id key, path (an id is one document across
    /// `data/` and `archive/`, so one in both is reported).
    var archivedIDs: [(collection: String, key: String, path: String)] = []
    /// Reference values found: where, which reference, the id named.
    var referenceValues: [(path: String, field: String, target: String, id: String)] = []
    /// collection → the documents its collection-wide rules (counts, groups) need.
    var ruleDocuments: [String: [(path: String, members: [String: JSONValue])]] = [:]
    /// With ``collectsRepairs``, what `check --fix` can repair, found on the way.
    var repairs = CheckRepairs()
    /// Whether to gather ``repairs`` (a plain `check` does not compare bytes).
    var collectsRepairs = false
    /// collection → its compiled schema (`nil`: it cannot be compiled, reported once), taken
    /// from the store once per collection rather than under its lock for every document.
    private var schemas: [String: JSONSchema?] = [:]
    /// Store-relative paths of the files and folders a committed journal stages: part of a
    /// committed change, never leftovers to remove.
    var committedStaging: Set<String> = []

    init(store: Store) {
        self.store = store
        if let folder = try? store.root.openFolder(".almanac"), let bytes = try? folder.readFile(WriteJournal.fileName),
           let journal = try? WriteJournal(recordBytes: bytes, path: ".almanac/\(WriteJournal.fileName)") {
            committedStaging = Set(journal.renames.map { $0.folder.isEmpty ? $0.from : $0.folder + "/" + $0.from } + journal.newFolders.map(\.from))
        }
    }

    /// What the walk found, problems sorted by path and line.
    var report: CheckReport {
        CheckReport(problems: problems.sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }, documentsChecked: documentsChecked)
    }

    /// The compiled schema of `collection`, or `nil` when it cannot be compiled.
    mutating func schema(of collection: CollectionDescriptor) -> JSONSchema? {
        if let known = schemas[collection.name] { return known }
        let schema = try? store.reader.compiledSchema(for: collection)
        schemas[collection.name] = schema
        return schema
    }

    mutating func report(_ kind: String, _ path: String, _ message: String, severity: CheckReport.Problem.Severity = .error,
                         line: Int? = nil, column: Int? = nil, pointer: String? = nil, remedy: AlmanacError.Remedy? = nil) {
        problems.append(.init(severity: severity, kind: kind, path: path, message: message, line: line, column: column, pointer: pointer, remedy: remedy))
    }

    /// Reports each document checked to `progress`, against the documents the folder index
    /// counts (a `stat` per folder, no file read).
    mutating func reportProgress(to progress: @escaping ProgressHandler) {
        self.progress = progress
        expectedDocuments = store.catalog.collections.reduce(0) { total, collection in
            total + ((try? store.count(matching: Query(collection.name))) ?? 0)
        }
        progress(OperationProgress(phase: "checking", done: 0, total: expectedDocuments, unit: "documents"))
    }

    mutating func checkRoot() throws {
        let known: Set<String> = [Manifest.fileName, "schema", "data", ".almanac", "archive", EditorSettings.folderName]
        for entry in try store.root.entries() where !known.contains(entry.name) && !SyncConflict.toolEntries.contains(entry.name)
            && !store.manifestVersions.contains(entry.name) {
            try classifyStray(entry, in: store.root)
        }
        // Versions of store.json that hold the same JSON (the same work done on two devices)
        // are one version: only copies, which Store.fix() or resolving removes.
        let manifestValues = store.manifestVersions.map { name in (try? store.root.readFile(name)).flatMap { $0.flatMap { try? JSONParser.parse($0).value } } }
        if manifestValues.count > 1, let first = manifestValues[0], manifestValues.allSatisfy({ $0 == first }) {
            for name in store.manifestVersions where name != Manifest.fileName {
                report("identical-copy", name, "holds the same store.json as every other version a sync left; Store.fix() keeps one, or the Store.resolve… calls",
                       severity: .warning, remedy: .fixStore)
            }
            if collectsRepairs { repairs.identicalManifestCopies = true }
        } else {
            for name in store.manifestVersions {
                report("sync-conflict", name,
                   "holds \(name == Manifest.fileName ? "two versions of store.json between git's merge markers" : "a version of store.json a sync tool kept"), which every read merges (the two histories are compatible); write the merge with the Store.resolve… calls", remedy: .resolveConflicts)
            }
        }
        if store.catalog.version != store.schemaVersion {
            report("schema-version", "schema/catalog.json",
                   "the schema copy is at version \(store.catalog.version) but store.json says \(store.schemaVersion); restore schema/ from the app's schema at version \(store.schemaVersion)")
        }
        if let schema = try store.root.openFolder("schema") {
            checkSchemaCopies(in: schema)
            for collection in store.catalog.collections {
                do {
                    guard try SchemaCopies.file(collection.schema, in: schema, schemaVersion: store.schemaVersion) != nil else {
                        report("missing-schema", "schema/\(collection.schema)", "the schema of collection \(collection.name) is missing; copy it from the app's schema folder")
                        continue
                    }
                    _ = try store.reader.compiledSchema(for: collection)
                } catch let error as AlmanacError {
                    reportError(error, path: "schema/\(collection.schema)")
                }
            }
        }
        checkEditorSettings()
        if let internalFolder = try store.root.openFolder(".almanac") {
            if try internalFolder.readFile(WriteJournal.fileName) != nil {
                report("interrupted-write", ".almanac/\(WriteJournal.fileName)",
                       "a change is committed but not yet wholly in place (its write was interrupted or failed); the next write or open of the store finishes it", severity: .warning)
            }
            for name in try StoreSwap.abandonedStagings(in: internalFolder) {
                report("abandoned-staging", ".almanac/\(name)",
                       "is the staged version of a migration whose process was killed; nothing uses it, and the next migration removes it, or Store.fix()",
                       severity: .warning, remedy: .fixStore)
                repairs.leftovers.append(".almanac/\(name)")
            }
        }
        try checkArchive()
        guard let data = try store.root.openFolder("data") else {
            report("missing-folder", "data", "the data folder is missing; the store holds no documents")
            return
        }
        var singletonsInCopies: Set<String> = []
        for entry in try data.entries().sorted(by: { $0.name < $1.name }) {
            let path = data.childPath(entry.name)
            if entry.kind == .folder, let collection = store.catalog.collection(named: entry.name), !collection.isSingleton {
                guard let folder = try data.openFolder(entry.name) else { continue }
                var seen: [String: DocumentFiles] = [:]
                var uniqueValues: [String: [JSONValue: String]] = [:]
                try checkCollection(folder, collection: collection, folders: [], seen: &seen, uniqueValues: &uniqueValues)
                for files in seen.values.sorted(by: { $0.id < $1.id }) {
                    if files.hasVersions {
                        checkVersions(files)
                    } else if files.first.copyName != nil {
                        reportLoneCopy(files, in: collection)
                    }
                }
            } else if entry.kind == .file, entry.name.hasSuffix(".json"),
                      let collection = store.catalog.collection(named: String(entry.name.dropLast(5))), collection.isSingleton {
                _ = checkDocument(in: data, name: entry.name, location: DocumentLocation(collection: collection.name, folders: [], id: nil), collection: collection)
                if let files = try? store.reader.documentFiles(in: collection, days: nil).first, files.hasVersions { checkVersions(files) }
            } else if entry.kind == .file, let copy = SyncConflict.copy(named: entry.name, exists: { _ in true }),
                      let collection = store.catalog.collection(named: String(copy.originalName.dropLast(5))), collection.isSingleton {
                // A version of the singleton, reported with it; when its own file is gone
                // (rclone renamed both sides), the copies are the document.
                if (try? data.entryKind(of: copy.originalName)) != .file, !singletonsInCopies.contains(collection.name),
                   let files = try? store.reader.documentFiles(in: collection, days: nil).first {
                    singletonsInCopies.insert(collection.name)
                    if files.hasVersions { checkVersions(files) } else { reportLoneCopy(files, in: collection) }
                }
            } else if entry.kind == .folder && store.catalog.collection(named: entry.name) == nil {
                report("unknown-collection", path, "is not a collection of the \(store.app) catalog; move it out of the store or add the collection to the schema")
            } else {
                try classifyStray(entry, in: data)
            }
        }
        checkCollectionRules()
        checkOverwrittenEdits()
        for archived in archivedIDs where idsByCollection[archived.collection]?.contains(archived.key) == true {
            report("archived-duplicate", archived.path,
                   "holds a document whose id is also live in data/\(archived.collection)/: an id is one document (archived on one device while edited on another, or put back by hand); merge this copy into the live one and remove it with the Store.resolve… calls (the next retention run that archives the live one does it too)", remedy: .resolveConflicts)
        }
        for value in referenceValues where !(idsByCollection[value.target]?.contains(DocumentID.key(value.id)) ?? false) {
            report("dangling-reference", value.path,
                   "\"\(value.field)\" names \(value.target) document \"\(value.id)\", which does not exist; set it to null or restore the document",
                   pointer: "/" + value.field)
        }
    }

    private mutating func checkCollection(
        _ folder: Directory, collection: CollectionDescriptor, folders: [String],
        seen: inout [String: DocumentFiles], uniqueValues: inout [String: [JSONValue: String]]
    ) throws {
        let depth = collection.partition?.depth ?? 0
        let entries = try folder.entries().sorted(by: { $0.name < $1.name })
        // What each file holds a version of, the way every read recognises it (by name, else
        // by what the file holds).
        var recognised: [String: (id: String, copy: SyncConflict.Copy?)] = [:]
        // In a sync tool's copy of a date folder, every file is a copy.
        let folderCopy = DateFolder.copyTool(among: folders)
        DocumentFiles.forEachDocumentFile(in: entries, folder: folder) { name, id, copy in
            recognised[name] = (id, copy ?? folderCopy.map { SyncConflict.Copy(originalName: DocumentID.fileName(id), tool: $0) })
        }
        let documentIDs = Set(recognised.values.map(\.id))
        // A document's own file before the copies a sync tool left of it, so that it is the
        // version checked in full (copies sort before it: "x 2.json" < "x.json").
        let copies = entries.filter { recognised[$0.name]?.copy != nil }
        for entry in entries.filter({ recognised[$0.name]?.copy == nil }) + copies {
            let path = folder.childPath(entry.name)
            if collection.attachments, entry.kind == .folder, entry.name.hasSuffix(".files") {
                let owner = String(entry.name.dropLast(".files".count))
                if !documentIDs.contains(owner) {
                    report("orphaned-attachments", path, "holds attachments of \(collection.name) document \"\(owner)\", which does not exist; remove the folder, or restore the document")
                }
                continue
            }
            // A date folder one level deeper than the partition, or a document above its level:
            // what a device still on an older layout wrote. Its documents are read like any
            // other, reported as misplaced, and moved by Store.fix().
            // A sync tool's copy of a date folder (unison's `20 (conflict_on_…)`) is walked as one:
            // its documents are versions.
            let number = entry.kind == .folder ? DateFolder.number(entry.name, level: folders.count) ?? DateFolder.copy(entry.name, level: folders.count)?.number : nil
            let dateFolder = depth > 0 && folders.count < 3 && number != nil
                && (folders.count < 2 || CalendarDate(year: Int(folders[0].prefix(4)) ?? 0, month: Int(folders[1].prefix(2)) ?? 0, day: number ?? 0) != nil)
            if dateFolder {
                guard let child = try folder.openFolder(entry.name) else { continue }
                try checkCollection(child, collection: collection, folders: folders + [entry.name], seen: &seen, uniqueValues: &uniqueValues)
                continue
            }
            if folders.count < depth, !(entry.kind == .file && recognised[entry.name] != nil) {
                try classifyStray(entry, in: folder, expected: ["year (YYYY)", "month (MM)", "day (DD)"][folders.count])
                continue
            }
            guard entry.kind == .file, let (id, copy) = recognised[entry.name] else {
                try classifyStray(entry, in: folder, expected: "document (<id>.json)")
                continue
            }
            let location = DocumentLocation(collection: collection.name, folders: folders, id: id, copyName: copy == nil ? nil : entry.name)
            // Every file of an id is one version of one document: the versions are compared
            // once the collection is walked (checkVersions), and only the first is checked here.
            if let files = seen[DocumentID.key(id)] {
                seen[DocumentID.key(id)] = DocumentFiles(id: files.id, locations: files.locations + [location])
                repairs.duplicated.insert(path)
                repairs.duplicated.insert(files.first.relativePath)
                continue
            }
            seen[DocumentID.key(id)] = DocumentFiles(id: id, locations: [location])
            // A copy alone is the document: references to it hold.
            idsByCollection[collection.name, default: []].insert(DocumentID.key(id))
            if copy != nil { continue }
            guard let members = checkDocument(in: folder, name: entry.name, location: location, collection: collection) else { continue }
            for reference in collection.references where !reference.allowsDangling {
                if case .string(let target)? = members[reference.field] {
                    referenceValues.append((path, reference.field, reference.collection, target))
                }
            }
            if collection.attachments { try checkAttachments(of: members, id: id, in: folder, path: path) }
            for field in collection.unique {
                guard let value = members[field], value != .null else { continue }
                let normalised = value.numberValue.map { JSONValue.string("#" + String($0.doubleValue)) } ?? collection.uniqueValue(value, of: field)
                if let other = uniqueValues[field, default: [:]][normalised] {
                    report("unique-violation", path, "\"\(field)\" \(value.shortDescription) is also used by \(other); it must be unique in \(collection.name)", pointer: "/" + field)
                } else {
                    uniqueValues[field, default: [:]][normalised] = path
                }
            }
        }
    }

    /// Reports each field ending in `Path` whose file name is not among the document's attachments.
    private mutating func checkAttachments(of members: [String: JSONValue], id: String, in folder: Directory, path: String) throws {
        let attachments = try folder.openFolder(Filing.attachmentFolderName(id))
        for (field, value) in members.sorted(by: { $0.key < $1.key }) where field.hasSuffix("Path") {
            guard case .string(let reference) = value, let name = reference.split(separator: "/").last.map(String.init) else { continue }
            do {
                try Filing.validateAttachmentName(name)
            } catch let error as AlmanacError {
                // A name the file system may not hold is this document's problem, not the walk's.
                report("invalid-document", path, "\"\(field)\" names \(name.utf8.count > 40 ? String(name.prefix(40)) + "…" : name), which cannot be an attachment (\(error.message)); fix the field", pointer: "/" + field)
                continue
            }
            if try attachments?.entryKind(of: name) != .file {
                report("missing-attachment", path, "\"\(field)\" names \(name), which is not among the document's attachments (\(Filing.attachmentFolderName(id))/); restore the file, or clear the field", pointer: "/" + field)
            }
        }
    }

    /// Parses one document file and checks its id and date against its path.
    private mutating func checkDocument(in folder: Directory, name: String, location: DocumentLocation,
                                        collection: CollectionDescriptor) -> [String: JSONValue]? {
        let path = location.relativePath
        documentsChecked += 1
        // A sync's copies are files the index counts as one document: the total never trails.
        progress?(OperationProgress(phase: "checking", done: documentsChecked, total: expectedDocuments == 0 ? 0 : max(expectedDocuments, documentsChecked), unit: "documents"))
        let stored: StoredDocument
        do {
            guard let read = try store.reader.read(location, in: folder) else { return nil }
            stored = read
        } catch let error as AlmanacError {
            if error.code == .malformedJSON, let bytes = try? folder.readFile(name), SyncConflict.hasMergeMarkers(bytes) {
                report("sync-conflict", path,
                       "holds both versions of a git merge conflict between <<<<<<< and >>>>>>> markers; keep the right lines, delete the markers and the other version, then check again",
                       line: error.line, column: error.column)
            } else {
                reportError(error, path: path)
            }
            return nil
        } catch {
            report("io", path, "cannot read: \(error)")
            return nil
        }
        if let conflict = stored.conflict { reportConflict(conflict) }
        if stored.hadByteOrderMark {
            report("byte-order-mark", path, "starts with a UTF-8 byte order mark; it is tolerated, but the next save writes the file without it",
                   severity: .warning, line: 1, column: 1)
        }
        guard case .object(let members) = stored.value else {
            report("invalid-document", path, "a document must be a JSON object, found \(stored.value.typeName)", line: 1, column: 1)
            return nil
        }
        if let id = location.id {
            switch members["id"] {
            case .string(let stored) where stored == id:
                break
            case .string(let stored):
                let target = DocumentID.fileName(stored)
                if (try? folder.entryKind(of: target)) != nil {
                    // Renaming onto an existing file would overwrite that document: never advise it.
                    report("id-mismatch", path, "holds id \"\(stored)\", the document of \(target) beside it, so it is a second copy of that document (made by hand or by a sync tool); compare the two files (diff \(name) \(target)), keep what you need in \(target), then remove \(name)", pointer: "/id")
                } else {
                    report("id-mismatch", path, "holds id \"\(stored)\" but its file is named for \"\(id)\"; rename the file to \(target) or fix the id", pointer: "/id")
                }
            case let other:
                report("invalid-document", path, other == nil ? "has no \"id\"; add \"id\": \"\(id)\"" : "\"id\" must be a string", pointer: "/id")
            }
        }
        checkSchema(stored, collection: collection, folder: folder, name: name)
        checkRules(members, collection: collection, path: path)
        do {
            let expected = try store.filing.location(for: stored.value, in: collection)
            if expected.folderPath != location.folderPath, members["id"]?.stringValue == location.id {
                let date = collection.dateField.flatMap { members[$0]?.shortDescription } ?? ""
                report("misplaced", path,
                       "is dated \(date), which files it under \(expected.folderPath.joined(separator: "/"))/ in the store's calendar (\(store.calendar)); Store.fix() moves it there",
                       pointer: collection.dateField.map { "/" + $0 }, remedy: .fixStore)
                if collectsRepairs { repairs.moves.append((stored, collection, expected)) }
            } else if collectsRepairs {
                noteCanonicalForm(stored, collection: collection, in: folder, name: name)
            }
        } catch let error as AlmanacError where error.code == .invalidDocument {
            reportError(error, path: path)
        } catch let error as AlmanacError where error.code == .invalidID {
            // Already reported as an id mismatch or invalid id above.
            _ = error
        } catch {
            report("invalid-document", path, "\(error)")
        }
        return members
    }

    /// Reports every way the document breaks its collection's schema, each with its line and column.
    private mutating func checkSchema(_ stored: StoredDocument, collection: CollectionDescriptor, folder: Directory, name: String) {
        let path = stored.location.relativePath
        guard let schema = schema(of: collection) else {
            return  // reported once for the schema file
        }
        let violations = schema.validate(stored.value).map(\.explainedForDocuments)
        guard !violations.isEmpty else { return }
        let bytes = (try? folder.readFile(name)) ?? nil
        for violation in violations {
            let position = bytes.flatMap { JSONPointerLocator.position(of: violation.pointer, in: $0) }
            report("schema", path, "\(violation.message) (\(collection.name) schema, \(violation.keyword))",
                   line: position?.line, column: position?.column, pointer: violation.pointer)
        }
    }

    /// Warns when the editor settings do not map every collection to its schema copy.
    private mutating func checkEditorSettings() {
        do {
            if try !EditorSettings.expected(in: store.root, catalog: store.catalog).upToDate {
                repairs.editorSettingsStale = true
                report("editor-settings", EditorSettings.path,
                       "does not map every collection to its schema in schema/ (missing, or written for another schema version); Store.fix() writes it",
                       severity: .warning, remedy: .fixStore)
            }
        } catch let error as AlmanacError {
            report("editor-settings", EditorSettings.path, error.message, severity: .warning, line: error.line, column: error.column, pointer: error.pointer,
                   remedy: error.remedy)
        } catch {
            report("editor-settings", EditorSettings.path, "cannot be read: \(error)", severity: .warning)
        }
    }

    mutating func reportError(_ error: AlmanacError, path: String) {
        let kind = error.code == .malformedJSON ? "malformed-json" : error.code.rawValue
        report(kind, error.path ?? path, error.message, line: error.line, column: error.column, pointer: error.pointer, remedy: error.remedy)
    }

    /// Warns, once, of the files and folders other users may change (a copy back from exFAT
    /// or FAT makes everything 0777), naming the first and counting them all.
    mutating func checkPermissions() throws {
        let exposed = try PermissionScan.exposed(in: store.root)
        guard let first = exposed.first else { return }
        if collectsRepairs { repairs.exposed = exposed }
        let files = exposed.filter { !$0.isFolder }.count, folders = exposed.count - files
        let counted = [files > 0 ? "\(files) file\(files == 1 ? "" : "s")" : nil, folders > 0 ? "\(folders) folder\(folders == 1 ? "" : "s")" : nil]
            .compactMap { $0 }.joined(separator: " and ")
        report("permissions", first.path,
               "\(counted) of the store (this one, mode \(String(first.mode, radix: 8)), among them) can be changed by other users of this machine, as a copy from exFAT or FAT leaves them; Store.fix() makes files 0600 and folders 0700, as a new store's are",
               severity: .warning, remedy: .fixStore)
    }

    /// Reports an entry that has no place where it is.
    mutating func classifyStray(_ entry: Directory.Entry, in folder: Directory, expected: String? = nil) throws {
        let path = folder.childPath(entry.name)
        // An editor's swap, lock, backup or autosave file, or a volume's own folder at the
        // store root: another program's, never a problem to report or a file to move.
        if ForeignFile.isPassedBy(entry, atRoot: folder.path.isEmpty) { return }
        if let target = SystemFile.placeholderTarget(entry.name), entry.kind == .file {
            report("not-downloaded", folder.childPath(target), Directory.notDownloaded(path).message)
            return
        }
        if entry.kind == .file, reportConflictCopy(entry.name, in: folder, exists: { (try? folder.entryKind(of: $0)) == .file }) { return }
        switch entry.kind {
        case .file where SystemFile.isSystemFile(entry.name):
            return  // Finder's .DS_Store and the like: never a problem
        case .symbolicLink:
            report("symbolic-link", path, "is a symbolic link; Almanac never follows links inside a store — replace it with the real file or folder")
        case .file where committedStaging.contains(path), .folder where committedStaging.contains(path):
            report("committed-staging", path,
                   "is staged by a committed change (.almanac/journal.json); the next write or open of the store puts it in place", severity: .warning)
        case .file where Directory.isTemporaryName(entry.name):
            report("temporary-file", path, "is a temporary file left by an interrupted write; the next write removes it, or Store.fix()", remedy: .fixStore)
            repairs.leftovers.append(path)
        case .folder where Directory.isTemporaryName(entry.name):
            report("temporary-file", path, "is a folder staged by an interrupted write; the next write removes it, or Store.fix()", remedy: .fixStore)
            repairs.leftovers.append(path)
        default:
            let what = entry.kind == .folder ? "folder" : "file"
            let hint = expected.map { " (expected a \($0) here)" } ?? ""
            report("unknown-file", path, "is an unknown \(what)\(hint); Almanac ignores it — move it out of the store")
        }
    }
}
