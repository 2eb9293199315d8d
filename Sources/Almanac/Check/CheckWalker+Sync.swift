/// What `check` says about the versions a sync left: conflict copies of documents, a copy that
/// is all of its document, copies in `schema/`.
extension CheckWalker {
    /// Reports `name` when it is a sync tool's conflict copy, naming both versions.
    mutating func reportConflictCopy(_ name: String, in folder: Directory, exists: (String) -> Bool) -> Bool {
        // Only a known tool's name: any other decoration that reaches here holds no document.
        guard let copy = SyncConflict.copy(named: name, exists: exists), copy.tool != SyncConflict.unknownTool else { return false }
        let original = folder.childPath(copy.originalName)
        report("sync-conflict", folder.childPath(name),
               "is a conflict copy of \(original) that \(copy.tool) made when the file changed on two devices; compare the two (a text diff), keep the right one as \(copy.originalName) and delete the other")
        return true
    }

    /// Warns of each edit of this device that a last-writer-wins sync replaced with an older
    /// version (``OverwrittenEdit``).
    mutating func checkOverwrittenEdits() {
        let edits: [OverwrittenEdit]
        do {
            edits = try store.overwrittenEdits()
        } catch let error as AlmanacError {
            reportError(error, path: error.path ?? ".almanac/\(StoreReader.mergeBaseFolder)")
            return
        } catch {
            report("io", ".almanac/\(StoreReader.mergeBaseFolder)", "cannot be read: \(error)")
            return
        }
        for edit in edits {
            report("overwritten-edit", edit.path,
                   "a sync replaced this device's edit of \(edit.collection) document \"\(edit.id)\" made at \(edit.madeAt) with an older version (\(edit.replacedBy)), which lacks its changes to \(edit.fields.prefix(8).joined(separator: ", ")); Store.restoreOverwrittenEdits() brings them back as a new change",
                   severity: .warning, remedy: .restoreOverwrittenEdits)
        }
    }

    /// Names every copy a sync left in `schema/`, and which version resolving keeps.
    mutating func checkSchemaCopies(in folder: Directory) {
        let found: [SchemaCopies.Versions]
        do {
            found = try SchemaCopies.find(in: folder)
        } catch let error as AlmanacError {
            reportError(error, path: "schema")
            return
        } catch {
            report("io", "schema", "cannot be listed: \(error)")
            return
        }
        for stray in (try? SchemaCopies.strays(in: folder, catalog: store.catalog)) ?? [] {
            report("unknown-file", "schema/" + stray,
                   "is not a file of the store's schema (its catalog does not list it); a migration refuses to run while it is here, since it replaces schema/: if a sync tool made it from a schema file, keep the right version under that file's name; else move it out of the store")
        }
        for versions in found {
            if SchemaCopies.areIdentical(versions, in: folder) {
                let same = versions.exists ? "schema/\(versions.name)" : "every other copy of schema/\(versions.name) (which is gone; reads use this version)"
                for copy in versions.copies {
                    report("identical-copy", "schema/" + copy,
                           "holds the same JSON as \(same): the same change made on two devices, which \(versions.tools[copy] ?? SyncConflict.unknownTool) kept twice; it is one version, and Store.fix() or the Store.resolve… calls keep one",
                           severity: .warning, remedy: .fixStore)
                }
                if collectsRepairs { repairs.identicalSchemaCopies.append(versions.name) }
                continue
            }
            let outcome: String
            var remedy = AlmanacError.Remedy.resolveConflicts
            do {
                let kept = try SchemaCopies.kept(versions, in: folder, schemaVersion: store.schemaVersion)
                outcome = "resolving (the Store.resolve… calls) keeps schema/\(kept)\(kept == versions.name ? "" : " as schema/\(versions.name)") and removes the other\(versions.files.count > 2 ? "s" : "")"
            } catch let error as AlmanacError {
                outcome = error.message
                remedy = error.remedy ?? remedy
            } catch {
                outcome = "\(error)"
            }
            let gone = versions.exists ? "" : " (schema/\(versions.name) itself is gone; reads use the version named below)"
            for copy in versions.copies {
                let tool = versions.tools[copy] ?? SyncConflict.unknownTool
                report("sync-conflict", "schema/" + copy,
                       "is a copy of schema/\(versions.name) that \(tool) left when it changed on two devices\(gone); a migration refuses to run until one version is kept: \(outcome)",
                       remedy: remedy)
            }
        }
    }

    /// Reports the copy `name` that is the only file of its document (the tool renamed the
    /// document's file, or kept the copy of an edit over a delete): reads use it.
    mutating func reportLoneCopy(_ files: DocumentFiles, in collection: CollectionDescriptor) {
        let origin = StoreReader.origin(of: files.first)
        let id = files.id, original = DocumentID.fileName(id)
        report("sync-conflict", files.first.relativePath,
               "is the only version of \(collection.name) document \"\(id)\" (\(origin); \(original) is gone); reads use it; Store.resolve(\"\(id)\", in: \"\(collection.name)\") names it \(original)",
               remedy: .resolve(id, in: collection.name))
    }

    /// Reads every version of a document a sync left in several files and reports the conflict.
    mutating func checkVersions(_ files: DocumentFiles) {
        do {
            guard let document = try store.reader.read(files, in: nil), let conflict = document.conflict else { return }
            reportConflict(conflict)
        } catch let error as AlmanacError {
            reportError(error, path: error.path ?? files.first.relativePath)
        } catch {
            report("io", files.first.relativePath, "cannot read: \(error)")
        }
    }

    /// Reports one document found in several versions: each version's file, which one reads
    /// return, and the fields that differ, for every version's file.
    mutating func reportConflict(_ conflict: DocumentConflict) {
        let differences = conflict.differences
        // Versions that hold the same values (two devices did the same work; rclone bisync
        // keeps both when both sides changed) are one version: no conflict to resolve, only
        // copies that the next save of the document, a resolve or Store.fix() removes.
        if differences.isEmpty, !conflict.versions.contains(where: { $0.origin == .gitOurs || $0.origin == .gitTheirs }) {
            for path in conflict.paths.dropFirst() {
                report("identical-copy", path,
                       "holds the same values as \(conflict.paths[0]), the version reads use of \(conflict.collection) document \"\(conflict.id)\" (a sync left both); the next save of the document removes it, or Store.fix()",
                       severity: .warning, remedy: .fixStore)
            }
            if collectsRepairs { repairs.identicalCopies.append((conflict.collection, conflict.id, conflict.versions[0].value)) }
            return
        }
        let fields = differences.isEmpty ? "the versions hold the same values" :
            "they differ in " + differences.prefix(8).map { $0.pointer.isEmpty ? "the whole document" : $0.pointer }.joined(separator: ", ") + (differences.count > 8 ? ", …" : "")
        let versions = conflict.versions.map { "\($0.path) (\($0.origin))" }.joined(separator: ", ")
        for (index, path) in conflict.paths.enumerated() {
            let role = index == 0 ? "holds the version reads use" : "holds another version"
            report("sync-conflict", path,
                   "\(role) of \(conflict.collection) document \"\(conflict.id)\", which a sync left in \(conflict.versions.count) versions: \(versions); \(fields); merge them with Store.resolve(\"\(conflict.id)\", in: \"\(conflict.collection)\")", remedy: .resolve(conflict.id, in: conflict.collection))
        }
    }
}
