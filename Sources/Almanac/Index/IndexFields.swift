/// The tab-separated fields of one line of an index file (``IndexFiles/eachLine(of:header:_:)``),
/// as ranges of the file's bytes: valid only inside the call that hands it out.
struct IndexFields {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Reused from line to line: a root has a line per folder.
    private var ranges: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        ranges.reserveCapacity(12)
    }

    /// Takes the line at `line` (without its newline) as the current one.
    mutating func cut(_ line: Range<Int>) {
        ranges.removeAll(keepingCapacity: true)
        var start = line.lowerBound
        for offset in line where bytes[offset] == UInt8(ascii: "\t") {
            ranges.append(start..<offset)
            start = offset + 1
        }
        ranges.append(start..<line.upperBound)
    }

    var count: Int { ranges.count }

    subscript(_ field: Int) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[ranges[field]] }

    /// Whether the field is the one byte `byte` (a line's kind, a flag).
    func field(_ field: Int, is byte: UInt8) -> Bool {
        ranges[field].count == 1 && bytes[ranges[field].lowerBound] == byte
    }

    func isEmpty(_ field: Int) -> Bool { ranges[field].isEmpty }

    /// The decimal number the field spells, or `nil`.
    func number<T: FixedWidthInteger>(_ field: Int) -> T? { IndexFiles.number(self[field]) }

    /// The text field, unescaped.
    func text(_ field: Int) -> String { IndexFiles.text(self[field]) }

    /// Every field from `field` on, unescaped.
    func texts(from field: Int) -> [String] { (field..<count).map(text) }
}
