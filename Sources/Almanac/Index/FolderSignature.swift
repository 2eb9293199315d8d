#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a folder's `stat` says about its entries: any file added, removed or renamed in it
/// moves its modification and change times, and a folder replaced by another has another inode.
/// An edit inside a file leaves the folder's times as they were (the index never needs it:
/// it records where files are, and reads a file only when its inode is new).
struct FolderSignature: Sendable, Equatable {
    var inode: UInt64
    var modified: Int64
    var changed: Int64

    init(inode: UInt64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        let identity = FileIdentity(info)
        self.init(inode: identity.inode, modified: identity.modified, changed: identity.changed)
    }

    /// The signature of the folder `path` below the open folder `base`, or `nil` when it may
    /// have changed: not there, not a folder, or not to be looked at now (a descriptor limit,
    /// an I/O error): listing it again says which, or fails with the cause. One `fstatat`: the
    /// kernel walks the path.
    static func of(_ path: String, in base: Directory) -> FolderSignature? {
        var info = stat()
        WorkCounter.count(.folderLooks)
        guard fstatat(base.descriptor, path.isEmpty ? "." : path, &info, AT_SYMLINK_NOFOLLOW) == 0,
              (info.st_mode & S_IFMT) == S_IFDIR
        else { return nil }
        return FolderSignature(info)
    }

    /// The signatures of the folders `names` in the folder `parent` below `base` (`nil` for one
    /// that may have changed, as ``of(_:in:)``): the parent is opened once and each name looked
    /// up in it, a third of the path walking of one `fstatat` per full path.
    static func of(_ names: [String], inFolder parent: String, below base: Directory) -> [FolderSignature?] {
        let fd = parent.isEmpty ? -1 : openat(base.descriptor, parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard parent.isEmpty || fd >= 0 else { return names.map { _ in nil } }
        defer { if fd >= 0 { close(fd) } }
        let folder = fd >= 0 ? fd : base.descriptor
        WorkCounter.count(.folderLooks, names.count)
        return names.map { name in
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            return FolderSignature(info)
        }
    }

    /// The signature of the open folder `folder`.
    ///
    /// - Throws: the `fstat` failure, naming the folder: a folder that cannot be looked at is
    ///   never taken for an empty or a missing one.
    static func of(_ folder: Directory) throws -> FolderSignature {
        var info = stat()
        guard fstat(folder.descriptor, &info) == 0 else { throw SystemCall.failure("stat", path: folder.path, descriptor: folder.descriptor) }
        return FolderSignature(info)
    }

    /// How close to the moment a folder was looked at a change must be for the look to be
    /// unsure it saw it: a change in the same tick of the file system's clock leaves the times
    /// as they were. 2 s covers the clocks of file systems that keep whole seconds (HFS+, FAT,
    /// exFAT: their times have no fraction); 50 ms, the kernel's coarse clock that stamps
    /// files on the others (a tick of 1 to 10 ms behind the clock the index reads).
    static let racyNanoseconds: Int64 = 2_000_000_000
    static let racyFineNanoseconds: Int64 = 50_000_000

    /// Waits until a change made at `time` (wall-clock nanoseconds) is a racy window in the past
    /// on a file system of fine times, so that a listing from then on is sure of a folder changed
    /// then; at most one window (``racyFineNanoseconds``). A file system of whole seconds is not
    /// waited for: its folders stay unsure, and the next check of every folder lists them.
    static func waitOutTick(after time: Int64) {
        let wait = min(time + racyFineNanoseconds + 1_000_000 - DocumentCache.now(), racyFineNanoseconds + 1_000_000)
        if wait > 0 { usleep(UInt32(wait / 1_000)) }
    }

    /// Whether both times are whole seconds: a file system whose clock keeps no fraction.
    var hasWholeSeconds: Bool { modified % 1_000_000_000 == 0 && changed % 1_000_000_000 == 0 }
}
