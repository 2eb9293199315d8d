import Foundation

/// A value reachable only while its lock is held: the compiler, not a comment, keeps every
/// use of it inside ``withLock(_:)``.
///
/// The lock is recursive, so a block may call code that takes it again (a read inside a
/// transaction's block, say). The value is a class so that nested blocks share it without
/// overlapping `inout` accesses, which Swift would stop at run time.
final class Guarded<Value: AnyObject>: @unchecked Sendable {
    // Sendable: `value` is handed out only inside `withLock`, with `lock` held.
    private let lock = NSRecursiveLock()
    private let value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the lock held and the value in hand. Do not keep the value beyond `body`.
    func withLock<T>(_ body: (Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(value)
    }
}
