import Foundation

/// A small, fast, deterministic pseudo-random generator (Steele, Lea and Flood's SplitMix64),
/// so that every run generates the same documents from the same seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose whole sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random element of `choices`, each drawn in proportion to its weight.
    mutating func weighted<T>(_ choices: [(T, Int)]) -> T {
        let total = choices.reduce(0) { $0 + $1.1 }
        var pick = Int.random(in: 0..<total, using: &self)
        for (value, weight) in choices {
            if pick < weight { return value }
            pick -= weight
        }
        return choices[choices.count - 1].0
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// A version 4 UUID made of this generator's bits.
    mutating func uuid() -> UUID {
        let high = next(), low = next()
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        return UUID(uuid: (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
            byte(high, 4), byte(high, 5), (byte(high, 6) & 0x0F) | 0x40, byte(high, 7),
            (byte(low, 0) & 0x3F) | 0x80, byte(low, 1), byte(low, 2), byte(low, 3),
            byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
        ))
    }
}
