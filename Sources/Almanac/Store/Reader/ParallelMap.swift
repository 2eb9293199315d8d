import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` spread over the machine's cores for long arrays, keeping the order. When several
    /// elements fail, the error of the first failing element (in order) is thrown, so the
    /// result does not depend on thread timing.
    func parallelMap<T: Sendable>(minimumCount: Int = 256, _ transform: @Sendable (Element) throws -> T) throws -> [T] {
        try parallelMap(minimumCount: minimumCount, chunkState: { () }) { _, element in try transform(element) }
    }

    /// ``parallelMap(minimumCount:_:)`` where each worker keeps a state of its own across the
    /// contiguous run of elements it maps (`chunkState` makes one per run): a scan keeps the
    /// folder of its last file open, so a run of files in one folder opens it once.
    func parallelMap<State, T: Sendable>(
        minimumCount: Int = 256, chunkState: @Sendable () -> State, _ transform: @Sendable (inout State, Element) throws -> T
    ) throws -> [T] {
        guard count >= minimumCount, ParallelWork.cores > 1 else {
            var state = chunkState()
            return try map { try transform(&state, $0) }
        }
        let chunks = Swift.min(count, ParallelWork.cores * 4)
        let results = ResultSlots<T>(count: count)
        // The workers read what the caller's read attempt sees (the view is bound to the
        // calling thread, and these are other threads).
        let view = ReadView.current
        @Sendable func mapChunk(_ chunk: Int) {
            let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
            var state = chunkState()
            for index in range {
                do {
                    results.set(index, .success(try transform(&state, self[index])))
                } catch {
                    results.set(index, .failure(error))
                    return  // later elements of this chunk cannot matter: an earlier one failed
                }
            }
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            ReadView.with(view) { mapChunk(chunk) }
        }
        return try results.values()
    }
}

/// What parallel maps need to know about the machine, asked once: on Linux the active
/// processor count reads the control group's quota files, which costs more than a short map.
private enum ParallelWork {
    static let cores = ProcessInfo.processInfo.activeProcessorCount
}

/// Per-index results written by concurrent workers: each slot is written by exactly one worker.
private final class ResultSlots<T: Sendable>: @unchecked Sendable {
    // Sendable: workers write disjoint slots of a buffer allocated once, and the slots are
    // read only after concurrentPerform returns, which orders those writes before the reads.
    // (Not an Array: `withUnsafeMutableBufferPointer` on a shared array property may move or
    // copy its storage while another thread writes to it.)
    private let slots: UnsafeMutablePointer<Result<T, any Error>?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Result<T, any Error>) {
        slots[index] = value
    }

    func values() throws -> [T] {
        var output: [T] = []
        output.reserveCapacity(count)
        for index in 0..<count {
            guard let slot = slots[index] else { break }  // after a failure; the failure came first in order
            output.append(try slot.get())
        }
        return output
    }
}
