/// A pattern compiled to Thompson NFA instructions: what ``SchemaRegexMachine`` runs and
/// ``SchemaRegex`` turns into a deterministic automaton.
///
/// Compilation is bounded: a program has at most ``maximumInstructions`` instructions
/// (counting its look-arounds'), and the compiler takes at most ``maximumSteps`` steps, so
/// neither `a{1000000}` nor `((){1000000}){1000000}` can make a schema slow to open.
struct SchemaRegexProgram: Sendable {
    /// One NFA instruction; `consume` steps over one code point in `sets[set]`.
    enum Instruction: Sendable {
        case consume(set: Int, next: Int)
        case split(Int, Int)
        case jump(Int)
        /// Holds where the scan started (the string's start forwards, its end backwards).
        case assertStart(next: Int)
        /// Holds where the scan ends.
        case assertEnd(next: Int)
        case wordBoundary(negated: Bool, next: Int)
        /// Holds where look-around `id` (an index into `looks`) holds, or does not when negated.
        case look(id: Int, negated: Bool, next: Int)
        case match
    }

    /// A look-around's body, compiled to be run over the whole string once: forwards for a
    /// look-behind, and reversed, backwards, for a look-ahead.
    struct Look: Sendable {
        let program: SchemaRegexProgram
        let ahead: Bool
    }

    /// Why a pattern cannot be compiled.
    struct TooLarge: Error {
        let message: String
    }

    static let maximumInstructions = 50_000
    static let maximumSteps = 200_000

    /// Instruction 0 is always `.match`.
    private(set) var instructions: [Instruction] = [.match]
    private(set) var sets: [SchemaScalarSet] = []
    /// The entry point.
    private(set) var start = 0
    /// Look-arounds, inner ones first: a look-around's body may test those before it.
    private(set) var looks: [Look] = []

    /// Compiles `node`, or throws when it would exceed the limits.
    init(_ node: SchemaRegexNode) throws(TooLarge) {
        var budget = Budget()
        try self.init(node, budget: &budget)
    }

    private init(_ node: SchemaRegexNode, budget: inout Budget) throws(TooLarge) {
        start = try emit(node, next: 0, budget: &budget)
    }

    /// Instructions compiled so far, across this program and every look-around's.
    private struct Budget {
        var instructions = 0
        var steps = 0

        mutating func step() throws(TooLarge) {
            steps += 1
            guard steps <= SchemaRegexProgram.maximumSteps, instructions <= SchemaRegexProgram.maximumInstructions else {
                throw TooLarge(message: "is too large to compile: it expands to more than "
                    + "\(SchemaRegexProgram.maximumInstructions) instructions (large counted repetitions such as "
                    + "{1000} multiply the size of what they repeat)")
            }
        }
    }

    private mutating func append(_ instruction: Instruction, _ budget: inout Budget) -> Int {
        instructions.append(instruction)
        budget.instructions += 1
        return instructions.count - 1
    }

    /// Emits the instructions for `node` followed by `next`; returns the entry point.
    private mutating func emit(_ node: SchemaRegexNode, next: Int, budget: inout Budget) throws(TooLarge) -> Int {
        try budget.step()
        switch node {
        case .empty:
            return next
        case .set(let set):
            sets.append(set)
            return append(.consume(set: sets.count - 1, next: next), &budget)
        case .startAnchor:
            return append(.assertStart(next: next), &budget)
        case .endAnchor:
            return append(.assertEnd(next: next), &budget)
        case .wordBoundary(let negated):
            return append(.wordBoundary(negated: negated, next: next), &budget)
        case .look(let body, let ahead, let negated):
            let program = try SchemaRegexProgram(ahead ? body.reversed : body, budget: &budget)
            looks.append(Look(program: program, ahead: ahead))
            return append(.look(id: looks.count - 1, negated: negated, next: next), &budget)
        case .sequence(let items):
            var entry = next
            for item in items.reversed() { entry = try emit(item, next: entry, budget: &budget) }
            return entry
        case .alternation(let branches):
            var entries: [Int] = []
            for branch in branches { entries.append(try emit(branch, next: next, budget: &budget)) }
            var entry = entries[entries.count - 1]
            for other in entries.dropLast().reversed() { entry = append(.split(other, entry), &budget) }
            return entry
        case .repetition(let body, let minimum, let maximum):
            // Repeating what matches only the empty string adds nothing (and would loop
            // without emitting an instruction the limit could count).
            if body.isEmpty { return next }
            var entry: Int
            if let maximum {
                // (body (body (…)?)?)? nests the optional copies so that only one is live at a time.
                entry = next
                for _ in 0..<(maximum - minimum) {
                    let bodyEntry = try emit(body, next: entry, budget: &budget)
                    entry = append(.split(bodyEntry, next), &budget)
                }
            } else {
                let loop = append(.jump(-1), &budget)
                let bodyEntry = try emit(body, next: loop, budget: &budget)
                instructions[loop] = .split(bodyEntry, next)
                entry = loop
            }
            for _ in 0..<minimum { entry = try emit(body, next: entry, budget: &budget) }
            return entry
        }
    }
}
