/// The one way Almanac writes JSON, so that equal values always produce equal bytes.
///
/// Object keys are sorted by UTF-8 byte order, which is Unicode code point order (not
/// Swift's `String` ordering, which compares normalized forms). Strings escape only what
/// JSON requires — `"`, `\` and control characters below U+0020 — and keep `/` and
/// non-ASCII characters as raw UTF-8. Numbers are written as their stored text.
///
/// The pretty form is byte-identical to Python's
/// `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"` whenever the
/// numbers' text is what Python would print, so stores made by scripts stay canonical.
enum CanonicalJSON {
    /// Pretty form used for every store file: 2-space indent, object keys sorted by UTF-8 byte
    /// order (= Unicode code point order), `"key": value`, one member/element per line, `[]`
    /// and `{}` for empty containers, a trailing newline after the top-level value.
    static func prettyBytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        writePretty(value, depth: 0, into: &output)
        output.append(0x0A)
        return output
    }

    /// A member of an object written by ``writePretty(members:piece:to:)``.
    enum StreamedMember {
        case value(JSONValue)
        /// An array of `count` elements, each made when it is written.
        case elements(count: Int, element: (Int) throws -> JSONValue)
    }

    /// Hands `emit` the pretty form of an object of `members`, byte for byte as
    /// ``prettyBytes(_:)`` writes it, in pieces of about `piece` bytes, each array member's
    /// elements made one at a time: a record of 100,000 entries (a large commit's journal) is
    /// never held as one tree, nor as its whole bytes.
    static func writePretty(members: [(key: String, member: StreamedMember)], piece: Int, to emit: ([UInt8]) throws -> Void) throws {
        var output: [UInt8] = []
        output.reserveCapacity(piece + 4096)
        func emitWhenFull() throws {
            guard output.count >= piece else { return }
            try emit(output)
            output.removeAll(keepingCapacity: true)
        }
        guard !members.isEmpty else { return try emit(Array("{}\n".utf8)) }
        output.append(UInt8(ascii: "{"))
        for (position, (key, member)) in members.sorted(by: { UTF8Order.precedes($0.key, $1.key) }).enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            newline(depth: 1, into: &output)
            writeString(key, into: &output)
            output.append(contentsOf: ": ".utf8)
            switch member {
            case .value(let value):
                writePretty(value, depth: 1, into: &output)
            case .elements(let count, _) where count == 0:
                output.append(contentsOf: "[]".utf8)
            case .elements(let count, let element):
                output.append(UInt8(ascii: "["))
                for index in 0..<count {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth: 2, into: &output)
                    writePretty(try element(index), depth: 2, into: &output)
                    try emitWhenFull()
                }
                newline(depth: 1, into: &output)
                output.append(UInt8(ascii: "]"))
            }
        }
        newline(depth: 0, into: &output)
        output.append(UInt8(ascii: "}"))
        output.append(0x0A)
        try emit(output)
    }

    /// The pretty form with every record on one line: the top-level members one per line, the
    /// elements of a member's array one per line, and each object below the top level compact.
    ///
    /// `store.json` is written so: a line-based merge (git without Almanac's driver) then moves
    /// whole records, never a field of one record into another.
    static func recordLineBytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        writePretty(value, depth: 0, compactFrom: 1, into: &output)
        output.append(0x0A)
        return output
    }

    /// One line, no spaces, sorted keys, no trailing newline (for JSON Lines and --json output).
    static func compactBytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        writeCompact(value, into: &output)
        return output
    }

    /// Appends `value` in the pretty form, its first line already indented to `depth`.
    /// With `compactFrom`, objects from that depth and arrays below it are written compact.
    private static func writePretty(_ value: JSONValue, depth: Int, compactFrom: Int = .max, into output: inout [UInt8]) {
        switch value {
        case .object where depth >= compactFrom, .array where depth > compactFrom:
            writeCompact(value, into: &output)
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1, into: &output)
                writePretty(element, depth: depth + 1, compactFrom: compactFrom, into: &output)
            }
            newline(depth: depth, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (position, member) in sortedMembers(members).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1, into: &output)
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                writePretty(member.value, depth: depth + 1, compactFrom: compactFrom, into: &output)
            }
            newline(depth: depth, into: &output)
            output.append(UInt8(ascii: "}"))
        default:
            writeCompact(value, into: &output)
        }
    }

    /// Appends `value` in the compact form; also writes the pretty form's scalars and empty containers.
    private static func writeCompact(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let bool):
            output.append(contentsOf: bool ? "true".utf8 : "false".utf8)
        case .number(let number):
            output.append(contentsOf: number.text.utf8)
        case .string(let string):
            writeString(string, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (position, member) in sortedMembers(members).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                writeCompact(member.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The members in UTF-8 byte order of their keys.
    private static func sortedMembers(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        members.sorted { UTF8Order.precedes($0.key, $1.key) }
    }

    /// Starts a new line indented by two spaces per level of `depth`.
    private static func newline(depth: Int, into output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Writes `string` as a JSON string literal, copying runs that need no escape in one go.
    static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { writeEscaped($0, into: &output) }
        if written == nil {
            // Bridged or otherwise non-contiguous strings: copy once into native storage.
            var native = string
            native.makeContiguousUTF8()
            native.withUTF8 { writeEscaped($0, into: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 `bytes` of a string's contents with the JSON escapes applied.
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var runStart = 0
        for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
            runStart = offset + 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                output.append(contentsOf: "u00".utf8)
                output.append(hexDigits.utf8Start[Int(byte >> 4)])
                output.append(hexDigits.utf8Start[Int(byte & 0x0F)])
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
}
