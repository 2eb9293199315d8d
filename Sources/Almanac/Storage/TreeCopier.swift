#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a folder tree file by file with `copyFile`, skipping writers' temporary files and
/// operating-system files, refusing links (a store holds none), and holding only the folders
/// on the current path open.
struct TreeCopier {
    /// Copies the file `name` of the first folder into the second under the last name.
    var copy: (Directory, String, Directory, String) throws -> Void

    init(_ copy: @escaping (_ source: Directory, _ name: String, _ target: Directory, _ newName: String) throws -> Void) {
        self.copy = copy
    }

    func copyFile(_ name: String, from source: Directory, to target: Directory) throws {
        try copy(source, name, target, name)
    }

    /// Copies the first of `candidates` that `source` holds into `target` as `newName`: a file a
    /// commit stages under a temporary name until its writer renames it, under its own after
    /// (the rename may come between two tries, never after both while the picture stands).
    func copyFirst(of candidates: [String], from source: Directory, to target: Directory, as newName: String) throws {
        for name in candidates {
            do {
                try copy(source, name, target, newName)
            } catch let error as AlmanacError where (error.underlying as? POSIXFailure)?.errno == ENOENT {
                continue
            }
            // A copier may pass over a file gone since it was listed: then the next name is tried.
            if try target.entryKind(of: newName) != nil { return }
        }
    }

    /// Copies the folder `source` into `parent` as `name`, with everything in it.
    func copyTree(_ source: Directory, into parent: Directory, as name: String) throws {
        try copyContents(of: source, into: try parent.openOrCreateFolder(name, synchronize: false).folder)
    }

    /// Copies what the folder `source` holds into the folder `target`: every entry, or those
    /// `including` accepts at this level (everything below them is copied).
    func copyContents(of source: Directory, into target: Directory, including: (Directory.Entry) -> Bool = { _ in true }) throws {
        for entry in try source.entries().sorted(by: { $0.name < $1.name }) where including(entry) {
            // Editors' files (a swap file, an autosave) are the editor's, not the store's.
            if Directory.isTemporaryName(entry.name) || SystemFile.isSystemFile(entry.name) || ForeignFile.isPassedBy(entry) { continue }
            switch entry.kind {
            case .file:
                try copy(source, entry.name, target, entry.name)
            case .folder:
                guard let child = try source.openFolder(entry.name) else { continue }
                try copyTree(child, into: target, as: entry.name)
            case .symbolicLink:
                // Never followed, never copied as a document: `check` names it in the store,
                // and it stops no copy of the rest.
                continue
            case .other:
                continue
            }
        }
    }
}
