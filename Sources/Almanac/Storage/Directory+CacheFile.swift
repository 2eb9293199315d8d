#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Directory {
    /// Replaces `name` with `bytes` atomically but without flushing: for caches (the folder
    /// index) that are checked before every use and rebuilt when a crash tore them, where an
    /// fsync per file would cost more than the rebuild it saves. Nothing is left on failure.
    func writeCacheFile(_ name: String, _ bytes: [UInt8]) throws {
        let temporary = Directory.temporaryName(for: name)
        do {
            try createFile(temporary, bytes, flush: nil)
        } catch {
            removeTemporary(temporary)
            throw error
        }
        guard FileSystemRecorder.nameChange("rename", descriptor, temporary, descriptor, name, {
            SystemCall.changing(.rename, descriptor) { renameat(descriptor, temporary, descriptor, name) }
        }) == 0 else {
            let failure = SystemCall.failure("rename", path: childPath(name), descriptor: descriptor)
            removeTemporary(temporary)
            throw failure
        }
    }

    /// Opens (creating) the lock file `name`, for `flock`; -1 when it cannot be.
    func openLockFile(_ name: String) -> Int32 {
        FileSystemRecorder.creating(descriptor, name) {
            SystemCall.changing(.create, descriptor) { openat(descriptor, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        }
    }

    private func removeTemporary(_ temporary: String) {
        _ = FileSystemRecorder.nameChange("unlink", descriptor, temporary) { SystemCall.changing(.unlink, descriptor) { unlinkat(descriptor, temporary, 0) } }
    }
}
