#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `.almanac/commits`: a counter writers advance around every change readers can see, so a
/// reader learns with one `pread` whether a commit came while it read (DESIGN §4, "Readers").
///
/// Even: nothing is being put in place. Odd: a change is being put in place — a journal's
/// renames and removals (readers apply the journal, ``CommitOverlay``), or one file's rename
/// or removal (readers wait for that one system call). A reader that sees the value move
/// while it read reads again: what it read may hold part of a commit.
///
/// The counter orders reads against writes; it records nothing durable. It is written in
/// place without a flush and never deleted (like `lock`), so a reader may keep it open. A
/// store whose `.almanac/` has no counter yet reads 0 until the first writer makes one.
final class CommitClock: @unchecked Sendable {
    // Sendable: `descriptor` is read and set only with `lock` held.
    static let fileName = "commits"

    private let root: Directory
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    /// Whether ``prepare()`` found or made the counter whole (it is never cut short after).
    private var prepared = false

    init(root: Directory) {
        self.root = root
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The counter now; 0 when there is none yet.
    func now() -> UInt64 {
        let fd = lock.synchronized { () -> Int32 in
            if descriptor < 0 { descriptor = openForReading() }
            return descriptor
        }
        guard fd >= 0 else { return 0 }
        return Self.value(in: fd)
    }

    /// Advances the counter by one: odd before a change is put in place, even after. Called
    /// only by the writer holding the store's lock, so no two advances race.
    ///
    /// - Returns: the new value.
    @discardableResult
    func advance() throws -> UInt64 {
        let fd = try lock.synchronized { () throws -> Int32 in
            if descriptor < 0 { descriptor = try openForWriting() }
            return descriptor
        }
        let next = Self.value(in: fd) &+ 1
        var bytes = next.littleEndian
        let written = withUnsafeBytes(of: &bytes) { buffer in
            let count = SystemCall.changing(.write, fd) { pwrite(fd, buffer.baseAddress, 8, 0) }
            FileSystemRecorder.wrote(fd, buffer.baseAddress, count: count, offset: 0)
            return count
        }
        guard written == 8 else { throw SystemCall.failure("write", path: root.childPath(".almanac/" + Self.fileName)) }
        return next
    }

    /// Makes the counter exist with all its 8 bytes, before a writer stages anything: advancing
    /// it later is a write in place that needs no new inode, nor a new block on a file system
    /// that writes in place (a copy-on-write volume may still need one; that failure, after a
    /// journal, is reported as a committed change finished later).
    func prepare() throws {
        let path = root.childPath(".almanac/" + Self.fileName)
        try lock.synchronized { () throws -> Void in
            guard !prepared else { return }
            if descriptor < 0 { descriptor = try openForWriting() }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw SystemCall.failure("stat", path: path, descriptor: descriptor) }
            guard info.st_size < 8 else {
                prepared = true
                return
            }
            var bytes = Self.value(in: descriptor).littleEndian
            let written = withUnsafeBytes(of: &bytes) { buffer in
                let count = SystemCall.changing(.write, descriptor) { pwrite(descriptor, buffer.baseAddress, 8, 0) }
                FileSystemRecorder.wrote(descriptor, buffer.baseAddress, count: count, offset: 0)
                return count
            }
            guard written == 8 else { throw SystemCall.failure("write", path: path, descriptor: descriptor) }
            // Its entry in .almanac/ is made durable once, when it is new.
            if info.st_size == 0, let folder = try root.openFolder(".almanac") { try folder.synchronize(.barrier) }
            prepared = true
        }
    }

    /// The counter when no change is being put in place, waiting up to a second for one in
    /// flight; `nil` when it stays odd (a writer died mid-change: the next writer to take the
    /// lock settles it).
    func settled() -> UInt64? {
        for _ in 0..<1000 {
            let value = now()
            if value % 2 == 0 { return value }
            usleep(1000)
        }
        return nil
    }

    /// Makes the counter odd (a change is being put in place) unless it is already: recovery
    /// finishing a journal a writer killed before its first advance left even.
    func markChanging() throws {
        if now() % 2 == 0 { try advance() }
    }

    /// Makes the counter even (nothing is being put in place) unless it is already.
    func markSettled() throws {
        if now() % 2 == 1 { try advance() }
    }

    /// Opens the counter file read-write (read-only for a reader without write permission);
    /// -1 when it is not there.
    private func openForReading() -> Int32 {
        // One `openat` through `.almanac/` (every read of a store just opened pays it).
        let path = ".almanac/" + Self.fileName
        let fd = SystemCall.retryingInterrupts { openat(root.descriptor, path, O_RDWR | O_NOFOLLOW | O_CLOEXEC) }
        guard fd < 0, SystemCall.errno == EACCES else { return fd }
        return SystemCall.retryingInterrupts { openat(root.descriptor, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
    }

    /// Opens the counter file read-write, making it (and `.almanac/`) when missing.
    private func openForWriting() throws -> Int32 {
        let folder = try root.openOrCreateFolder(".almanac", synchronize: true).folder
        let fd = FileSystemRecorder.creating(folder.descriptor, Self.fileName) {
            SystemCall.changing(.create, folder.descriptor) { openat(folder.descriptor, Self.fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: folder.childPath(Self.fileName), descriptor: folder.descriptor) }
        return fd
    }

    private static func value(in fd: Int32) -> UInt64 {
        var value: UInt64 = 0
        let read = withUnsafeMutableBytes(of: &value) { buffer in SystemCall.retryingInterrupts { pread(fd, buffer.baseAddress, 8, 0) } }
        return read == 8 ? UInt64(littleEndian: value) : 0
    }
}
