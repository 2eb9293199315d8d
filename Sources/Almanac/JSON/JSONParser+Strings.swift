extension JSONParser.Reader {
    /// Parses the string whose opening quote is at `index`, leaving `index` after its closing quote.
    ///
    /// Bytes are validated as UTF-8 as they are scanned. A string without escapes — nearly
    /// all of them — is then made straight from its bytes; only strings with escapes are
    /// decoded into the reusable scratch buffer.
    mutating func parseString() throws -> String {
        let open = index
        index += 1
        let start = index
        var runStart = index
        var hasEscapes = false
        while index < count {
            let byte = bytes[index]
            if byte >= 0x80 {
                guard let length = utf8SequenceLength(at: index) else { try invalidUTF8(at: index) }
                index += length
            } else if byte == UInt8(ascii: "\"") {
                let string: String
                if hasEscapes {
                    scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                    string = String(decoding: scratch, as: UTF8.self)
                } else {
                    string = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                index += 1
                return string
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    hasEscapes = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                try decodeEscape()
                runStart = index
            } else if byte < 0x20 {
                try unescapedControlCharacter(at: index, inStringAt: open)
            } else {
                index += 1
            }
        }
        throw failure(
            "the file ends inside the string that starts at \(location(open)); it appears truncated, or the string's closing quote is missing",
            at: count)
    }

    /// Decodes the escape sequence whose backslash is at `index` into `scratch`.
    private mutating func decodeEscape() throws {
        let backslash = index
        guard index + 1 < count else { try endOfInput(expecting: "an escaped character after '\\'") }
        let letter = bytes[index + 1]
        index += 2
        let decoded: UInt8
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = letter
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            appendScalar(try decodeUnicodeEscape(at: backslash))
            return
        default:
            try invalidEscape(at: backslash)
        }
        scratch.append(decoded)
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, whose backslash is at `backslash`;
    /// `index` is at the first hex digit.
    private mutating func decodeUnicodeEscape(at backslash: Int) throws -> UInt32 {
        let unit = try readHexQuad(escapeAt: backslash)
        switch unit {
        case 0xD800...0xDBFF:
            let next = index
            guard next + 1 < count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") else {
                if next >= count || (bytes[next] == UInt8(ascii: "\\") && next + 1 >= count) { try endOfInput(expecting: "a low surrogate \\uDC00–\\uDFFF after \(escapeText(at: backslash))") }
                try loneSurrogate(at: backslash, isHigh: true)
            }
            index += 2
            let low = try readHexQuad(escapeAt: next)
            guard (0xDC00...0xDFFF).contains(low) else { try loneSurrogate(at: backslash, isHigh: true) }
            return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            try loneSurrogate(at: backslash, isHigh: false)
        default:
            return unit
        }
    }

    /// Reads the four hex digits of a `\u` escape at `index`.
    private mutating func readHexQuad(escapeAt backslash: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else { try endOfInput(expecting: "four hex digits after '\\u'") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw failure(
                    "invalid escape \(escapeText(at: backslash)): '\\u' must be followed by exactly four hex digits (0-9, a-f), as in \\u00e9",
                    at: backslash)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Appends `scalar` to `scratch` as UTF-8.
    private mutating func appendScalar(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset`, or `nil` when the
    /// bytes there are not UTF-8 (stray continuation bytes, overlong forms, encoded surrogates,
    /// code points above U+10FFFF, or a sequence cut off by the end of the input).
    func utf8SequenceLength(at offset: Int) -> Int? {
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch bytes[offset] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowest = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; highest = 0x9F
        case 0xF0: length = 4; lowest = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; highest = 0x8F
        default: return nil
        }
        guard offset + length <= count else { return nil }
        let second = bytes[offset + 1]
        guard second >= lowest, second <= highest else { return nil }
        var next = offset + 2
        while next < offset + length {
            guard bytes[next] & 0xC0 == 0x80 else { return nil }
            next += 1
        }
        return length
    }

    /// The escape at `backslash` as written, for messages (`\x`, `\uD800`).
    func escapeText(at backslash: Int) -> String {
        var end = min(backslash + 2, count)
        if end == backslash + 2, bytes[backslash + 1] == UInt8(ascii: "u") {
            // Show the four bytes that should be hex digits, unless the string ends first.
            while end < min(backslash + 6, count), bytes[end] > 0x20, bytes[end] < 0x7F,
                  bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        } else if end == backslash + 2, bytes[backslash + 1] >= 0x80 {
            end = backslash + 1 + (utf8SequenceLength(at: backslash + 1) ?? 1)
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[backslash..<end]), as: UTF8.self)
    }

    /// Throws for a backslash followed by a letter JSON does not define.
    private func invalidEscape(at backslash: Int) throws -> Never {
        let letter = bytes[backslash + 1]
        if letter >= 0x80, utf8SequenceLength(at: backslash + 1) == nil { try invalidUTF8(at: backslash + 1) }
        let hint = switch letter {
        case UInt8(ascii: "'"): "; a single quote needs no escape inside a double-quoted string, so write ' alone"
        case UInt8(ascii: "x"): "; write \\u00XX for a character by its code (e.g. \\u00e9)"
        case 0x0A, 0x0D: "; a backslash cannot continue a string onto the next line, write \\n instead"
        default: "; to write a backslash itself, double it: \\\\"
        }
        let shown = letter < 0x20 ? "a backslash followed by a line break" : escapeText(at: backslash)
        throw failure(
            "invalid escape \(shown) in a string: JSON allows only \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX\(hint)",
            at: backslash)
    }

    /// Throws for a `\u` escape holding half of a UTF-16 surrogate pair.
    private func loneSurrogate(at backslash: Int, isHigh: Bool) throws -> Never {
        let text = escapeText(at: backslash)
        let what = isHigh
            ? "\(text) is a high surrogate that is not followed by a low surrogate (\\uDC00–\\uDFFF)"
            : "\(text) is a low surrogate without a high surrogate (\\uD800–\\uDBFF) before it"
        throw failure(
            "\(what); an unpaired surrogate is not a character and cannot be stored in a string, so pair it or remove it",
            at: backslash)
    }

    /// Throws for a raw byte below U+0020 inside a string, suggesting its escape.
    private func unescapedControlCharacter(at offset: Int, inStringAt open: Int) throws -> Never {
        let byte = bytes[offset]
        let (escape, name): (String, String) = switch byte {
        case 0x0A: ("\\n", " (line feed)")
        case 0x0D: ("\\r", " (carriage return)")
        case 0x09: ("\\t", " (tab)")
        case 0x08: ("\\b", " (backspace)")
        case 0x0C: ("\\f", " (form feed)")
        case 0x00: ("\\u0000", " (NUL)")
        default: ("\\u" + Self.hex(byte, digits: 4, uppercase: false), "")
        }
        var message = "unescaped control character U+\(Self.hex(byte, digits: 4))\(name) in a string; write \(escape) instead"
        if byte == 0x0A || byte == 0x0D {
            message += ", or close the string that starts at \(location(open)) if its closing quote is missing"
        }
        throw failure(message, at: offset)
    }
}
