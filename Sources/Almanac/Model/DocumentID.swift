/// The rules for document ids (DESIGN §2), checked before any path is built from one.
///
/// An id is 1–128 ASCII letters, digits, `.`, `_` and `-`, not starting with `.`. Two ids
/// that differ only in case are the same id, because macOS file systems do not tell them apart.
enum DocumentID {
    static let maximumLength = 128

    /// Throws `.invalidID` with a message naming the problem when `id` breaks the rules.
    static func validate(_ id: String, collection: String? = nil) throws {
        let rules = "ids are 1–128 ASCII letters, digits, '.', '_' and '-', not starting with '.'"
        func reject(_ problem: String) -> AlmanacError {
            let place = collection.map { " in \($0)" } ?? ""
            return AlmanacError(.invalidID, "invalid id\(place): \(problem); \(rules)", id: printable(id))
        }
        if isValid(id) {
            // Its file would be taken for a sync tool's copy of another document.
            guard !SyncConflict.looksLikeCopy(id) else { throw reject("\"\(id)\" reads as a sync tool's conflict copy of another id") }
            return
        }
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty else { throw reject("the id is empty") }
        guard bytes.count <= maximumLength else { throw reject("the id is \(bytes.count) bytes long") }
        guard bytes[0] != UInt8(ascii: ".") else { throw reject("\"\(printable(id))\" starts with '.'") }
        for scalar in id.unicodeScalars where !isAllowed(scalar) {
            let shown = scalar.value < 0x20 || scalar.value == 0x7F || scalar.value > 0x7E
                ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                : "'\(scalar)'"
            throw reject("\"\(printable(id))\" contains \(shown)")
        }
    }

    /// Whether `id` keeps the id rules; ``validate(_:collection:)`` says what is wrong.
    /// (A listing checks every file name, so this allocates nothing.)
    static func isValid(_ id: String) -> Bool {
        var count = 0
        for byte in id.utf8 {
            guard isIDByte(byte), byte != UInt8(ascii: ".") || count > 0 else { return false }
            count += 1
        }
        return count > 0 && count <= maximumLength
    }

    /// Whether an id may hold `byte`: an ASCII letter or digit, `.`, `_` or `-`.
    static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// The form under which ids are compared: ASCII-lowercased.
    static func key(_ id: String) -> String {
        // Ids are ASCII (validated before use), and every listing keys every file: fold the
        // ASCII capitals by hand rather than through Unicode case mapping.
        guard id.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return id }
        guard id.utf8.allSatisfy({ $0 < 0x80 }) else { return id.lowercased() }
        return String(decoding: id.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Whether `a` and `b` are the same id ignoring ASCII case (``key(_:)`` equal), without
    /// building either key: a folder's files are compared with one id on each save.
    static func sameKey(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var (a, b) = (a, b)
        // Most pairs differ in their first bytes: decided there, without a look at the rest.
        let decided: Bool? = a.withUTF8 { x in
            b.withUTF8 { y in
                for index in 0..<x.count where x[index] != y[index] {
                    let (p, q) = (x[index], y[index])
                    if p >= 0x80 || q >= 0x80 { return nil }
                    guard p | 0x20 == q | 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(p | 0x20) else { return false }
                }
                return true
            }
        }
        return decided ?? (key(a) == key(b))
    }

    /// A 64-bit FNV-1a hash of the id's bytes with ASCII capitals folded: equal for ids equal
    /// ignoring case, without building the lowercased string.
    static func foldedHash(_ id: String) -> UInt64 {
        foldedHash(bytes: id.utf8)
    }

    /// ``foldedHash(_:)`` of the id spelled by `bytes` (UTF-8).
    static func foldedHash<Bytes: Sequence<UInt8>>(bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            hash = (hash ^ UInt64(folded)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The file name of the document with this (valid) id.
    static func fileName(_ id: String) -> String {
        id + ".json"
    }

    /// The id named by a document file name, or `nil` when the name is not `<id>.json`.
    static func id(fromFileName name: String) -> String? {
        guard name.hasSuffix(".json") else { return nil }
        let id = String(name.dropLast(5))
        return isValid(id) ? id : nil
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }

    /// The id with control characters escaped, safe to print in a message.
    static func printable(_ id: String) -> String {
        var result = ""
        for scalar in id.unicodeScalars.prefix(140) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return id.unicodeScalars.count > 140 ? result + "…" : result
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
