import Foundation

/// Changes a store's version — the documents a migration changes, `schema/` and `store.json`
/// together — with what was staged in a folder of `.almanac/`, so that a `kill -9` or a power
/// cut at any instant leaves the store wholly at one version once the next command ran.
///
/// The steps, each made durable before the next:
/// 1. the journal `.almanac/migration.json` (the commit point: from here on the change is
///    carried forward), naming the staging folder and its ``VersionChange``;
/// 2. what the change replaces moved out into the staging folder (``VersionMover``), and a
///    copy of `store.json`; the journal then says `moving-in`;
/// 3. what was staged moved in, the staged `store.json` renamed over the store's last; the
///    journal then says `finishing`;
/// 4. cleanup (what went out kept as the backup, or discarded), then the journal removed.
///
/// Only renames: no exchange, no hard link, no inode is relied on, so the same steps hold on
/// exFAT, FAT and network shares. Readers wait while a journal exists.
enum StoreSwap {
    /// The name every staging folder starts with: `migration` (before 0.1 staged there) or
    /// `migration-<pid>-<n>`, the staging of one process, which stages without the writers'
    /// lock (and holds no lock at all while it stages: an app suspended then holds none).
    static let stagingFolder = "migration"
    private static let stagings = Counter()

    /// A new staging folder's name for this process.
    static func newStagingFolder() -> String {
        "\(stagingFolder)-\(getpid())-\(stagings.next())"
    }

    /// The process that stages in the folder `name`, or `nil` when `name` is no staging folder
    /// (`migration` itself, of a version that staged holding the lock, has pid 0).
    static func stager(ofStagingFolder name: String) -> Int32? {
        if name == stagingFolder { return 0 }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == stagingFolder, let pid = Int32(parts[1]), pid > 0, UInt(parts[2]) != nil else { return nil }
        return pid
    }

    /// Removes the staging folders of processes that are gone (killed while staging): they
    /// hold no version anyone will swap in. The folder a migration journal names is kept
    /// whoever made it: after a swap it holds the old version, which recovery swaps back.
    /// Returns whether any was removed.
    @discardableResult
    static func sweepAbandonedStagings(in internalFolder: Directory) throws -> Bool {
        var removed = false
        for name in try abandonedStagings(in: internalFolder) {
            removed = try internalFolder.removeTree(name) || removed
        }
        if removed { try internalFolder.synchronize(.barrier) }
        return removed
    }

    /// The staging folders in `internalFolder` that no live process fills and no journal names.
    static func abandonedStagings(in internalFolder: Directory) throws -> [String] {
        let journaled = try internalFolder.readFile(MigrationJournal.fileName).flatMap { try? MigrationJournal(bytes: $0).stagingFolder }
        return try internalFolder.entries().filter { entry in
            guard entry.kind == .folder, entry.name != journaled, let pid = stager(ofStagingFolder: entry.name) else { return false }
            return pid == 0 || (pid != getpid() && SystemCall.processIsGone(pid))
        }.map(\.name).sorted()
    }
    static let backupFolder = "backup"
    /// The record of what the backup holds, inside the backup folder.
    static let backupRecord = "backup.json"

    /// Puts in place the version change staged in `.almanac/<journal.stagingFolder>/`, then cleans up.
    ///
    /// The journal is the commit point: once it is durable, the change is carried forward by
    /// whoever finds it (``recover(root:)``), from whichever step a cut stopped at.
    static func commit(root: Directory, journal: MigrationJournal, change: VersionChange) throws {
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        guard try internalFolder.entryKind(of: journal.stagingFolder) == .folder else {
            throw AlmanacError(.io, "the staged version vanished before it was put in place", path: ".almanac/\(journal.stagingFolder)")
        }
        try internalFolder.writeFile(MigrationJournal.fileName, journal.bytes, folderFlush: .barrier)
        TestHooks.crashPoint(journal.kind.rawValue, "after-journal")
        try carryForward(root: root, journal: journal, known: change)
    }

    /// Runs the phases of a journalled change from the one the journal names: each is
    /// idempotent, and the journal moves to the next only once a phase is durable.
    /// `known` is the change when the caller just wrote its record (the commit), which saves
    /// reading back a record of every file a large migration wrote.
    private static func carryForward(root: Directory, journal: MigrationJournal, known: VersionChange? = nil) throws {
        let kind = journal.kind.rawValue
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        var journal = journal
        // Read once: the record lists every path the change moves (a staging folder gone while
        // finishing was renamed into the backup already).
        let staging = try internalFolder.openFolder(journal.stagingFolder)
        let change = try known ?? staging.flatMap { staging in
            try journal.changes.flatMap { name in try staging.readFile(name).map { ($0, name) } }
        }.map { bytes, name in try VersionChange(bytes: bytes, path: ".almanac/\(journal.stagingFolder)/\(name)") }
        if journal.phase != .finishing {
            guard let staging, let change else {
                throw AlmanacError(.io, "an interrupted \(kind) from version \(journal.fromVersion) to \(journal.toVersion) cannot be finished: its staging folder or its record of changes is missing; restore the store from a backup",
                                   path: ".almanac/\(journal.stagingFolder)")
            }
            var mover = VersionMover(root: root, staging: staging, change: change)
            if journal.phase == .movingOut {
                try mover.moveOut { TestHooks.crashPoint(kind, $0) }
                TestHooks.crashPoint(kind, "after-moving-out")
                journal.phase = .movingIn
                try internalFolder.writeFile(MigrationJournal.fileName, journal.bytes, folderFlush: .barrier)
            }
            try mover.moveIn { TestHooks.crashPoint(kind, $0) }
            try root.synchronize(.full)
            TestHooks.crashPoint(kind, "after-moving-in")
            journal.phase = .finishing
            try internalFolder.writeFile(MigrationJournal.fileName, journal.bytes, folderFlush: .barrier)
        }
        var restoredIndex = false
        switch journal.kind {
        case .migrate:
            // The staging folder now holds what the migration replaced: it becomes the backup.
            if let staging, staging.isStillLinked {
                if let change, !change.incoming.isEmpty, try staging.removeTree(change.incoming) {
                    try staging.synchronize(.barrier)
                }
                try internalFolder.removeTree(backupFolder)
                TestHooks.crashPoint(kind, "after-old-backup-removed")
                try internalFolder.rename(journal.stagingFolder, into: internalFolder, as: backupFolder)
                try internalFolder.synchronize(.barrier)
                TestHooks.crashPoint(kind, "after-backup-kept")
            }
            try keepIndex(in: internalFolder)
        case .rollback:
            restoredIndex = try restoreIndex(from: staging, in: internalFolder)
            try internalFolder.removeTree(journal.stagingFolder)
        }
        try finishCleanup(root: root, journal: journal, keepingIndex: restoredIndex)
    }

    /// The index of the version a migration replaced goes into the backup with that version's
    /// files. Nothing is flushed: the index is a cache, and one lost costs a listing.
    private static func keepIndex(in internalFolder: Directory) throws {
        let name = IndexFiles.folderPath[1]
        guard let backup = try internalFolder.openFolder(backupFolder), try backup.entryKind(of: name) == nil,
              try internalFolder.entryKind(of: name) == .folder
        else { return }
        try internalFolder.rename(name, into: backup, as: name)
    }

    /// Puts back the index a migration kept with its backup (``keepIndex(in:)``), in place of
    /// the migrated version's; whether there was one. The files a rollback returns are the ones
    /// that index knew, renamed out and back with their inodes, so the next read takes what it
    /// knew of each (its date, a misfiling) and reads none of them again; the files written
    /// since are new to it, and read once.
    private static func restoreIndex(from backup: Directory?, in internalFolder: Directory) throws -> Bool {
        let name = IndexFiles.folderPath[1]
        guard let backup, try backup.entryKind(of: name) == .folder else { return false }
        try internalFolder.removeTree(name)
        try backup.rename(name, into: internalFolder, as: name)
        return true
    }

    /// The last steps of every change of version: the caches of the other version's files
    /// go (the folder index stays when `keepingIndex`: a rollback put back the one of its
    /// version), the editor settings follow the schema now in place, and the journal is removed.
    static func finishCleanup(root: Directory, journal: MigrationJournal, keepingIndex: Bool = false) throws {
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        // Id hints and the folder index describe the other version's files; they are rebuilt.
        try internalFolder.removeTree("ids")
        if !keepingIndex { try internalFolder.removeTree(IndexFiles.folderPath[1]) }
        try internalFolder.synchronize(.barrier)
        updateEditorSettings(root: root)
        TestHooks.crashPoint(journal.kind.rawValue, "before-journal-removed")
        try internalFolder.removeFile(MigrationJournal.fileName)
        try internalFolder.synchronize(.barrier)
    }

    /// Maps the editor settings to the schema just swapped in. A settings file that cannot be
    /// updated (a person's file with comments, say) must not stop the swap from finishing:
    /// `check` reports it, and `check --fix` writes it once it is plain JSON again.
    private static func updateEditorSettings(root: Directory) {
        do {
            if let catalog = try EditorSettings.storeCatalog(in: root) {
                try EditorSettings.update(in: root, catalog: catalog)
            }
        } catch {
            return
        }
    }

    /// Finishes an interrupted change of version. Call holding the write lock.
    ///
    /// - Returns: whether a journal was found.
    /// - Throws: when the change cannot be finished (its staging folder is gone, or, for an
    ///   earlier version's exchange, `store.json` is at neither of its versions).
    @discardableResult
    static func recover(root: Directory) throws -> Bool {
        guard let internalFolder = try root.openFolder(".almanac") else { return false }
        guard let bytes = try internalFolder.readFile(MigrationJournal.fileName) else {
            // A migration killed while staging leaves only its staging folder.
            try sweepAbandonedStagings(in: internalFolder)
            return false
        }
        let journal = try MigrationJournal(bytes: bytes)
        if journal.changes == nil {
            try recoverExchange(root: root, journal: journal)
        } else {
            try carryForward(root: root, journal: journal)
        }
        return true
    }

    /// Whether a swap is in progress or waits for recovery: one `fstatat`, cheap enough for every read.
    static func isPending(root: Directory) -> Bool {
        (try? root.entryKind(of: ".almanac/" + MigrationJournal.fileName)) == .file
    }
}
