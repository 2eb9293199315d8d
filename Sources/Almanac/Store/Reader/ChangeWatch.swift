#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What lets a long-lived store's warm reads come from memory: the folders it read, watched
/// for any change (a file created, removed, renamed, written or its mode changed, by anyone),
/// so that a folder with no event since it was read needs no `stat` of it or of its files
/// (DESIGN §4, "Warm reads").
///
/// Each folder is *clean* from the moment it is armed (watched, before it is listed or its
/// files read) until an event names it; it then gets a new epoch when armed again. A read
/// trusts what it remembers of a folder only at the epoch it remembered it. The kernel queues
/// an event inside the system call that made the change, and every read attempt drains the
/// queue first (one `read`, which finds it empty when nothing changed): so a change that
/// finished before a read began is always seen by it.
///
/// A folder created, removed or renamed inside a watched folder (or a watched folder moved
/// or removed) makes the watched folder and everything below it unclean: the folders below
/// may be other folders now, and their watches follow the old ones. A lost event (a full
/// queue) makes every folder unclean.
///
/// Linux's inotify only. Apple systems' FSEvents delivers its events late (the latency a
/// stream asks for) and kqueue needs a descriptor per folder, so there reads check each
/// folder and file instead (the polling path), as they do where watches run out.
final class ChangeWatch: @unchecked Sendable {
    // Sendable: every mutable property is reached only with `lock` held; the descriptor is
    // immutable, and read only with the lock held.
    private let lock = NSLock()
    private let descriptor: Int32
    /// The store's folder, absolute: watches are added by path below it.
    private let rootPath: String
    /// Watch handle → the folder it watches (path from the store root).
    private var folders: [Int32: String] = [:]
    /// Folder → the epoch it has been clean since.
    private var clean: [String: UInt64] = [:]
    private var nextEpoch: UInt64 = 1
    /// Whether the watch limit was met: folders not yet watched are checked by polling.
    private var exhausted = false

    /// The most folders one store watches (each costs the kernel about a kilobyte).
    static let maximumFolders = 20_000

    /// A watch over folders of the store at `rootPath`; `nil` where there is none (not Linux,
    /// a container without inotify, the per-user instance limit reached).
    init?(rootPath: String) {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.rootPath = rootPath
        #else
        return nil
        #endif
    }

    deinit { close(descriptor) }

    /// The epoch `path` (a folder, from the store root) has been clean since, or `nil` when an
    /// event named it (or it is not watched). Call after ``drain()``.
    func epoch(of path: String) -> UInt64? {
        lock.withLock { clean[path] }
    }

    /// Watches `path` (a folder, from the store root) if it is not clean, and makes it clean
    /// from now: call before listing it or reading its files, after arming its parent, so a
    /// replacement of the folder is seen as an event in the parent. Returns its epoch, `nil`
    /// when it cannot be watched.
    @discardableResult
    func arm(_ path: String) -> UInt64? {
        lock.withLock {
            if let epoch = clean[path] { return epoch }
            #if os(Linux)
            guard !exhausted, folders.count < Self.maximumFolders else { return nil }
            let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB
                | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
            let handle = inotify_add_watch(descriptor, path.isEmpty ? rootPath : rootPath + "/" + path, mask)
            guard handle >= 0 else {
                if errno == ENOSPC { exhausted = true }
                return nil
            }
            // A handle given again is the same folder under another name, or the folder this
            // path named before: the path is what an event makes unclean.
            folders[handle] = path
            let epoch = nextEpoch
            nextEpoch += 1
            clean[path] = epoch
            return epoch
            #else
            return nil
            #endif
        }
    }

    /// Reads every event queued since the last call, making the folders they name unclean.
    func drain() {
        #if os(Linux)
        lock.withLock {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset + 16 <= count {
                        let handle = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let flags = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        offset += 16 + Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        if flags & UInt32(IN_Q_OVERFLOW) != 0 {
                            clean.removeAll()
                            continue
                        }
                        guard let path = folders[handle] else { continue }
                        if flags & UInt32(IN_IGNORED) != 0 { folders[handle] = nil }
                        if flags & UInt32(IN_ISDIR | IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                            forgetLocked(below: path)
                        } else {
                            clean[path] = nil
                        }
                    }
                }
            }
        }
        #endif
    }

    /// Makes `path` and every folder below it unclean.
    private func forgetLocked(below path: String) {
        clean[path] = nil
        let prefix = path.isEmpty ? "" : path + "/"
        for folder in clean.keys where folder.hasPrefix(prefix) { clean[folder] = nil }
    }
}
