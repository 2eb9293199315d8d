import Foundation

/// Where the reads of a block put the files they could not read, instead of stopping at the
/// first (``Store/collectingReadProblems(_:)``): a report computed over every readable document.
final class ReadProblemSink: @unchecked Sendable {
    // Sendable: the problems are behind the lock; a query's workers may report from other threads.
    private let lock = NSLock()
    private var problems: [AlmanacError] = []
    private var paths: Set<String> = []

    /// The sink the calling thread's reads report to, when a block collects them.
    static let current = ThreadLocal<ReadProblemSink>()

    /// Adds `found`, each file once (a read taken again after a commit meets it again).
    func add(_ found: [AlmanacError]) {
        lock.lock()
        defer { lock.unlock() }
        for problem in found where paths.insert(problem.path ?? problem.message).inserted {
            problems.append(problem)
        }
    }

    /// What was collected, in the order met.
    var collected: [AlmanacError] {
        lock.lock()
        defer { lock.unlock() }
        return problems
    }
}
