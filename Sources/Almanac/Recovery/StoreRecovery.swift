#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Recovery that runs before a store is open: a migration or rollback killed while swapping
/// versions, and what a restore cut short leaves (the restore itself is in Snapshot/; its marks
/// are read here, where every recovery is). The writer's own recovery, when it takes the lock,
/// is in StoreWriter+Recovery.swift.
enum StoreRecovery {
    /// The file that marks a staged copy as the restore's own (removable), not a replaced store.
    static let stagingMark = "restore-staging"

    /// Marks the copy at `copyRoot` as a restore's staging (flushed by `flush`, or with the copy's tree).
    static func markAsRestoreStaging(_ copyRoot: Directory, flush: Flush?) throws {
        try copyRoot.openOrCreateFolder(".almanac", synchronize: flush != nil).folder.createFile(stagingMark, [], flush: flush)
    }

    /// Whether the folder at `url` is a restore's staged copy (its own to remove).
    static func isRestoreStaging(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(".almanac/\(stagingMark)").path)
    }

    /// The restored store at `url` is no staging copy any more, durably (recovery would otherwise take it for one).
    static func unmarkRestored(at url: URL) {
        guard let internalFolder = try? Directory.openRoot(atPath: url.path).openFolder(".almanac") else { return }
        let removed = [stagingMark, readyMark].filter { (try? internalFolder.removeFile($0)) == true }
        if !removed.isEmpty { try? internalFolder.synchronize(.barrier) }
    }

    /// The file that marks a staged store as whole and about to replace the store beside it
    /// where the file system cannot exchange two names: found with the store's path missing,
    /// it is renamed there (``finishInterruptedReplacement(at:)``).
    static let readyMark = "replace-ready"

    /// Marks the staged store `copyRoot` ready to replace its store, durably.
    static func markReadyToReplace(_ copyRoot: Directory) throws {
        let internalFolder = try copyRoot.openOrCreateFolder(".almanac").folder
        try internalFolder.writeFile(readyMark, [], folderFlush: .barrier)
    }

    /// Finishes a replacement cut between its two renames (no exchange: exFAT, FAT, SMB): the
    /// store's path is missing, the old store already renamed away, and a staged store marked
    /// ready by a process now gone waits beside it. Renames it into place and returns true.
    static func finishInterruptedReplacement(at url: URL) -> Bool {
        let name = url.lastPathComponent
        guard let parent = try? Directory.openRoot(atPath: url.deletingLastPathComponent().path), (try? parent.entryKind(of: name)) == .some(nil),
              let entries = try? parent.entries()
        else { return false }
        for entry in entries.sorted(by: { $0.name < $1.name }) where entry.kind == .folder && Directory.isTemporaryName(entry.name) && entry.name.hasPrefix(".\(name).") {
            guard Directory.isAbandonedTemporary(entry.name, includingThisProcess: true),
                  (try? parent.openFolder(entry.name)?.openFolder(".almanac")?.entryKind(of: readyMark)) == .file,
                  (try? parent.rename(entry.name, into: parent, as: name)) != nil
            else { continue }
            try? parent.synchronize(.full)
            unmarkRestored(at: url)
            return true
        }
        return false
    }

    /// Names as kept the store a restore replaced, when the restore was cut (a power cut
    /// included) between its exchange and its rename: the restored store `root` still carries
    /// the staging mark then, and the replaced store sits beside it under a temporary name.
    static func finishInterruptedRestore(root: Directory, url: URL) {
        let name = url.lastPathComponent
        // One fstatat on every open; the rest only after a cut restore.
        guard (try? root.entryKind(of: ".almanac/" + stagingMark)) == .file, !Directory.isTemporaryName(name),
              let internalFolder = try? root.openFolder(".almanac"),
              let parent = try? Directory.openRoot(atPath: url.deletingLastPathComponent().path)
        else { return }
        keepStoresReplacedByInterruptedRestores(of: name, in: parent)
        guard (try? parent.synchronize(.barrier)) != nil, let entries = try? parent.entries(),
              !entries.contains(where: { Directory.isTemporaryName($0.name) && $0.name.hasPrefix(".\(name).") })
        else { return }  // a restore still at work: it removes the mark itself
        if (try? internalFolder.removeFile(stagingMark)) == true { try? internalFolder.synchronize(.barrier) }
    }

    /// A restore killed between its exchange and its rename leaves the replaced store under a
    /// temporary name; name it as kept, so that no sweep of leftovers ever removes it. A staged
    /// copy that never replaced anything (it carries the staging mark) is removed.
    static func keepStoresReplacedByInterruptedRestores(of name: String, in parent: Directory) {
        guard let entries = try? parent.entries() else { return }
        for entry in entries where entry.kind == .folder && Directory.isTemporaryName(entry.name)
            && entry.name.hasPrefix(".\(name).") {
            guard let pid = Directory.writer(ofTemporary: entry.name), Directory.isAbandonedTemporary(entry.name),
                  let folder = try? parent.openFolder(entry.name)
            else { continue }
            // A whole copy about to take the store's place: the next open of the store puts it there.
            if (try? folder.openFolder(".almanac")?.entryKind(of: readyMark)) == .file { continue }
            if (try? folder.openFolder(".almanac")?.entryKind(of: stagingMark)) == .file {
                _ = try? parent.removeTree(entry.name)
            } else if (try? folder.entryKind(of: Manifest.fileName)) == .file {
                _ = try? parent.rename(entry.name, into: parent, as: "\(name).replaced-by-interrupted-restore-\(pid)")
            }
        }
    }

    /// Finishes or undoes a migration or rollback that was killed while swapping versions,
    /// before the store is read. Waits for the write lock: a live migration holds it until
    /// its swap is done.
    static func finishInterruptedSwap(root: Directory, options: Store.Options) throws {
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        let lock = try StoreLock(folder: internalFolder)
        let (previous, holder) = try lock.acquire(command: options.commandName, token: "recover-\(getpid())-\(UUID().uuidString.prefix(8))",
                                                  timeout: options.lockTimeout)
        do {
            try StoreSwap.recover(root: root)
        } catch {
            lock.abandon()
            throw error
        }
        // A killed writer may have left temporary files too: keep its record saying so, for
        // the next writer's sweep.
        if previous?.state == "active" { lock.abandon() } else { lock.release(holder) }
    }
}
