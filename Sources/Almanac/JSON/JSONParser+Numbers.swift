extension JSONParser.Reader {
    /// Parses the number starting at `index` (a `-` or a digit) by the RFC 8259 grammar
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, keeping its exact text.
    ///
    /// The text is never converted to a `Double` here: store files must come back
    /// byte-identical, and values such as `1e400` or 20-digit integers must survive.
    mutating func parseNumber() throws -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < count else { try endOfInput(expecting: "a digit after '-'") }
        }
        let first = bytes[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < count {
                let next = bytes[index]
                if isDigit(next) { try leadingZeros(numberAt: start) }
                if next == UInt8(ascii: "x") || next == UInt8(ascii: "X") { try hexadecimal(numberAt: start) }
            }
        } else if isDigit(first) {
            index += 1
            skipDigits()
        } else {
            let word = self.word(at: index)
            if word == "Infinity" || word == "NaN" {
                throw failure("-\(word) is not allowed in JSON; write null, a finite number, or a string instead", at: start)
            }
            throw failure("'-' must be followed by a digit (found \(numberText(from: start))); write a number such as -1 or -0.5", at: start)
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count else { try endOfInput(expecting: "a digit after the decimal point") }
            guard isDigit(bytes[index]) else {
                let text = numberText(from: start)
                let point = index - start
                let fixed = String(text.prefix(point)) + "0" + String(text.dropFirst(point))
                throw failure(
                    "a decimal point must be followed by a digit (found \(text)); write \(fixed) or drop the point",
                    at: start)
            }
            skipDigits()
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count else { try endOfInput(expecting: "a digit in the number's exponent") }
            guard isDigit(bytes[index]) else {
                throw failure(
                    "an exponent must have at least one digit (found \(numberText(from: start))); write e.g. 1e5 or 1.5E-3",
                    at: start)
            }
            skipDigits()
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(validatedText: text)
    }

    /// Advances `index` past ASCII digits.
    private mutating func skipDigits() {
        while index < count, isDigit(bytes[index]) { index += 1 }
    }

    /// Whether `byte` is an ASCII digit (one unsigned compare).
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The number-like run of bytes at `start` (digits, signs, points, exponents), for messages.
    func numberText(from start: Int) -> String {
        var end = start
        while end < count, end - start < 40 {
            switch bytes[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                 UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
            default:
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Throws for `01`, `-007` and the like.
    private func leadingZeros(numberAt start: Int) throws -> Never {
        let text = numberText(from: start)
        let isNegative = text.hasPrefix("-")
        var digits = Substring(isNegative ? String(text.dropFirst()) : text)
        while digits.count > 1, digits.first == "0", digits.dropFirst().first?.isNumber == true { digits = digits.dropFirst() }
        throw failure(
            "a number cannot have leading zeros (found \(text)); write \(isNegative ? "-" : "")\(digits), or use a string if the zeros matter",
            at: start)
    }

    /// Throws for `0x1F`, giving the decimal value when it is small enough to compute.
    private func hexadecimal(numberAt start: Int) throws -> Never {
        let isNegative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = start + (isNegative ? 3 : 2)
        var end = digitsStart
        var value: UInt64? = 0
        while end < count, let digit = hexValue(bytes[end]) {
            if let current = value, current >> 60 == 0 { value = current << 4 | UInt64(digit) } else { value = nil }
            end += 1
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        var message = "hexadecimal numbers are not allowed in JSON (found \(text))"
        if let value, end > digitsStart { message += "; write the decimal value \(isNegative ? "-" : "")\(value) instead" }
        throw failure(message, at: start)
    }

    /// The value of the hex digit `byte`, or `nil`.
    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
