import Foundation

/// Counts the flushes this process asks of the file system, by kind: what durability costs.
///
/// The counts are the same on every system (they count requests, not the calls that carry
/// them out), so a test on Linux shows how many full flushes an operation pays on Apple systems.
final class FlushCounter: @unchecked Sendable {
    // Sendable: `counts` is only touched while `lock` is held.
    static let shared = FlushCounter()

    private let lock = NSLock()
    private var counts = FlushCounts()

    func count(_ kind: Flush) {
        lock.synchronized {
            switch kind {
            case .barrier: counts.barriers += 1
            case .full: counts.fullFlushes += 1
            }
        }
    }

    func countVolumeSync() {
        lock.synchronized { counts.volumeSyncs += 1 }
    }

    func countFlushFallback() {
        lock.synchronized { counts.flushFallbacks += 1 }
    }

    func countVolumeSyncFallback() {
        lock.synchronized { counts.volumeSyncFallbacks += 1 }
    }

    var current: FlushCounts { lock.synchronized { counts } }
}

/// How many flushes this process has asked of the file system since it started.
///
/// Read it before and after an operation to see what the operation cost. Every save, batch,
/// delete, seed import, retention run, migration and rollback pays one full flush (its commit
/// point); the other flushes only order writes.
///
/// ```swift
/// let before = FlushCounts.current
/// try store.save(event)
/// let cost = FlushCounts.current - before   // cost.fullFlushes == 1
/// ```
public struct FlushCounts: Sendable, Equatable, CustomStringConvertible {
    /// Flushes that only order writes: `F_BARRIERFSYNC` on Apple systems, `fsync` on Linux.
    public var barriers = 0
    /// Flushes that make writes durable: `F_FULLFSYNC` on Apple systems, `fsync` on Linux.
    public var fullFlushes = 0
    /// Whole-volume syncs of staged trees: `fsync_volume_np` on Apple systems, `syncfs` on Linux.
    public var volumeSyncs = 0
    /// Flushes the volume refused as asked (`F_FULLFSYNC` or `F_BARRIERFSYNC` answered
    /// `ENOTSUP`, `ENOTTY`, `EINVAL`, `EPERM` or `EACCES`: some network, FAT and external
    /// volumes) and that were made with `fsync` instead. On such a volume a power cut may lose
    /// what the drive's cache held; more than zero on an app's own container is worth a report.
    public var flushFallbacks = 0
    /// Volume syncs the volume refused, after which every staged file and folder was flushed
    /// one by one instead (slower, as safe).
    public var volumeSyncFallbacks = 0

    /// Creates counts (all zero by default).
    public init(barriers: Int = 0, fullFlushes: Int = 0, volumeSyncs: Int = 0, flushFallbacks: Int = 0, volumeSyncFallbacks: Int = 0) {
        self.barriers = barriers
        self.fullFlushes = fullFlushes
        self.volumeSyncs = volumeSyncs
        self.flushFallbacks = flushFallbacks
        self.volumeSyncFallbacks = volumeSyncFallbacks
    }

    /// The counts of this process so far.
    public static var current: FlushCounts { FlushCounter.shared.current }

    /// The `fsync` calls these flushes make on Linux (barriers and full flushes alike).
    public var fsyncCalls: Int { barriers + fullFlushes }

    /// The flushes between two readings.
    public static func - (after: FlushCounts, before: FlushCounts) -> FlushCounts {
        FlushCounts(barriers: after.barriers - before.barriers, fullFlushes: after.fullFlushes - before.fullFlushes,
                    volumeSyncs: after.volumeSyncs - before.volumeSyncs, flushFallbacks: after.flushFallbacks - before.flushFallbacks,
                    volumeSyncFallbacks: after.volumeSyncFallbacks - before.volumeSyncFallbacks)
    }

    /// `N full, N barrier, N volume`, and the fallbacks when there were any.
    public var description: String {
        let counts = "\(fullFlushes) full, \(barriers) barrier, \(volumeSyncs) volume"
        guard flushFallbacks + volumeSyncFallbacks > 0 else { return counts }
        return counts + " (fell back: \(flushFallbacks) flush, \(volumeSyncFallbacks) volume)"
    }
}
