#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value bound for the length of a call on the calling thread, like `@TaskLocal` for the
/// synchronous code a read runs (its workers bind it again, see ``Array/parallelMap(minimumCount:chunkState:_:)``).
///
/// Not `@TaskLocal`: the first use of a task-local value in a process sets up the concurrency
/// runtime's task-local storage, about 0.1 ms, and a process that opens a store to read one
/// document (a widget, the `almanac` tool) pays it on every launch. A POSIX thread-specific
/// key costs a few nanoseconds from the first use.
final class ThreadLocal<Value>: @unchecked Sendable {
    // Sendable: the key is set once in init; each thread reads and writes only its own slot.
    private var key = pthread_key_t()

    private final class Box {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    init() {
        // Bindings are always undone before their call returns, so a thread never ends
        // holding one: no destructor.
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
    }

    /// The value bound on this thread, or `nil`.
    var value: Value? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().value
    }

    /// Runs `body` with `value` bound on this thread (`nil` unbinds it), then restores what was bound.
    func withValue<R>(_ value: Value?, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        let bound = value.map { Unmanaged.passRetained(Box($0)).toOpaque() }
        pthread_setspecific(key, bound)
        defer {
            pthread_setspecific(key, previous)
            if let bound { Unmanaged<Box>.fromOpaque(bound).release() }
        }
        return try body()
    }
}
