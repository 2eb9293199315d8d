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
    /// Parent folder → final folder name → the temporary name the folder is staged under;
    /// attachment folders moving with their documents are here too, by their paths.
    private let stagedFolders: [String: [String: String]]
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
        removed = Set(journal.removals)
    }

    /// Whether the overlay changes nothing a reader of the `data/` and `archive/` trees sees.
    var isEmpty: Bool { !removesEverything && stagedFiles.isEmpty && stagedFolders.isEmpty && removed.isEmpty }

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

    /// `entries` of the folder at `path` as the committed change leaves them: staged files
    /// and folders under their final names, removed files gone.
    func apply(to entries: [Directory.Entry], ofFolder path: String) -> [Directory.Entry] {
        if removesEverything, path == "data" || path == "archive" || path.hasPrefix("data/") || path.hasPrefix("archive/") { return [] }
        let files = stagedFiles[path] ?? [:]
        let folders = stagedFolders[path] ?? [:]
        let prefix = path.isEmpty ? "" : path + "/"
        guard !files.isEmpty || !folders.isEmpty || removed.contains(where: { $0.hasPrefix(prefix) }) else { return entries }
        var result = entries.filter { $0.kind != .file || !removed.contains(prefix + $0.name) }
        var names = Set(result.map(\.name))
        for name in files.keys.sorted() where names.insert(name).inserted {
            result.append(Directory.Entry(name: name, kind: .file))
        }
        for name in folders.keys.sorted() where names.insert(name).inserted {
            result.append(Directory.Entry(name: name, kind: .folder))
        }
        return result
    }

    private static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
