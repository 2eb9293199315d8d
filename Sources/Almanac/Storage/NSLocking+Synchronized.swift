import Foundation

extension NSLocking {
    /// Runs `body` with the lock held. (Foundation's `withLock` needs macOS 14; the package supports 13.)
    func synchronized<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
