import Testing

@testable import Almanac

/// The ids a batch looks up ahead of its saves, packed (``PrefetchedFolders``): every key
/// recorded is found with its folders, and no other.
@Suite("Prefetched folders")
struct PrefetchedFoldersTests {
    @Test("10,000 keys recorded as the table grows are each found with their folders; others are not")
    func recordsAndFinds() {
        var prefetched = PrefetchedFolders()
        #expect(prefetched[""] == nil && prefetched.isEmpty)
        prefetched.reserve(5_000, length: 12)
        for number in 0..<10_000 { prefetched.record("key-\(number)", folders: number % 3 == 0 ? ["2025/01/\(number % 28)"] : []) }
        #expect(prefetched.count == 10_000)
        for number in 0..<10_000 {
            #expect(prefetched["key-\(number)"] == (number % 3 == 0 ? ["2025/01/\(number % 28)"] : []))
        }
        for other in ["key-10000", "key-", "key-0 ", "", "KEY-1", "key-00"] { #expect(prefetched[other] == nil, "\(other)") }
    }

    @Test("a key recorded again keeps its last folders and its one entry; keys that prefix each other stay apart")
    func recordsAgain() {
        var prefetched = PrefetchedFolders()
        prefetched.record("a", folders: [])
        prefetched.record("ab", folders: ["x"])
        prefetched.record("", folders: ["root"])
        prefetched.record("a", folders: ["y", "z"])
        #expect(prefetched.count == 3)
        #expect(prefetched["a"] == ["y", "z"])
        #expect(prefetched["ab"] == ["x"])
        #expect(prefetched[""] == ["root"])
        #expect(prefetched["abc"] == nil)
    }
}
