import Foundation

/// Several files changed as one: documents written and removed, and optionally `store.json`,
/// all or nothing even across `kill -9`: what every transaction commits.
///
/// Every new file is first written under a temporary name beside its final one and made
/// durable. Then the journal `.almanac/journal.json` lists the renames and removals: once it
/// is durable the change is committed. The renames and removals follow, then the journal is
/// removed. A crash before the journal leaves only temporary files, which the next writer
/// sweeps (nothing changed); a crash after it is finished by the next writer from the journal.
struct AtomicChange {
    var writes: [PreparedWrite] = []
    /// Documents to remove (besides the old copies of moved documents).
    var removals: [DocumentLocation] = []
    /// The new `store.json`, when the change records something there.
    var manifest: Manifest?
    /// Other files written by the change, below `data/` or `archive/` (attachments, archived documents).
    var files: [File] = []
    /// Other files removed by the change, as store-relative paths below `data/` or `archive/`.
    var fileRemovals: [String] = []
    /// Copies of `store.json` a sync left beside it, removed once `manifest` (their merge) is in place.
    var manifestCopyRemovals: [String] = []

    /// A file that is not a document of the catalog's collections: an archived document, an attachment.
    struct File {
        /// The folders from the store root; the first is `data` or `archive`.
        var folder: [String]
        var name: String
        var bytes: [UInt8]
    }

    var isEmpty: Bool { writes.isEmpty && removals.isEmpty && manifest == nil && files.isEmpty && fileRemovals.isEmpty && manifestCopyRemovals.isEmpty }

    /// The one document write that is the whole change, when it is one file, new or replacing
    /// the one at the same path: a rename is atomic on its own, so it needs no journal.
    var singleWrite: PreparedWrite? {
        guard writes.count == 1, writes[0].previous == nil, writes[0].superseded.isEmpty, removals.isEmpty, manifest == nil,
              files.isEmpty, fileRemovals.isEmpty, manifestCopyRemovals.isEmpty
        else { return nil }
        return writes[0]
    }

    /// The one document removal that is the whole change (an unlink is atomic on its own).
    var singleRemoval: DocumentLocation? {
        guard writes.isEmpty, removals.count == 1, manifest == nil, files.isEmpty, fileRemovals.isEmpty, manifestCopyRemovals.isEmpty else { return nil }
        return removals[0]
    }

    /// The top folders a change may write into or remove from (`schema/` only to keep one
    /// version of a schema file a sync left in several).
    static let writableRoots: Set<String> = ["data", "archive", "schema"]
}

extension StoreWriter {
    /// Commits `change` in the write session that owns `state`, after every document was checked.
    ///
    /// Its files are written one folder at a time (one folder open at once), unflushed where
    /// one volume sync can write them all out, each flushed as a barrier otherwise; the journal
    /// is the commit point and pays the change's one full flush. `progress` is told of each
    /// file a change of several files writes (phase `writing`).
    func commit(_ change: consuming AtomicChange, _ state: StoreState, crashPointKind: String = "batch", progress: ProgressHandler? = nil) throws {
        guard !change.isEmpty else { return }
        state.madeFolders.removeAll()
        defer { state.madeFolders.removeAll() }
        try prepareClock()
        keepMergeBases(change, state)
        let before = clock.now()
        if let write = change.singleWrite {
            let folder: Directory
            do {
                folder = try writableFolder(write.location.folderPath, state)
                let temporary = try folder.writeTemporary(for: write.location.fileName, write.bytes, mode: 0o600)
                TestHooks.commitStep(reader.url.path)
                do {
                    // Readers see the clock odd for the length of the rename (DESIGN §4, "Readers").
                    try changingOneFile { try folder.placeTemporary(temporary, as: write.location.fileName) }
                } catch {
                    // The clock could not be advanced: the written file goes (a failed rename removed it already).
                    _ = try? folder.removeFile(temporary)
                    throw error
                }
            } catch let error as AlmanacError {
                // A temporary file whose removal failed too is the next writer's to sweep.
                state.session?.interrupted = true
                state.folders.removeAll()
                removeMadeFolders(state)
                throw StoreWriter.failure(error, .nothingChanged)
            }
            do {
                if !TestSwitch.skipFolderFlush { try folder.synchronize(commitFlush) }
            } catch let error as AlmanacError {
                throw StoreWriter.failure(error, .notDurable)
            }
        } else if let removal = change.singleRemoval {
            try removeDocumentFile(at: removal, flush: commitFlush, state, visibly: true, reporting: true)
        } else {
            try commitWithJournal(&change, state, crashPointKind: crashPointKind, progress: progress)
        }
        markOwnWrites(change, state)
        // A calendar this store changed files this session's next writes at once.
        if let manifest = change.manifest { reader.takeUp(manifest) }
        // The files are written: their bytes are not needed again, and a batch of 100,000
        // would hold them through the index's work below.
        for index in change.writes.indices { change.writes[index].bytes = [] }
        recordInCaches(change, from: before, state)
        for removed in change.removals {
            guard let id = removed.id else { continue }
            recordHints([(id, removed.collection, nil)], state)
        }
        for write in change.writes {
            guard let id = write.location.id else { continue }
            if write.isNew || write.previous != nil { recordHints([(id, write.collectionName, write.location)], state) }
        }
        let collections = changedCollections(change)
        // A large commit leaves the index saying what it wrote at once, not at the session's
        // end: a process killed or suspended meanwhile would leave the next one to list every
        // folder it wrote and read each of its files again.
        if change.writes.count + change.removals.count >= StoreWriter.largeCommit {
            change = AtomicChange()  // its files are written: the index's work needs room, not them
            writeFolderIndexes(state, relisting: true, reading: collections)
        } else {
            // A few fixes by `check --fix`: their collection's index is made now, so that it
            // knows the files the writer just filed (each other commit's process holds it).
            readIndexes(collections.filter { !$0.value.isEmpty })
        }
    }

    /// The collections `change` wrote into or removed from, each with the files it wrote there
    /// (paths below the collection's folder) when this process holds no index of it (`check
    /// --fix`, `resolve`, a retention run or a delete find their documents by listing folders):
    /// the writer filed those files, so the index made next takes them as filed, unread.
    private func changedCollections(_ change: borrowing AtomicChange) -> [String: Set<String>] {
        // Gathered without an array of a name per write, which a batch would hold at its peak.
        var collections: [String: Set<String>] = [:]
        for write in change.writes where collections[write.collectionName] == nil { collections[write.collectionName] = [] }
        for removal in change.removals where collections[removal.collection] == nil { collections[removal.collection] = [] }
        let unheld = Set(collections.keys.filter { name in reader.catalog.collection(named: name).map { !reader.hasLocationIndex(of: $0) } ?? false })
        guard !unheld.isEmpty else { return collections }
        for write in change.writes where unheld.contains(write.collectionName) && write.location.id != nil {
            collections[write.collectionName]?.insert(FolderIndex.path(write.location.folders + [write.location.fileName]))
        }
        return collections
    }

    /// How many documents written or removed make a commit large (``commit(_:_:crashPointKind:progress:)``).
    static let largeCommit = 256

    /// Runs `body` (one rename or removal, a change readers can see) with the commit clock odd.
    @discardableResult
    func changingOneFile<T>(_ body: () throws -> T) throws -> T {
        try clock.advance()
        defer { _ = try? clock.advance() }
        return try body()
    }

    /// Flushes the files and new folders a change staged without a flush each (a barrier
    /// apiece), and the folders holding them: what the volume sync would have done.
    private func flushStaged(_ created: [(folder: [String], name: String)]) throws {
        for (path, names) in Dictionary(grouping: created, by: \.folder) {
            guard let folder = try reader.openFolders(path) else { continue }
            for entry in names {
                if try folder.entryKind(of: entry.name) == .folder {
                    try folder.openFolder(entry.name)?.synchronizeTree(files: true)
                } else {
                    try folder.flushFile(entry.name)
                }
            }
            try folder.synchronize(.barrier)
        }
    }

    private func commitWithJournal(_ change: inout AtomicChange, _ state: StoreState, crashPointKind: String, progress: ProgressHandler?) throws {
        let volumeSync = Directory.canSynchronizeFileSystem
        for file in change.files {
            guard let top = file.folder.first, AtomicChange.writableRoots.contains(top), !file.name.contains("/") else {
                preconditionFailure("an atomic change writes below data/ or archive/ only")
            }
        }
        // The files to write, by number: the documents, then the change's other files. Nothing
        // is copied per document, where a batch of 100,000 would hold each path and name again.
        // Each document's bytes go once its file is written: a batch of 100,000 would hold them
        // while its journal is made.
        let (documents, total) = (change.writes.count, change.writes.count + change.files.count)
        func folder(_ at: Int) -> [String] { at < documents ? change.writes[at].location.folderPath : change.files[at - documents].folder }
        func name(_ at: Int) -> String { at < documents ? change.writes[at].location.fileName : change.files[at - documents].name }
        func takeBytes(_ at: Int) -> [UInt8] {
            guard at < documents else { return change.files[at - documents].bytes }
            defer { change.writes[at].bytes = [] }
            return change.writes[at].bytes
        }
        // A moved document's attachments move with it (decided before anything is written).
        var journal = WriteJournal(kind: .change)
        for write in change.writes where write.collection.attachments {
            guard let previous = write.previous, let id = previous.id, previous.folderPath != write.location.folderPath,
                  try reader.openFolders(previous.folderPath)?.entryKind(of: Filing.attachmentFolderName(id)) == .folder
            else { continue }
            journal.folderMoves.append(WriteJournal.Move(
                from: (previous.folderPath + [Filing.attachmentFolderName(id)]).joined(separator: "/"),
                to: (write.location.folderPath + [Filing.attachmentFolderName(write.location.id ?? id)]).joined(separator: "/")))
        }
        var created: [(folder: [String], name: String)] = []
        let written = ProgressCounter(progress, phase: "writing", total: total, unit: "files")
        do {
            let groups = Array(0..<total).indicesGrouped(by: folder)
            for (path, indices) in groups {
                let existing = try existingFolder(path, state)
                // A date folder that does not exist yet is filled under a temporary name and
                // renamed into place whole: one rename for the folder instead of one per file.
                if existing == nil, path.first == "data", path.count >= 3 {
                    let parentPath = Array(path.dropLast())
                    let parent = try writableFolder(parentPath, state)
                    let temporary = Directory.temporaryName(for: path[path.count - 1])
                    created.append((parentPath, temporary))
                    let folder = try parent.openOrCreateFolder(temporary, synchronize: false).folder
                    for index in indices {
                        try folder.createFile(name(index), takeBytes(index), flush: volumeSync ? nil : .barrier)
                        written?.advance()
                    }
                    if !volumeSync {
                        try folder.synchronize(.barrier)
                        try parent.synchronize(.barrier)
                    }
                    journal.newFolders.append(WriteJournal.Move(from: (parentPath + [temporary]).joined(separator: "/"), to: path.joined(separator: "/")))
                    continue
                }
                let folder = try existing ?? writableFolder(path, state)
                let folderName = path.joined(separator: "/")  // one string for the folder's renames
                for index in indices {
                    let fileName = name(index)
                    let temporary = Directory.temporaryName(for: fileName)
                    created.append((path, temporary))
                    try folder.createFile(temporary, takeBytes(index), flush: volumeSync ? nil : .barrier)
                    written?.advance()
                    journal.renames.append(WriteJournal.Rename(folder: folderName, from: temporary, to: fileName))
                }
                if !volumeSync { try folder.synchronize(.barrier) }
            }
            if let manifest = change.manifest {
                let temporary = Directory.temporaryName(for: Manifest.fileName)
                created.append(([], temporary))
                try root.createFile(temporary, manifest.bytes, flush: volumeSync ? nil : .barrier)
                journal.renames.append(WriteJournal.Rename(folder: "", from: temporary, to: Manifest.fileName))
            }
            if !volumeSync {
                try root.synchronize(.barrier)
            } else if try !root.synchronizeFileSystem() {
                // The volume refused the sync: flush what was staged, file by file.
                try flushStaged(created)
                try root.synchronize(.barrier)
            }
        } catch let error as AlmanacError {
            // Nothing is committed yet: the files written so far go, and the store is as before.
            removeCreated(created, state)
            throw StoreWriter.failure(error, .nothingChanged)
        }
        let removals = change.removals + change.writes.compactMap(\.previous) + change.writes.flatMap(\.superseded)
        // Attachment files first, so a document's date folder is empty when the document goes.
        journal.removals = change.fileRemovals + removals.map(\.relativePath) + change.manifestCopyRemovals
        TestHooks.crashPoint(crashPointKind, "before-journal")
        TestHooks.commitStep(reader.url.path)
        try writeJournal(journal, state, flush: commitFlush, undo: { removeCreated(created, state) })
        TestHooks.crashPoint(crashPointKind, "after-journal")
        TestHooks.commitStep(reader.url.path)
        try finishCommitted(journal, state, crashPointKind: crashPointKind)
    }

    /// Carries out a committed change's journal: the renames still to do, the removals, then
    /// the journal's removal. Idempotent, so recovery can run it again after a crash.
    func finishChange(_ journal: WriteJournal, _ state: StoreState, crashPointKind: String = "batch") throws {
        // Readers apply the journal while the clock is odd; recovery finishing a journal whose
        // writer died before making it odd makes it odd first.
        try clock.markChanging()
        // New date folders first: an attachment folder moving with its document may go into one.
        for (index, move) in journal.newFolders.enumerated() {
            try moveFolder(from: move.from, to: move.to, state, requireTemporary: true)
            TestHooks.commitStep(reader.url.path)
            if index == 0 { TestHooks.crashPoint(crashPointKind, "after-first-rename") }
        }
        // The renames come grouped by folder: each folder is opened once, flushed, and closed.
        var current: (path: String, folder: Directory)?
        for (index, rename) in journal.renames.enumerated() {
            let (folderPath, from, to) = (rename.folder, rename.from, rename.to)
            guard Directory.isTemporaryName(from), !to.contains("/") else { continue }
            if current?.path != folderPath {
                try current?.folder.synchronize(.barrier)
                current = nil
                let names = folderPath.isEmpty ? [] : folderPath.split(separator: "/").map(String.init)
                guard names.first.map(AtomicChange.writableRoots.contains) ?? true, let folder = try reader.openFolders(names) else { continue }
                current = (folderPath, folder)
            }
            guard let folder = current?.folder else { continue }
            if try folder.entryKind(of: from) == .file { try folder.rename(from, into: folder, as: to) }
            TestHooks.commitStep(reader.url.path)
            if index == 0, journal.newFolders.isEmpty { TestHooks.crashPoint(crashPointKind, "after-first-rename") }
        }
        try current?.folder.synchronize(.barrier)
        current = nil
        for move in journal.folderMoves {
            try moveFolder(from: move.from, to: move.to, state)
        }
        for path in journal.removals {
            if let location = filing.parseRelativePath(path) {
                TestHooks.crashPoint(crashPointKind, "before-removing-old-copy:\(location.fileName)")
                try removeDocumentFile(at: location, flush: .barrier, state)
                TestHooks.commitStep(reader.url.path)
                continue
            }
            var names = path.split(separator: "/").map(String.init)
            if names.count == 1, Manifest.isCopy(names[0], in: root) {
                // A copy of store.json a sync left, merged into the one just put in place.
                if try root.removeFile(names[0]) { try root.synchronize(.barrier) }
                continue
            }
            guard let name = names.popLast(), let top = names.first, AtomicChange.writableRoots.contains(top),
                  !names.contains(".."), name != "..", let folder = try reader.openFolders(names)
            else { continue }
            if try folder.removeFile(name) { try folder.synchronize(.barrier) }
            // Date folders left empty go too (a copy's, or an older layout's day folder).
            var parents = names
            while parents.count > 2, parents[0] == "data", let last = parents.last,
                  Int(last) != nil || DateFolder.copy(last, level: parents.count - 3) != nil {
                parents.removeLast()
                guard let parent = try reader.openFolders(parents), parent.removeFolderIfEmpty(last) else { break }
                state.folders.forget(under: parents + [last])
                try parent.synchronize(.barrier)
            }
            // An attachment folder left empty goes too.
            if let owner = names.last, owner.hasSuffix(".files"), let parent = try reader.openFolders(Array(names.dropLast())),
               try parent.removeEmptyFolder(owner) {
                try parent.synchronize(.barrier)
            }
        }
        TestHooks.crashPoint(crashPointKind, "before-journal-removed")
        TestHooks.commitStep(reader.url.path)
        try removeJournal()
        try clock.markSettled()
    }

    /// Removes what a change created before its commit point: temporary files, and staged folders with their files.
    ///
    /// What cannot be removed now (too many open files, a denied folder) is left for the next
    /// writer: the lock record then says a writer was interrupted, and the next one sweeps
    /// temporary files, as after a `kill -9`.
    private func removeCreated(_ created: [(folder: [String], name: String)], _ state: StoreState) {
        // The write path's open folders go first: a change that failed for want of descriptors
        // needs them to clean up.
        state.folders.removeAll()
        var removedAll = true
        for (path, names) in Dictionary(grouping: created, by: \.folder) {
            let opened: Directory?
            do {
                opened = try reader.openFolders(path)
            } catch {
                removedAll = false
                continue
            }
            guard let folder = opened else { continue }  // gone, and what it held with it
            var changed = false
            for entry in names {
                do {
                    if try folder.entryKind(of: entry.name) == .folder {
                        changed = try folder.removeTree(entry.name) || changed
                    } else {
                        changed = try folder.removeFile(entry.name) || changed
                    }
                } catch {
                    removedAll = false
                }
            }
            if changed { try? folder.synchronize(.barrier) }
        }
        removeMadeFolders(state)
        if !removedAll { state.session?.interrupted = true }
    }

    /// Renames the folder `from` to `to` (store-relative paths below `data/` or `archive/`)
    /// unless it is already gone: a committed change's new date folder (`requireTemporary`:
    /// `from` must be a temporary name) or attachment move, idempotent for recovery.
    private func moveFolder(from: String?, to: String?, _ state: StoreState, requireTemporary: Bool = false) throws {
        func split(_ path: String?) -> (parent: [String], name: String)? {
            guard var names = path?.split(separator: "/").map(String.init), let name = names.popLast(),
                  let top = names.first, AtomicChange.writableRoots.contains(top), !names.contains(".."), name != ".."
            else { return nil }
            return (names, name)
        }
        guard let source = split(from), let target = split(to), !requireTemporary || Directory.isTemporaryName(source.name),
              let sourceParent = try reader.openFolders(source.parent), try sourceParent.entryKind(of: source.name) == .folder
        else { return }
        let targetParent = try writableFolder(target.parent, state)
        try sourceParent.rename(source.name, into: targetParent, as: target.name)
        try targetParent.synchronize(.barrier)
        try sourceParent.synchronize(.barrier)
    }
}
