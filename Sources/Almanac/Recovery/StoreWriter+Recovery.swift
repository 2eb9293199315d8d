#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Recovery as the writer runs it when it takes the lock: what a writer killed in mid-write
/// left (its journal, temporary files, a migration swap) is finished or undone first.
extension StoreWriter {
    /// Carries out a committed delete of everything; idempotent, so recovery can run it again.
    func finishDeletingEverything(_ state: StoreState) throws {
        // Readers apply the journal (nothing left) while the clock is odd.
        try clock.markChanging()
        state.folders.removeAll()
        forgetCaches()
        let data = try createFolders(["data"])
        for entry in try data.entries() {
            if entry.kind == .folder, let collection = catalog.collection(named: entry.name), !collection.isSingleton,
               let folder = try data.openFolder(entry.name) {
                for child in try folder.entries() { try folder.removeTree(child.name) }
                try folder.synchronize(.barrier)
            } else {
                try data.removeTree(entry.name)
            }
        }
        try data.synchronize(.barrier)
        TestHooks.crashPoint("delete", "after-data-removed")
        try root.removeTree("archive")
        try root.synchronize(.barrier)
        let internalFolder = try createFolders([".almanac"])
        try internalFolder.removeTree(StoreSwap.backupFolder)
        try internalFolder.removeTree("ids")
        try internalFolder.removeTree(IndexFiles.folderPath[1])
        try internalFolder.removeTree(StoreReader.mergeBaseFolder)  // earlier versions of the documents
        _ = try internalFolder.removeFile(DeviceHistory.fileName)  // names seed files and runs
        try internalFolder.synchronize(.barrier)
        try removeJournal()
        try clock.markSettled()
    }

    func removeJournal() throws {
        guard let folder = try reader.openFolders([".almanac"]) else { return }
        if try folder.removeFile(WriteJournal.fileName) { try folder.synchronize(.barrier) }
    }

    /// Repairs what a writer killed in mid-write left behind: finishes interrupted moves
    /// (the new copy is durable, so the old one goes; without a new copy the old one stays)
    /// and removes leftover temporary files, in the write session that owns `state`.
    func recoverInterruptedWrite(_ state: StoreState) throws {
        if try StoreSwap.recover(root: root), try reader.versionOnDisk() != schemaVersion {
            throw AlmanacError(.storeChanged, "the store was migrated to another version while it was open; open it again", path: reader.url.path)
        }
        if let folder = try reader.openFolders([".almanac"]), let bytes = try folder.readFile(WriteJournal.fileName) {
            let journal = try WriteJournal(recordBytes: bytes, path: ".almanac/\(WriteJournal.fileName)")
            switch journal.kind {
            case .deleteAll:
                try finishDeletingEverything(state)
            case .change:
                try finishChange(journal, state)
            case .moves:
                for move in journal.moves {
                    guard let old = filing.parseRelativePath(move.from), let new = filing.parseRelativePath(move.to) else { continue }
                    if try reader.openFolders(new.folderPath)?.readFile(new.fileName) != nil {
                        try moveAttachments(from: old, to: new, state)
                        try removeDocumentFile(at: old, flush: .barrier, state)
                    }
                }
                try removeJournal()
            }
        }
        // No staged file goes while a journal naming it could still come back after a power cut.
        try reader.openFolders([".almanac"])?.synchronize(.barrier)
        try removeTemporaryFiles(in: root)
    }

    /// Removes every leftover temporary file and staged folder below `folder`, fsyncing the folders it cleans.
    private func removeTemporaryFiles(in folder: Directory) throws {
        var removed = false
        for entry in try folder.entries() {
            switch entry.kind {
            case .file where Directory.isTemporaryName(entry.name):
                removed = try folder.removeFile(entry.name) || removed
            case .folder where Directory.isTemporaryName(entry.name):
                // A date folder staged by a change that never reached its commit point.
                removed = try folder.removeTree(entry.name) || removed
            case .folder:
                if let child = try folder.openFolder(entry.name) { try removeTemporaryFiles(in: child) }
            default:
                continue
            }
        }
        if removed { try folder.synchronize(.barrier) }
    }
}
