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
    ///
    /// - Parameter descriptor: the open file or folder the call worked on, when there is one: a
    ///   denial there is "the device is locked" only when data protection is in force on it.
    static func failure(_ operation: String, path: String, errno code: Int32 = SystemCall.errno, descriptor: Int32? = nil) -> AlmanacError {
        #if canImport(Darwin)
        let applePlatform = true
        #else
        let applePlatform = TestSwitch.applePlatform || descriptor.map(TestHooks.isApplePath) == true
        #endif
        let denied = code == EPERM || code == EACCES
        let protection = applePlatform && denied ? descriptor.flatMap { FileProtection.inForce(at: $0) } : nil
        return failure(operation, path: path, errno: code, applePlatform: applePlatform, protection: protection, descriptor: descriptor)
    }

    /// ``failure(_:path:errno:descriptor:)`` as on an Apple system (`applePlatform`) or another
    /// one, with the protection class in force where the call failed (`nil`: none or unknown),
    /// so that tests on Linux check the Apple wording too.
    static func failure(_ operation: String, path: String, errno code: Int32, applePlatform: Bool,
                        protection: FileProtection? = nil, descriptor: Int32? = nil) -> AlmanacError {
        let reason = String(cString: strerror(code))
        let denied = code == EPERM || code == EACCES
        if applePlatform, denied, let protection, protection.closesWhileLocked {
            // A denial where data protection is in force: the files are closed until the device is unlocked.
            return AlmanacError(
                .protectedDataUnavailable,
                "protected data is not available: the store's files have data protection class \(protection.rawValue), which keeps them closed \(protection.whenClosed); retry after the user unlocks the device, or give the store a weaker class (Store.Options.fileProtection) (\(operation): \(reason), errno \(code))",
                path: path, underlying: POSIXFailure(operation: operation, errno: code))
        }
        if applePlatform, denied {
            return AlmanacError(
                .io,
                "permission denied; check that the app's sandbox, privacy settings (Files and Folders, Full Disk Access) or the file's owner allow it, and that the folder is not inside a read-only app bundle (\(operation): \(reason), errno \(code))",
                path: path, underlying: POSIXFailure(operation: operation, errno: code))
        }
        let advice: String
        switch code {
        case ENOSPC where descriptor.map(inodesExhausted) == true:
            advice = "no free inodes are left on the volume: it can hold no more files or folders, although space may be free; remove files you do not need from it (many small ones free the most inodes) and try again"
        case ENOSPC:
            advice = "the disk is full; free some space and try again"
        case EDQUOT:
            advice = "your disk quota on this volume is used up; free space within your quota, or ask for a larger one, and try again"
        case EACCES, EPERM:
            advice = "permission denied: \(currentUser) may not \(operation) this file or folder; check its owner and mode and those of the folders above it (ls -l), or run as the user who owns the store"
        case EROFS:
            advice = "the file system is read-only; copy the store somewhere writable"
        case EIO:
            advice = "the disk reported an I/O error (it may be failing, or was removed while in use); copy the store somewhere safe, check the disk, and try again"
        case ENFILE:
            advice = "the system has too many files open; close other programs and try again"
        case ELOOP:
            return AlmanacError(
                .symbolicLink,
                "is a symbolic link; Almanac never follows links inside a store — replace it with a real file or folder",
                path: path)
        case ENOENT:
            advice = "it does not exist"
        case EMFILE:
            advice = "too many open files in this process; raise its limit (ulimit -n) and try again"
        default:
            advice = "\(operation) failed"
        }
        return AlmanacError(.io, "\(advice) (\(operation): \(reason), errno \(code))", path: path,
                            underlying: POSIXFailure(operation: operation, errno: code))
    }

    /// Whether the volume holding `descriptor` has no free inode left (an `ENOSPC` with blocks to spare).
    static func inodesExhausted(_ descriptor: Int32) -> Bool {
        var info = statvfs()
        // A file system that does not count inodes (some report 0 files in all) is never out of them.
        return fstatvfs(descriptor, &info) == 0 && info.f_files > 0 && info.f_favail == 0
    }

    /// The user this process runs as, for messages: `user NAME (uid N)`.
    /// Looked up once (`getpwuid`'s buffer is shared, and failures are worded on many threads at once).
    static let currentUser: String = {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return "user \(String(cString: name)) (uid \(uid))"
    }()

    /// Whether `code` says the file system does not offer a call (both spellings: Linux has one
    /// value for `ENOTSUP` and `EOPNOTSUPP`, Apple systems two).
    static func isUnsupported(_ code: Int32) -> Bool {
        code == ENOTSUP || code == EOPNOTSUPP
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
