import Foundation
import Testing

/// A recovery that fails (issue 41, item 2): the next opener of a store holding a committed
/// journal puts the change in place; when one of its system calls fails, it ends with the
/// cause, drops nothing and leaves everything for the next attempt, which finishes the change.
@Suite("A recovery that fails at any step")
struct RecoveryFailureTests {
    @Test("a read whose recovery fails at any call, with any cause, leaves the committed batch for the next one, which finishes it",
          arguments: [ENOSPC, EIO])
    func recoveryFailsAtEveryCall(errno: Int32) throws {
        let scratch = E2EFolder()
        let template = try makeStore(in: scratch, timeZone: "UTC")
        let batch = try scratch.write("[" + (1...10).map { usageEvent(id: uuid($0), timestamp: "2025-11-\(10 + $0)T10:00:00Z") }.joined(separator: ",") + "]",
                                      to: "batch.json")
        let put = try putCutOffAfterCommit("usage-events", batch, store: template, errno: EIO, scratch: scratch)
        try #require(put.exit != 0 && put.stderr.contains("is committed"), "\(put)")

        // The calls a recovery makes, traced on a copy.
        let probe = scratch.path("probe")
        try FileManager.default.copyItem(at: template, to: probe)
        let trace = scratch.path("recovery.txt")
        let traced = try run(["status", "--store", probe.path], env: ["ALMANAC_TEST_FAULT_TRACE": trace.path])
        try #require(traced.exit == 0, "\(traced)")
        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").count
        try #require(calls > 4, "the read finishes the batch: renames, flushes, the journal's removal")

        var leftForTheNext = 0
        for call in 1...calls {
            let store = scratch.path("store-\(call)")
            try FileManager.default.copyItem(at: template, to: store)
            let failed = try run(["status", "--store", store.path], env: ["ALMANAC_TEST_FAULT": "\(errno)@\(call)"])
            #expect(failed.exit == 0 || failed.exit == 1, "call \(call): \(failed)")
            #expect(!failed.stderr.contains("nothing was changed"), "a read changed nothing of its own: call \(call): \(failed)")
            #expect(!failed.stderr.contains("NSCocoaErrorDomain"), "call \(call): \(failed)")
            if E2EFiles.exists(store.appendingPathComponent(".almanac/journal.json")) { leftForTheNext += 1 }
            let counted = try run(["ls", "usage-events", "--count", "--store", store.path])
            #expect(counted.stdout.split(separator: "\n").first == "10", "the committed batch is whole once the fault is gone (call \(call)): \(counted)")
            let check = try run(["check", "--store", store.path])
            #expect(check.exit == 0, "call \(call): \(check)")
            let left = E2EFiles.files(under: store).filter { $0.contains("almanac-tmp") || $0.hasSuffix(".almanac/journal.json") }
            #expect(left.isEmpty, "call \(call): \(left)")
        }
        #expect(leftForTheNext > 0, "a failing call stops a recovery, which leaves the journal for the next one")
    }
}
