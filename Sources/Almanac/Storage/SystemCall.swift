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
        let reason = String(cString: strerror(code))
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

    /// Flushes a file or folder to stable storage. On Apple systems `fsync` only reaches the
    /// drive's cache, so `F_FULLFSYNC` is used where the file system supports it.
    static func synchronize(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return retryingInterrupts { fsync(fd) }
    }
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
