extension SchemaRegexParser {
    /// The set an escape after `\` stands for (`\b` and `\B` outside a class are read by the caller).
    mutating func parseEscape(inClass: Bool) throws(Failure) -> SchemaScalarSet {
        guard let scalar = current else { throw failure("ends with a lone \"\\\"") }
        position += 1
        switch scalar {
        case "d": return .digits
        case "D": return SchemaScalarSet.digits.inverted
        case "w": return .wordCharacters
        case "W": return SchemaScalarSet.wordCharacters.inverted
        case "s": return .whitespace
        case "S": return SchemaScalarSet.whitespace.inverted
        case "t": return SchemaScalarSet("\t")
        case "n": return SchemaScalarSet("\n")
        case "r": return SchemaScalarSet("\r")
        case "f": return SchemaScalarSet("\u{0C}")
        case "v": return SchemaScalarSet("\u{0B}")
        case "b" where inClass: return SchemaScalarSet("\u{08}")
        case "-" where inClass: return SchemaScalarSet("-")
        case "0" where !(current.map { ("0"..."9").contains($0) } ?? false): return SchemaScalarSet("\u{00}")
        case "x":
            guard let value = parseHex(digits: 2), let code = Unicode.Scalar(value) else {
                throw failure("has \"\\x\" without two hexadecimal digits")
            }
            return SchemaScalarSet(code)
        case "u":
            // A lone surrogate matches nothing in a string of code points.
            return try parseUnicodeEscape().map(SchemaScalarSet.init) ?? SchemaScalarSet()
        case "c":
            guard let letter = current, letter.isASCII, letter.properties.isAlphabetic,
                  let control = Unicode.Scalar(letter.value % 32) else {
                throw failure("has \"\\c\" without a letter after it")
            }
            position += 1
            return SchemaScalarSet(control)
        case "p", "P":
            let set = try parseProperty()
            return scalar == "P" ? set.inverted : set
        case "1"..."9", "k":
            position -= 1
            throw failure("uses a back-reference (\\\(scalar)), which Almanac does not support: no engine decides "
                + "back-references in linear time; repeat the group's pattern instead")
        case "B":
            throw failure("has \"\\B\" inside a class")
        default:
            // Identity escapes: \. \/ \- \\ \[ and the like (a letter or digit would mean something else).
            guard !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else {
                position -= 1
                throw failure("has an unknown escape \"\\\(scalar)\"")
            }
            return SchemaScalarSet(scalar)
        }
    }

    /// `{Name}` or `{Name=Value}` after `\p`.
    private mutating func parseProperty() throws(Failure) -> SchemaScalarSet {
        guard current == "{", let close = scalars[position...].firstIndex(of: "}") else {
            throw failure("has \"\\p\" without a property in braces, such as \\p{Letter}")
        }
        let name = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
        guard let set = SchemaScalarSet.property(name) else {
            throw failure("names the Unicode property \"\(name)\", which Almanac does not know: use a general "
                + "category (\\p{L}, \\p{Letter}, \\p{Nd}, \\p{gc=Lu}) or a binary property such as \\p{Alphabetic}")
        }
        position = close + 1
        return set
    }

    mutating func parseHex(digits: Int) -> UInt32? {
        guard position + digits <= scalars.count else { return nil }
        let text = String(String.UnicodeScalarView(scalars[position..<(position + digits)]))
        guard text.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit), let value = UInt32(text, radix: 16) else { return nil }
        position += digits
        return value
    }

    /// `\uXXXX` (joining a UTF-16 surrogate pair written as two escapes) or `\u{X…}`.
    private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar? {
        if current == "{" {
            guard let close = scalars[position...].firstIndex(of: "}"), close - position <= 7 else {
                throw failure("has \"\\u{\" without a closing \"}\"")
            }
            let text = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            guard !text.isEmpty, text.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
                  let value = UInt32(text, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw failure("has \"\\u{\(text)}\", which is not a code point")
            }
            position = close + 1
            return scalar
        }
        guard let unit = parseHex(digits: 4) else { throw failure("has \"\\u\" without four hexadecimal digits") }
        if (0xD800...0xDBFF).contains(unit), position + 1 < scalars.count,
           scalars[position] == "\\", scalars[position + 1] == "u" {
            let saved = position
            position += 2
            if let low = parseHex(digits: 4), (0xDC00...0xDFFF).contains(low),
               let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                return scalar
            }
            position = saved
        }
        return Unicode.Scalar(unit)
    }
}
