#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Failure points that tests can arm: crashes, to prove that an interrupted write leaves the
/// store readable and is cleaned up by the next writer, and a full disk.
///
/// A point is armed for one file name, so tests running in parallel do not disturb each
/// other. When a crash point is reached for that name, the write stops with
/// ``AlmanacError/Code/simulatedCrash`` and, like a killed process, cleans nothing up;
/// `diskFull` fails the write with `ENOSPC` as the kernel would.
enum FaultInjection {
    enum Point: String, Sendable {
        /// After the temporary file is written, before it is fsynced and renamed.
        case afterTemporaryWrite
        /// After a moved document's new copy is durable, before the old copy is removed.
        case beforeRemovingOldCopy
        /// Writing the temporary file fails as on a full disk (`ENOSPC`); not a crash.
        case diskFull
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var armed: Set<String> = []

    /// Arms `point` for writes of the file `name`, until ``disarm(_:name:)``.
    static func arm(_ point: Point, name: String) {
        lock.synchronized { _ = armed.insert(point.rawValue + "/" + name) }
    }

    /// Disarms `point` for `name`.
    static func disarm(_ point: Point, name: String) {
        lock.synchronized { _ = armed.remove(point.rawValue + "/" + name) }
    }

    /// Throws the failure of `point` when it is armed for `name`.
    static func check(_ point: Point, name: String) throws {
        let hit = lock.synchronized { () -> Bool in
            guard !armed.isEmpty else { return false }
            // A temporary file `.<name>.<pid>-<n>.almanac-tmp` answers to its final name too.
            let final = Directory.finalName(ofTemporary: name) ?? name
            return armed.contains(point.rawValue + "/" + name) || armed.contains(point.rawValue + "/" + final)
        }
        guard hit else { return }
        if point == .diskFull { throw SystemCall.failure("write", path: name, errno: ENOSPC) }
        throw AlmanacError(.simulatedCrash, "simulated crash at \(point.rawValue)", path: name)
    }
}
