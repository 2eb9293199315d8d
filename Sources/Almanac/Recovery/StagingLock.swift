#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `flock` on `.almanac/staging-lock`: held by the process staging a new version in
/// `.almanac/migration/` for the whole of its staging, which runs without the writers' lock
/// (a migration of a large store takes minutes, and an app suspended meanwhile must hold no
/// writers' lock). It keeps two migrations from staging into the same folder, and recovery
/// from removing a staging folder that a live process is filling.
///
/// Like `.almanac/lock`, the file is never deleted, and the kernel frees the lock when its
/// holder dies.
final class StagingLock: @unchecked Sendable {
    // Sendable: `descriptor` is immutable; release happens once, by the owner.
    static let fileName = "staging-lock"

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Takes the lock of the store whose `.almanac/` folder is `folder`, waiting up to `timeout` seconds.
    ///
    /// - Throws: `.locked` when another process keeps staging past the timeout.
    static func acquire(in folder: Directory, timeout: Double) throws -> StagingLock {
        let fd = try open(in: folder)
        let lock = StagingLock(descriptor: fd)
        let deadline = Date().addingTimeInterval(max(0, timeout))
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = SystemCall.errno
            guard code == EWOULDBLOCK || code == EINTR || code == EAGAIN else {
                throw StoreLock.lockFailure(path: folder.childPath(fileName), errno: code)
            }
            if Date() >= deadline {
                throw AlmanacError(.locked, "another process is staging a migration of this store; wait for it to finish, or retry with a longer lock timeout",
                                   path: folder.childPath(fileName)).with(.longerLockTimeout)
            }
            usleep(10_000)
        }
        return lock
    }

    /// Whether a live process holds the lock of the store whose `.almanac/` folder is `folder`. Never waits.
    static func isHeld(in folder: Directory) -> Bool {
        guard let fd = try? open(in: folder) else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(fd, LOCK_UN)
        return false
    }

    private static func open(in folder: Directory) throws -> Int32 {
        let fd = FileSystemRecorder.creating(folder.descriptor, fileName) {
            SystemCall.retryingInterrupts { openat(folder.descriptor, fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: folder.childPath(fileName), descriptor: folder.descriptor) }
        return fd
    }
}
