/// The value conversions of the `convert` operation, one value at a time.
///
/// The rules are explicit so that no data is lost by accident: a fraction is only dropped
/// by the rounding the migration names, a string only becomes a number when it is exactly
/// a JSON number, and only 0/1 and "true"/"false" become booleans. Anything else is a
/// ``Failure`` that the transform turns into an error naming the document.
enum MigrationConversion {
    /// Why a value cannot be converted, as the end of a sentence about it.
    struct Failure: Error {
        let message: String
    }

    /// The largest integer, in digits, that converting a number with an exponent may write.
    /// `1e999999` is a valid JSON number, but a million-digit integer in a document is a
    /// mistake, not data.
    static let maximumIntegerDigits = 400

    /// `value` converted to `type`; `null` stays `null`.
    ///
    /// - Parameter rounding: How to drop a fraction; required for `.integer` (parsing a
    ///   migration file guarantees it; a Swift-built operation without one fails).
    static func convert(
        _ value: JSONValue, to type: MigrationOperation.ValueType, rounding: MigrationOperation.Rounding?
    ) throws(Failure) -> JSONValue {
        if case .null = value { return .null }
        if case .array = value { throw Failure(message: "is an array; only numbers, strings and booleans can be converted") }
        if case .object = value { throw Failure(message: "is an object; only numbers, strings and booleans can be converted") }
        switch type {
        case .integer:
            // Parsing requires a rounding for integer; an operation built in Swift might not have one.
            guard let rounding else {
                throw Failure(message: "cannot be converted to integer without a rounding; give the operation one (nearest, down, up, towardZero, nearestEven)")
            }
            return .number(try roundToInteger(try numberValue(of: value), rounding))
        case .number:
            return .number(try numberValue(of: value))
        case .string:
            switch value {
            case .number(let number): return .string(number.text)
            case .bool(let flag): return .string(flag ? "true" : "false")
            default: return value
            }
        case .boolean:
            switch value {
            case .bool: return value
            case .number(let number):
                if number.hasSameValue(as: JSONNumber(0)) { return .bool(false) }
                if number.hasSameValue(as: JSONNumber(1)) { return .bool(true) }
                throw Failure(message: "is \(number.text); only 0 and 1 convert to a boolean")
            case .string("true"): return .bool(true)
            case .string("false"): return .bool(false)
            default:
                throw Failure(message: "is \(FieldPath.render(value)); only \"true\" and \"false\" convert to a boolean")
            }
        }
    }

    /// The number a number, string or boolean stands for.
    private static func numberValue(of value: JSONValue) throws(Failure) -> JSONNumber {
        switch value {
        case .number(let number):
            return number
        case .bool(let flag):
            return JSONNumber(flag ? 1 : 0)
        case .string(let text):
            guard let number = JSONNumber(text) else {
                throw Failure(message: "is \(FieldPath.render(value)), which is not a number; fix the document, or turn such values into numbers first with mapValues or setField")
            }
            return number
        default:
            return JSONNumber(0)
        }
    }

    /// `number` rounded to an integer by `rounding`, computed on its decimal digits so that
    /// halves are recognised exactly (2.5000000000000001 is above the half, which a
    /// `Double` cannot tell) and integers beyond 2^53 stay exact. An integer already written
    /// as one keeps its text.
    static func roundToInteger(_ number: JSONNumber, _ rounding: MigrationOperation.Rounding) throws(Failure) -> JSONNumber {
        if Int64(number.text) != nil, number.text != "-0" { return number }
        let decimal = SchemaDecimal(number)
        guard !decimal.isZero else { return JSONNumber(0) }
        let digits = decimal.digits
        // How many of the digits lie before the decimal point (may be ≤ 0 or beyond the digits).
        let integerCount = digits.count + decimal.exponent
        guard integerCount <= maximumIntegerDigits else {
            throw Failure(message: "is \(number.text), too large to write as an integer")
        }
        var integer: [UInt8]
        enum Fraction { case none, belowHalf, half, aboveHalf }
        let fraction: Fraction
        func classify(_ fractionDigits: ArraySlice<UInt8>) -> Fraction {
            // Digits carry no trailing zeros, so anything after a leading 5 makes it more than half.
            let first = fractionDigits[fractionDigits.startIndex]
            if first > 5 || (first == 5 && fractionDigits.count > 1) { return .aboveHalf }
            return first == 5 ? .half : .belowHalf
        }
        if decimal.exponent >= 0 {
            integer = digits + repeatElement(0, count: decimal.exponent)
            fraction = .none
        } else if integerCount <= 0 {
            // 0.0…ddd: the fraction starts with a zero unless integerCount is 0.
            integer = []
            fraction = integerCount < 0 ? .belowHalf : classify(digits[...])
        } else {
            integer = Array(digits[..<integerCount])
            fraction = classify(digits[integerCount...])
        }
        let awayFromZero: Bool
        switch (fraction, rounding) {
        case (.none, _), (_, .towardZero): awayFromZero = false
        case (_, .down): awayFromZero = decimal.isNegative
        case (_, .up): awayFromZero = !decimal.isNegative
        case (let fraction, .nearest): awayFromZero = fraction != .belowHalf
        case (let fraction, .nearestEven):
            awayFromZero = fraction == .aboveHalf || (fraction == .half && (integer.last ?? 0) % 2 == 1)
        }
        if awayFromZero {
            var index = integer.count - 1
            while index >= 0 && integer[index] == 9 {
                integer[index] = 0
                index -= 1
            }
            if index >= 0 { integer[index] += 1 } else { integer.insert(1, at: 0) }
        }
        guard let firstNonZero = integer.firstIndex(where: { $0 != 0 }) else { return JSONNumber(0) }
        let text = (decimal.isNegative ? "-" : "") + String(decoding: integer[firstNonZero...].map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        return JSONNumber(validatedText: text)
    }
}
