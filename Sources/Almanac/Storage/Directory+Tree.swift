#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What identifies one version of a file: a write through Almanac always makes a new inode,
/// and an edit in place changes the size or the modification time.
struct FileIdentity: Sendable, Equatable {
    var inode: UInt64
    var size: Int64
    var modified: Int64
}

/// Operations on whole folders and across folders, for the migration runner: hard links,
/// renames, atomic exchange of two names, removal of a tree.
extension Directory {
    /// The inode, size and modification time of the entry `name`, without following a link,
    /// or `nil` when it does not exist.
    func identity(of name: String) throws -> FileIdentity? {
        guard let info = try status(of: name) else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return FileIdentity(inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified)
    }

    /// Makes `newName` in `folder` a second name (hard link) of the file `name` here.
    /// The file is shared, not copied: safe because the store never changes a file in place.
    func link(_ name: String, into folder: Directory, as newName: String) throws {
        guard linkat(descriptor, name, folder.descriptor, newName, 0) == 0 else {
            throw SystemCall.failure("link", path: folder.childPath(newName))
        }
    }

    /// Renames `name` here to `newName` in `folder` (replacing a file of that name).
    func rename(_ name: String, into folder: Directory, as newName: String) throws {
        guard renameat(descriptor, name, folder.descriptor, newName) == 0 else {
            throw SystemCall.failure("rename", path: childPath(name))
        }
    }

    /// Swaps the entries `name` here and `otherName` in `folder` in one atomic step, so that
    /// both names exist at every instant (`renameat2(RENAME_EXCHANGE)` on Linux,
    /// `renameatx_np(RENAME_SWAP)` on Apple systems).
    ///
    /// Where the kernel has no exchange, falls back to three renames through a spare name;
    /// the migration journal records inodes so that recovery works either way.
    func exchange(_ name: String, with folder: Directory, _ otherName: String) throws {
        if let exchange = Directory.atomicExchange {
            if exchange(descriptor, name, folder.descriptor, otherName, Directory.exchangeFlag) == 0 { return }
            let code = SystemCall.errno
            guard code == EINVAL || code == ENOSYS || code == ENOTSUP else {
                throw SystemCall.failure("exchange", path: childPath(name), errno: code)
            }
        }
        let spare = Directory.temporaryName(for: name)
        try rename(name, into: self, as: spare)
        try folder.rename(otherName, into: self, as: name)
        try rename(spare, into: folder, as: otherName)
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
            guard unlinkat(descriptor, name, AT_REMOVEDIR) == 0 else {
                throw SystemCall.failure("rmdir", path: childPath(name))
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

    /// `lstat` of the entry `name` (links are not followed), or `nil` when there is none.
    private func status(of name: String) throws -> stat? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            let code = SystemCall.errno
            if code == ENOENT { return nil }
            throw SystemCall.failure("stat", path: childPath(name), errno: code)
        }
        return info
    }

    /// Creates the new file `name` holding `bytes` (mode 0600, `O_EXCL`), fsyncing it only when
    /// `synchronize` is true: for staging folders nobody reads, made durable as a whole later
    /// with ``synchronizeFileSystem()``.
    func createFile(_ name: String, _ bytes: [UInt8], synchronize: Bool) throws {
        let fd = SystemCall.retryingInterrupts {
            openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: childPath(name)) }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0 else { throw SystemCall.failure("chmod", path: childPath(name)) }
        try FaultInjection.check(.diskFull, name: name)
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = SystemCall.retryingInterrupts { write(fd, buffer.baseAddress! + written, buffer.count - written) }
                guard count > 0 else { throw SystemCall.failure("write", path: childPath(name)) }
                written += count
            }
        }
        if synchronize, SystemCall.synchronize(fd) != 0 { throw SystemCall.failure("fsync", path: childPath(name)) }
    }

    /// Flushes every file system buffer of the file system holding this folder (`syncfs`).
    /// Returns false where the call does not exist (Apple systems), and the caller must have
    /// fsynced each file itself.
    func synchronizeFileSystem() throws -> Bool {
        guard let syncfs = Directory.syncFileSystem else { return false }
        guard syncfs(descriptor) == 0 else { throw SystemCall.failure("syncfs", path: path.isEmpty ? "." : path) }
        return true
    }

    /// Whether ``synchronizeFileSystem()`` can make many unsynced files durable at once.
    static var canSynchronizeFileSystem: Bool { syncFileSystem != nil }

    private typealias ExchangeFunction = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private typealias SyncFunction = @convention(c) (Int32) -> Int32

    // Looked up at run time: the C library headers Swift imports do not declare them on
    // every system, and an old kernel or libc may lack them.
    #if canImport(Darwin)
    private static let atomicExchange: ExchangeFunction? = symbol("renameatx_np")
    private static let exchangeFlag: UInt32 = 0x2  // RENAME_SWAP
    private static let syncFileSystem: SyncFunction? = nil
    #else
    private static let atomicExchange: ExchangeFunction? = symbol("renameat2")
    private static let exchangeFlag: UInt32 = 0x2  // RENAME_EXCHANGE
    private static let syncFileSystem: SyncFunction? = symbol("syncfs")
    #endif

    private static func symbol<T>(_ name: String) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
}
