#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Runs a clean-up when the tool is interrupted (SIGINT, SIGTERM), then exits as the signal
/// would have (128 + its number): an export abandoned with Ctrl-C leaves no temporary file.
final class InterruptCleanup {
    private static let signals = [SIGINT, SIGTERM]
    private let sources: [DispatchSourceSignal]

    /// Starts watching; `cleanup` runs once, on another thread, when a signal arrives.
    init(_ cleanup: @escaping @Sendable () -> Void) {
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                cleanup()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// Stops watching: the signals act as usual again.
    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
