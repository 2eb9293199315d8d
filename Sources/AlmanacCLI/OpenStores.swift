import Almanac
import Foundation

/// The stores a command opened, whose write sessions are finished before the process exits.
///
/// A store ends a write session after its short linger, on a queue of its own: a process that
/// calls `exit` meanwhile would end it half way, and the folder index its commits changed would
/// not be written back, so the next command would list every folder they wrote and read every
/// file in them again.
final class OpenStores: @unchecked Sendable {
    // Sendable: `stores` is touched only with `lock` held.
    static let shared = OpenStores()
    private let lock = NSLock()
    private var stores: [Store] = []

    /// Remembers `store` until ``finishAll()``.
    func add(_ store: Store) {
        lock.withLock { stores.append(store) }
    }

    /// Finishes every remembered store's write session now (it waits for one ending on its own queue).
    func finishAll() {
        let opened = lock.withLock {
            defer { stores = [] }
            return stores
        }
        for store in opened { store.finishWriting() }
    }
}
