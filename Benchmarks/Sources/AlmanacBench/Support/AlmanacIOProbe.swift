#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import Foundation

/// What Almanac's side of a case costs beyond time: the most descriptors the process held open
/// while it ran (Apple systems allow a few hundred), and the flushes it asked for (Almanac's
/// ``FlushCounts``: full flushes are `F_FULLFSYNC` on Apple systems, each flush an `fsync` on Linux).
/// It probes the untimed warm-up run only: its sampling thread would otherwise take CPU from
/// Almanac's timed rounds and none from the other sides'.
///
/// The descriptors are counted in `/proc/self/fd` (`/dev/fd` on Apple systems) every half
/// millisecond by a thread of its own while the Almanac side runs; a peak shorter than that
/// can be missed, so the tests under `ulimit -n 64` are the proof, this the measurement.
final class AlmanacIOProbe: @unchecked Sendable {
    // Sendable: every mutable property is only touched while `lock` is held.
    static let shared = AlmanacIOProbe()

    private let lock = NSLock()
    private var peak = 0
    private var flushes = FlushCounts()
    private var runs = 0
    private var sampling = false

    /// Runs `body` (the Almanac side's warm-up), sampling descriptors and counting flushes.
    func measure<T>(_ body: () throws -> T) rethrows -> T {
        let before = FlushCounts.current
        lock.lock()
        sampling = true
        lock.unlock()
        let stopped = DispatchSemaphore(value: 0)
        let sampler = Thread { [self] in
            while true {
                let open = AlmanacIOProbe.openDescriptors()
                lock.lock()
                peak = max(peak, open)
                let going = sampling
                lock.unlock()
                if !going { break }
                usleep(500)
            }
            stopped.signal()
        }
        sampler.start()
        defer {
            lock.lock()
            sampling = false
            lock.unlock()
            stopped.wait()
            let spent = FlushCounts.current - before
            lock.lock()
            flushes = FlushCounts(barriers: flushes.barriers + spent.barriers, fullFlushes: flushes.fullFlushes + spent.fullFlushes,
                                  volumeSyncs: flushes.volumeSyncs + spent.volumeSyncs)
            runs += 1
            lock.unlock()
        }
        return try body()
    }

    /// The facts gathered since the last call, for one result row, and a fresh start.
    func takeFacts() -> [String: Double] {
        lock.lock()
        defer {
            peak = 0
            flushes = FlushCounts()
            runs = 0
            lock.unlock()
        }
        guard runs > 0 else { return [:] }
        let perRun = Double(runs)
        return [
            "almanacPeakOpenDescriptors": Double(peak),
            "almanacFullFlushesPerRun": Double(flushes.fullFlushes) / perRun,
            "almanacFsyncsPerRun": Double(flushes.fsyncCalls) / perRun,
            "almanacVolumeSyncsPerRun": Double(flushes.volumeSyncs) / perRun,
        ]
    }

    /// How many descriptors the process has open now (not counting the listing's own).
    static func openDescriptors() -> Int {
        #if canImport(Darwin)
        let folder = "/dev/fd"
        #else
        let folder = "/proc/self/fd"
        #endif
        guard let stream = opendir(folder) else { return 0 }
        defer { closedir(stream) }
        var count = 0
        while let entry = readdir(stream) {
            let first = withUnsafeBytes(of: entry.pointee.d_name) { $0[0] }
            if first != UInt8(ascii: ".") { count += 1 }
        }
        return max(0, count - 1)
    }
}
