/// Runs a ``SchemaRegexProgram`` over a string as a Thompson simulation: every thread
/// advances in step, one code point at a time, so the cost is the string's length times the
/// program's size, whatever the pattern (no backtracking, no time limit).
///
/// Look-arounds are decided first, each in one pass over the whole string: a look-behind's
/// body runs forwards and a look-ahead's reversed body backwards, a new attempt starting at
/// every position, and the positions where the body just matched are where the look-around
/// holds. Without back-references, whether a look-around holds at a position does not depend
/// on the rest of the match, so this gives ECMA-262's answers in linear time.
struct SchemaRegexMachine: Sendable {
    private let program: SchemaRegexProgram
    /// For each set, its ASCII members as two 64-bit masks (the common case).
    private let asciiMasks: [(UInt64, UInt64)]
    private let looks: [SchemaRegexMachine]

    init(_ program: SchemaRegexProgram) {
        self.program = program
        asciiMasks = program.sets.map { set in
            var low: UInt64 = 0
            var high: UInt64 = 0
            for value in UInt32(0)..<128 where set.contains(value) {
                if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
            }
            return (low, high)
        }
        looks = program.looks.map { SchemaRegexMachine($0.program) }
    }

    /// Whether the pattern occurs somewhere in `string`.
    func matches(_ string: String) -> Bool {
        let scalars = string.unicodeScalars.map(\.value)
        var unused: [Bool] = []
        return run(scalars, forward: true, recording: false, into: &unused)
    }

    /// Runs from one end of `scalars` to the other, starting an attempt at every position.
    /// Returns as soon as one attempt matches, unless `recording`, which instead marks in
    /// `ends` every position where an attempt matches.
    private func run(_ scalars: [UInt32], forward: Bool, recording: Bool, into ends: inout [Bool]) -> Bool {
        let count = scalars.count
        let truths: [[Bool]] = zip(looks, program.looks).map { machine, look in
            var holds = [Bool](repeating: false, count: count + 1)
            _ = machine.run(scalars, forward: !look.ahead, recording: true, into: &holds)
            return holds
        }
        if recording { ends = [Bool](repeating: false, count: count + 1) }
        var current = ThreadList(size: program.instructions.count)
        var next = ThreadList(size: program.instructions.count)
        var stack: [Int] = []
        let scanStart = forward ? 0 : count
        let scanEnd = forward ? count : 0
        var position = scanStart
        let context = Context(scalars: scalars, scanStart: scanStart, scanEnd: scanEnd, truths: truths)
        add(program.start, at: position, to: &current, stack: &stack, context)
        while true {
            if current.matched {
                if !recording { return true }
                ends[position] = true
            }
            if position == scanEnd { break }
            let scalar = forward ? scalars[position] : scalars[position - 1]
            let following = forward ? position + 1 : position - 1
            next.clear()
            for index in 0..<current.count {
                let pc = current.dense[index]
                if case .consume(let set, let target) = program.instructions[pc], contains(set, scalar) {
                    add(target, at: following, to: &next, stack: &stack, context)
                }
            }
            add(program.start, at: following, to: &next, stack: &stack, context)
            swap(&current, &next)
            position = following
        }
        return false
    }

    private struct Context {
        let scalars: [UInt32]
        let scanStart: Int
        let scanEnd: Int
        let truths: [[Bool]]

        /// ECMA-262 `\b`: a word character on exactly one side of `position`.
        func isBoundary(_ position: Int) -> Bool {
            isWord(position - 1) != isWord(position)
        }

        private func isWord(_ index: Int) -> Bool {
            guard index >= 0, index < scalars.count else { return false }
            return SchemaScalarSet.wordCharacters.contains(scalars[index])
        }
    }

    /// Adds `pc` and every instruction reachable from it without consuming, at `position`.
    private func add(_ pc: Int, at position: Int, to list: inout ThreadList, stack: inout [Int], _ context: Context) {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program.instructions[pc] {
            case .match: list.matched = true
            case .consume: break
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .jump(let target): stack.append(target)
            case .assertStart(let next): if position == context.scanStart { stack.append(next) }
            case .assertEnd(let next): if position == context.scanEnd { stack.append(next) }
            case .wordBoundary(let negated, let next): if context.isBoundary(position) != negated { stack.append(next) }
            case .look(let id, let negated, let next): if context.truths[id][position] != negated { stack.append(next) }
            }
        }
    }

    private func contains(_ set: Int, _ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiMasks[set].0 & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiMasks[set].1 & (1 << UInt64(scalar - 64)) != 0 }
        return program.sets[set].contains(scalar)
    }

    /// The instructions live at one position: a sparse set, cleared in constant time.
    private struct ThreadList {
        var dense: [Int]
        var sparse: [Int]
        var count = 0
        var matched = false

        init(size: Int) {
            dense = [Int](repeating: 0, count: size)
            sparse = [Int](repeating: 0, count: size)
        }

        /// Adds `pc`; false if it was already there.
        mutating func insert(_ pc: Int) -> Bool {
            let slot = sparse[pc]
            if slot < count && dense[slot] == pc { return false }
            sparse[pc] = count
            dense[count] = pc
            count += 1
            return true
        }

        mutating func clear() {
            count = 0
            matched = false
        }
    }
}
