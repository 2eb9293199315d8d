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
        return SchemaDecimal.isMultiple(digits, timesTenToThe: shift, of: divisor.digits)
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

    /// Whether `digits` × 10^`shift` is a multiple of `divisor`, for divisors of more than 18
    /// digits (which no real schema has, but a hostile one may). The divisor is split into
    /// 2^a × 5^b × an odd part prime to 10: the power of ten then only matters for the 2s and
    /// 5s, so the cost follows the digits, never `shift` (`1e99999` has one digit).
    private static func isMultiple(_ digits: [UInt8], timesTenToThe shift: Int, of divisor: [UInt8]) -> Bool {
        var rest = divisor
        var twos = 0
        var fives = 0
        // `rest` never ends in 0: halving or dividing by 5 a number that does not end in 0
        // gives one that does not either.
        while rest.last! % 2 == 0 { rest = divide(rest, by: 2); twos += 1 }
        while rest.last! == 5 { rest = divide(rest, by: 5); fives += 1 }
        for (factor, count) in [(UInt8(2), twos), (UInt8(5), fives)] where count > shift {
            // 2^m (or 5^m) divides N exactly when it divides N's last m digits, as 10^m does.
            var tail = Array(digits.suffix(count - shift).drop(while: { $0 == 0 }))
            if tail.isEmpty { continue }
            for _ in 0..<(count - shift) {
                guard let last = tail.last, last % factor == 0 else { return false }
                tail = divide(tail, by: factor)
            }
        }
        if rest.count <= 18 {
            var modulus: UInt64 = 0
            for digit in rest { modulus = modulus * 10 + UInt64(digit) }
            return modulus == 1 || remainder(of: digits, timesTenToThe: 0, modulo: modulus) == 0
        }
        return remainderIsZero(digits, rest)
    }

    /// `digits` ÷ `small`, without leading zeros (the remainder is dropped).
    private static func divide(_ digits: [UInt8], by small: UInt8) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(digits.count)
        var carry = 0
        for digit in digits {
            let value = carry * 10 + Int(digit)
            let quotient = value / Int(small)
            carry = value % Int(small)
            if !(result.isEmpty && quotient == 0) { result.append(UInt8(quotient)) }
        }
        return result
    }

    /// Whether `divisor` divides `dividend`: schoolbook long division with the divisor's nine
    /// multiples at hand, so each digit of the dividend costs one subtraction.
    private static func remainderIsZero(_ dividend: [UInt8], _ divisor: [UInt8]) -> Bool {
        let width = divisor.count + 1
        // multiples[m] is m × divisor, as `width` digits with leading zeros.
        var multiples: [[UInt8]] = [[UInt8](repeating: 0, count: width)]
        for _ in 1...9 { multiples.append(add(multiples[multiples.count - 1], divisor, width: width)) }
        // The running remainder, kept below the divisor, as `width` digits.
        var remainder = [UInt8](repeating: 0, count: width)
        for digit in dividend {
            remainder.removeFirst()
            remainder.append(digit)
            var multiple = 9
            while multiple > 0 && isLess(remainder, multiples[multiple]) { multiple -= 1 }
            if multiple > 0 { subtract(multiples[multiple], from: &remainder) }
        }
        return remainder.allSatisfy { $0 == 0 }
    }

    /// `a` + `b`, where `a` has `width` digits and the sum fits in them.
    private static func add(_ a: [UInt8], _ b: [UInt8], width: Int) -> [UInt8] {
        var result = a
        var carry: UInt8 = 0
        for offset in 0..<width {
            let index = width - 1 - offset
            var digit = result[index] + carry + (offset < b.count ? b[b.count - 1 - offset] : 0)
            carry = digit >= 10 ? 1 : 0
            if digit >= 10 { digit -= 10 }
            result[index] = digit
        }
        return result
    }

    /// Whether `a` is below `b`, two digit strings of the same width.
    private static func isLess(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return false
    }

    /// `a` -= `b`, two digit strings of the same width with `a` ≥ `b`.
    private static func subtract(_ b: [UInt8], from a: inout [UInt8]) {
        var borrow = 0
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            var digit = Int(a[index]) - Int(b[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 10 }
            a[index] = UInt8(digit)
        }
    }
}
