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
    /// Copies the file `name` of the first folder into the second under the same name.
    var copy: (Directory, String, Directory) throws -> Void

    init(_ copy: @escaping (Directory, String, Directory) throws -> Void) {
        self.copy = copy
    }

    func copyFile(_ name: String, from source: Directory, to target: Directory) throws {
        try copy(source, name, target)
    }

    /// Copies the folder `source` into `parent` as `name`, with everything in it.
    func copyTree(_ source: Directory, into parent: Directory, as name: String) throws {
        try copyContents(of: source, into: try parent.openOrCreateFolder(name, synchronize: false).folder)
    }

    /// Copies what the folder `source` holds into the folder `target`: every entry, or those
    /// `including` accepts at this level (everything below them is copied).
    func copyContents(of source: Directory, into target: Directory, including: (Directory.Entry) -> Bool = { _ in true }) throws {
        for entry in try source.entries().sorted(by: { $0.name < $1.name }) where including(entry) {
            if Directory.isTemporaryName(entry.name) || SystemFile.isSystemFile(entry.name) { continue }
            switch entry.kind {
            case .file:
                try copy(source, entry.name, target)
            case .folder:
                guard let child = try source.openFolder(entry.name) else { continue }
                try copyTree(child, into: target, as: entry.name)
            case .symbolicLink:
                throw SystemCall.failure("open", path: source.childPath(entry.name), errno: ELOOP)
            case .other:
                continue
            }
        }
    }
}
