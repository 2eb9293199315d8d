#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Directory {
    /// How a file reached a copy: sharing its blocks (a copy-on-write clone) or byte by byte.
    enum CopyMethod { case clone, copy }

    /// Makes `newName` in `folder` an independent copy of the file `name` here (mode 0600):
    /// a copy-on-write clone where the file system has them (`clonefileat` on APFS, the
    /// `FICLONE` ioctl on Btrfs and XFS), a plain copy otherwise. Unlike a hard link, changing
    /// one never changes the other. Not flushed: the caller flushes the copy as a whole.
    func cloneOrCopy(_ name: String, into folder: Directory, as newName: String) throws -> CopyMethod {
        if try clone(name, into: folder, as: newName) { return .clone }
        guard let bytes = try readFile(name) else { throw SystemCall.failure("open", path: childPath(name), errno: ENOENT, descriptor: descriptor) }
        try folder.createFile(newName, bytes, flush: nil)
        return .copy
    }

    /// Flushes the file `name` (a barrier) where many copied files cannot be flushed by one volume sync.
    func flushFile(_ name: String) throws {
        let fd = SystemCall.retryingInterrupts { openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemCall.failure("open", path: childPath(name), descriptor: descriptor) }
        defer { close(fd) }
        try SystemCall.flush(fd, .barrier, path: childPath(name))
    }

    /// Flushes this folder and every folder below it (their entries), and with `files` every
    /// file in them too (otherwise the files were flushed as they were written).
    func synchronizeTree(files: Bool = false) throws {
        for entry in try entries() {
            if entry.kind == .folder {
                try openFolder(entry.name)?.synchronizeTree(files: files)
            } else if files, entry.kind == .file {
                try flushFile(entry.name)
            }
        }
        try synchronize(.barrier)
    }

    /// Clones the file; false where the file system cannot (the caller copies instead).
    private func clone(_ name: String, into folder: Directory, as newName: String) throws -> Bool {
        #if canImport(Darwin)
        // CLONE_NOFOLLOW: a link where a file was expected is cloned as the link, never its target.
        if SystemCall.changing(.clone, folder.descriptor, { clonefileat(descriptor, name, folder.descriptor, newName, UInt32(CLONE_NOFOLLOW)) }) == 0 {
            FileSystemRecorder.clonedFile(folder.descriptor, newName, made: true)
            _ = SystemCall.changing(.chmod, folder.descriptor) { fchmodat(folder.descriptor, newName, 0o600, AT_SYMLINK_NOFOLLOW) }
            return true
        }
        let code = SystemCall.errno
        guard SystemCall.isUnsupported(code) || code == EXDEV else { throw SystemCall.failure("clonefile", path: folder.childPath(newName), errno: code, descriptor: descriptor) }
        return false
        #else
        guard let ioctl = Directory.ioctlFunction else { return false }
        // A volume that refused once refuses every time (ext4, tmpfs): copies go straight to
        // the copy, without making and removing an empty file each (an inode freed per file).
        var volume = stat()
        let device = fstat(folder.descriptor, &volume) == 0 ? UInt64(volume.st_dev) : nil
        if let device, Directory.refusesClones.withLock({ $0.devices.contains(device) }) { return false }
        let source = SystemCall.retryingInterrupts { openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard source >= 0 else { throw SystemCall.failure("open", path: childPath(name), descriptor: descriptor) }
        defer { close(source) }
        let target = FileSystemRecorder.creating(folder.descriptor, newName) {
            SystemCall.changing(.create, folder.descriptor) { openat(folder.descriptor, newName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        }
        guard target >= 0 else { throw SystemCall.failure("open", path: folder.childPath(newName), descriptor: folder.descriptor) }
        defer { close(target) }
        if SystemCall.changing(.clone, target, { ioctl(target, Directory.ficlone, source) }) == 0 {
            FileSystemRecorder.clonedFile(folder.descriptor, newName, made: false)
            return true
        }
        let code = SystemCall.errno
        // The empty target must go before a copy takes its name.
        let removed = FileSystemRecorder.nameChange("unlink", folder.descriptor, newName) {
            SystemCall.changing(.unlink, folder.descriptor) { unlinkat(folder.descriptor, newName, 0) }
        }
        guard removed == 0 else {
            throw SystemCall.failure("unlink", path: folder.childPath(newName), descriptor: folder.descriptor)
        }
        // EOPNOTSUPP (ext4, tmpfs), EXDEV, EINVAL (unaligned or special files): copy instead.
        guard SystemCall.isUnsupported(code) || code == EXDEV || code == EINVAL || code == ENOTTY else {
            throw SystemCall.failure("ioctl(FICLONE)", path: folder.childPath(newName), errno: code, descriptor: descriptor)
        }
        if let device, SystemCall.isUnsupported(code) || code == ENOTTY { Directory.refusesClones.withLock { _ = $0.devices.insert(device) } }
        return false
        #endif
    }

    #if !canImport(Darwin)
    /// The volumes (by device) that refused a clone as unsupported, in this process.
    private final class CloneRefusals {
        var devices: Set<UInt64> = []
    }
    private static let refusesClones = Guarded(CloneRefusals())

    /// `_IOW(0x94, 9, int)`.
    private static let ficlone: UInt = 0x4004_9409
    private typealias IoctlFunction = @convention(c) (Int32, UInt, Int32) -> Int32
    // Looked up at run time: C's variadic `ioctl` is not imported into Swift.
    private static let ioctlFunction: IoctlFunction? = {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, "ioctl") else { return nil }
        return unsafeBitCast(address, to: IoctlFunction.self)
    }()
    #endif
}
