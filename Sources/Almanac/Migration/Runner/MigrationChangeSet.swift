/// What a staged migration changes in the store, file by file, and the ``VersionChange`` it
/// becomes once the writers' lock is held: a folder whose every entry goes out (or that is
/// not in the store when the new one comes in) moves whole, so that a migration rewriting
/// every document costs a few renames, and one rewriting a few costs a few more.
struct MigrationChangeSet {
    /// Store-relative paths (as components) of the files and attachment folders that go out:
    /// documents rewritten, moved or deleted.
    var movedOut: [[String]] = []
    /// Store-relative paths of what was staged, below the staging folder's `incoming`.
    var movedIn: [[String]] = []
    /// The SHA-256 of each staged file, by store-relative path.
    var written: [String: String] = [:]
    /// The target catalog's collection folders.
    var folders: [String] = []

    /// The record to commit: paths grouped into whole folders where the store, read now
    /// (holding the lock), allows it. One listing per folder the change reaches.
    func record(root: Directory, incoming: String, outgoing: String) throws -> VersionChange {
        let outTree = PathTree(movedOut)
        var wholeOut: Set<[String]> = []
        _ = try outTree.wholeFolders(root: root, path: [], into: &wholeOut)
        let out = outTree.grouped(by: wholeOut)
        // A staged folder moves in whole where the store has no such folder once the first phase is done.
        let inTree = PathTree(movedIn)
        var absent: Set<[String]> = []
        for path in inTree.folders() where path.count >= 2 {
            if wholeOut.contains(where: { path.starts(with: $0) }) {
                absent.insert(path)
            } else if try Self.entryKind(path, in: root) == nil {
                absent.insert(path)
            }
        }
        let moved = inTree.grouped(by: absent)
        return VersionChange(incoming: incoming, outgoing: outgoing,
                             movedOut: out.map { $0.joined(separator: "/") } + ["schema"],
                             movedIn: moved.map { $0.joined(separator: "/") } + ["schema"],
                             folders: folders, written: written)
    }

    private static func entryKind(_ path: [String], in root: Directory) throws -> Directory.EntryKind? {
        var folder = root
        for name in path.dropLast() {
            guard let next = try folder.openFolder(name) else { return nil }
            folder = next
        }
        return try folder.entryKind(of: path[path.count - 1])
    }
}

/// Paths as a tree of their components, to find the folders a set of paths covers whole.
private final class PathTree {
    var children: [String: PathTree] = [:]
    /// A path of the set ends here (a file, or a folder moved as one entry).
    var isLeaf = false

    init() {}

    init(_ paths: [[String]]) {
        for path in paths {
            var node = self
            for name in path {
                if let child = node.children[name] {
                    node = child
                } else {
                    let child = PathTree()
                    node.children[name] = child
                    node = child
                }
            }
            node.isLeaf = true
        }
    }

    /// Marks in `whole` every folder below `data/<collection>` (included) whose entries in the
    /// store are exactly the tree's children, each a leaf or itself whole. Returns whether
    /// the node at `path` is covered whole.
    func wholeFolders(root: Directory, path: [String], into whole: inout Set<[String]>) throws -> Bool {
        if isLeaf { return true }
        var allWhole = true
        for (name, child) in children {
            if try !child.wholeFolders(root: root, path: path + [name], into: &whole) { allWhole = false }
        }
        guard allWhole, path.count >= 2, path.first == "data" else { return false }
        var folder: Directory? = root
        for name in path { folder = try folder?.openFolder(name) }
        guard let folder, Set(try folder.entries().map(\.name)) == Set(children.keys) else { return false }
        whole.insert(path)
        return true
    }

    /// The folders (not leaves) of the tree, as paths.
    func folders(_ path: [String] = []) -> [[String]] {
        var result: [[String]] = []
        for (name, child) in children where !child.isLeaf {
            result.append(path + [name])
            result += child.folders(path + [name])
        }
        return result
    }

    /// The paths of the set, with every path below a folder of `whole` replaced by that folder; sorted.
    func grouped(by whole: Set<[String]>, _ path: [String] = []) -> [[String]] {
        if !path.isEmpty, isLeaf || whole.contains(path) { return [path] }
        return children.keys.sorted().flatMap { children[$0]!.grouped(by: whole, path + [$0]) }
    }
}
