#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What identifies one version of a file: a write through Almanac always makes a new inode,
/// and an edit in place changes the size or the modification time, and always the change time.
struct FileIdentity: Sendable, Hashable {
    var inode: UInt64
    var size: Int64
    /// Modification time, in nanoseconds since 1970 (a person may set it back with `touch`).
    var modified: Int64
    /// Status change time, in nanoseconds since 1970: set by the kernel on every write, rename
    /// or `touch`, never back.
    var changed: Int64

    init(inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        self.init(inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified, changed: changed)
    }
}

/// Operations on whole folders and across folders: renames, atomic exchange of
/// two names where the file system has it, removal of a tree.
extension Directory {
    /// The inode, size and modification time of the entry `name`, without following a link,
    /// or `nil` when it does not exist.
    func identity(of name: String) throws -> FileIdentity? {
        TestHooks.fileLooked(descriptor, name)
        guard let info = try status(of: name) else { return nil }
        return FileIdentity(info)
    }

    /// Renames `name` here to `newName` in `folder` (replacing a file of that name).
    func rename(_ name: String, into folder: Directory, as newName: String) throws {
        guard FileSystemRecorder.nameChange("rename", descriptor, name, folder.descriptor, newName, {
            SystemCall.changing(.rename, folder.descriptor) { renameat(descriptor, name, folder.descriptor, newName) }
        }) == 0 else {
            throw SystemCall.failure("rename", path: childPath(name), descriptor: descriptor)
        }
    }

    /// Swaps the entries `name` here and `otherName` in `folder` in one atomic step, so that
    /// both names exist at every instant (`renameat2(RENAME_EXCHANGE)` on Linux,
    /// `renameatx_np(RENAME_SWAP)` on Apple systems).
    ///
    /// - Returns: false, changing nothing, where the file system has no such call (exFAT,
    ///   FAT, SMB, some FUSE and network file systems; or `ALMANAC_TEST_NO_EXCHANGE=1`): the
    ///   caller then takes steps that recovery can finish, since two renames leave a moment
    ///   with one name missing.
    func exchangeIfSupported(_ name: String, with folder: Directory, _ otherName: String) throws -> Bool {
        guard Directory.canExchange, !TestSwitch.noExchange else { return false }
        if FileSystemRecorder.nameChange("exchange", descriptor, name, folder.descriptor, otherName, {
            SystemCall.changing(.exchange, descriptor) { Directory.exchangeCall(descriptor, name, folder.descriptor, otherName) }
        }) == 0 { return true }
        let code = SystemCall.errno
        guard code == EINVAL || code == ENOSYS || SystemCall.isUnsupported(code) else {
            throw SystemCall.failure("exchange", path: childPath(name), errno: code, descriptor: descriptor)
        }
        return false
    }

    /// Removes the entry `name` and, when it is a folder, everything below it. Returns whether
    /// something was removed. Links are removed, never followed. Does not fsync.
    @discardableResult
    func removeTree(_ name: String) throws -> Bool {
        guard let kind = try entryKind(of: name) else { return false }
        if kind == .folder, let folder = try openFolder(name) {
            for entry in try folder.entries() {
                try folder.removeTree(entry.name)
            }
            guard removeFolder(name) else {
                throw SystemCall.failure("rmdir", path: childPath(name), descriptor: descriptor)
            }
            return true
        }
        return try removeFile(name)
    }

    /// The kind of the entry `name`, or `nil` when there is none.
    func entryKind(of name: String) throws -> EntryKind? {
        guard let info = try status(of: name) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether this process may read the file `name` (one `faccessat`), or `nil` when it does
    /// not exist: a count that opens no file still tells the files it could not read.
    func mayRead(_ name: String) -> Bool? {
        if SystemCall.retryingInterrupts({ faccessat(descriptor, name, R_OK, AT_EACCESS) }) == 0 { return true }
        return SystemCall.errno == ENOENT ? nil : false
    }

    /// The permission bits of the entry `name`, or `nil` when it does not exist.
    func permissions(of name: String) throws -> mode_t? {
        try status(of: name).map { $0.st_mode & 0o7777 }
    }

    /// How many names (hard links) the file `name` has, or `nil` when it does not exist.
    func linkCount(of name: String) throws -> Int? {
        try status(of: name).map { Int($0.st_nlink) }
    }

    /// `lstat` of the entry `name` (links are not followed), or `nil` when there is none.
    private func status(of name: String) throws -> stat? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            let code = SystemCall.errno
            if code == ENOENT { return nil }
            throw SystemCall.failure("stat", path: childPath(name), errno: code, descriptor: descriptor)
        }
        return info
    }

    /// Creates the new file `name` holding `bytes` (mode 0600, `O_EXCL`), flushing it with
    /// `flush`, or not at all when `nil`: for staging folders nobody reads, flushed as a whole
    /// later with ``synchronizeFileSystem()``.
    func createFile(_ name: String, _ bytes: [UInt8], flush: Flush?) throws {
        let fd = FileSystemRecorder.creating(descriptor, name) {
            SystemCall.changing(.create, descriptor) { openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: childPath(name), descriptor: descriptor) }
        defer { close(fd) }
        guard SystemCall.changing(.chmod, fd, { fchmod(fd, 0o600) }) == 0 else { throw SystemCall.failure("chmod", path: childPath(name), descriptor: descriptor) }
        try TestHooks.check(.diskFull, name: name)
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = SystemCall.changing(.write, fd) { write(fd, buffer.baseAddress! + written, buffer.count - written) }
                FileSystemRecorder.wrote(fd, buffer.baseAddress! + written, count: count)
                guard count > 0 else { throw SystemCall.failure("write", path: childPath(name), descriptor: descriptor) }
                written += count
            }
        }
        if let flush { try SystemCall.flush(fd, flush, path: childPath(name)) }
    }

    /// Writes out every unflushed buffer of the volume holding this folder (`syncfs` on Linux,
    /// `fsync_volume_np` on Apple systems), so that a staged tree written without a flush per
    /// file is on the disk before the commit point's full flush.
    ///
    /// Returns false where the system has no such call, or the volume refuses it (the refusals
    /// ``SystemCall/fallsBack(_:)`` lists, counted in ``FlushCounts/volumeSyncFallbacks``): the
    /// caller must then flush each staged file and folder itself.
    /// - Throws: an I/O error or a full disk, naming this folder.
    func synchronizeFileSystem() throws -> Bool {
        guard Directory.canSynchronizeFileSystem else { return false }
        FlushCounter.shared.countVolumeSync()
        let code = TestHooks.injectedError(.volumeSync, descriptor) ?? Directory.volumeSyncCall(descriptor)
        if code == 0 {
            FileSystemRecorder.flushed(descriptor, "volume")
            return true
        }
        guard SystemCall.fallsBack(code) else {
            throw SystemCall.failure(Directory.volumeSyncName, path: path.isEmpty ? "." : path, errno: code, descriptor: descriptor)
        }
        FlushCounter.shared.countVolumeSyncFallback()
        return false
    }

    /// Makes a staged tree (files written without a flush each) reach the disk before what
    /// follows: one volume sync, or where the volume refuses it, a flush of every file and folder in it.
    func synchronizeStagedTree() throws {
        if try !synchronizeFileSystem() { try synchronizeTree(files: true) }
    }
}

// The Darwin calls are declared in every SDK Almanac supports (macOS 13, iOS 16); Linux's are
// looked up at run time, since the C library headers Swift imports there do not declare them
// and an old kernel or libc may lack them.
extension Directory {
    #if canImport(Darwin)
    static let canExchange = true
    static func exchangeCall(_ from: Int32, _ name: String, _ to: Int32, _ otherName: String) -> Int32 {
        renameatx_np(from, name, to, otherName, UInt32(RENAME_SWAP))
    }

    /// Whether ``synchronizeFileSystem()`` can write out many unflushed files at once.
    static let canSynchronizeFileSystem = !TestSwitch.noVolumeSync
    static let volumeSyncName = "fsync_volume_np"
    /// 0, or the error: `fsync_volume_np` returns an `errno` value itself (-1 with `errno`
    /// set is taken too, should a libc do so).
    static func volumeSyncCall(_ descriptor: Int32) -> Int32 {
        // Waits for the writes; the commit point's F_FULLFSYNC then empties the drive's cache.
        let result = fsync_volume_np(descriptor, SYNC_VOLUME_WAIT)
        return result == -1 ? SystemCall.errno : result
    }
    #else
    private typealias ExchangeFunction = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private typealias SyncFunction = @convention(c) (Int32) -> Int32
    private static let renameat2: ExchangeFunction? = symbol("renameat2")
    private static let syncfs: SyncFunction? = TestSwitch.noVolumeSync ? nil : symbol("syncfs")

    static var canExchange: Bool { renameat2 != nil }
    static func exchangeCall(_ from: Int32, _ name: String, _ to: Int32, _ otherName: String) -> Int32 {
        renameat2.map { $0(from, name, to, otherName, 0x2) } ?? -1  // RENAME_EXCHANGE
    }

    /// Whether ``synchronizeFileSystem()`` can write out many unflushed files at once.
    static var canSynchronizeFileSystem: Bool { syncfs != nil }
    static let volumeSyncName = "syncfs"
    /// 0, or the `errno` of the failed `syncfs`.
    static func volumeSyncCall(_ descriptor: Int32) -> Int32 {
        guard let syncfs else { return ENOSYS }
        return syncfs(descriptor) == 0 ? 0 : SystemCall.errno
    }

    private static func symbol<T>(_ name: String) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
    #endif
}
