#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Named moments of a migration or rollback at which a test kills the process, to prove that
/// the next command finds the store wholly at one version.
///
/// Only debug builds read `ALMANAC_TEST_CRASH_AT` (e.g. `migrate:after-swap-data`, or
/// `migrate:staged-documents:500` for the moment the 500th document is staged); release
/// builds compile the check away. The process sends itself `SIGKILL`, so nothing — no
/// `defer`, no buffered write, no lock release — runs after the point, as with `kill -9`.
enum MigrationCrashPoint {
    /// Every point, in the order a migration reaches them, for tests to iterate.
    static let migratePoints = [
        "staged-documents:1", "after-staging", "after-journal", "after-swap-data", "after-swap-schema",
        "after-manifest", "after-old-backup-removed", "after-backup-kept", "before-journal-removed",
    ]
    /// The points of a rollback, in order.
    static let rollbackPoints = [
        "after-journal", "after-swap-data", "after-swap-schema", "after-manifest", "before-journal-removed",
    ]

    #if DEBUG
    private static let target = ProcessInfo.processInfo.environment["ALMANAC_TEST_CRASH_AT"]
    /// `ALMANAC_TEST_PAUSE_AT=<kind>:<point>`: the process waits there (60 s) for a test to signal it.
    private static let pausePoint = ProcessInfo.processInfo.environment["ALMANAC_TEST_PAUSE_AT"]
    #endif

    /// Kills the process when the test asked for `name` during `kind` (`migrate` or `rollback`).
    @inline(__always)
    static func reached(_ kind: String, _ name: String) {
        #if DEBUG
        if let pausePoint, pausePoint == "\(kind):\(name)" { sleep(60) }
        guard let target, target == "\(kind):\(name)" else { return }
        kill(getpid(), SIGKILL)
        pause()
        #endif
    }

    /// Like ``reached(_:_:)`` for the moment the `count`-th document is staged.
    @inline(__always)
    static func stagedDocuments(_ count: Int) {
        #if DEBUG
        guard target != nil else { return }
        reached("migrate", "staged-documents:\(count)")
        #endif
    }
}
