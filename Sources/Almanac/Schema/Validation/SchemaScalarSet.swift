/// A set of Unicode code points as sorted, disjoint ranges: a regular expression class.
struct SchemaScalarSet: Sendable, Equatable {
    /// Sorted, non-overlapping, non-adjacent ranges of code point values.
    private(set) var ranges: [ClosedRange<UInt32>] = []

    /// The largest code point.
    static let maximum: UInt32 = 0x10FFFF

    /// ECMA-262 `\d`: ASCII digits only.
    static let digits = SchemaScalarSet(ranges: [0x30...0x39])
    /// ECMA-262 `\w`: ASCII letters, digits and `_`.
    static let wordCharacters = SchemaScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// ECMA-262 `\s`: white space and line terminators.
    static let whitespace = SchemaScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// ECMA-262 line terminators, which `.` does not match.
    static let lineTerminators = SchemaScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])

    init() {}

    /// The set holding just `scalar`.
    init(_ scalar: Unicode.Scalar) {
        ranges = [scalar.value...scalar.value]
    }

    private init(ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
    }

    /// The only code point of a one-element set, used for class ranges such as `a-z`.
    var singleScalar: Unicode.Scalar? {
        guard ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
        return Unicode.Scalar(ranges[0].lowerBound)
    }

    /// Adds the code points from `range.lowerBound` to `range.upperBound`.
    mutating func insert(_ range: ClosedRange<Unicode.Scalar>) {
        formUnion(SchemaScalarSet(ranges: [range.lowerBound.value...range.upperBound.value]))
    }

    /// Adds every code point of `other`.
    mutating func formUnion(_ other: SchemaScalarSet) {
        let all = (ranges + other.ranges).sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in all {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }

    /// Adds `range`, which lies above every range already in the set (building a set in order).
    mutating func append(_ range: ClosedRange<UInt32>) {
        precondition(ranges.last.map { $0.upperBound &+ 1 < range.lowerBound } ?? true)
        ranges.append(range)
    }

    /// Every code point not in the set.
    var inverted: SchemaScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= Self.maximum { result.append(next...Self.maximum) }
        return SchemaScalarSet(ranges: result)
    }

    /// Whether the code point `value` is in the set.
    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(value)
    }
}
