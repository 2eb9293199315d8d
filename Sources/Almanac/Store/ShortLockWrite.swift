import Foundation

/// Long writes that hold the writers' lock only to commit (DESIGN §4, "Suspension").
struct ShortLockWrite {
    let store: Store

    func planningWithoutLock<Plan, Outcome>(
        kind: String, plan: () throws -> Plan, unchanged: (Plan) -> Outcome?,
        commit: (Plan, Transaction) throws -> Outcome
    ) throws -> (outcome: Outcome, committed: Bool) {
        for _ in 0..<Store.unlockedStagingAttempts {
            _ = store.reader.clock.settled()  // a plan read while a change is put in place could not be committed
            let (clock, planned) = try store.readingOneVersion { (store.reader.clock.now(), try plan()) }
            if let outcome = unchanged(planned) { return (outcome, false) }
            TestHooks.crashPoint(kind, "planned")
            guard clock % 2 == 0 else { continue }
            let outcome = try store.write { transaction -> Outcome? in
                guard store.reader.clock.now() == clock else { return nil }
                return try commit(planned, transaction)
            }
            if let outcome { return (outcome, true) }
        }
        return try store.write { transaction in
            let planned = try plan()
            if let outcome = unchanged(planned) { return (outcome, false) }
            return (try commit(planned, transaction), true)
        }
    }

    func savingBatch<T>(of count: Int, progress: ProgressHandler?, _ body: (Transaction) throws -> T) throws -> T {
        guard count >= Store.largeBatch else {
            return try store.write { transaction in
                transaction.commitProgress = progress
                return try body(transaction)
            }
        }
        return try planningWithoutLock(kind: "batch", plan: {
            try store.writer.dryRun { transaction in (try body(transaction), PlannedChange(transaction.pending)) }
        }, unchanged: { _ in nil }, commit: { planned, transaction in
            transaction.commitProgress = progress
            try transaction.include(planned.1.take())
            return planned.0
        }).outcome
    }

    /// A planned batch, handed over to the transaction that commits it rather than copied:
    /// a batch of 100,000 documents is held once.
    private final class PlannedChange {
        private var change: PendingChange?
        init(_ change: PendingChange) { self.change = change }
        func take() -> PendingChange {
            guard let taken = change else { preconditionFailure("a planned batch is committed once") }
            change = nil
            return taken
        }
    }
}
