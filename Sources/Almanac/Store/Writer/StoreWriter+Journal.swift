import Foundation

/// The write journal's one owner: every multi-file change (an atomic change, `delete --all`)
/// writes its journal, finishes it and reports a failure here, so that the journal has one life
/// (DESIGN §4, "Failed writes"):
///
/// - written only once everything it names is staged and durable;
/// - when writing it fails, removed again (and the removal flushed): nothing changed, and the
///   message says so;
/// - once written and not removed, committed: whoever takes the lock next finishes it, whatever
///   failed before, and the message says the change is committed, never that nothing changed.
extension StoreWriter {
    /// What a failed operation did to the store, as its message says it.
    enum FailureOutcome {
        /// The store is as before the operation.
        case nothingChanged
        /// The change is committed (its journal is on disk) and is finished by the next writer or open.
        case committed
        /// The change is in place, but the flush that makes it durable failed: a power cut may undo it.
        case notDurable
    }

    /// Writes `journal` as the commit point. `undo` removes what was staged for it; it runs
    /// when the journal could not be written and was removed again.
    ///
    /// - Throws: the cause, worded with ``FailureOutcome/nothingChanged`` when the journal is
    ///   gone, or ``FailureOutcome/committed`` when it could not be removed (the lock record then
    ///   says a writer was interrupted, and the next writer finishes it).
    func writeJournal(_ journal: WriteJournal, _ state: StoreState, flush: Flush, undo: () -> Void) throws {
        do {
            try createFolders([".almanac"]).writeFile(WriteJournal.fileName, folderFlush: flush) { write in try journal.write(to: write) }
        } catch let error as AlmanacError {
            // Renamed into place but not flushed, a journal might still reach the disk: it goes
            // now, durably, or it stays and is the commit.
            switch removeJournalAfterFailure(state) {
            case .removed:
                undo()
                throw StoreWriter.failure(error, .nothingChanged)
            case .removedNotDurably:
                // Gone, but a power cut could bring it back: what it names stays for the next
                // writer, which finds no journal (and sweeps it) or, after a power cut, the journal.
                state.session?.interrupted = true
                throw StoreWriter.failure(error, .nothingChanged)
            case .present:
                state.session?.interrupted = true
                throw StoreWriter.failure(error, .committed)
            }
        }
    }

    /// Carries out a committed journal in this session; when that fails, the journal stays for
    /// the next writer (the lock record says a writer was interrupted) and the error says the change is committed.
    func finishCommitted(_ journal: WriteJournal, _ state: StoreState, crashPointKind: String) throws {
        do {
            switch journal.kind {
            case .deleteAll: try finishDeletingEverything(state)
            default: try finishChange(journal, state, crashPointKind: crashPointKind)
            }
        } catch let error as AlmanacError {
            state.session?.interrupted = true
            throw StoreWriter.failure(error, .committed)
        }
    }

    /// Deletes every document, attachment, archived document and backup as one committed
    /// change: the journal first, then the removals (DESIGN §7).
    func deleteEverything() throws {
        try withWriteLock { state in
            try prepareClock()
            try writeJournal(WriteJournal(kind: .deleteAll), state, flush: .full, undo: {})
            TestHooks.crashPoint("delete", "after-journal")
            try finishCommitted(WriteJournal(kind: .deleteAll), state, crashPointKind: "delete")
        }
    }

    /// Makes the commit counter exist, whole, before a change stages anything: advancing it
    /// after the journal is then a write in place that needs no space (DESIGN §4, "Failed writes").
    func prepareClock() throws {
        do {
            try clock.prepare()
        } catch let error as AlmanacError {
            throw StoreWriter.failure(error, .nothingChanged)
        }
    }

    /// `error` with what the failed operation did to the store.
    static func failure(_ error: AlmanacError, _ outcome: FailureOutcome) -> AlmanacError {
        var copy = error
        switch outcome {
        case .nothingChanged:
            copy.message += "; nothing was changed"
        case .notDurable:
            copy.message = "the change was made, but the disk did not confirm it is durable, so a power cut may undo it: " + copy.message
        case .committed:
            copy.message = committedNote + copy.message
        }
        return copy
    }

    private static let committedNote = "the change is committed but not yet wholly in place; it is finished by the next write or open of the store, once the cause is gone: "

    /// `error` from a store that was then thrown away whole (an import's staging store): what
    /// it said of its own commit no longer holds, and nothing was changed.
    static func discarded(_ error: AlmanacError) -> AlmanacError {
        var copy = error
        if copy.message.hasPrefix(committedNote) { copy.message.removeFirst(committedNote.count) }
        return copy.message.hasSuffix("; nothing was changed") ? copy : failure(copy, .nothingChanged)
    }

    private enum JournalRemoval { case removed, removedNotDurably, present }

    /// Removes the journal after its write failed. Relative to the store root, after the write
    /// path's open folders are let go: a write that failed for want of descriptors must still
    /// be able to tell whether its journal exists.
    private func removeJournalAfterFailure(_ state: StoreState) -> JournalRemoval {
        state.folders.removeAll()
        let path = ".almanac/" + WriteJournal.fileName
        do {
            guard try root.entryKind(of: path) != nil else { return .removed }
            try root.removeFile(path)
        } catch {
            return (try? root.entryKind(of: path)) == .some(nil) ? .removedNotDurably : .present
        }
        guard let folder = try? reader.openFolders([".almanac"]), (try? folder.synchronize(.full)) != nil else { return .removedNotDurably }
        return .removed
    }
}
