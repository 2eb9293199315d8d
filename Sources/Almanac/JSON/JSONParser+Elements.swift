extension JSONParser {
    /// Parses a document one element of its top-level array at a time: `body` gets each
    /// element, with its place from 0, as soon as it is parsed, so a file of 100,000 documents
    /// is never held as 100,000 values. A document that is not an array is its one element.
    ///
    /// The grammar, the errors and their positions are those of ``parse(_:)-(UnsafeRawBufferPointer)``;
    /// an error after the first element comes after `body` saw the elements before it.
    ///
    /// - Returns: how many elements there were.
    @discardableResult
    static func forEachElement(of bytes: UnsafeRawBufferPointer, _ body: (Int, JSONValue) throws -> Void) throws -> Int {
        var reader = Reader(bytes)
        return try reader.forEachElement(body)
    }
}

extension JSONParser.Reader {
    mutating func forEachElement(_ body: (Int, JSONValue) throws -> Void) throws -> Int {
        try skipToValue()
        guard bytes[index] == UInt8(ascii: "[") else {
            let value = try parseValue()
            skipWhitespace()
            if index < count { try trailingContent() }
            try body(0, value)
            return 1
        }
        let start = index
        index += 1
        skipWhitespace()
        var elements = 0
        if index < count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            // The array stays open on the reader's stacks, so every message reads as a whole
            // document's would (depth, "the array opened at … is never closed").
            openIsObject.append(false)
            openOffsets.append(start)
            openStarts.append(0)
            handsOutElements = true
            defer { handsOutElements = false }
            repeat {
                try body(elements, try parseValue())
                elements += 1
                skipWhitespace()
            } while try passArraySeparator()
            openIsObject.removeLast()
            openOffsets.removeLast()
            openStarts.removeLast()
        }
        skipWhitespace()
        if index < count { try trailingContent() }
        return elements
    }
}
