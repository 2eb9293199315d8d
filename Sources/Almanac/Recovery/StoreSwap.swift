import Foundation

/// Replaces a store's version — `data/`, `schema/` and `store.json` together — with another
/// one prepared in a folder of `.almanac/`, so that a `kill -9` at any instant leaves the
/// store wholly at one version and the next command can tell which.
///
/// The steps, each made durable before the next:
/// 1. the journal `.almanac/migration.json` (what is swapped, and the inodes of the staged folders);
/// 2. `data/` exchanged with the staged `data/`, then `schema/` with the staged `schema/`
///    (atomic exchanges: both names exist at every instant);
/// 3. `store.json` exchanged with the staged one: the commit point, since `store.json` names
///    the version;
/// 4. cleanup (the old version kept as the backup, or discarded), then the journal removed.
///
/// Recovery reads the journal: if `store.json` is at the new version, cleanup is finished;
/// otherwise every folder whose inode shows it was swapped in is swapped back.
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

    /// Swaps in the version staged in `.almanac/<journal.stagingFolder>/` and cleans up.
    static func commit(root: Directory, journal: MigrationJournal) throws {
        let kind = journal.kind.rawValue
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        guard let staging = try internalFolder.openFolder(journal.stagingFolder) else {
            throw AlmanacError(.io, "the staged version vanished before it was swapped in", path: ".almanac/\(journal.stagingFolder)")
        }
        // Barriers order the steps; the exchange of store.json is the commit point, and its
        // flush is the migration's one full flush.
        try internalFolder.writeFile(MigrationJournal.fileName, journal.bytes, folderFlush: .barrier)
        TestHooks.crashPoint(kind, "after-journal")
        for name in ["data", "schema"] {
            try root.exchange(name, with: staging, name)
            try root.synchronize(.barrier)
            try staging.synchronize(.barrier)
            TestHooks.crashPoint(kind, "after-swap-\(name)")
        }
        try root.exchange(Manifest.fileName, with: staging, Manifest.fileName)
        try staging.synchronize(.barrier)
        try root.synchronize(.full)
        TestHooks.crashPoint(kind, "after-manifest")
        try finish(root: root, journal: journal)
    }

    /// Cleans up after the commit point: idempotent, so recovery can run it again.
    static func finish(root: Directory, journal: MigrationJournal) throws {
        let kind = journal.kind.rawValue
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        switch journal.kind {
        case .migrate:
            // The staging folder now holds the previous version: it becomes the backup.
            if try internalFolder.entryKind(of: journal.stagingFolder) == .folder {
                try internalFolder.removeTree(backupFolder)
                TestHooks.crashPoint(kind, "after-old-backup-removed")
                try internalFolder.rename(journal.stagingFolder, into: internalFolder, as: backupFolder)
                try internalFolder.synchronize(.barrier)
                TestHooks.crashPoint(kind, "after-backup-kept")
            }
        case .rollback:
            try internalFolder.removeTree(journal.stagingFolder)
        }
        // Id hints and the folder index describe the other version's files; they are rebuilt.
        try internalFolder.removeTree("ids")
        try internalFolder.removeTree(IndexFiles.folderPath[1])
        try internalFolder.synchronize(.barrier)
        updateEditorSettings(root: root)
        TestHooks.crashPoint(kind, "before-journal-removed")
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

    /// Puts back every folder swapped in before the commit point, and drops the staged version
    /// of a migration (a rollback's backup stays, ready for another try).
    static func undo(root: Directory, journal: MigrationJournal) throws {
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        if let staging = try internalFolder.openFolder(journal.stagingFolder) {
            for (name, inode) in [("data", journal.dataInode), ("schema", journal.schemaInode)] {
                if try root.identity(of: name)?.inode == inode {
                    try root.exchange(name, with: staging, name)
                    try root.synchronize(.barrier)
                    try staging.synchronize(.barrier)
                }
            }
        }
        if journal.kind == .migrate { try internalFolder.removeTree(journal.stagingFolder) }
        try internalFolder.synchronize(.barrier)
        try internalFolder.removeFile(MigrationJournal.fileName)
        try internalFolder.synchronize(.barrier)
    }

    /// Finishes or undoes an interrupted swap. Call holding the write lock.
    ///
    /// - Returns: whether a journal was found.
    /// - Throws: when `store.json` is at neither version of the journal (the store was
    ///   changed by hand meanwhile).
    @discardableResult
    static func recover(root: Directory) throws -> Bool {
        guard let internalFolder = try root.openFolder(".almanac") else { return false }
        guard let bytes = try internalFolder.readFile(MigrationJournal.fileName) else {
            // A migration killed while staging leaves only its staging folder.
            try sweepAbandonedStagings(in: internalFolder)
            return false
        }
        let journal = try MigrationJournal(bytes: bytes)
        guard let version = try Manifest.current(in: root)?.manifest.schemaVersion else {
            throw AlmanacError(.notAStore, "store.json is missing while a migration was being swapped in; restore the store from a backup", path: Manifest.fileName)
        }
        if version == journal.toVersion {
            try finish(root: root, journal: journal)
        } else if version == journal.fromVersion {
            try undo(root: root, journal: journal)
        } else {
            throw AlmanacError(
                .io,
                "an interrupted \(journal.kind.rawValue) from version \(journal.fromVersion) to \(journal.toVersion) cannot be finished: store.json is at version \(version); restore the store from a backup",
                path: ".almanac/\(MigrationJournal.fileName)")
        }
        return true
    }

    /// Whether a swap is in progress or waits for recovery: one `fstatat`, cheap enough for every read.
    static func isPending(root: Directory) -> Bool {
        (try? root.entryKind(of: ".almanac/" + MigrationJournal.fileName)) == .file
    }
}
