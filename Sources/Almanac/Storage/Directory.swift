#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An open folder inside a store, reached from the store root one component at a time
/// with `O_NOFOLLOW`, so that no symbolic link inside the store is ever followed.
///
/// All file work happens relative to the folder's descriptor (`openat`, `renameat`, …):
/// a folder renamed or replaced by a link while we work cannot redirect a write.
final class Directory: @unchecked Sendable {
    // Sendable: the descriptor is immutable after init and the kernel serialises
    // concurrent calls on it; no Swift state is mutated after construction.
    let descriptor: Int32
    /// The folder's path relative to the store root ("" for the root), for messages.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens the store root. The root itself may be reached through links outside the store.
    static func openRoot(atPath rootPath: String) throws -> Directory {
        let fd = SystemCall.retryingInterrupts { open(rootPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemCall.failure("open", path: rootPath) }
        return Directory(descriptor: fd, path: "")
    }

    /// Opens the folder at `path`, making it and each missing folder above it (mode 0700, each
    /// flushed into its parent): where a new store or an import's staging goes, outside any
    /// store, so its messages name the whole path.
    static func openOrMakeFolder(atPath path: String) throws -> Directory {
        let fd = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if fd >= 0 { return Directory(descriptor: fd, path: path) }
        let code = SystemCall.errno
        let parentPath = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        guard code == ENOENT, !parentPath.isEmpty, parentPath != path else { throw SystemCall.failure("open", path: path, errno: code) }
        return try openOrMakeFolder(atPath: parentPath).openOrCreateFolder(name).folder
    }

    /// `path` joined with `name`, for messages.
    func childPath(_ name: String) -> String {
        path.isEmpty ? name : path + "/" + name
    }

    /// Opens the child folder `name`, or returns `nil` when it does not exist.
    ///
    /// - Throws: `.symbolicLink` when `name` is a link, `.io` when it is a file or cannot be opened.
    func openFolder(_ name: String) throws -> Directory? {
        let fd = SystemCall.retryingInterrupts {
            openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        if fd >= 0 {
            TestHooks.folderOpened(childPath(name))
            return Directory(descriptor: fd, path: childPath(name))
        }
        let code = SystemCall.errno
        if code == ENOENT { return nil }
        throw openFailure(name, errno: code)
    }

    /// Opens the child folder `name`, creating it (mode 0700) when missing.
    ///
    /// A created folder's entry is flushed (a barrier: the commit point that follows makes it
    /// durable) before returning, unless `synchronize` is false (staging folders, flushed later).
    /// - Returns: the folder and whether it was created.
    func openOrCreateFolder(_ name: String, synchronize: Bool = true) throws -> (folder: Directory, created: Bool) {
        if let existing = try openFolder(name) { return (existing, false) }
        var created = true
        if SystemCall.changing(.mkdir, descriptor, { mkdirat(descriptor, name, 0o700) }) == 0 {
            FileSystemRecorder.made("mkdir", descriptor, name)
        } else {
            let code = SystemCall.errno
            guard code == EEXIST else { throw SystemCall.failure("mkdir", path: childPath(name), errno: code, descriptor: descriptor) }
            created = false  // another writer made it between our open and mkdir
        }
        guard let folder = try openFolder(name) else {
            throw SystemCall.failure("open", path: childPath(name), errno: ENOENT, descriptor: descriptor)
        }
        if created {
            // The umask may have removed bits, or a hostile umask removed owner bits: set 0700 exactly.
            guard SystemCall.changing(.chmod, folder.descriptor, { fchmod(folder.descriptor, 0o700) }) == 0 else { throw SystemCall.failure("chmod", path: folder.path, descriptor: descriptor) }
            if synchronize { try self.synchronize(.barrier) }
        }
        return (folder, created)
    }

    /// Reads the whole file `name`, or returns `nil` when it does not exist.
    func readFile(_ name: String) throws -> [UInt8]? {
        try readFileAndIdentity(name)?.bytes
    }

    /// Reads the whole file `name` with the identity it had when it was opened (taken before
    /// the read, so an edit racing the read shows as a newer identity later, never as an older
    /// one), or returns `nil` when it does not exist.
    func readFileAndIdentity(_ name: String) throws -> (bytes: [UInt8], identity: FileIdentity)? {
        TestHooks.fileOpened(childPath(name))
        let injected = TestHooks.injectedError(.open, descriptor)
        let fd = injected != nil ? -1 : SystemCall.retryingInterrupts { openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        if fd < 0 {
            let code = injected ?? SystemCall.errno
            if code == ENOENT { return nil }
            throw openFailure(name, errno: code)
        }
        defer { close(fd) }
        WorkCounter.count(.filesRead)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemCall.failure("stat", path: childPath(name), descriptor: descriptor) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw AlmanacError(.io, "is not a regular file; remove or rename it", path: childPath(name))
        }
        // Reading a dataless file would block while iCloud downloads it.
        if SystemFile.isDataless(info, descriptor: fd) { throw Directory.notDownloaded(dataless: childPath(name)) }
        // One byte more than the size: a regular file returns a short read only at its end,
        // so one read call usually proves the whole file was read.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file grew since fstat (edited in place); keep reading until EOF.
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                SystemCall.retryingInterrupts { read(fd, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            if count < 0 { throw SystemCall.failure("read", path: childPath(name), descriptor: descriptor) }
            if count == 0 { break }
            filled += count
            if filled < bytes.count { break }
        }
        bytes.removeSubrange(filled...)
        return (bytes, FileIdentity(info))
    }

    /// Writes `bytes` to `name` durably and atomically: a temporary file in this folder
    /// (created `O_EXCL`, mode 0600 unless `mode` says otherwise) is written and flushed (a
    /// barrier: its bytes reach the disk before the rename), then renamed over `name`; then the
    /// folder is flushed with `folderFlush` — `.full` when this write is the commit point, `nil`
    /// when the caller flushes the folder itself (batches flush each folder once).
    ///
    /// Readers see either the old file or the new one, never a mix; after a crash the
    /// only possible leftover is a temporary file, which ``isTemporaryName(_:)`` recognises.
    func writeFile(_ name: String, _ bytes: [UInt8], folderFlush: Flush?, mode: mode_t = 0o600) throws {
        try writeFile(name, folderFlush: folderFlush, mode: mode) { write in try write(bytes) }
    }

    /// As ``writeFile(_:_:folderFlush:mode:)``, the bytes handed over in pieces by `contents`
    /// (a large record is written as it is made, never held whole).
    func writeFile(_ name: String, folderFlush: Flush?, mode: mode_t = 0o600, contents: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
        let temporary = try writeTemporary(for: name, mode: mode, contents: contents)
        try placeTemporary(temporary, as: name)
        // The test switch is the explorer's proof that it catches a missing folder flush.
        if let folderFlush, !TestSwitch.skipFolderFlush { try synchronize(folderFlush) }
    }

    /// Renames the temporary file ``writeTemporary(for:_:mode:)`` wrote over `name`, removing
    /// it when the rename fails.
    func placeTemporary(_ temporary: String, as name: String) throws {
        guard FileSystemRecorder.nameChange("rename", descriptor, temporary, descriptor, name, {
            SystemCall.changing(.rename, descriptor) { renameat(descriptor, temporary, descriptor, name) }
        }) == 0 else {
            let failure = SystemCall.failure("rename", path: childPath(name), descriptor: descriptor)
            _ = FileSystemRecorder.nameChange("unlink", descriptor, temporary) { SystemCall.changing(.unlink, descriptor) { unlinkat(descriptor, temporary, 0) } }
            throw failure
        }
    }

    /// Writes `bytes` under a new temporary name beside `name`, flushed (a barrier), and returns
    /// that name; on failure nothing is left behind.
    func writeTemporary(for name: String, _ bytes: [UInt8], mode: mode_t) throws -> String {
        try writeTemporary(for: name, mode: mode) { write in try write(bytes) }
    }

    /// As ``writeTemporary(for:_:mode:)``, the bytes handed over in pieces by `contents`.
    func writeTemporary(for name: String, mode: mode_t, contents: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws -> String {
        let temporary = Directory.temporaryName(for: name)
        let fd = FileSystemRecorder.creating(descriptor, temporary) {
            SystemCall.changing(.create, descriptor) {
                openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: childPath(temporary), descriptor: descriptor) }
        var closed = false
        do {
            defer { if !closed { close(fd) } }
            guard SystemCall.changing(.chmod, fd, { fchmod(fd, mode) }) == 0 else { throw SystemCall.failure("chmod", path: childPath(temporary), descriptor: descriptor) }
            try TestHooks.check(.diskFull, name: name)
            try contents { bytes in
                try bytes.withUnsafeBytes { buffer in
                    var written = 0
                    while written < buffer.count {
                        let count = SystemCall.changing(.write, fd) {
                            write(fd, buffer.baseAddress! + written, buffer.count - written)
                        }
                        FileSystemRecorder.wrote(fd, buffer.baseAddress! + written, count: count)
                        guard count > 0 else { throw SystemCall.failure("write", path: childPath(name), descriptor: descriptor) }
                        written += count
                    }
                }
            }
            TestHooks.crashPoint("write", "after-temporary-write:\(name)")
            try SystemCall.flush(fd, .barrier, path: childPath(name))
            closed = true
            guard close(fd) == 0 else { throw SystemCall.failure("close", path: childPath(name), descriptor: descriptor) }
        } catch {
            _ = FileSystemRecorder.nameChange("unlink", descriptor, temporary) { SystemCall.changing(.unlink, descriptor) { unlinkat(descriptor, temporary, 0) } }
            throw error
        }
        return temporary
    }

    /// Appends `bytes` to the file `name` (created 0600), without fsync: for hints that a
    /// crash may lose without harm. One `write` call, so concurrent appends do not interleave.
    func append(_ name: String, _ bytes: [UInt8]) throws {
        let fd = FileSystemRecorder.creating(descriptor, name) {
            SystemCall.changing(.create, descriptor) {
                openat(descriptor, name, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: childPath(name), descriptor: descriptor) }
        defer { close(fd) }
        guard SystemCall.changing(.chmod, fd, { fchmod(fd, 0o600) }) == 0 else { throw SystemCall.failure("chmod", path: childPath(name), descriptor: descriptor) }
        let count = bytes.withUnsafeBytes { buffer in
            let count = SystemCall.changing(.write, fd) { write(fd, buffer.baseAddress, buffer.count) }
            FileSystemRecorder.wrote(fd, buffer.baseAddress, count: count)
            return count
        }
        guard count == bytes.count else { throw SystemCall.failure("write", path: childPath(name), descriptor: descriptor) }
    }

    /// Removes the file `name`; returns false when it did not exist. Does not fsync the folder.
    @discardableResult
    func removeFile(_ name: String) throws -> Bool {
        let removed = FileSystemRecorder.nameChange("unlink", descriptor, name) { SystemCall.changing(.unlink, descriptor) { unlinkat(descriptor, name, 0) } } == 0
        if removed { return true }
        let code = SystemCall.errno
        if code == ENOENT { return false }
        throw SystemCall.failure("unlink", path: childPath(name), errno: code, descriptor: descriptor)
    }

    /// Removes the child folder `name` if it is empty or holds only files the operating system
    /// put there (`.DS_Store`, …; see ``SystemFile``); returns whether it was removed.
    @discardableResult
    func removeFolderIfEmpty(_ name: String) -> Bool {
        if removeFolder(name) { return true }
        let code = SystemCall.errno
        guard code == ENOTEMPTY || code == EEXIST, let folder = try? openFolder(name), let names = folder.onlySystemFiles(), !names.isEmpty
        else { return false }
        for name in names { _ = try? folder.removeFile(name) }
        return removeFolder(name)
    }

    /// The names of the folder's entries when every one is a file the operating system put
    /// there (``SystemFile``), `nil` when any is not (or the folder cannot be read). The
    /// listing stops at the first other entry: a delete in a folder of thousands of documents
    /// reads one batch of its entries, not all of them.
    func onlySystemFiles() -> [String]? {
        var names: [String] = []
        var others = false
        do {
            try readEntries { name, type, _ in
                guard SystemFile.isSystemFile(name), kind(of: name, type: type) == .file else {
                    others = true
                    return false
                }
                names.append(name)
                return true
            }
        } catch {
            return nil
        }
        return others ? nil : names
    }

    /// ``removeFolderIfEmpty(_:)`` for a committed change that must not finish without it (an
    /// attachment folder its document left): returns false when the folder holds something or
    /// is gone, and throws any other failure, so the change stays to be finished.
    func removeEmptyFolder(_ name: String) throws -> Bool {
        if removeFolder(name) { return true }
        let code = SystemCall.errno
        if code == ENOENT { return false }
        if code == ENOTEMPTY || code == EEXIST { return removeFolderIfEmpty(name) }
        throw SystemCall.failure("rmdir", path: childPath(name), errno: code, descriptor: descriptor)
    }

    /// Removes the empty child folder `name` (`rmdir`); returns whether it was removed.
    func removeFolder(_ name: String) -> Bool {
        FileSystemRecorder.nameChange("rmdir", descriptor, name) { SystemCall.changing(.rmdir, descriptor) { unlinkat(descriptor, name, AT_REMOVEDIR) } } == 0
    }

    /// Whether the folder still has a name (it was not removed since it was opened).
    var isStillLinked: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_nlink > 0
    }

    /// Flushes this folder's entries (creations, renames, removals): `.barrier` orders them
    /// before later writes, `.full` makes them durable (see ``Flush``).
    func synchronize(_ flush: Flush) throws {
        try SystemCall.flush(descriptor, flush, path: path.isEmpty ? "." : path)
    }

    /// The kind of a folder entry, as far as the store cares.
    enum EntryKind: Sendable, Equatable { case file, folder, symbolicLink, other }

    /// One entry of a folder listing.
    struct Entry: Sendable, Equatable {
        var name: String
        var kind: EntryKind
        /// The inode the listing gave (`d_ino`); 0 when not known (an entry a commit's
        /// overlay adds): the folder index tells a replaced file from an unchanged one by it.
        var inode: UInt64 = 0
    }

    /// The folder's entries except `.` and `..`, in no particular order.
    func entries() throws -> [Entry] {
        TestHooks.folderListed(descriptor)
        var result: [Entry] = []
        try readEntries { name, type, inode in
            result.append(Entry(name: name, kind: kind(of: name, type: type), inode: inode))
            return true
        }
        return result
    }

    /// Reads the folder's entries but `.` and `..`, giving each one's name, `d_type` and
    /// inode to `body`, until it returns false.
    private func readEntries(_ body: (String, Int, UInt64) -> Bool) throws {
        let listing = dup(descriptor)
        guard listing >= 0 else { throw SystemCall.failure("dup", path: path, descriptor: descriptor) }
        guard let stream = fdopendir(listing) else {
            close(listing)
            throw SystemCall.failure("opendir", path: path, descriptor: descriptor)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        WorkCounter.count(.listings)
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            WorkCounter.count(.entriesListed)
            guard body(name, Int(entry.pointee.d_type), UInt64(entry.pointee.d_ino)) else { return }
        }
    }

    private func kind(of name: String, type: Int) -> EntryKind {
        switch type {
        case Int(DT_REG): return .file
        case Int(DT_DIR): return .folder
        case Int(DT_LNK): return .symbolicLink
        case Int(DT_UNKNOWN): break
        default: return .other
        }
        // Some file systems do not fill d_type; ask lstat.
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    private func openFailure(_ name: String, errno code: Int32) -> AlmanacError {
        if code == ELOOP || code == ENOTDIR || code == EMLINK {
            var info = stat()
            if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    return SystemCall.failure("open", path: childPath(name), errno: ELOOP, descriptor: descriptor)
                }
                if code == ENOTDIR {
                    return AlmanacError(.io, "is a file where a folder was expected; move it out of the store", path: childPath(name))
                }
            }
        }
        return SystemCall.failure("open", path: childPath(name), errno: code, descriptor: descriptor)
    }
}

/// A process-wide counter for unique temporary names.
final class Counter: @unchecked Sendable {
    // Sendable: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
