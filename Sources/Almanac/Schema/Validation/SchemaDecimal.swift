/// A JSON number as an exact decimal: sign, significant digits and a power of ten.
///
/// Schema limits and `multipleOf` must be exact for the decimals people write (`0.01`,
/// `0.5`, `12.75`): as binary floating point, `0.07 / 0.01` is `7.000000000000001` and
/// `1e400` is infinity. Working on the digits of the number's text avoids both, whatever
/// its size.
struct SchemaDecimal: Sendable, Hashable, Comparable {
    /// Whether the number is below zero (never true for zero).
    let isNegative: Bool
    /// The significant digits (values 0...9) without leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    /// The power of ten the digits, read as an integer, are multiplied by.
    let exponent: Int

    /// Exponents are clamped to this magnitude so that absurd ones (`1e99999999999999999999`)
    /// neither overflow nor change any comparison with a number a person would write.
    private static let exponentLimit = 1 << 40

    /// Reads RFC 8259 number text (the grammar is already checked by ``JSONNumber``).
    init(_ number: JSONNumber) {
        self.init(text: number.text)
    }

    /// Reads RFC 8259 number text.
    init(text: String) {
        var negative = false
        var digits: [UInt8] = []
        var fractionDigits = 0
        var exponent = 0
        var inFraction = false
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "-"):
                negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Leading zeros carry no value; skipping them keeps `digits` normalised.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { fractionDigits += 1 }
            case UInt8(ascii: "."):
                inFraction = true
            default:
                exponent = SchemaDecimal.readExponent(&bytes)
            }
        }
        var trailingZeros = 0
        while trailingZeros < digits.count, digits[digits.count - 1 - trailingZeros] == 0 { trailingZeros += 1 }
        digits.removeLast(trailingZeros)
        self.isNegative = negative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent - fractionDigits + trailingZeros
    }

    private static func readExponent(_ bytes: inout String.UTF8View.Iterator) -> Int {
        var sign = 1
        var value = 0
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "-"): sign = -1
            case UInt8(ascii: "+"): break
            default: value = min(value * 10 + Int(byte - UInt8(ascii: "0")), exponentLimit)
            }
        }
        return sign * value
    }

    /// Whether the number is zero.
    var isZero: Bool { digits.isEmpty }

    /// Whether the number has no fractional part (`1.0` and `1e2` do not).
    var isInteger: Bool { digits.isEmpty || exponent >= 0 }

    /// The power of ten just above the leading digit; orders magnitudes of different lengths.
    private var magnitude: Int { digits.count + exponent }

    /// Orders numbers by value.
    static func < (lhs: SchemaDecimal, rhs: SchemaDecimal) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let lessInMagnitude = lhs.compareMagnitude(rhs)
        return lhs.isNegative ? lessInMagnitude > 0 : lessInMagnitude < 0
    }

    /// -1, 0 or 1 as |self| is below, equal to or above |other|.
    private func compareMagnitude(_ other: SchemaDecimal) -> Int {
        if digits.isEmpty || other.digits.isEmpty {
            return digits.isEmpty ? (other.digits.isEmpty ? 0 : -1) : 1
        }
        if magnitude != other.magnitude { return magnitude < other.magnitude ? -1 : 1 }
        // Same leading position: digit strings compare lexicographically, and as trailing
        // zeros were stripped, a proper prefix is the smaller number.
        for (a, b) in zip(digits, other.digits) where a != b { return a < b ? -1 : 1 }
        return digits.count == other.digits.count ? 0 : (digits.count < other.digits.count ? -1 : 1)
    }

    /// Whether `self` divided by `divisor` (positive) is an integer.
    func isMultiple(of divisor: SchemaDecimal) -> Bool {
        if digits.isEmpty { return true }
        // Both digit strings end in a non-zero digit, so when the divisor's power of ten is
        // larger the quotient needs `self`'s digits to be divisible by 10, which they are not.
        guard divisor.exponent <= exponent else { return false }
        let shift = exponent - divisor.exponent
        if divisor.digits.count <= 18 {
            var modulus: UInt64 = 0
            for digit in divisor.digits { modulus = modulus * 10 + UInt64(digit) }
            return SchemaDecimal.remainder(of: digits, timesTenToThe: shift, modulo: modulus) == 0
        }
        return SchemaDecimal.longRemainderIsZero(digits + repeatElement(0, count: min(shift, 100_000)), divisor.digits)
    }

    /// (`digits` × 10^`shift`) mod `modulus`, for a modulus below 10^18.
    private static func remainder(of digits: [UInt8], timesTenToThe shift: Int, modulo modulus: UInt64) -> UInt64 {
        var remainder: UInt64 = 0
        // remainder < 10^18, so remainder * 10 + 9 stays below UInt64.max.
        for digit in digits { remainder = (remainder * 10 + UInt64(digit)) % modulus }
        var base = 10 % modulus
        var power = shift
        while power > 0 && remainder != 0 {
            if power & 1 == 1 { remainder = multiplyModulo(remainder, base, modulus) }
            base = multiplyModulo(base, base, modulus)
            power >>= 1
        }
        return remainder
    }

    private static func multiplyModulo(_ a: UInt64, _ b: UInt64, _ modulus: UInt64) -> UInt64 {
        // a, b < modulus, so the high word of the product is below the modulus and the
        // quotient fits in 64 bits.
        let product = a.multipliedFullWidth(by: b)
        return modulus.dividingFullWidth((product.high, product.low)).remainder
    }

    /// Schoolbook long division for divisors of more than 18 digits, which no real schema has.
    private static func longRemainderIsZero(_ dividend: [UInt8], _ divisor: [UInt8]) -> Bool {
        var remainder: [UInt8] = []
        for digit in dividend {
            if !(remainder.isEmpty && digit == 0) { remainder.append(digit) }
            while !isLess(remainder, divisor) { remainder = subtract(remainder, divisor) }
        }
        return remainder.isEmpty
    }

    /// Whether the digit string `a` is below `b` (both without leading zeros).
    private static func isLess(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        for (x, y) in zip(a, b) where x != y { return x < y }
        return false
    }

    /// `a` - `b` for digit strings with `a` ≥ `b`, without leading zeros.
    private static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = a
        var borrow: Int = 0
        for offset in 0..<a.count {
            let index = a.count - 1 - offset
            let subtrahend = offset < b.count ? Int(b[b.count - 1 - offset]) : 0
            var digit = Int(a[index]) - subtrahend - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 10 }
            result[index] = UInt8(digit)
        }
        return Array(result.drop(while: { $0 == 0 }))
    }
}
