import Foundation

/// The observers of one ``Store`` value, told after each of its commits so that a change
/// made through the same store is delivered at once, before any folder event arrives.
final class ChangeSignal: Sendable {
    private let observers = Guarded(Registry())

    private final class Registry {
        var next = 0
        var handlers: [Int: @Sendable () -> Void] = [:]
    }

    /// Registers `handler`; returns the token that removes it.
    func add(_ handler: @escaping @Sendable () -> Void) -> Int {
        observers.withLock { registry in
            registry.next += 1
            registry.handlers[registry.next] = handler
            return registry.next
        }
    }

    /// Removes the handler of `token`.
    func remove(_ token: Int) {
        observers.withLock { _ = $0.handlers.removeValue(forKey: token) }
    }

    /// Calls every handler (each only schedules work, so this is quick).
    func post() {
        for handler in observers.withLock({ Array($0.handlers.values) }) { handler() }
    }
}
