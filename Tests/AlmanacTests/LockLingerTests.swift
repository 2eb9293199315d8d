#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// iOS kills an app suspended while it holds a file lock in a shared container, and an app may
/// be suspended as soon as a save returns: with the linger off (the iOS default), the lock is
/// free the moment a save returns.
@Suite("Lock linger")
struct LockLingerTests {
    /// Whether another open file description (as another process would have) can take the lock now.
    static func lockIsFree(_ store: Store) throws -> Bool {
        let fd = open(store.url.appendingPathComponent(".almanac/lock").path, O_RDWR | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(fd, LOCK_UN)
        return true
    }

    @Test("with no linger, another process can take the lock as soon as a save returns")
    func noLingerReleasesAtOnce() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, options: Store.Options(lockLinger: 0))
        for number in 0..<5 {
            try store.save(json: .object(["id": .string("t\(number)")]), in: "templates")
            #expect(try LockLingerTests.lockIsFree(store), "save \(number) returned holding the lock")
        }
        try store.save(json: [.object(["id": .string("a")]), .object(["id": .string("b")])], in: "templates")
        #expect(try LockLingerTests.lockIsFree(store))
        #expect(try store.delete(id: "a", in: "templates"))
        #expect(try LockLingerTests.lockIsFree(store))
    }

    @Test("with a linger the lock is held after a save until finishWriting()")
    func lingerHoldsUntilFinishWriting() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, options: Store.Options(lockLinger: 30))
        try store.save(json: .object(["id": .string("t1")]), in: "templates")
        #expect(try !LockLingerTests.lockIsFree(store), "the linger keeps the lock for a run of saves")
        store.finishWriting()
        #expect(try LockLingerTests.lockIsFree(store))
    }

    @Test("the default linger is off only where apps are suspended")
    func defaultLinger() {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        #expect(Store.Options().lockLinger == 0)
        #else
        #expect(Store.Options().lockLinger > 0)
        #endif
        #expect(Store.Options(lockLinger: -1).lockLinger == 0)
    }
}
