import Foundation

/// When a store's reads may come from memory: the ``ChangeWatch`` of its folders, made at the
/// store's second read attempt (a one-shot command never pays for watches) and drained as each
/// attempt begins, or none on the polling path (Apple systems, a test forcing their path, no
/// inotify) or for a store that keeps no documents (the command-line tool's), where reads
/// check each folder and file instead.
final class WarmReads: @unchecked Sendable {
    // Sendable: `attempts` and `made` are reached only with `lock` held; the watch is Sendable.
    private let lock = NSLock()
    private let root: Directory
    private let rootPath: String
    private var attempts = 0
    private var made: ChangeWatch?
    private let enabled: Bool

    init(root: Directory, rootPath: String, enabled: Bool) {
        self.root = root
        self.rootPath = rootPath
        self.enabled = enabled
    }

    /// The watch, once made.
    var watch: ChangeWatch? { lock.withLock { made } }

    /// Whether the store read before: a scan then keeps what it reads, to come from memory
    /// next time (a store read once, a command's, pays nothing for it).
    var readBefore: Bool { lock.withLock { attempts > 1 } }

    /// Called as a read attempt begins: makes the watch at the second, and reads the events
    /// queued since the last attempt, so that the attempt sees every change finished before it.
    func beginAttempt() {
        let watch: ChangeWatch? = lock.withLock {
            attempts += 1
            if attempts == 2, enabled, !TestHooks.isApplePath(root.descriptor) { made = ChangeWatch(rootPath: rootPath) }
            return made
        }
        watch?.drain()
    }
}
