import Foundation

/// Long writes that hold the writers' lock only to commit (DESIGN §4, "Suspension").
extension Store {
    /// How many times a long write plans (or stages) without the writers' lock before it does
    /// so holding it: each time another writer committed meanwhile, it plans again from what
    /// that writer left.
    static let unlockedStagingAttempts = 3

    /// Runs a write whose planning reads much of the store (a seed import, a retention run):
    /// `plan` runs without the writers' lock, and the lock is taken only to check that nobody
    /// committed meanwhile (the commit clock did not move) and to `commit` the plan. When
    /// someone did, it plans again; after ``unlockedStagingAttempts`` such attempts it plans
    /// holding the lock. An app suspended while it plans holds no lock.
    ///
    /// - Parameters:
    ///   - kind: the crash-point kind; `<kind>:planned` is reached after each unlocked plan.
    ///   - plan: reads the store and returns what to write.
    ///   - unchanged: the outcome of a plan that writes nothing (then no lock is taken), or `nil`.
    ///   - commit: writes `plan` in the transaction (holding the lock).
    /// - Returns: the outcome, and whether a transaction committed it.
    func planningWithoutLock<Plan, Outcome>(
        kind: String, plan: () throws -> Plan, unchanged: (Plan) -> Outcome?,
        commit: (Plan, Transaction) throws -> Outcome
    ) throws -> (outcome: Outcome, committed: Bool) {
        try ShortLockWrite(store: self).planningWithoutLock(kind: kind, plan: plan, unchanged: unchanged, commit: commit)
    }

    /// How many documents make a batch whose encoding and validation run without the lock.
    static let largeBatch = 64

    /// Runs a batch save `body` (which saves `count` documents in its transaction): a large
    /// batch is encoded, validated and filed without the writers' lock (in a dry run), and the
    /// lock is taken to check that nobody committed meanwhile and to write its files; a small
    /// one, where that would cost more than it saves, is a plain write.
    func savingBatch<T>(of count: Int, progress: ProgressHandler? = nil, _ body: (Transaction) throws -> T) throws -> T {
        try ShortLockWrite(store: self).savingBatch(of: count, progress: progress, body)
    }
}
