#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemCall {
    /// Flushes a file or folder: `.barrier` orders it before later writes, `.full` makes it
    /// (and everything flushed before it) durable. See ``Flush``.
    ///
    /// On Apple systems a flush call the file system refuses (some network, FAT and external
    /// volumes answer `ENOTSUP`, `ENOTTY`, `EINVAL`, `EPERM` or `EACCES`) falls back to `fsync`,
    /// and the fallback is counted (``FlushCounts/flushFallbacks``). An `EIO` or a full disk
    /// never falls back: it means the data may be lost.
    ///
    /// - Parameter path: the file or folder, for the message.
    /// - Throws: ``AlmanacError`` naming `path`, the call that failed and why.
    static func flush(_ descriptor: Int32, _ kind: Flush, path: String) throws {
        FlushCounter.shared.count(kind)
        var refused: (call: String, errno: Int32)?
        if TestHooks.isApplePath(descriptor) {
            let code = appleFlush(descriptor, kind)
            if code == 0 {
                FileSystemRecorder.flushed(descriptor, kind == .full ? "full" : "barrier")
                return
            }
            guard fallsBack(code) else { throw failure(kind.appleCall, path: path, errno: code, descriptor: descriptor) }
            FlushCounter.shared.countFlushFallback()
            refused = (kind.appleCall, code)
        }
        let code = changing(.fsync, descriptor) { fsync(descriptor) } == 0 ? 0 : errno
        guard code == 0 else {
            let operation = refused.map { "fsync, after \($0.call) was refused with errno \($0.errno)" } ?? "fsync"
            throw failure(operation, path: path, errno: code, descriptor: descriptor)
        }
        FileSystemRecorder.flushed(descriptor, kind == .full ? "full" : "barrier")
    }

    /// Whether a refused flush or volume sync (`errno` `code`) may be done another way: the file
    /// system does not offer the call, or does not let this process make it. Never for an I/O
    /// error or a full disk, where the data itself may be lost.
    static func fallsBack(_ code: Int32) -> Bool {
        isUnsupported(code) || code == EINVAL || code == ENOTTY || code == ENOSYS || code == EPERM || code == EACCES
    }

    /// `F_FULLFSYNC` or `F_BARRIERFSYNC`; 0 or the `errno`. On Linux, where the forced Apple
    /// path runs in tests, `fsync` stands in for both.
    private static func appleFlush(_ descriptor: Int32, _ kind: Flush) -> Int32 {
        if let injected = TestHooks.injectedError(kind == .full ? .fullFlush : .barrierFlush, descriptor) { return injected }
        #if canImport(Darwin)
        return fcntl(descriptor, kind == .full ? F_FULLFSYNC : F_BARRIERFSYNC) == 0 ? 0 : errno
        #else
        return retryingInterrupts { fsync(descriptor) } == 0 ? 0 : errno
        #endif
    }
}

/// How far a flush must reach (the Apple platforms article of the documentation gives the whole model).
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

extension Flush {
    /// The Apple system's call for this flush, for messages.
    var appleCall: String { self == .full ? "F_FULLFSYNC" : "F_BARRIERFSYNC" }
}
