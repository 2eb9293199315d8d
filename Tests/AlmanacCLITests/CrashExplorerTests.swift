import Foundation
import Testing

@testable import Almanac

/// Power cuts, not just `kill -9`: every writer's crash states under the ext4 and APFS models
/// (see `PersistenceModel`) recover to the tree before or after the operation, `check` clean.
///
/// An ordinary run judges a seeded third of the states before a reported commit (see
/// `CrashExplorer.Bounds`). Every state: `ALMANAC_FULL_SWEEP=1`; a longer run:
/// `ALMANAC_FULL_SWEEP=1 ALMANAC_CRASH_PREFIXES=40 ALMANAC_CRASH_RANDOM=50 swift test --filter CrashExplorerTests`.
@Suite("Crash-state explorer", .serialized)
struct CrashExplorerTests {
    @Test("every writer survives a power cut at any flush point", arguments: CrashWorkloads.all.indices)
    func writer(_ index: Int) throws {
        let workload = CrashWorkloads.all[index]
        for outcome in try CrashExplorer().explore(workload) {
            print("crash states: \(outcome)")
            #expect(outcome.explored > 0, "\(outcome)")
            #expect(outcome.failed == 0, "\(outcome)")
            #expect(outcome.unflushed.isEmpty, "every folder whose entries changed is flushed before the operation reports success: \(outcome)")
        }
    }

    @Test("a write path that skips the folder flush after its rename is caught")
    func brokenWritePathIsCaught() throws {
        var explorer = CrashExplorer()
        explorer.extraEnvironment = ["ALMANAC_TEST_SKIP_FOLDER_FLUSH": "1"]
        explorer.bounds.share = 1
        let outcomes = try explorer.explore(CrashWorkloads.newDocument)
        for outcome in outcomes { print("broken write path: \(outcome)") }
        #expect(outcomes.allSatisfy { $0.failed > 0 }, "\(outcomes)")
        #expect(outcomes.allSatisfy { $0.failures.contains { $0.contains("after the operation reported its commit") } }, "\(outcomes)")
    }
}
