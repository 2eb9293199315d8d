#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A test-only log of every change this process makes to the file system through `Storage/`,
/// for the crash-state explorer: it replays a logged operation in every order a power cut
/// could leave it.
///
/// A debug build whose environment sets `ALMANAC_TEST_RECORD=<file>` appends one JSON line
/// per change to that file (created, written, flushed, renamed, exchanged, linked, removed,
/// folder made or removed), naming folders and files by inode so that the log can be
/// replayed onto a snapshot of the tree taken before. In release builds every function here
/// is an empty inline call around the system call it wraps.
///
/// Every system call that changes a store goes through these wrappers: a change made
/// around them would be missing from the replay, which the explorer detects (replaying
/// the whole log must give back the tree the operation left).
enum FileSystemRecorder {
    #if DEBUG
    private static let log: RecordLog? = ProcessInfo.processInfo.environment["ALMANAC_TEST_RECORD"].flatMap { RecordLog(path: $0) }
    #endif

    /// Runs a change of names (`renameat`, `linkat`, `unlinkat`, an exchange) and logs it when
    /// it succeeds: `kind` is `rename`, `exchange`, `link`, `unlink` or `rmdir`.
    @inline(__always)
    static func nameChange(_ kind: StaticString, _ folder: Int32, _ name: String, _ otherFolder: Int32 = -1,
                           _ otherName: String = "", _ body: () -> Int32) -> Int32 {
        #if DEBUG
        guard let log else { return body() }
        let source = inode(folder, name)
        let target = otherFolder >= 0 ? inode(otherFolder, otherName) : nil
        let result = body()
        guard result == 0 else { return result }
        var line: [String: Any] = ["op": "\(kind)", "folder": inode(folder) as Any, "name": name, "inode": source as Any]
        if otherFolder >= 0 {
            line["otherFolder"] = inode(otherFolder) as Any
            line["otherName"] = otherName
            line["otherInode"] = target as Any
        }
        log.append(line)
        return result
        #else
        return body()
        #endif
    }

    /// Logs that the file or folder `name` was just made in `folder` (`create` or `mkdir`).
    @inline(__always)
    static func made(_ kind: StaticString, _ folder: Int32, _ name: String) {
        #if DEBUG
        guard let log else { return }
        log.append(["op": "\(kind)", "folder": inode(folder) as Any, "name": name, "inode": inode(folder, name) as Any])
        #endif
    }

    /// Runs an `openat` with `O_CREAT` and logs the file as made when it did not exist before.
    @inline(__always)
    static func creating(_ folder: Int32, _ name: String, _ body: () -> Int32) -> Int32 {
        #if DEBUG
        guard log != nil else { return body() }
        let existed = inode(folder, name) != nil
        let fd = body()
        if fd >= 0, !existed { made("create", folder, name) }
        return fd
        #else
        return body()
        #endif
    }

    /// Logs `count` bytes written to `fd` at `offset`, or just before its position when `nil`.
    @inline(__always)
    static func wrote(_ fd: Int32, _ bytes: UnsafeRawPointer?, count: Int, offset: Int64? = nil) {
        #if DEBUG
        guard let log, count > 0, let bytes else { return }
        let start = offset ?? (Int64(lseek(fd, 0, SEEK_CUR)) - Int64(count))
        let data = Data(bytes: bytes, count: count)
        log.append(["op": "write", "inode": inode(fd) as Any, "offset": start, "bytes": data.base64EncodedString()])
        #endif
    }

    /// Logs the file `name` in `folder`, just made as a copy-on-write clone, as the write of
    /// its bytes, and with `made` (a clone made by name, as `clonefileat` does) as its creation first.
    @inline(__always)
    static func clonedFile(_ folder: Int32, _ name: String, made: Bool) {
        #if DEBUG
        guard log != nil else { return }
        if made { self.made("create", folder, name) }
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        bytes.withUnsafeBytes { wrote(fd, $0.baseAddress, count: $0.count, offset: 0) }
        #endif
    }

    /// Logs that `fd` was cut to `size` bytes.
    @inline(__always)
    static func truncated(_ fd: Int32, size: Int64) {
        #if DEBUG
        guard let log else { return }
        log.append(["op": "truncate", "inode": inode(fd) as Any, "size": size])
        #endif
    }

    /// Logs a flush of `fd` (`barrier` or `full`), or of the whole volume (`volume`).
    @inline(__always)
    static func flushed(_ fd: Int32, _ kind: StaticString) {
        #if DEBUG
        guard let log else { return }
        log.append(["op": "\(kind)", "inode": inode(fd) as Any])
        #endif
    }

    /// Logs a moment a test asked for by name (an operation's commit reported to its caller).
    @inline(__always)
    static func mark(_ text: @autoclosure () -> String) {
        #if DEBUG
        guard let log else { return }
        log.append(["op": "mark", "text": text()])
        #endif
    }

    #if DEBUG
    private static func inode(_ fd: Int32) -> UInt64? {
        var info = stat()
        return fstat(fd, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    private static func inode(_ folder: Int32, _ name: String) -> UInt64? {
        var info = stat()
        return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? UInt64(info.st_ino) : nil
    }
    #endif
}

#if DEBUG
/// The open log file of ``FileSystemRecorder``: lines are appended whole, under a lock, in
/// the order the calls returned.
private final class RecordLog: @unchecked Sendable {
    // Sendable: the descriptor is only written while `lock` is held.
    private let lock = NSLock()
    private let descriptor: Int32

    init?(path: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    func append(_ line: [String: Any]) {
        guard var bytes = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) else { return }
        bytes.append(UInt8(ascii: "\n"))
        lock.synchronized {
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }
}
#endif
