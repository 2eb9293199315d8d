import Foundation

/// The last results of a few limited date-ordered queries (the newest 20, a page), kept in a
/// long-lived store with the folders their walk armed and at what epoch (``ChangeWatch``): run
/// again while every one of those folders is clean at that epoch and the commit clock has not
/// moved, such a query is answered without a system call. Any change in a folder it walked
/// (a document saved, edited, copied or removed; a new date folder beside them) makes it walk again.
///
/// Only a walk stopped by its limit is kept: it reads the folders it walks and nothing else,
/// while an unlimited date query also asks the folder index about the whole collection.
final class QueryMemos: @unchecked Sendable {
    // Sendable: `memos` is reached only with `lock` held.
    private let lock = NSLock()
    private var memos: [Memo] = []

    /// How many queries are kept, and how many documents each at most.
    static let capacity = 16
    static let largest = 1_000

    struct Memo {
        var query: Query
        var clock: UInt64
        /// The folders the walk armed (from the store root), with their epochs.
        var folders: [(path: String, epoch: UInt64)]
        var documents: [StoredDocument]
    }

    /// The documents `query` gave at clock value `clock`, when nothing in the folders it walked
    /// changed since.
    func documents(of query: Query, clock: UInt64, watch: ChangeWatch) -> [StoredDocument]? {
        let memo: Memo? = lock.withLock {
            guard let at = memos.firstIndex(where: { $0.query == query }) else { return nil }
            let memo = memos.remove(at: at)
            memos.append(memo)  // the most recently used last
            return memo
        }
        guard let memo, memo.clock == clock, memo.folders.allSatisfy({ watch.epoch(of: $0.path) == $0.epoch }) else { return nil }
        return memo.documents
    }

    /// Keeps what `query` gave.
    func keep(_ memo: Memo) {
        guard memo.documents.count <= Self.largest else { return }
        lock.withLock {
            memos.removeAll { $0.query == memo.query }
            memos.append(memo)
            if memos.count > Self.capacity { memos.removeFirst(memos.count - Self.capacity) }
        }
    }
}
