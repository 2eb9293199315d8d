extension JSONParser.Reader {
    /// An `.malformedJSON` error at byte `offset`, with its line and column filled in.
    func failure(_ message: String, at offset: Int) -> AlmanacError {
        let (line, column) = position(of: offset)
        return AlmanacError(.malformedJSON, message, line: line, column: column)
    }

    /// The 1-based line and byte column of `offset`.
    ///
    /// Computed only when an error is reported, so the parsing loop does not track lines.
    /// LF, CRLF and a lone CR each end a line, as in editors. Column 1 of line 1 is the
    /// first byte after any byte order mark, which editors do not display.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = contentStart
        var cursor = contentStart
        while cursor < offset {
            let byte = bytes[cursor]
            if byte == 0x0A || (byte == 0x0D && (cursor + 1 >= count || bytes[cursor + 1] != 0x0A)) {
                line += 1
                lineStart = cursor + 1
            }
            cursor += 1
        }
        return (line, offset - lineStart + 1)
    }

    /// `line L, column C` for `offset`, for messages that mention a second place.
    func location(_ offset: Int) -> String {
        let (line, column) = position(of: offset)
        return "line \(line), column \(column)"
    }

    /// `key` as a JSON string literal, for messages.
    func quoted(_ key: String) -> String {
        String(decoding: CanonicalJSON.compactBytes(.string(key)), as: UTF8.self)
    }

    /// `byte` in hex, zero-padded to `digits`.
    static func hex(_ byte: UInt8, digits: Int, uppercase: Bool = true) -> String {
        let text = String(byte, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Throws because the input stopped where `what` was still needed.
    func endOfInput(expecting what: String) throws -> Never {
        var message = "the file ends early: expected \(what) but found the end of the file; it appears truncated"
        if let open = openOffsets.last, let isObject = openIsObject.last {
            message += " (the \(isObject ? "object" : "array") opened at \(location(open)) is never closed)"
        }
        throw failure(message, at: count)
    }

    /// Throws `expected <what> but found <byte at index>`, or a more specific error when the
    /// byte there starts a comment or is not UTF-8.
    func expected(_ what: String, hint: String = "") throws -> Never {
        try rejectComment()
        throw failure("expected \(what) but found \(try describeByte(at: index))\(hint)", at: index)
    }

    /// Throws when a comment starts at `index`; returns otherwise.
    func rejectComment() throws {
        guard bytes[index] == UInt8(ascii: "/"), index + 1 < count else { return }
        let next = bytes[index + 1]
        guard next == UInt8(ascii: "/") || next == UInt8(ascii: "*") else { return }
        let form = next == UInt8(ascii: "/") ? "//" : "/*"
        throw failure("comments are not allowed in JSON (found '\(form)'); remove the comment", at: index)
    }

    /// Describes the byte (or character) at `offset` for a message, throwing instead when it
    /// is not valid UTF-8.
    func describeByte(at offset: Int) throws -> String {
        let byte = bytes[offset]
        switch byte {
        case 0x21...0x7E:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F:
            return "control character U+\(Self.hex(byte, digits: 4))"
        default:
            guard let length = utf8SequenceLength(at: offset) else { try invalidUTF8(at: offset) }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            let scalar = text.unicodeScalars.first!.value
            if scalar == 0xFEFF {
                return "a byte order mark (U+FEFF), which is only allowed as the very first bytes of the file"
            }
            let code = String(scalar, radix: 16, uppercase: true)
            return "'\(text)' (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
        }
    }

    /// Throws for bytes that are not UTF-8 at `offset`.
    func invalidUTF8(at offset: Int) throws -> Never {
        let shown = bytes[offset..<min(offset + 4, count)].prefix { $0 >= 0x80 }.map { "0x" + Self.hex($0, digits: 2) }
        let cutOff = bytes[offset] >= 0xC2 && bytes[offset] <= 0xF4 && offset + shown.count == count
        let message = cutOff
            ? "the file ends in the middle of a UTF-8 character (bytes \(shown.joined(separator: " "))); it appears truncated"
            : "invalid UTF-8 (bytes \(shown.joined(separator: " "))); the file must be saved as UTF-8, it may be in another encoding such as Latin-1 or Windows-1252"
        throw failure(message, at: offset)
    }

    /// The identifier-like run of bytes at `offset`, for messages about bare words.
    func word(at offset: Int) -> String {
        var end = offset
        while end < count, end - offset < 40 {
            switch bytes[end] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                end += 1
            default:
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
            }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// Throws for a byte at `index` that cannot start a value.
    func unexpectedValue() throws -> Never {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "'"):
            throw failure("strings must be in double quotes, but this one uses single quotes; write \"…\" instead of '…'", at: index)
        case UInt8(ascii: "+"):
            throw failure("a number cannot start with '+' (found \(numberText(from: index))); remove the '+'", at: index)
        case UInt8(ascii: "."):
            let text = numberText(from: index)
            throw failure("a number needs a digit before its decimal point (found \(text)); write 0\(text)", at: index)
        case UInt8(ascii: ","):
            throw failure("expected a value but found ','; remove the extra comma", at: index)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            let word = self.word(at: index)
            let message = switch word {
            case "NaN", "nan": "NaN is not allowed in JSON; write null, or store the value as a string"
            case "Infinity", "inf": "\(word) is not allowed in JSON; write null, a finite number, or a string instead"
            case "True", "TRUE": "JSON literals are lowercase; write true instead of \(word)"
            case "False", "FALSE": "JSON literals are lowercase; write false instead of \(word)"
            case "Null", "NULL", "None", "nil", "undefined": "\(word) is not a JSON value; write null instead"
            default: "unexpected word \(word); strings must be in double quotes: write \"\(word)\""
            }
            throw failure(message, at: index)
        default:
            try expected("a value")
        }
    }

    /// Throws for a byte at `index` where an object key should start.
    func unexpectedKey() throws -> Never {
        switch bytes[index] {
        case UInt8(ascii: "'"):
            throw failure("object keys must be in double quotes, but this one uses single quotes; write \"…\" instead of '…'", at: index)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            let word = self.word(at: index)
            throw failure("object keys must be strings in double quotes (found \(word)); write \"\(word)\"", at: index)
        case UInt8(ascii: ","):
            throw failure("expected a key in double quotes but found ','; remove the extra comma", at: index)
        default:
            try expected("a key in double quotes")
        }
    }

    /// Throws for a byte at `index` after an element or member where `,` or `closer` belongs.
    func missingSeparator(after what: String, closer: Character) throws -> Never {
        let startsValue = switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default:
            false
        }
        try expected("',' or '\(closer)' after \(what)", hint: startsValue ? "; is a comma missing?" : "")
    }

    /// Throws for anything but whitespace after the top-level value.
    func trailingContent() throws -> Never {
        try rejectComment()
        throw failure(
            "found \(try describeByte(at: index)) after the end of the JSON value; a file holds exactly one value, so remove the extra content (or wrap the values in an array)",
            at: index)
    }

    /// Throws for the member at `item` of the innermost open object, whose key repeats an
    /// earlier one.
    func duplicateKey(at item: Int) throws -> Never {
        let key = memberKeys[item]
        var first = ""
        if let earlier = memberKeys[openStarts[openStarts.count - 1]..<item].firstIndex(of: key) {
            first = " (first at \(location(memberKeyOffsets[earlier]))"
            if !memberKeys[earlier].utf8.elementsEqual(key.utf8) {
                first += ", spelled \(quoted(memberKeys[earlier])) with canonically equivalent Unicode, which counts as the same key"
            }
            first += ")"
        }
        throw failure("duplicate key \(quoted(key)) in object\(first); keep one", at: memberKeyOffsets[item])
    }
}
