import Dispatch
import Foundation

extension RandomAccessCollection where Self: Sendable, Element: Sendable, Index == Int {
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
        guard count >= minimumCount, count > 1, ParallelWork.cores > 1 else {
            var state = chunkState()
            return try map { try transform(&state, $0) }
        }
        let chunks = Swift.min(count, ParallelWork.cores * 4)
        let outcomes = ChunkOutcomes(count: chunks)
        // The workers read what the caller's read attempt sees (the view is bound to the
        // calling thread, and these are other threads).
        let view = ReadView.current
        // The workers write the results in place in the returned array's storage: a scan of a
        // whole collection holds its values once, not once in slots and again in the array.
        return try [T](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let output = OutputBuffer(buffer.baseAddress!)
            @Sendable func mapChunk(_ chunk: Int) {
                let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
                var state = chunkState()
                for index in range {
                    do {
                        (output.base + index).initialize(to: try transform(&state, self[startIndex + index]))
                    } catch {
                        // Later elements of this chunk cannot matter: an earlier one failed.
                        outcomes.set(chunk, initialized: index - range.lowerBound, failure: error)
                        return
                    }
                }
                outcomes.set(chunk, initialized: range.count, failure: nil)
            }
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                ReadView.with(view) { mapChunk(chunk) }
            }
            // The first failing chunk holds the first failing element in order.
            if let failure = outcomes.firstFailure {
                for chunk in 0..<chunks {
                    (output.base + count * chunk / chunks).deinitialize(count: outcomes.initialized(chunk))
                }
                initializedCount = 0
                throw failure
            }
            initializedCount = count
        }
    }
}

/// What parallel maps need to know about the machine, asked once: on Linux the active
/// processor count reads the control group's quota files, which costs more than a short map.
private enum ParallelWork {
    static let cores = ProcessInfo.processInfo.activeProcessorCount
}

/// The result array's storage, shared with the workers of one parallel map.
private struct OutputBuffer<T>: @unchecked Sendable {
    // Sendable: each worker initializes a disjoint range of it, and the caller reads it only
    // after concurrentPerform returns, which orders those writes before the reads.
    let base: UnsafeMutablePointer<T>

    init(_ base: UnsafeMutablePointer<T>) { self.base = base }
}

/// How far each chunk of a parallel map got, and its failure: each slot is written by exactly
/// one worker.
private final class ChunkOutcomes: @unchecked Sendable {
    // Sendable: workers write disjoint slots of a buffer allocated once, and the slots are
    // read only after concurrentPerform returns, which orders those writes before the reads.
    // (Not an Array: `withUnsafeMutableBufferPointer` on a shared array property may move or
    // copy its storage while another thread writes to it.)
    private let slots: UnsafeMutablePointer<(initialized: Int, failure: (any Error)?)>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: (0, nil), count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func set(_ chunk: Int, initialized: Int, failure: (any Error)?) {
        slots[chunk] = (initialized, failure)
    }

    func initialized(_ chunk: Int) -> Int { slots[chunk].initialized }

    var firstFailure: (any Error)? {
        (0..<count).lazy.compactMap { self.slots[$0].failure }.first
    }
}
