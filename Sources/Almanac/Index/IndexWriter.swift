#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one process writing a collection's index at a time: it holds `lock` (taken without
/// waiting: a process that finds it taken leaves the writing to the holder, since the index
/// is checked before every use anyway) and writes generation ``generation``.
///
/// Files are written whole under temporary names and renamed into place, segments and
/// buckets first and the root last, so a reader sees either the old root with the files it
/// names or the new one; a file of another generation than its root names is noticed
/// (``FolderIndex/Inconsistent``). Nothing is flushed for durability: a crash costs a rebuild, not data
/// (a large write is only pushed to the disk before the lock goes, for the next process's sake).
/// Failing to write (a full disk, a read-only volume) costs later commands listings, never
/// an error.
final class IndexWriter {
    let generation: UInt64
    private let folder: Directory
    private var lockDescriptor: Int32

    /// Takes the lock of the index folder `index` (``IndexFiles/name(of:archive:)``); `nil` when
    /// another process holds it, the folder cannot be made, or (unless `replacing`) the index
    /// changed since `loaded` was read.
    init?(root: Directory, index: String, loaded: UInt64, replacing: Bool) {
        guard let internalFolder = try? root.openFolder(".almanac"),
              let indexes = try? internalFolder.openOrCreateFolder(IndexFiles.folderPath[1], synchronize: false).folder,
              let folder = try? indexes.openOrCreateFolder(index, synchronize: false).folder
        else { return nil }
        let fd = folder.openLockFile(IndexFiles.lock)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        let onDisk = Self.generation(in: folder)
        guard replacing || onDisk == loaded else {
            close(fd)
            return nil
        }
        self.folder = folder
        lockDescriptor = fd
        generation = max(onDisk, loaded) + 1
        removeDeadWritersTemporariesOnce()
    }

    /// The index folders this process swept, by device and inode: once each is enough, since
    /// this process's own failed writes remove their temporaries.
    private static let swept = Guarded(SweptFolders())

    private final class SweptFolders {
        var folders: Set<[UInt64]> = []
    }

    /// Removes the temporaries that writers of this index killed, or failing on a sick disk
    /// (a rename and then the removal refused), left in its folders; holding the index lock,
    /// so no live writer's file is among them. Once per process and collection.
    private func removeDeadWritersTemporariesOnce() {
        var info = stat()
        guard fstat(folder.descriptor, &info) == 0,
              Self.swept.withLock({ $0.folders.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted })
        else { return }
        for subfolder in [nil, IndexFiles.segments, IndexFiles.buckets] {
            guard let target = subfolder.map({ try? folder.openFolder($0) }) ?? folder else { continue }
            for entry in (try? target.entries()) ?? [] {
                guard Directory.isAbandonedTemporary(entry.name) else { continue }
                _ = try? target.removeFile(entry.name)
            }
        }
    }

    deinit { release() }

    /// Lets the lock go; after a large write, once the files are on the disk.
    ///
    /// A batch into a large store rewrites most of the index (112 MB at 1.2M documents), and
    /// nothing flushes a cache, so it leaves that much for the kernel to write back: ext4 then
    /// writes out a file renamed over another at the next journal commit, so the next process's
    /// first durable save (a `put` of one) waited for it, 0.19 s instead of 0.04 s at 1M. One
    /// volume sync here moves that wait into the batch that caused it. Best effort: the index
    /// is a cache, and a refusal or an error changes nothing but the timing.
    func release() {
        guard lockDescriptor >= 0 else { return }
        if bytesWritten >= Self.writeBackThreshold { _ = try? folder.synchronizeFileSystem() }
        _ = flock(lockDescriptor, LOCK_UN)
        _ = closeDescriptor(lockDescriptor)
        lockDescriptor = -1
    }

    func writeSegment(_ name: String, _ bytes: [UInt8]) -> Bool { write(bytes, as: name, in: IndexFiles.segments) }
    func writeBucket(_ name: String, _ bytes: [UInt8]) -> Bool { write(bytes, as: name, in: IndexFiles.buckets) }
    /// Removes a bucket file the index no longer uses (after a change of the bucket count).
    func removeBucket(_ name: String) {
        if subfolders[IndexFiles.buckets] == nil { subfolders[IndexFiles.buckets] = try? folder.openFolder(IndexFiles.buckets) }
        _ = try? subfolders[IndexFiles.buckets]?.removeFile(name)
    }

    func writeRoot(_ bytes: [UInt8]) -> Bool { counting(bytes) { (try? folder.writeCacheFile(IndexFiles.root, bytes)) != nil } }

    /// Bytes written by this writer, and how many make a write large enough to be pushed to the
    /// disk before the lock is let go (``release()``): a put of one rewrites a few small files.
    private var bytesWritten = 0
    static let writeBackThreshold = 16 << 20

    private func counting(_ bytes: [UInt8], _ write: () -> Bool) -> Bool {
        let written = write()
        if written { bytesWritten += bytes.count }
        return written
    }

    /// The `s` and `b` folders, opened (or made) once per writer: a whole listing writes a
    /// thousand buckets.
    private var subfolders: [String: Directory] = [:]

    private func write(_ bytes: [UInt8], as name: String, in subfolder: String) -> Bool {
        if subfolders[subfolder] == nil { subfolders[subfolder] = try? folder.openOrCreateFolder(subfolder, synchronize: false).folder }
        guard let target = subfolders[subfolder] else { return false }
        return counting(bytes) { (try? target.writeCacheFile(name, bytes)) != nil }
    }

    /// The generation of the root in `folder`, 0 when there is none (or it is torn).
    private static func generation(in folder: Directory) -> UInt64 {
        guard let bytes = try? folder.readFile(IndexFiles.root) else { return 0 }
        var generation: UInt64 = 0
        // The generation is the root's second line: the walk stops there (and so returns false).
        _ = IndexFiles.eachLine(of: bytes, header: IndexFiles.rootHeader) { fields in
            if fields.count == 2, fields.field(0, is: UInt8(ascii: "g")) { generation = fields.number(1) ?? 0 }
            return false
        }
        return generation
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
