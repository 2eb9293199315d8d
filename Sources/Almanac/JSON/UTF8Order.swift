#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The order of strings by their UTF-8 bytes — the order canonical JSON writes keys in, and
/// for normalized text the order of code points — compared with one `memcmp` where both
/// strings are stored contiguously (native Swift strings are), since sorting the members of a
/// large object or a hundred thousand paths compares millions of times.
enum UTF8Order {
    /// Whether `a` comes before `b` in UTF-8 byte order.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let fast: Bool?? = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in precedes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) }
        }
        if let fast, let fast { return fast }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether the bytes of `a` come before those of `b` (a shorter prefix first).
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in precedes(x, y) } }
    }

    private static func precedes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        let common = min(x.count, y.count)
        if common > 0, let left = x.baseAddress, let right = y.baseAddress {
            let order = memcmp(left, right, common)
            if order != 0 { return order < 0 }
        }
        return x.count < y.count
    }
}
