#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The I/O-fault seam: every system call that changes the file system asks
/// ``TestHooks/injectedError(_:_:)`` first (through ``SystemCall/changing(_:_:_:)``), so a test
/// can make the Nth such call of a process fail, as SQLite's `ioerr` tests do (DESIGN §4,
/// "Failed writes"). Debug builds only; release builds compile every query to `nil`.
///
/// - `ALMANAC_TEST_FAULT=<errno>@<n>`: the n-th changing call (counted from 1) fails with
///   `errno`; `<errno>@<n>+` makes it and every later one fail (a disk that stays full).
/// - `ALMANAC_TEST_FAULT_TRACE=<file>`: every changing call is appended to `<file>` as
///   `<n> <call> <path>` (the count of a run, and what the n-th call was).
extension TestHooks {
    #if DEBUG
    /// The plan `ALMANAC_TEST_FAULT` sets, and the calls counted so far.
    final class FaultPlan: @unchecked Sendable {
        // Sendable: `count` is read and written only while `lock` is held.
        static let current = FaultPlan(environment: ProcessInfo.processInfo.environment)

        let errno: Int32
        let at: Int
        let sticky: Bool
        let trace: Int32
        private let lock = NSLock()
        private var count = 0

        init?(environment: [String: String]) {
            let traceFile = environment["ALMANAC_TEST_FAULT_TRACE"]
            var parsed: (Int32, Int, Bool)?
            if let text = environment["ALMANAC_TEST_FAULT"], let at = text.firstIndex(of: "@"),
               let code = Int32(text[..<at]), case let rest = text[text.index(after: at)...],
               let index = Int(rest.hasSuffix("+") ? rest.dropLast() : rest), index > 0 {
                parsed = (code, index, rest.hasSuffix("+"))
            }
            guard parsed != nil || traceFile != nil else { return nil }
            (errno, at, sticky) = parsed ?? (0, .max, false)
            trace = traceFile.map { open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) } ?? -1
        }

        /// Counts one changing call and returns the `errno` it must fail with, if any.
        func next(_ call: InjectedCall, _ descriptor: Int32) -> Int32? {
            let index = lock.synchronized { () -> Int in
                count += 1
                return count
            }
            if trace >= 0 {
                let line = "\(index) \(call) \(TestHooks.realPath(of: descriptor) ?? "?")\n"
                _ = line.utf8CString.withUnsafeBufferPointer { write(trace, $0.baseAddress, $0.count - 1) }
            }
            return index == at || (sticky && index > at) ? errno : nil
        }
    }

    #endif
}

extension SystemCall {
    /// Runs `body`, a system call that changes the file system (creates, writes, flushes,
    /// renames, links or removes) through `descriptor` (the file, or the folder the name is
    /// in), retrying `EINTR`; in a test build the I/O-fault seam may fail it instead, returning
    /// -1 with `errno` set as the kernel would.
    @inline(__always)
    static func changing<T: BinaryInteger>(_ call: TestHooks.InjectedCall, _ descriptor: Int32, _ body: () -> T) -> T {
        if let code = TestHooks.injectedError(call, descriptor) {
            setErrno(code)
            return -1
        }
        return retryingInterrupts(body)
    }

    /// Sets `errno`, as a failed system call leaves it.
    static func setErrno(_ code: Int32) {
        #if canImport(Darwin)
        Darwin.errno = code
        #elseif canImport(Glibc)
        Glibc.errno = code
        #else
        Musl.errno = code
        #endif
    }
}
