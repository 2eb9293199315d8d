/// Finds where in a JSON text the value at a JSON pointer starts, so that an error found
/// after parsing (a value of the wrong type for a Swift model) can still name a line and column.
///
/// Runs only on error paths, over text the strict parser has already accepted.
enum JSONPointerLocator {
    /// The 1-based line and column (in bytes, after any byte order mark) of the value at
    /// `pointer`, or of its deepest existing ancestor when the pointer goes further than the
    /// document does; `nil` when `bytes` is not valid JSON.
    static func position(of pointer: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let tokens = pointer.isEmpty ? [] : pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        var scanner = Scanner(bytes: bytes, index: start)
        scanner.skipWhitespace()
        guard let offset = scanner.locate(tokens[...]) else { return nil }
        var line = 1
        var lineStart = start
        for index in start..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index: Int

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// The offset of the value at `tokens` below the value at `index`.
        mutating func locate(_ tokens: ArraySlice<String>) -> Int? {
            guard let token = tokens.first, index < bytes.count else { return index < bytes.count ? index : nil }
            let here = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return here }
                    let keyStart = index
                    guard skipString() else { return nil }
                    let key = (try? JSONParser.parse(Array(bytes[keyStart..<index])))?.value.stringValue
                    skipWhitespace()
                    index += 1  // ':'
                    skipWhitespace()
                    if key == token { return locate(tokens.dropFirst()) }
                    guard skipValue() else { return nil }
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return here }
                    index += 1
                }
            case UInt8(ascii: "["):
                guard let wanted = Int(token) else { return here }
                index += 1
                var position = 0
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return here }
                    if position == wanted { return locate(tokens.dropFirst()) }
                    guard skipValue() else { return nil }
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return here }
                    index += 1
                    position += 1
                }
            default:
                return here
            }
        }

        /// Moves past the string at `index`, including its quotes.
        mutating func skipString() -> Bool {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): index += 1; return true
                default: index += 1
                }
            }
            return false
        }

        /// Moves past the value at `index`.
        mutating func skipValue() -> Bool {
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "\"") { return skipString() }
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    if depth == 0 { index += 1; return true }
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                default:
                    break
                }
                index += 1
            }
            return depth == 0
        }
    }
}
