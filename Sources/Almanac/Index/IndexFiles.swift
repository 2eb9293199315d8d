import Foundation

/// The files of the folder index under `.almanac/index/<collection>/` (and, for what retention
/// archived, `.almanac/index/archive.<collection>/`), and how each is sealed.
///
/// - `root`: every folder of the collection with the signature it had when last listed, the
///   generation of each segment and bucket, the ids filed in more than one folder, and the
///   misfiled documents.
/// - `s/<segment>`: the files of the leaf folders of one month (one year for month folders),
///   with the inode each had and what the index knows of it.
/// - `b/<bucket>`: which folders hold each id, for a share of the ids (1 to 1,024 buckets, about
///   256 ids each up to a quarter of a million ids, more beyond; the root says how many).
/// - `lock`: taken without waiting by whoever writes the index; a process that finds it taken
///   leaves the writing to the holder.
///
/// Every file ends with a checksum line, and the root names the generation each segment and
/// bucket must carry: a file torn by a crash, or written by another process between two reads,
/// is noticed and rebuilt from the folders, never trusted.
enum IndexFiles {
    static let folderPath = [".almanac", "index"]
    static let root = "root"
    static let segments = "s"
    static let buckets = "b"
    static let lock = "lock"
    static let bucketCount: UInt64 = 1024
    static let idsPerBucket = 256
    static let rootHeader = "almanac-index 2"
    static let segmentHeader = "almanac-index-segment 1"
    static let bucketHeader = "almanac-index-bucket 1"

    /// The name of the folder below ``folderPath`` holding the index of `collection`'s live
    /// documents, or of its archived ones: a dot is in no collection's name, so neither is
    /// ever another collection's.
    static func name(of collection: String, archive: Bool) -> String { archive ? "archive." + collection : collection }

    /// The path of the index folder `name` (``name(of:archive:)``) from the store root.
    static func path(of name: String) -> [String] { folderPath + [name] }

    /// FNV-1a, 64 bits: bucket and segment names, and the seal of every file.
    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The bucket file of the id whose key (``DocumentID/key(_:)``) is `key`, among `1 << bits`
    /// buckets: three hex digits.
    static func bucket(ofKey key: String, bits: Int) -> String {
        String(hash(key.utf8) % (1 << UInt64(bits)), radix: 16).leftPadded(to: 3)
    }

    /// How many buckets (as bits) suit a collection of `documents`: about 256 ids each, up to
    /// ``bucketCount`` buckets, so a small collection's index is a handful of files. A lookup
    /// scans its id's bucket, so a bucket's size is what each id saved or read costs.
    static func bucketBits(for documents: Int) -> Int {
        var bits = 0
        while bits < 10, documents > idsPerBucket << bits { bits += 1 }
        return bits
    }

    /// The segment of the leaf folder at `folders` (below the collection) in a collection whose
    /// partition is `depth` deep: its first `depth - 1` folders (at least one), hashed into a
    /// file name, since a sync tool's copy of a folder has a name a file name cannot always carry.
    static func segment(of folders: [String], depth: Int) -> String {
        let prefix = folders.prefix(max(1, depth - 1)).joined(separator: "/")
        return String(hash(prefix.utf8), radix: 16).leftPadded(to: 16)
    }

    /// `body` followed by its checksum line.
    static func sealed(_ body: [UInt8]) -> [UInt8] {
        body + Array("sum \(String(hash(body), radix: 16))\n".utf8)
    }

    /// Calls `body` with each line of the sealed file `bytes` after its first, cut into
    /// tab-separated fields, while `body` returns true. False when the checksum does not hold,
    /// the first line is not `header`, or `body` returned false.
    ///
    /// The fields are ranges of `bytes`, read in place: a cold read parses a root of hundreds of
    /// kilobytes before anything else, and an array of slices per line was most of that.
    static func eachLine(of bytes: [UInt8], header: String, _ body: (IndexFields) throws -> Bool) rethrows -> Bool {
        try bytes.withUnsafeBufferPointer { buffer in
            guard let end = sealedEnd(of: buffer) else { return false }
            var fields = IndexFields(bytes: buffer)
            var start = 0
            var first = true
            while start < end {
                var stop = start
                while buffer[stop] != UInt8(ascii: "\n") { stop += 1 }  // the body ends with a newline
                fields.cut(start..<stop)
                if first {
                    guard buffer[start..<stop].elementsEqual(header.utf8) else { return false }
                    first = false
                } else if try !body(fields) {
                    return false
                }
                start = stop + 1
            }
            return !first
        }
    }

    /// Where the body of the sealed file `bytes` ends (the start of its checksum line), when the
    /// checksum holds.
    private static func sealedEnd(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.last == UInt8(ascii: "\n") else { return nil }
        let end = bytes.count - 1
        var lineStart = end
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        guard lineStart > 0 else { return nil }
        let sumLine = bytes[lineStart..<end]
        guard sumLine.starts(with: "sum ".utf8),
              UInt64(String(decoding: sumLine.dropFirst(4), as: UTF8.self), radix: 16) == hash(bytes[..<lineStart])
        else { return nil }
        return lineStart
    }

    /// The decimal number `bytes` spells (an optional `-`, then digits), or `nil`.
    static func number<T: FixedWidthInteger, Bytes: Collection<UInt8>>(_ bytes: Bytes) -> T? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        var value: T = 0
        for byte in digits {
            guard byte >= 48, byte <= 57 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(T(byte - 48)) : times.addingReportingOverflow(T(byte - 48))
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// The text field `bytes`, unescaped.
    static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        unescaped(String(decoding: bytes, as: UTF8.self))
    }

    /// The tab-separated fields of `line`, unescaped.
    static func fields(_ line: ArraySlice<UInt8>) -> [String] {
        line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { unescaped(String(decoding: $0, as: UTF8.self)) }
    }

    /// `name` with `%`, tab and newline written `%25`, `%09`, `%0A`: a copy's file name is
    /// whatever the sync tool chose, and the files are tab-separated lines.
    static func escaped(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 9 || $0 == 10 }) else { return name }
        return name.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func unescaped(_ field: String) -> String {
        guard field.utf8.contains(UInt8(ascii: "%")) else { return field }
        return field.replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%25", with: "%")
    }
}
