import Foundation

/// A parsed JSON document and what the parser noticed about its encoding.
struct ParsedJSON: Sendable {
    /// The document's top-level value.
    let value: JSONValue
    /// Whether the bytes began with a UTF-8 byte order mark (EF BB BF), which was skipped.
    let hadByteOrderMark: Bool
}

/// A strict RFC 8259 JSON parser working directly on UTF-8 bytes.
///
/// This is the store's read path: it accepts exactly the RFC grammar (any value at the top
/// level, whitespace limited to space, tab, LF and CR) and rejects everything else —
/// comments, trailing commas, `NaN`, single quotes, duplicate keys, invalid UTF-8, lone
/// surrogates — with an ``AlmanacError`` of code ``AlmanacError/Code/malformedJSON`` whose
/// message names what was found and what to do, and whose `line` and `column` point at it.
///
/// Positions: lines break at LF, CRLF or a lone CR; columns count bytes from 1 at the start
/// of the line. A leading byte order mark is *not* counted: editors hide it, so the first
/// visible character is line 1, column 1 there and here, and the reader looks where we point.
/// Errors about a file that ends early point just past its last byte.
///
/// Nesting is tracked with explicit stacks rather than recursion so that hostile input cannot
/// overflow a thread's stack (secondary threads may have only 512 KiB); depth is capped at
/// ``maximumDepth`` anyway so that other recursive code (the writer, validators) stays safe.
enum JSONParser {
    /// The deepest nesting of arrays and objects accepted; one more level is an error.
    static let maximumDepth = 512

    /// Parses a whole document.
    ///
    /// - Throws: ``AlmanacError`` with code `.malformedJSON`, `line` and `column` set
    ///   (1-based, column in bytes) and `path` nil, for callers to fill in.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws -> ParsedJSON {
        var reader = Reader(bytes)
        let value = try reader.parseDocument()
        return ParsedJSON(value: value, hadByteOrderMark: reader.contentStart > 0)
    }

    /// Parses a whole document held in `Data`, `[UInt8]` or other contiguous bytes.
    ///
    /// - Throws: ``AlmanacError`` as the `UnsafeRawBufferPointer` overload does.
    static func parse(_ data: some ContiguousBytes) throws -> ParsedJSON {
        try data.withUnsafeBytes { try parse($0) }
    }
}

extension JSONParser {
    /// The parser's state: the input, a read position, and the containers still open.
    struct Reader {
        /// The whole input, including any byte order mark.
        let bytes: UnsafeRawBufferPointer
        /// `bytes.count`, kept once because it is checked on every byte.
        let count: Int
        /// Where the JSON text starts: 3 after a byte order mark, else 0.
        let contentStart: Int
        /// The next byte to read.
        var index: Int
        /// Reused for strings with escapes so that decoding them does not allocate each time.
        var scratch: [UInt8] = []
        /// For each open container, innermost last: whether it is an object.
        var openIsObject: [Bool] = []
        /// For each open container, innermost last: the offset of its bracket, for messages.
        var openOffsets: [Int] = []
        /// For each open container, innermost last: where its items start in `elements` or
        /// `memberValues`.
        var openStarts: [Int] = []
        /// The elements of all open arrays, innermost array's last.
        ///
        /// Items are collected on shared stacks and each container is built once, at its
        /// closing bracket, with its exact size: growing arrays and dictionaries (rehashing
        /// every key) one member at a time was the parser's largest cost.
        var elements: [JSONValue] = []
        /// For each open object, innermost last, the key whose value is being parsed, and its offset.
        var pendingKeys: [(key: String, offset: Int)] = []
        /// The keys of all open objects' finished members.
        var memberKeys: [String] = []
        /// The offset of each key in `memberKeys`, for duplicate-key messages.
        var memberKeyOffsets: [Int] = []
        /// The values of all open objects' members.
        var memberValues: [JSONValue] = []

        /// Creates a reader over `bytes`, positioned after a UTF-8 byte order mark if there is one.
        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            self.count = bytes.count
            let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            self.contentStart = hasMark ? 3 : 0
            self.index = contentStart
        }

        /// Whether the input's top-level array hands each element out as it is finished
        /// (``JSONParser/forEachElement(of:_:)``) instead of collecting them.
        var handsOutElements = false

        /// Parses the single value that must make up the whole input.
        mutating func parseDocument() throws -> JSONValue {
            try skipToValue()
            let value = try parseValue()
            skipWhitespace()
            if index < count { try trailingContent() }
            return value
        }

        /// Checks that the input holds something to parse and moves to its first value.
        mutating func skipToValue() throws {
            if count == 0 {
                throw failure("the file is empty; a JSON document needs exactly one value, such as {}", at: 0)
            }
            if count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
                throw failure("the file starts with a UTF-16 byte order mark; save it as UTF-8", at: 0)
            }
            skipWhitespace()
            guard index < count else {
                let what = contentStart == count ? "is empty apart from a byte order mark" : "contains only whitespace"
                throw failure("the file \(what); a JSON document needs exactly one value, such as {}", at: index)
            }
        }

        /// Parses the value starting at `index` (whitespace already skipped), leaving `index`
        /// just after it.
        ///
        /// One loop handles all nesting: opening a container pushes it and goes round for its
        /// first value; each finished value is handed to the innermost open container, whose
        /// closing bracket may in turn finish it.
        mutating func parseValue() throws -> JSONValue {
            var value: JSONValue
            nextValue: while true {
                guard index < count else { try endOfInput(expecting: "a value") }
                let start = index
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    value = .string(try parseString())
                case UInt8(ascii: "{"):
                    try checkDepth(at: start)
                    index += 1
                    skipWhitespace()
                    if index < count, bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        value = .object([:])
                    } else {
                        openIsObject.append(true)
                        openOffsets.append(start)
                        openStarts.append(memberValues.count)
                        try parseKey()
                        continue nextValue
                    }
                case UInt8(ascii: "["):
                    try checkDepth(at: start)
                    index += 1
                    skipWhitespace()
                    if index < count, bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        value = .array([])
                    } else {
                        openIsObject.append(false)
                        openOffsets.append(start)
                        openStarts.append(elements.count)
                        continue nextValue
                    }
                case UInt8(ascii: "t"):
                    try expectLiteral("true")
                    value = .bool(true)
                case UInt8(ascii: "f"):
                    try expectLiteral("false")
                    value = .bool(false)
                case UInt8(ascii: "n"):
                    try expectLiteral("null")
                    value = .null
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    value = .number(try parseNumber())
                default:
                    try unexpectedValue()
                }

                // A finished value belongs to the innermost open container; its closing
                // bracket may finish that container too, so keep handing values outwards.
                while !openIsObject.isEmpty {
                    if handsOutElements, openIsObject.count == 1 { return value }
                    skipWhitespace()
                    if openIsObject[openIsObject.count - 1] {
                        let pending = pendingKeys.removeLast()
                        memberKeys.append(pending.key)
                        memberKeyOffsets.append(pending.offset)
                        memberValues.append(value)
                        guard index < count else { try endOfInput(expecting: "',' or '}' after an object member") }
                        switch bytes[index] {
                        case UInt8(ascii: ","):
                            let comma = index
                            index += 1
                            skipWhitespace()
                            if index < count, bytes[index] == UInt8(ascii: "}") {
                                throw failure("trailing comma before '}'; remove the comma after the object's last member", at: comma)
                            }
                            try parseKey()
                            continue nextValue
                        case UInt8(ascii: "}"):
                            index += 1
                            value = .object(try closeObject())
                        default:
                            try missingSeparator(after: "an object member", closer: "}")
                        }
                    } else {
                        elements.append(value)
                        if try passArraySeparator() { continue nextValue }
                        let first = openStarts.removeLast()
                        openIsObject.removeLast()
                        openOffsets.removeLast()
                        value = .array(Array(elements[first...]))
                        elements.removeSubrange(first...)
                    }
                }
                return value
            }
        }

        /// Passes what follows an array element (whitespace already skipped): a comma, leaving
        /// `index` at the next element (true), or the closing bracket (false).
        mutating func passArraySeparator() throws -> Bool {
            guard index < count else { try endOfInput(expecting: "',' or ']' after an array element") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                if index < count, bytes[index] == UInt8(ascii: "]") {
                    throw failure("trailing comma before ']'; remove the comma after the array's last element", at: comma)
                }
                return true
            case UInt8(ascii: "]"):
                index += 1
                return false
            default:
                try missingSeparator(after: "an array element", closer: "]")
            }
        }

        /// Parses an object key and its colon, leaving `index` at the member's value.
        mutating func parseKey() throws {
            guard index < count else { try endOfInput(expecting: "a key in double quotes") }
            guard bytes[index] == UInt8(ascii: "\"") else { try unexpectedKey() }
            let offset = index
            let key = try parseString()
            pendingKeys.append((key, offset))
            skipWhitespace()
            guard index < count else { try endOfInput(expecting: "':' after the key \(quoted(key))") }
            guard bytes[index] == UInt8(ascii: ":") else { try expected("':' after the key \(quoted(key))") }
            index += 1
            skipWhitespace()
        }

        /// Builds the innermost open object from its collected members and pops it.
        ///
        /// Duplicate keys are detected here, when the dictionary is built.
        mutating func closeObject() throws -> [String: JSONValue] {
            let first = openStarts[openStarts.count - 1]
            var members = [String: JSONValue](minimumCapacity: memberValues.count - first)
            for item in first..<memberValues.count {
                if members.updateValue(memberValues[item], forKey: memberKeys[item]) != nil {
                    try duplicateKey(at: item)
                }
            }
            openStarts.removeLast()
            openIsObject.removeLast()
            openOffsets.removeLast()
            memberKeys.removeSubrange(first...)
            memberKeyOffsets.removeSubrange(first...)
            memberValues.removeSubrange(first...)
            return members
        }

        /// Skips the four whitespace bytes RFC 8259 allows, and nothing else.
        mutating func skipWhitespace() {
            while index < count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        /// Consumes `literal` (`true`, `false` or `null`) or throws.
        mutating func expectLiteral(_ literal: StaticString) throws {
            let length = literal.utf8CodeUnitCount
            for offset in 0..<length {
                guard index + offset < count else { try endOfInput(expecting: "\"\(literal)\"") }
                guard bytes[index + offset] == literal.utf8Start[offset] else { try unexpectedValue() }
            }
            index += length
        }

        /// Throws when opening one more container would exceed ``JSONParser/maximumDepth``.
        func checkDepth(at offset: Int) throws {
            if openIsObject.count >= JSONParser.maximumDepth {
                throw failure(
                    "arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep; flatten the document",
                    at: offset)
            }
        }
    }
}
