/// A pattern compiled to a deterministic automaton: the fast path of ``SchemaPattern``.
///
/// A DFA answers "does the pattern occur in this string?" in one table step per code point,
/// however the pattern is written, several times faster than running the NFA
/// (``SchemaRegexMachine``). Patterns that look around (`\b`, look-arounds) or whose
/// automaton would be large or slow to build run on the NFA instead, which is also linear.
final class SchemaRegex: Sendable {
    private typealias Instruction = SchemaRegexProgram.Instruction

    /// Limits that keep construction well under a millisecond or so per pattern and tables
    /// small; beyond them the NFA is used.
    private static let maximumInstructions = 4_000
    private static let maximumStates = 1_000
    /// Instructions visited while building states (each closure counts what it visits).
    private static let maximumWork = 400_000
    /// Entries of the transition table (states × classes), each a closure to build (libFuzzer
    /// found a 1,359-byte pattern taking ~1 s under ASan to reach the state cap, before ranges
    /// that every set treats alike shared a class).
    private static let maximumTableEntries = 100_000

    /// Code point ranges: `cuts[i]` is the first code point of range `i`, every code point of
    /// which every set either contains or excludes.
    private let cuts: [UInt32]
    /// The class of each range: ranges that every set treats alike share one, so a class of
    /// hundreds of scattered characters costs two classes, not a class per range.
    private let classOfRange: [Int32]
    /// The class of each ASCII code point, the common case.
    private let asciiClasses: [Int32]
    private let classCount: Int
    /// `transitions[state * classCount + class]`, or -1 where a match has been found and -2
    /// where none is possible any more (the search stops at either).
    private let transitions: [Int32]
    /// Whether the pattern matches the empty string at the start, so every string matches.
    private let matchesAtStart: Bool
    /// States that accept if the input ends there (patterns ending in `$`).
    private let acceptingAtEnd: [Bool]
    /// Whether the automaton reads the string backwards: for patterns anchored only at the
    /// end, such as `\\.m4a$`, the reversed pattern is anchored at the start, so the scan
    /// stops after a few code points instead of reading the whole string.
    private let backward: Bool
    /// Whether the empty string matches (where `^` and `$` both hold).
    private let emptyMatches: Bool

    /// Builds the automaton for `tree`, or returns `nil` when the tree looks around or the
    /// automaton would exceed the limits.
    init?(_ tree: SchemaRegexNode) {
        guard !tree.looksAround else { return nil }
        let backward = tree.isAnchoredAtEndOnly
        guard let compiled = try? SchemaRegexProgram(backward ? tree.reversed : tree),
              compiled.instructions.count <= Self.maximumInstructions else { return nil }
        let program = compiled.instructions
        let sets = compiled.sets
        let start = compiled.start
        var work = 0

        // Split code points into classes that every set either wholly contains or excludes.
        var cutSet: Set<UInt32> = [0]
        for set in sets {
            for range in set.ranges {
                cutSet.insert(range.lowerBound)
                if range.upperBound < SchemaScalarSet.maximum { cutSet.insert(range.upperBound + 1) }
            }
        }
        let cuts = cutSet.sorted()
        guard sets.count * cuts.count <= Self.maximumWork else { return nil }
        var classOfColumn: [[Bool]: Int32] = [:]
        var columns: [[Bool]] = []
        let classOfRange = cuts.map { cut in
            let column = sets.map { $0.contains(cut) }
            if let known = classOfColumn[column] { return known }
            classOfColumn[column] = Int32(columns.count)
            columns.append(column)
            return Int32(columns.count - 1)
        }
        let classCount = columns.count
        guard classCount <= Self.maximumTableEntries else { return nil }
        let membership = sets.indices.map { set in columns.map { $0[set] } }

        var marks = Marks(count: program.count)
        let restart = Self.closure([start], program, atStart: false, work: &work, marks: &marks)
        var states: [[Int]] = [Self.closure([start], program, atStart: true, work: &work, marks: &marks)]
        var stateIDs: [[Int]: Int] = [states[0]: 0]
        var transitions: [Int32] = []
        var index = 0
        while index < states.count {
            let state = states[index]
            for symbol in 0..<classCount {
                // Keep every thread that can consume this class, and start a new attempt at
                // the next position: the pattern may occur anywhere in the string.
                var seeds = [start]
                for pc in state {
                    if case .consume(let set, let next) = program[pc], membership[set][symbol] { seeds.append(next) }
                }
                let target = Self.closure(seeds, program, atStart: false, work: &work, marks: &marks)
                guard work <= Self.maximumWork else { return nil }
                if target.contains(0) {
                    transitions.append(-1)
                } else if target.isEmpty && restart.isEmpty {
                    // No thread left and no new attempt can start (a `^` that failed).
                    transitions.append(-2)
                } else if let id = stateIDs[target] {
                    transitions.append(Int32(id))
                } else {
                    guard states.count < Self.maximumStates, (states.count + 1) * classCount <= Self.maximumTableEntries else { return nil }
                    stateIDs[target] = states.count
                    transitions.append(Int32(states.count))
                    states.append(target)
                }
            }
            index += 1
        }
        self.cuts = cuts
        self.classOfRange = classOfRange
        self.classCount = classCount
        self.asciiClasses = (0..<128).map { scalar in classOfRange[cuts.lastIndex { $0 <= UInt32(scalar) } ?? 0] }
        self.transitions = transitions
        self.matchesAtStart = states[0].contains(0)
        self.backward = backward
        self.acceptingAtEnd = states.map { Self.acceptsAtEnd($0, program, atStart: false) }
        self.emptyMatches = Self.acceptsAtEnd(states[0], program, atStart: true)
    }

    /// Whether the pattern occurs somewhere in `string`.
    func matches(_ string: String) -> Bool {
        if matchesAtStart { return true }
        var string = string
        return string.withUTF8 { bytes in
            if bytes.isEmpty { return emptyMatches }
            return transitions.withUnsafeBufferPointer { table in
                asciiClasses.withUnsafeBufferPointer { ascii in
                    let state = backward ? scanBackward(bytes, table, ascii) : scanForward(bytes, table, ascii)
                    return state < 0 ? state == -1 : acceptingAtEnd[state]
                }
            }
        }
    }

    /// Runs the automaton over `bytes`; returns the final state, or -1 (match) or -2 (none).
    private func scanForward(_ bytes: UnsafeBufferPointer<UInt8>, _ table: UnsafeBufferPointer<Int32>,
                             _ ascii: UnsafeBufferPointer<Int32>) -> Int {
        var state = 0
        var offset = 0
        while offset < bytes.count {
            let symbol: Int
            if bytes[offset] < 0x80 {
                symbol = Int(ascii[Int(bytes[offset])])
                offset += 1
            } else {
                symbol = classOf(Self.decode(bytes, at: &offset))
            }
            let next = Int(table[state &* classCount &+ symbol])
            if next < 0 { return next }
            state = next
        }
        return state
    }

    /// Like ``scanForward(_:_:_:)``, from the last code point to the first.
    private func scanBackward(_ bytes: UnsafeBufferPointer<UInt8>, _ table: UnsafeBufferPointer<Int32>,
                              _ ascii: UnsafeBufferPointer<Int32>) -> Int {
        var state = 0
        var offset = bytes.count
        while offset > 0 {
            offset -= 1
            let symbol: Int
            if bytes[offset] < 0x80 {
                symbol = Int(ascii[Int(bytes[offset])])
            } else {
                // Step back over continuation bytes (10xxxxxx) to the lead byte.
                while bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
                var end = offset
                symbol = classOf(Self.decode(bytes, at: &end))
            }
            let next = Int(table[state &* classCount &+ symbol])
            if next < 0 { return next }
            state = next
        }
        return state
    }

    /// The class of a non-ASCII code point: that of the last cut at or below it.
    private func classOf(_ value: UInt32) -> Int {
        var low = 0
        var high = cuts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if cuts[middle] <= value { low = middle } else { high = middle }
        }
        return Int(classOfRange[low])
    }

    /// Decodes the multi-byte UTF-8 sequence at `offset` (the string is valid UTF-8).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> UInt32 {
        let lead = UInt32(bytes[offset])
        let length = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : 2)
        var value = lead & (0xFF >> (length + 1))
        for index in 1..<length { value = value << 6 | UInt32(bytes[offset + index] & 0x3F) }
        offset += length
        return value
    }

    // MARK: - Construction

    /// Visit marks shared by every closure of one construction: a state's row takes a closure
    /// per class, and a fresh `Set` for each was most of the build's cost.
    private struct Marks {
        var stamps: [Int]
        var current = 0
        init(count: Int) { stamps = Array(repeating: 0, count: count) }
        /// Starts a new closure: every mark of an earlier one no longer counts.
        mutating func next() { current += 1 }
        /// Marks `pc`; false when this closure had marked it already.
        mutating func insert(_ pc: Int) -> Bool {
            if stamps[pc] == current { return false }
            stamps[pc] = current
            return true
        }
    }

    /// The instructions reachable from `seeds` without consuming input that wait for input,
    /// the end of input, or are the match: a DFA state, sorted so that equal sets compare equal.
    private static func closure(_ seeds: [Int], _ program: [Instruction], atStart: Bool, work: inout Int,
                                marks: inout Marks) -> [Int] {
        marks.next()
        var stack = seeds
        var result: [Int] = []
        while let pc = stack.popLast() {
            guard marks.insert(pc) else { continue }
            work += 1
            switch program[pc] {
            case .consume, .match, .assertEnd:
                result.append(pc)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .jump(let target):
                stack.append(target)
            case .assertStart(let next):
                if atStart { stack.append(next) }
            case .wordBoundary, .look:
                break  // excluded by `looksAround`
            }
        }
        return result.sorted()
    }

    /// Whether the input may end in `state`: some thread reaches the match through `$`s.
    private static func acceptsAtEnd(_ state: [Int], _ program: [Instruction], atStart: Bool) -> Bool {
        var visited = Set<Int>()
        var stack = state
        while let pc = stack.popLast() {
            guard visited.insert(pc).inserted else { continue }
            switch program[pc] {
            case .match: return true
            case .consume: break
            case .assertEnd(let next), .jump(let next): stack.append(next)
            case .assertStart(let next): if atStart { stack.append(next) }
            case .split(let first, let second): stack += [first, second]
            case .wordBoundary, .look: break  // excluded by `looksAround`
            }
        }
        return false
    }
}
