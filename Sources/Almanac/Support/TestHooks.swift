#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one test-hook mechanism: named moments where a test kills the process (crash points)
/// or makes a write fail as the kernel would (faults). Only debug builds have hooks; in a
/// release build every call is an empty inline function.
///
/// - Crash points: `ALMANAC_TEST_CRASH_AT=<kind>:<point>` in the environment of a process
///   (the `almanac` tool or a test worker) makes it send itself `SIGKILL` there, so nothing
///   (no `defer`, no buffered write, no lock release) runs after the point, as with
///   `kill -9`. `ALMANAC_TEST_PAUSE_AT=<kind>:<point>` makes it wait there (60 s) for a
///   test to signal it, or until the file `ALMANAC_TEST_RESUME_FILE` names exists. Kinds are `migrate`, `rollback`, `transaction`, `batch`, `seed`,
///   `delete`, `retention`, `export` and `write`; e.g. `migrate:after-swap-data`,
///   `migrate:staged-documents:500`, `write:after-temporary-write:C1.json`.
/// - Faults: a test in the same process arms one for a file name
///   (`TestHooks.arm(.diskFull, name: "e17.json")`), so tests running in parallel do not
///   disturb each other; the write of that file then fails with `ENOSPC`.
enum TestHooks {
    /// A failure a test can make a write meet.
    enum Fault: String, Sendable {
        /// Writing the file fails as on a full disk (`ENOSPC`).
        case diskFull
    }

    /// Every crash point of a migration, in the order it reaches them, for tests to iterate.
    static let migratePoints = [
        "staged-documents:1", "after-staging", "locked-unchanged", "after-journal", "moved-out-first", "after-moving-out",
        "moved-in-first", "after-moving-in", "after-old-backup-removed", "after-backup-kept", "before-journal-removed",
    ]
    /// The crash points of a rollback, in order.
    static let rollbackPoints = [
        "after-journal", "moved-out-first", "after-moving-out", "moved-in-first", "after-moving-in", "before-journal-removed",
    ]

    #if DEBUG
    private static let crashTarget = ProcessInfo.processInfo.environment["ALMANAC_TEST_CRASH_AT"]
    private static let pauseTarget = ProcessInfo.processInfo.environment["ALMANAC_TEST_PAUSE_AT"]
    /// `ALMANAC_TEST_SAVE_AT=<kind>:<point>` with `ALMANAC_TEST_SAVE=<store>|<collection>|<file>`:
    /// there (once) the process saves the document in `<file>` through a `Store` of its own, as
    /// another writer would, so the crash explorer records a long operation overtaken by a save.
    private static let saveTarget = ProcessInfo.processInfo.environment["ALMANAC_TEST_SAVE_AT"]
    private static let hooksArmed = crashTarget != nil || pauseTarget != nil || saveTarget != nil
    private static let saveOnce = Guarded(SaveOnce())
    private final class SaveOnce { var done = false }
    private static let faultLock = NSLock()
    // Read and written only with `faultLock` held.
    nonisolated(unsafe) private static var armedFaults: Set<String> = []
    // Read and written only with `faultLock` held: recording prefix → folders opened under it.
    nonisolated(unsafe) private static var folderRecorders: [String: [String]] = [:]
    // Read and written only with `faultLock` held: recording prefix → files opened under it.
    nonisolated(unsafe) private static var fileRecorders: [String: [String]] = [:]
    // Read and written only with `faultLock` held: store path prefix → what runs at each commit step.
    nonisolated(unsafe) private static var stepHooks: [String: @Sendable () -> Void] = [:]
    /// `ALMANAC_TEST_COMMIT_STEPS=<seed>`: a process sleeps a seeded random 0–2 ms at each commit step.
    private static let stepPauses = ProcessInfo.processInfo.environment["ALMANAC_TEST_COMMIT_STEPS"].flatMap(UInt64.init).map(SeededPauses.init)
    #endif

    /// A step of a commit being put in place (a rename, a removal, the journal), where a test
    /// may make the writer linger so that readers in other threads or processes meet the
    /// commit at every stage: a hook armed with ``withCommitSteps(under:_:_:)`` for the store
    /// at `storePath`, or the seeded pauses of `ALMANAC_TEST_COMMIT_STEPS`.
    @inline(__always)
    static func commitStep(_ storePath: @autoclosure () -> String) {
        #if DEBUG
        stepPauses?.pause()
        let hook = faultLock.synchronized { () -> (@Sendable () -> Void)? in
            guard !stepHooks.isEmpty else { return nil }
            let path = storePath()
            return stepHooks.first(where: { path.hasPrefix($0.key) })?.value
        }
        hook?()
        #endif
    }

    /// Notes that the file at `path` was opened for reading, for ``recordingFileOpens(under:_:)``.
    @inline(__always)
    static func fileOpened(_ path: @autoclosure () -> String) {
        #if DEBUG
        faultLock.synchronized {
            guard !fileRecorders.isEmpty else { return }
            let opened = path()
            for prefix in fileRecorders.keys where opened.hasPrefix(prefix) { fileRecorders[prefix]?.append(opened) }
        }
        #endif
    }

    /// Notes that the folder at `path` was opened, for ``recordingFolderOpens(under:_:)``.
    @inline(__always)
    static func folderOpened(_ path: @autoclosure () -> String) {
        #if DEBUG
        faultLock.synchronized {
            guard !folderRecorders.isEmpty else { return }
            let opened = path()
            for prefix in folderRecorders.keys where opened.hasPrefix(prefix) { folderRecorders[prefix]?.append(opened) }
        }
        #endif
    }

    /// Kills the process when the test asked for `point` during `kind`; the point's name is
    /// built only when a test set a target.
    @inline(__always)
    static func crashPoint(_ kind: String, _ point: @autoclosure () -> String) {
        #if DEBUG
        guard hooksArmed else { return }
        let name = "\(kind):\(point())"
        if pauseTarget == name { pauseUntilResumed() }
        if saveTarget == name { saveAsAnotherWriter() }
        guard crashTarget == name else { return }
        kill(getpid(), SIGKILL)
        pause()
        #endif
    }

    #if DEBUG
    /// The save of `ALMANAC_TEST_SAVE`, made once; a failure is printed, not thrown, so the
    /// operation goes on as it would beside a failing writer.
    private static func saveAsAnotherWriter() {
        guard saveOnce.withLock({ once in defer { once.done = true }; return !once.done }) else { return }
        let parts = (ProcessInfo.processInfo.environment["ALMANAC_TEST_SAVE"] ?? "").split(separator: "|").map(String.init)
        do {
            guard parts.count == 3 else { throw AlmanacError(.invalidArgument, "ALMANAC_TEST_SAVE is not <store>|<collection>|<file>") }
            let store = try Store(at: URL(fileURLWithPath: parts[0]), options: Store.Options(lockLinger: 0))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: parts[2]))
            _ = try store.save(json: try JSONValue(parsing: Array(bytes)), in: parts[1])
            store.finishWriting()
        } catch {
            FileHandle.standardError.write(Data("ALMANAC_TEST_SAVE failed: \(error)\n".utf8))
        }
    }

    /// Waits at a pause point: 60 s, or with `ALMANAC_TEST_RESUME_FILE=<path>` until that file
    /// exists (60 s at most), having made `<path>.waiting` so the test knows it is here.
    private static func pauseUntilResumed() {
        guard let resume = ProcessInfo.processInfo.environment["ALMANAC_TEST_RESUME_FILE"], !resume.isEmpty else {
            sleep(60)
            return
        }
        _ = FileManager.default.createFile(atPath: resume + ".waiting", contents: nil)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: resume), Date() < deadline { usleep(10_000) }
    }
    #endif

    /// Throws the armed fault for the file `name` (or the final name of a temporary file).
    @inline(__always)
    static func check(_ fault: Fault, name: String) throws {
        #if DEBUG
        let key = fault.rawValue + "/"
        let hit = faultLock.synchronized {
            !armedFaults.isEmpty && (armedFaults.contains(key + name) || armedFaults.contains(key + (Directory.finalName(ofTemporary: name) ?? name)))
        }
        if hit { throw SystemCall.failure("write", path: name, errno: ENOSPC) }
        #endif
    }

    #if DEBUG
    /// Returns the result of `body` and the folders (their paths) opened under `prefix`
    /// meanwhile, by any thread: a test proves a read opens only the folders it needs.
    static func recordingFolderOpens<T>(under prefix: String, _ body: () throws -> T) rethrows -> (result: T, opened: [String]) {
        faultLock.synchronized { folderRecorders[prefix] = [] }
        defer { faultLock.synchronized { folderRecorders[prefix] = nil } }
        let result = try body()
        return (result, faultLock.synchronized { folderRecorders[prefix] ?? [] })
    }

    /// Returns the result of `body` and the files (their paths) opened for reading under
    /// `prefix` meanwhile, by any thread.
    static func recordingFileOpens<T>(under prefix: String, _ body: () throws -> T) rethrows -> (result: T, opened: [String]) {
        faultLock.synchronized { fileRecorders[prefix] = [] }
        defer { faultLock.synchronized { fileRecorders[prefix] = nil } }
        let result = try body()
        return (result, faultLock.synchronized { fileRecorders[prefix] ?? [] })
    }

    /// Runs `body` with `step` called at every commit step of the stores under `prefix`.
    static func withCommitSteps<T>(under prefix: String, _ step: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows -> T {
        faultLock.synchronized { stepHooks[prefix] = step }
        defer { faultLock.synchronized { stepHooks[prefix] = nil } }
        return try body()
    }

    /// Arms `fault` for writes of the file `name`, until ``disarm(_:name:)``.
    static func arm(_ fault: Fault, name: String) {
        faultLock.synchronized { _ = armedFaults.insert(fault.rawValue + "/" + name) }
    }

    /// Disarms `fault` for `name`.
    static func disarm(_ fault: Fault, name: String) {
        faultLock.synchronized { _ = armedFaults.remove(fault.rawValue + "/" + name) }
    }
    #endif
}

#if DEBUG
/// Sleeps of 0–2 ms drawn from a seeded generator (SplitMix64), the same sequence for a seed.
final class SeededPauses: @unchecked Sendable {
    // Sendable: `state` is only touched while `lock` is held.
    private let lock = NSLock()
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    func pause() {
        let micros = lock.synchronized { () -> UInt64 in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (z ^ (z >> 31)) % 2_000
        }
        usleep(useconds_t(micros))
    }
}
#endif
