#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The store's cross-process write lock: `flock` on `.almanac/lock`.
///
/// The file is never deleted, so every process locks the same inode, and the kernel frees
/// the lock when its holder dies — a crashed writer can never leave the store locked. While
/// holding the lock a writer records who it is (PID, command, start time) in the file, so a
/// process that gives up waiting can say who holds it, and a `state` that tells the next
/// writer whether the previous one finished or was killed in the middle of its work.
final class StoreLock: @unchecked Sendable {
    // Sendable: `descriptor` is immutable; a Store reaches its lock only through its guarded state (StoreState), which serialises acquire and release.
    private let descriptor: Int32
    /// `.almanac/lock-queue`: the next writer in line holds it while it waits for the lock,
    /// so a writer that releases the lock and at once wants it again queues behind a waiting
    /// process instead of taking it back first (`flock` itself is not fair). -1 for a lock
    /// opened only to read its record.
    private let queueDescriptor: Int32
    private let path: String

    /// Who holds (or last held) the lock, as recorded in the lock file.
    struct Holder: Sendable, Equatable {
        var pid: Int32
        var command: String
        var since: String
        /// `active` while the holder works; `released` once it finished cleanly.
        var state: String
        /// Changes at every acquisition, so caches can tell whether anyone wrote since.
        var token: String
    }

    /// Opens the lock of the store's `.almanac/` folder.
    ///
    /// - Parameter forWriting: whether this value will take the lock (and so needs a place in
    ///   line); a reader that only asks who held it last opens one file, and creates none but the lock.
    init(folder: Directory, forWriting: Bool = true) throws {
        let name = "lock"
        path = folder.childPath(name)
        let fd = FileSystemRecorder.creating(folder.descriptor, name) {
            SystemCall.changing(.create, folder.descriptor) { openat(folder.descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: path, descriptor: folder.descriptor) }
        guard forWriting else {
            descriptor = fd
            queueDescriptor = -1
            return
        }
        let queue = FileSystemRecorder.creating(folder.descriptor, "lock-queue") {
            SystemCall.changing(.create, folder.descriptor) { openat(folder.descriptor, "lock-queue", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        }
        guard queue >= 0 else {
            let failure = SystemCall.failure("open", path: folder.childPath("lock-queue"), descriptor: folder.descriptor)
            close(fd)
            throw failure
        }
        descriptor = fd
        queueDescriptor = queue
    }

    deinit {
        close(descriptor)
        if queueDescriptor >= 0 { close(queueDescriptor) }
    }

    /// Takes the lock, waiting up to `timeout` seconds.
    ///
    /// - Returns: the previous holder's record (its `state` is `active` when it died while
    ///   writing) and the record now written for this holder, to pass to ``release(_:)``.
    /// - Throws: `.locked` naming the holder when the wait times out.
    func acquire(command: String, token: String, timeout: Double) throws -> (previous: Holder?, current: Holder) {
        precondition(queueDescriptor >= 0, "a lock opened to read its record cannot be taken")
        let deadline = Date().addingTimeInterval(max(0, timeout))
        // First the place in line, then the lock; the place is given up once the lock is held.
        try wait(for: queueDescriptor, until: deadline)
        defer { flock(queueDescriptor, LOCK_UN) }
        try wait(for: descriptor, until: deadline)
        let previous = readHolder()
        let current = Holder(pid: getpid(), command: command, since: Timestamp.format(Date()), state: "active", token: token)
        // The record saying a writer is at work is what makes the next writer recover; after a
        // power cut it must not be older than what the writer went on to change. A barrier
        // orders it before every write of the session, at one flush per session.
        do {
            try write(current)
            try SystemCall.flush(descriptor, .barrier, path: path)
        } catch {
            flock(descriptor, LOCK_UN)
            throw error
        }
        return (previous, current)
    }

    /// Whether another writer waits in line for the lock (it holds the queue lock meanwhile).
    func hasWaiter() -> Bool {
        guard queueDescriptor >= 0 else { return false }
        guard flock(queueDescriptor, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(queueDescriptor, LOCK_UN)
        return false
    }

    /// Takes `flock` on `fd`, polling until `deadline`.
    private func wait(for fd: Int32, until deadline: Date) throws {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = SystemCall.errno
            guard code == EWOULDBLOCK || code == EINTR || code == EAGAIN else {
                throw StoreLock.lockFailure(path: path, errno: code)
            }
            if Date() >= deadline {
                let who = readHolder().map { "PID \($0.pid) (\($0.command), since \($0.since))" } ?? "another process"
                throw AlmanacError(
                    .locked,
                    "store is locked by \(who); wait for it to finish, or retry with a longer lock timeout",
                    path: path).with(.longerLockTimeout)
            }
            usleep(fd == descriptor ? 2_000 : 10_000)
        }
    }

    /// The error for a `flock` that failed other than by waiting: a file system that cannot
    /// lock (exFAT, FAT, some network shares answer `ENOTSUP`, `EOPNOTSUPP` or `ENOLCK`) is
    /// named as such, since retrying cannot help.
    static func lockFailure(path: String, errno code: Int32) -> AlmanacError {
        guard SystemCall.isUnsupported(code) || code == ENOLCK || code == EINVAL else {
            return SystemCall.failure("flock", path: path, errno: code)
        }
        return AlmanacError(
            .io,
            "the file system holding the store cannot lock files, and Almanac needs a lock to keep writers apart; move the store to a local volume (APFS, HFS+, ext4), off network shares and exFAT/FAT drives (flock: \(String(cString: strerror(code))), errno \(code))",
            path: path, underlying: POSIXFailure(operation: "flock", errno: code))
    }

    /// Records a clean finish and releases the lock.
    func release(_ holder: Holder) {
        var finished = holder
        finished.state = "released"
        // A record left saying `active` only makes the next writer look for leftovers.
        try? write(finished)
        flock(descriptor, LOCK_UN)
    }

    /// The holder recorded in the lock file, or `nil` when it is empty or unreadable.
    func readHolder() -> Holder? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return StoreLock.parseHolder(Array(buffer[0..<count]))
    }

    /// Whether the recorded holder died while writing: its record says `active`, yet nobody
    /// holds the lock (the kernel freed it). Never waits.
    func holderDiedWhileWriting() -> Bool {
        guard readHolder()?.state == "active" else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
    }

    /// Whether nobody holds the lock now. Never waits.
    func isFree() -> Bool {
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
    }

    /// Releases the lock without recording a clean finish, as a killed process would.
    func abandon() {
        flock(descriptor, LOCK_UN)
    }

    /// Parses a lock record, or returns `nil` for an empty, torn or hand-written one.
    static func parseHolder(_ bytes: [UInt8]) -> Holder? {
        // A record torn by a concurrent rewrite, or edited by hand, means the holder is unknown.
        guard let parsed = try? JSONParser.parse(bytes), case .object(let members) = parsed.value,
              let pid = members["pid"]?.numberValue?.int64Value, let command = members["command"]?.stringValue,
              let since = members["since"]?.stringValue, let state = members["state"]?.stringValue,
              let token = members["token"]?.stringValue
        else { return nil }
        return Holder(pid: Int32(truncatingIfNeeded: pid), command: command, since: since, state: state, token: token)
    }

    private func write(_ holder: Holder) throws {
        // Only the `active` record is flushed (in `acquire`): a lost `released` record makes
        // the next writer sweep for leftovers it does not find, nothing worse. It is written
        // at every session, so it is built directly rather than through the Codable encoder.
        let record = JSONValue.object([
            "pid": .number(JSONNumber(holder.pid)), "command": .string(holder.command), "since": .string(holder.since),
            "state": .string(holder.state), "token": .string(holder.token),
        ])
        let bytes = CanonicalJSON.compactBytes(record) + [UInt8(ascii: "\n")]
        // Write, then cut the old tail: a reader never sees an empty record, at worst a torn one.
        let written = bytes.withUnsafeBytes { buffer in
            let count = SystemCall.changing(.write, descriptor) { pwrite(descriptor, buffer.baseAddress, buffer.count, 0) }
            FileSystemRecorder.wrote(descriptor, buffer.baseAddress, count: count, offset: 0)
            return count
        }
        guard written == bytes.count else { throw SystemCall.failure("write", path: path, descriptor: descriptor) }
        guard SystemCall.changing(.truncate, descriptor, { ftruncate(descriptor, off_t(bytes.count)) }) == 0 else {
            throw SystemCall.failure("ftruncate", path: path, descriptor: descriptor)
        }
        FileSystemRecorder.truncated(descriptor, size: Int64(bytes.count))
    }
}
