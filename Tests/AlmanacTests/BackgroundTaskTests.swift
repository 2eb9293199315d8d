#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import Almanac

/// `Store.Options.backgroundTask`: begun just before the writers' lock is taken, ended just
/// after it is released, balanced even when the lock cannot be had.
@Suite("The app's background task around the writers' lock")
struct BackgroundTaskTests {
    /// What the hook saw: each call with whether the store's lock was free at that moment.
    final class Recorder: @unchecked Sendable {
        // Sendable: `events` is reached only through `lock`.
        private let lock = NSLock()
        private var events: [String] = []
        func add(_ event: String) { lock.lock(); events.append(event); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return events }
    }

    /// Whether another open file description could take the store's lock now.
    static func lockIsFree(_ store: URL) -> Bool {
        let fd = open(store.appendingPathComponent(".almanac/lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(fd, LOCK_UN)
        return true
    }

    func options(_ recorder: Recorder, _ storeURL: URL, lockTimeout: Double = 5) -> Store.Options {
        let counter = Counter()
        return Store.Options(lockTimeout: lockTimeout, lockLinger: 0, backgroundTask: Store.BackgroundTask(
            begin: { name in
                let token = counter.next()
                recorder.add("begin \(token) \(Self.lockIsFree(storeURL) ? "free" : "held") \(name)")
                return token
            },
            end: { token in recorder.add("end \(token) \(Self.lockIsFree(storeURL) ? "free" : "held")") }))
    }

    @Test("a save begins the task before taking the lock and ends it after releasing it; the commit runs inside")
    func aroundOneSave() throws {
        let folder = TemporaryFolder()
        let created = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        created.finishWriting()
        let recorder = Recorder()
        let store = try Store(at: created.url, options: options(recorder, created.url))
        try TestHooks.withCommitSteps(under: created.url.path, { recorder.add("commit step \(Self.lockIsFree(created.url) ? "free" : "held")") }) {
            try store.save(contentsOf: [LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k"),
                                        LoggedEvent(id: "E2", timestamp: instant("2025-03-02T10:00:00Z"), kind: "k")])
        }
        let events = recorder.all
        #expect(events.first == "begin 1 free Almanac: writing store", "\(events)")
        #expect(events.last == "end 1 free", "\(events)")
        let steps = events.dropFirst().dropLast()
        #expect(!steps.isEmpty && steps.allSatisfy { $0 == "commit step held" }, "\(events)")
    }

    @Test("a write that cannot get the lock ends the task it began")
    func balancedWhenLocked() throws {
        let folder = TemporaryFolder()
        let created = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        created.finishWriting()
        let holder = open(created.url.appendingPathComponent(".almanac/lock").path, O_RDWR | O_CLOEXEC)
        try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { flock(holder, LOCK_UN); close(holder) }
        let recorder = Recorder()
        let store = try Store(at: created.url, options: options(recorder, created.url, lockTimeout: 0.1))
        let error = #expect(throws: AlmanacError.self) { try store.save(LoggedEvent(id: "E1", timestamp: instant("2025-03-01T10:00:00Z"), kind: "k")) }
        #expect(error?.code == .locked)
        #expect(recorder.all == ["begin 1 held Almanac: writing store", "end 1 held"])
    }
}
