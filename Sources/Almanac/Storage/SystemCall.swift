#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin helpers over the POSIX calls the store is built on, turning `errno` into ``AlmanacError``.
enum SystemCall {
    /// The current `errno`.
    static var errno: Int32 {
        #if canImport(Darwin)
        return Darwin.errno
        #elseif canImport(Glibc)
        return Glibc.errno
        #else
        return Musl.errno
        #endif
    }

    /// Whether no process `pid` runs any more: what it left behind (a staging folder, a
    /// temporary file, a snapshot) is no one's work in progress.
    static func processIsGone(_ pid: Int32) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Retries `body` while it fails with `EINTR`, returning its result.
    static func retryingInterrupts<T: BinaryInteger>(_ body: () -> T) -> T {
        while true {
            let result = body()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    /// An error for a failed system call, with a message that says what to do about the usual causes.
    static func failure(_ operation: String, path: String, errno code: Int32 = SystemCall.errno) -> AlmanacError {
        #if canImport(Darwin)
        let applePlatform = true
        #else
        let applePlatform = TestSwitch.applePlatform
        #endif
        return failure(operation, path: path, errno: code, applePlatform: applePlatform)
    }

    /// ``failure(_:path:errno:)`` as on an Apple system (`applePlatform`) or another one, so
    /// that tests on Linux check the Apple wording too.
    static func failure(_ operation: String, path: String, errno code: Int32, applePlatform: Bool) -> AlmanacError {
        let reason = String(cString: strerror(code))
        if applePlatform && (code == EPERM || code == EACCES) {
            // In an app's own container a denial is data protection: the device is locked and
            // the file's class (complete, or any before the first unlock) keeps it unreadable.
            return AlmanacError(
                .protectedDataUnavailable,
                "protected data is not available: the device is locked, and data protection keeps the store's files closed until it is unlocked; retry after the user unlocks the device (or the first unlock after a restart), or give the store a weaker class (Store.Options.fileProtection). Outside an app's container, check that you own the store folder (\(operation): \(reason), errno \(code))",
                path: path, underlying: POSIXFailure(operation: operation, errno: code))
        }
        let advice: String
        switch code {
        case ENOSPC, EDQUOT:
            advice = "the disk is full; free some space and try again (nothing was changed by this write)"
        case EACCES, EPERM:
            advice = "permission denied; check that you own the store folder and that it is writable"
        case EROFS:
            advice = "the file system is read-only; copy the store somewhere writable"
        case ELOOP:
            return AlmanacError(
                .symbolicLink,
                "is a symbolic link; Almanac never follows links inside a store — replace it with a real file or folder",
                path: path)
        case ENOENT:
            advice = "it does not exist"
        case EMFILE, ENFILE:
            advice = "too many open files; raise the limit (ulimit -n) or close other programs"
        default:
            advice = "\(operation) failed"
        }
        return AlmanacError(.io, "\(advice) (\(operation): \(reason), errno \(code))", path: path,
                            underlying: POSIXFailure(operation: operation, errno: code))
    }

    /// Flushes a file or folder: `.barrier` orders it before later writes, `.full` makes it
    /// (and everything flushed before it) durable. See ``Flush``.
    ///
    /// On Apple systems a call the file system does not support (`ENOTSUP`, `EOPNOTSUPP`,
    /// `EINVAL`: some network and FAT volumes) falls back to `fsync`; an `EIO` never does, since
    /// it means the data may be lost.
    static func flush(_ fd: Int32, _ kind: Flush) -> Int32 {
        FlushCounter.shared.count(kind)
        let result = systemFlush(fd, kind)
        if result == 0 { FileSystemRecorder.flushed(fd, kind == .full ? "full" : "barrier") }
        return result
    }

    private static func systemFlush(_ fd: Int32, _ kind: Flush) -> Int32 {
        #if canImport(Darwin)
        let command = kind == .full ? F_FULLFSYNC : F_BARRIERFSYNC
        if fcntl(fd, command) == 0 { return 0 }
        let code = errno
        guard isUnsupported(code) || code == EINVAL else { return -1 }
        #endif
        return retryingInterrupts { fsync(fd) }
    }

    /// Whether `code` says the file system does not offer a call (both spellings: Linux has one
    /// value for `ENOTSUP` and `EOPNOTSUPP`, Apple systems two).
    static func isUnsupported(_ code: Int32) -> Bool {
        code == ENOTSUP || code == EOPNOTSUPP
    }
}

/// How far a flush must reach (the README's "On Apple platforms" gives the whole model).
///
/// Apple's `fsync` hands data to the drive, whose cache may still lose it or write it out of
/// order; `F_FULLFSYNC` empties that cache and costs milliseconds, for the whole drive. So an
/// operation orders its steps with barriers and pays one full flush where it commits. On
/// Linux both are `fsync`, which is durable there.
enum Flush: Sendable {
    /// Orders: everything written before reaches the disk before anything written after
    /// (`F_BARRIERFSYNC` on Apple systems, `fsync` on Linux).
    case barrier
    /// Durable: this file and everything flushed before it survive a power cut
    /// (`F_FULLFSYNC` on Apple systems, `fsync` on Linux). Once per commit point.
    case full
}

/// The raw failure of a system call, kept as the `underlying` cause of an ``AlmanacError``.
public struct POSIXFailure: Error, Sendable, CustomStringConvertible {
    /// The call that failed, e.g. `open`.
    public var operation: String
    /// The `errno` it set.
    public var errno: Int32
    /// `operation: strerror(errno)`.
    public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}
