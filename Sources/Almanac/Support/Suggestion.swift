/// Finds the declared name closest to a mistyped one, for "did you mean" hints: used by the
/// library (collection names) and the command line (options and commands).
package enum Suggestion {
    /// The candidate nearest to `typed`, or nil when none is close enough to be a plausible
    /// typo. Ties go to the earlier candidate, which is the declaration order.
    package static func closest(to typed: String, in candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate)
            // A short name tolerates one slip, a longer one two; beyond that a suggestion
            // is more confusing than helpful ("ls" is not a typo of "rm").
            let tolerance = candidate.count < 5 ? 1 : 2
            guard distance <= tolerance else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Optimal string alignment distance: Levenshtein plus adjacent transpositions, so
    /// "jsno" is one edit from "json" and "stauts" one from "status", as a person would
    /// count them.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
