/// What a power cut may lose of a recorded log: the rules of one file system, written down.
///
/// Both models share how changes reach the disk:
/// - Entry changes (create, mkdir, link, rename, exchange, unlink, rmdir) persist in the order
///   they were made: a crash keeps a prefix of them (ext4's journal commits transactions in
///   order; APFS commits its copy-on-write transactions in order).
/// - File data (write, truncate) that was not flushed may be lost, write by write, in any
///   order, even when the file's name persisted: a new file may come back empty.
/// - A flush of a file or folder X (`fsync`, `F_BARRIERFSYNC`, `F_FULLFSYNC`) covers X's
///   data written before it and the entry changes up to the last one that touched X (the
///   journal commits everything up to X's last transaction; nothing after).
///
/// They differ in what a flush guarantees:
/// - **ext4 (data=ordered)**: every flush is `fsync` and durable: what it covers survives.
///   A volume sync (`syncfs`) makes everything before it durable.
/// - **APFS**: a barrier (`F_BARRIERFSYNC`) sends what it covers to the drive but does not
///   persist it; it orders: if anything issued after the barrier survives, everything the
///   barrier (and the flushes before it) sent survives too. A full flush (`F_FULLFSYNC`)
///   makes everything sent to the drive so far durable. A volume sync sends everything and
///   orders it like a barrier.
enum PersistenceModel: String, CaseIterable, Sendable, CustomStringConvertible {
    case ext4 = "ext4 (data=ordered)"
    case apfs = "APFS (barrier and full flushes)"

    var description: String { rawValue }

    /// What each flush of `log` covers (by the flush's index): its object's data written before
    /// it and every entry change up to the last one touching its object; for a volume sync,
    /// everything before it.
    static func covers(of log: [RecordedChange]) -> [Int: Set<Int>] {
        var covers: [Int: Set<Int>] = [:]
        var dataByObject: [ObjectID: [Int]] = [:]
        var lastTouch: [ObjectID: Int] = [:]
        var metadata: [Int] = []
        for (index, change) in log.enumerated() {
            if change.isFlush {
                if change.kind == .volume {
                    covers[index] = Set((0..<index).filter { log[$0].isMetadata || log[$0].isData })
                } else if let object = change.object {
                    let last = lastTouch[object] ?? -1
                    covers[index] = Set(dataByObject[object] ?? []).union(metadata.prefix { $0 <= last })
                } else {
                    covers[index] = []
                }
            } else if change.isData, let object = change.object {
                dataByObject[object, default: []].append(index)
            } else if change.isMetadata {
                metadata.append(index)
                for object in [change.folder, change.object, change.otherFolder, change.otherObject].compactMap({ $0 }) {
                    lastTouch[object] = index
                }
            }
        }
        return covers
    }

    /// A set of persisted changes (indices into the log).
    typealias CrashState = Set<Int>

    /// The crash states of a power cut after the first `issued` changes of `log`: every
    /// prefix of the unflushed entry changes with all and with none of the unflushed data,
    /// at most `prefixLimit` prefixes (evenly spread), plus `randomCount` random states.
    /// `covers` is ``covers(of:)`` of the log, computed once for all crash points.
    func crashStates(of log: [RecordedChange], covers: [Int: Set<Int>], issued: Int, prefixLimit: Int, randomCount: Int,
                     generator: inout SplitMix64) -> [CrashState] {
        let analysis = FlushAnalysis(log: log, covers: covers, issued: issued, model: self)
        let metadata = (0..<issued).filter { log[$0].isMetadata }
        let guaranteed = analysis.guaranteed
        let firstOptional = metadata.firstIndex { !guaranteed.contains($0) } ?? metadata.count
        let optionalData = (0..<issued).filter { log[$0].isData && !guaranteed.contains($0) }

        var prefixes = Array(firstOptional...metadata.count)
        if prefixes.count > prefixLimit, prefixLimit > 1 {
            let step = Double(prefixes.count - 1) / Double(prefixLimit - 1)
            prefixes = (0..<prefixLimit).map { prefixes[Int((Double($0) * step).rounded())] }
        }
        var states: [CrashState] = []
        func add(prefix: Int, data: [Int]) {
            var state = guaranteed.union(metadata[0..<prefix]).union(data)
            analysis.close(&state, metadata: metadata)
            states.append(state)
        }
        for prefix in prefixes {
            add(prefix: prefix, data: [])
            if !optionalData.isEmpty { add(prefix: prefix, data: optionalData) }
        }
        for _ in 0..<randomCount {
            let prefix = Int(generator.next(below: UInt64(metadata.count - firstOptional + 1))) + firstOptional
            add(prefix: prefix, data: optionalData.filter { _ in generator.next(below: 2) == 1 })
        }
        var seen: Set<CrashState> = []
        return states.filter { seen.insert($0).inserted }
    }
}

/// The flushes of a log up to a crash point, as one model sees them.
private struct FlushAnalysis {
    let log: [RecordedChange]
    /// What survives for certain.
    var guaranteed: Set<Int> = []
    /// APFS: the barriers after the last full flush, each with everything sent to the drive by then.
    var barriers: [(index: Int, sent: Set<Int>)] = []

    init(log: [RecordedChange], covers: [Int: Set<Int>], issued: Int, model: PersistenceModel) {
        self.log = log
        var sent: Set<Int> = []
        for index in 0..<issued where log[index].isFlush {
            sent.formUnion(covers[index] ?? [])
            switch (model, log[index].kind) {
            case (.ext4, _), (.apfs, .full):
                guaranteed.formUnion(sent)
                barriers = []
            default:
                barriers.append((index, sent))
            }
        }
    }

    /// Adds what the model's ordering forces: the entry changes before any kept one, and on
    /// APFS everything a barrier sent once anything issued after the barrier is kept.
    func close(_ state: inout Set<Int>, metadata: [Int]) {
        var changed = true
        while changed {
            changed = false
            if let last = metadata.lastIndex(where: { state.contains($0) }) {
                for index in metadata[0...last] where state.insert(index).inserted { changed = true }
            }
            guard let latest = state.max() else { return }
            for barrier in barriers where latest > barrier.index && !barrier.sent.isSubset(of: state) {
                state.formUnion(barrier.sent)
                changed = true
            }
        }
    }
}

/// A small seeded random generator, so that a run's crash states can be generated again.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: UInt64) -> UInt64 { bound == 0 ? 0 : next() % bound }
}
