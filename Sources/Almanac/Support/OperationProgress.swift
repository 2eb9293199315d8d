import Foundation

/// How far a long operation has got, handed now and then to the `progress` closure of the
/// calls that can run past a second (backup, export, check…), as ``MigrationProgress`` is to
/// a migration's: an app shows a bar, the `almanac` tool a line on a terminal.
///
/// ```swift
/// try store.backup(to: destination) { progress in
///     print("\(progress.phase): \(progress.done) of \(progress.total) \(progress.unit)")
/// }
/// ```
public struct OperationProgress: Sendable, Equatable {
    /// What the operation is doing now, e.g. `copying`, `checking`, `exporting`.
    public var phase: String
    /// The items of this phase done so far.
    public var done: Int
    /// The items of this phase in all, or 0 while that is not known.
    public var total: Int
    /// What the items are: `documents` or `files`.
    public var unit: String

    /// Creates a progress report.
    public init(phase: String, done: Int, total: Int, unit: String) {
        self.phase = phase
        self.done = done
        self.total = total
        self.unit = unit
    }
}

/// The closure long operations report their progress to; it may be called from another thread.
public typealias ProgressHandler = @Sendable (OperationProgress) -> Void

/// Counts the items of one phase done and reports each count to a ``ProgressHandler``, the
/// same from one thread or from the workers of a parallel map.
final class ProgressCounter: @unchecked Sendable {
    // Sendable: `done` is touched only while `lock` is held.
    private let lock = NSLock()
    private let handler: ProgressHandler
    private let phase: String
    private let total: Int
    private let unit: String
    private var done = 0

    /// A counter reporting to `handler`, or `nil` without one; reports 0 done at once.
    init?(_ handler: ProgressHandler?, phase: String, total: Int, unit: String = "documents") {
        guard let handler else { return nil }
        self.handler = handler
        self.phase = phase
        self.total = total
        self.unit = unit
        handler(OperationProgress(phase: phase, done: 0, total: total, unit: unit))
    }

    /// `count` more items done (one by default).
    func advance(by count: Int = 1) {
        let report = lock.withLock {
            done += count
            return OperationProgress(phase: phase, done: done, total: total, unit: unit)
        }
        handler(report)
    }
}
