/// The store as a committed journal leaves it, for readers that meet the journal while its
/// renames and removals are still being done (DESIGN §4, "Readers").
///
/// A journal on disk is a committed change. Until its writer (or recovery) has put every file
/// in place, a listing shows part of it: some staged files under their temporary names, some
/// renamed, some removals done. A reader applies the overlay to what it lists and opens, and
/// so sees the whole change without waiting for it: a staged file is read under its final
/// name, a staged date folder opens under its date, a removed file is not there.
struct CommitOverlay: Sendable {
    /// `delete --all`: every document and archived copy is gone.
    let removesEverything: Bool
    /// Folder (store-relative, `""` the root) → final file name → the temporary name it is staged under.
    private let stagedFiles: [String: [String: String]]
    /// Parent folder → final folder name → the temporary name the folder is staged under.
    private let stagedFolders: [String: [String: String]]
    /// Attachment folders moving with their documents: store-relative path after → before.
    private let movedFolders: [String: String]
    /// The paths the moving attachment folders leave.
    private let movedAway: Set<String>
    /// Store-relative paths of the files the change removes.
    private let removed: Set<String>

    init(_ journal: WriteJournal) {
        removesEverything = journal.kind == .deleteAll
        var files: [String: [String: String]] = [:]
        for rename in journal.renames { files[rename.folder, default: [:]][rename.to] = rename.from }
        var folders: [String: [String: String]] = [:]
        for move in journal.newFolders {
            let (parent, name) = Self.split(move.to)
            let (sourceParent, source) = Self.split(move.from)
            if parent == sourceParent { folders[parent, default: [:]][name] = source }
        }
        stagedFiles = files
        stagedFolders = folders
        movedFolders = Dictionary(journal.folderMoves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        movedAway = Set(journal.folderMoves.map(\.from))
        removed = Set(journal.removals)
    }

    /// Whether the file at store-relative `path` is gone in the committed state.
    func removes(_ path: String) -> Bool {
        removed.contains(path) || (removesEverything && (path.hasPrefix("data/") || path.hasPrefix("archive/")))
    }

    /// The temporary name the committed version of `name` in `folder` is staged under, while it is.
    func stagedName(of name: String, inFolder folder: String) -> String? {
        stagedFiles[folder]?[name]
    }

    /// The temporary name of the staged folder that becomes `name` in `parent`.
    func stagedFolder(named name: String, in parent: String) -> String? {
        stagedFolders[parent]?[name]
    }

    /// Where the folder at `path` (an attachment folder moving with its document) still is
    /// until it is moved: its path before the move.
    func movedFolder(to path: String) -> String? {
        movedFolders[path]
    }

    /// Whether the folder at `path` is an attachment folder the change moves away.
    func movesAway(_ path: String) -> Bool {
        movedAway.contains(path)
    }

    /// Every moving attachment folder: its path after the move and before.
    var movedFolderList: [(to: String, from: String)] {
        movedFolders.map { ($0.key, $0.value) }
    }

    /// Every staged file: its folder, final name and temporary name.
    var stagedFileList: [(folder: String, name: String, temporary: String)] {
        stagedFiles.flatMap { folder, names in names.map { (folder, $0.key, $0.value) } }
    }

    /// Every staged folder: its parent, final name and temporary name.
    var stagedFolderList: [(parent: String, name: String, temporary: String)] {
        stagedFolders.flatMap { parent, names in names.map { (parent, $0.key, $0.value) } }
    }

    /// The store-relative paths of the files the change removes.
    var removedPaths: [String] { removed.sorted() }

    /// `entries` of the folder at `path` as the committed change leaves them: staged files
    /// and folders under their final names, removed files gone.
    func apply(to entries: [Directory.Entry], ofFolder path: String) -> [Directory.Entry] {
        if removesEverything, path == "data" || path == "archive" || path.hasPrefix("data/") || path.hasPrefix("archive/") { return [] }
        let files = stagedFiles[path] ?? [:]
        let folders = stagedFolders[path] ?? [:]
        let prefix = path.isEmpty ? "" : path + "/"
        let arriving = movedFolders.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
        guard !files.isEmpty || !folders.isEmpty || !arriving.isEmpty || removed.contains(where: { $0.hasPrefix(prefix) })
            || movedAway.contains(where: { $0.hasPrefix(prefix) })
        else { return entries }
        var result = entries.filter { entry in
            entry.kind == .file ? !removed.contains(prefix + entry.name) : !movedAway.contains(prefix + entry.name)
        }
        var names = Set(result.map(\.name))
        for name in files.keys.sorted() where names.insert(name).inserted {
            result.append(Directory.Entry(name: name, kind: .file))
        }
        for name in folders.keys.sorted() + arriving.map({ String($0.dropFirst(prefix.count)) }).sorted() where names.insert(name).inserted {
            result.append(Directory.Entry(name: name, kind: .folder))
        }
        return result
    }

    private static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
