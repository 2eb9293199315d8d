/// Writing id hints (see StoreReader+IDHints.swift): queued in the write session, appended when it ends.
extension StoreWriter {
    /// Queues hints for documents created or moved (`location`) or deleted (`nil`); they are
    /// appended when the write session ends, or now when many are waiting.
    func recordHints(_ hints: [IDHint], _ state: StoreState) {
        state.pendingHints += hints
        if state.pendingHints.count >= 4096 { flushHints(state) }
    }

    /// Appends the pending hints. A hint that cannot be written only costs a later lookup a
    /// listing, so failures are not errors. Called in the write session, which owns the hint files.
    func flushHints(_ state: StoreState) {
        guard !state.pendingHints.isEmpty else { return }
        var lines: [[String]: [UInt8]] = [:]
        for hint in state.pendingHints {
            let target = hint.location?.relativePath ?? "-"
            lines[[hint.collection, StoreReader.hintBucket(for: hint.id)], default: []] += Array("\(hint.id)\t\(target)\n".utf8)
        }
        state.pendingHints.removeAll()
        for (key, bytes) in lines {
            guard let folder = try? writableFolder([".almanac", "ids", key[0]], state) else { continue }
            try? folder.append(key[1], bytes)
        }
    }
}
