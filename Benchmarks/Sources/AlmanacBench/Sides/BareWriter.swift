#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bare system calls writing documents in Almanac's folder layout and bytes, in a tight
/// loop: the baseline of the save cases.
///
/// Each file: a temporary file in its folder (`O_EXCL`, 0600) → write → fsync → rename.
/// A folder that does not exist yet is made (0700) and its parent fsynced, as Almanac does.
/// Open folders are kept by path, so a save does not walk `YYYY/MM/DD` again.
final class BareWriter {
    private let collection: Int32
    private var folders: [[String]: Int32] = [:]

    /// Writes into the existing folder `data/<collection>` at `path`.
    init(collectionFolder path: String) throws {
        collection = try POSIX.openFolder(path)
    }

    deinit {
        for fd in folders.values { close(fd) }
        close(collection)
    }

    /// Writes one document durably: the file, then an fsync of its folder.
    func saveDurably(_ document: PreparedDocument) throws {
        let folder = try folder(document.folders)
        try writeFile(document, in: folder)
        try POSIX.synchronize(folder)
    }

    /// Writes many documents with one durability point: each file written and fsynced, then
    /// each folder that gained a file fsynced once at the end.
    func saveBatch(_ documents: [PreparedDocument]) throws {
        var touched: Set<Int32> = []
        for document in documents {
            let folder = try folder(document.folders)
            try writeFile(document, in: folder)
            touched.insert(folder)
        }
        for folder in touched { try POSIX.synchronize(folder) }
    }

    private func writeFile(_ document: PreparedDocument, in folder: Int32) throws {
        let temporary = "." + document.fileName + ".tmp"
        try POSIX.writeNewFile(temporary, in: folder, document.fileBytes)
        try POSIX.rename(temporary, to: document.fileName, in: folder)
    }

    /// The open folder at `path` below the collection, made (and its parent fsynced) when missing.
    private func folder(_ path: [String]) throws -> Int32 {
        if path.isEmpty { return collection }
        if let open = folders[path] { return open }
        let parent = try folder(Array(path.dropLast()))
        let name = path[path.count - 1]
        var opened = try POSIX.openFolder(name, in: parent)
        if opened == nil {
            guard mkdirat(parent, name, 0o700) == 0 else {
                throw BenchError("mkdir \(path.joined(separator: "/")): \(POSIX.lastError)")
            }
            try POSIX.synchronize(parent)
            opened = try POSIX.openFolder(name, in: parent)
        }
        guard let opened else { throw BenchError("folder \(path.joined(separator: "/")) vanished") }
        folders[path] = opened
        return opened
    }
}
