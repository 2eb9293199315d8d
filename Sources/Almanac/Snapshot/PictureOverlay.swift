#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Applies a committed journal being put in place to a picture of the store.
struct PictureOverlay {
    let store: Store

    func applyToPicture(_ overlay: CommitOverlay, target: Directory, using copier: TreeCopier,
                        collections: Set<String>?, includingRollbackBackup: Bool) throws {
        /// Whether the picture holds the store-relative folder `path` at all.
        func pictured(_ names: [String]) -> Bool {
            guard let top = names.first else { return true }
            switch top {
            case "data": return collections == nil || names.count < 2 || collections!.contains(names[1])
            case "archive": return collections == nil
            default: return false
            }
        }
        func split(_ path: String) -> [String] { path.isEmpty ? [] : path.split(separator: "/").map(String.init) }
        func targetFolder(_ names: [String]) throws -> Directory {
            var folder = target
            for name in names { folder = try folder.openOrCreateFolder(name, synchronize: false).folder }
            return folder
        }
        if overlay.removesEverything {
            if let data = try target.openFolder("data") {
                for entry in try data.entries() {
                    if entry.kind == .folder, let folder = try data.openFolder(entry.name) {
                        for child in try folder.entries() { try folder.removeTree(child.name) }
                    } else {
                        try data.removeTree(entry.name)
                    }
                }
            }
            try target.removeTree("archive")
            // The picture's own .almanac (a copy being made), not the store's.
            if includingRollbackBackup, let pictured = try target.openFolder(".almanac") { try pictured.removeTree(StoreSwap.backupFolder) }
            return
        }
        for (parent, name, temporary) in overlay.stagedFolderList where pictured(split(parent) + [name]) {
            guard let source = try store.reader.openFolders(split(parent)),
                  let staged = try source.openFolder(temporary) ?? source.openFolder(name)
            else { continue }
            let into = try targetFolder(split(parent))
            try into.removeTree(name)
            try copier.copyTree(staged, into: into, as: name)
        }
        for (folder, name, temporary) in overlay.stagedFileList {
            let names = split(folder)
            guard names.isEmpty ? name == Manifest.fileName : pictured(names), let source = try store.reader.openFolders(names) else { continue }
            let into = try targetFolder(names)
            _ = try into.removeFile(name)
            // With the picture's copier: a backup read in place copies, never links.
            try copier.copyFirst(of: [temporary, name], from: source, to: into, as: name)
        }
        for (to, from) in overlay.movedFolderList {
            var before = split(from), after = split(to)
            guard let oldName = before.popLast(), let newName = after.popLast(), pictured(before), pictured(after) else { continue }
            _ = try target.openFolderPath(before)?.removeTree(oldName)
            guard let source = try store.reader.openFolders(split(from)) ?? store.reader.openFolders(split(to)) else { continue }
            let into = try targetFolder(after)
            _ = try into.removeTree(newName)
            try copier.copyTree(source, into: into, as: newName)
        }
        for path in overlay.removedPaths {
            var names = split(path)
            guard let name = names.popLast(), pictured(names), let folder = try target.openFolderPath(names) else { continue }
            _ = try folder.removeFile(name)
        }
    }
}

private extension Directory {
    /// The folder at `names` below this one, or `nil` when one is missing.
    func openFolderPath(_ names: [String]) throws -> Directory? {
        var folder = self
        for name in names {
            guard let next = try folder.openFolder(name) else { return nil }
            folder = next
        }
        return folder
    }
}
