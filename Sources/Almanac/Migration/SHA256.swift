/// SHA-256 (FIPS 180-4), for the checksums of migration and seed files.
///
/// Written here because the package depends on nothing but the toolchain (DESIGN §1) and
/// neither Foundation on Linux nor Glibc offers a hash. Checksums are over files of a few
/// kilobytes, so clarity beats speed; still, blocks are read straight from contiguous
/// storage so that hashing a large buffer does not copy it byte by byte.
///
/// ```swift
/// SHA256.hex(Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
enum SHA256 {
    /// The 32-byte digest of `bytes`.
    static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var state = initialState
        let processed: Int? = bytes.withContiguousStorageIfAvailable { buffer in
            digestFullBlocks(UnsafeRawBufferPointer(buffer), into: &state)
        }
        let message: [UInt8]
        let fullBlockBytes: Int
        if let processed {
            // Only the tail that does not fill a block is copied, to be padded below.
            message = Array(bytes.dropFirst(processed))
            fullBlockBytes = processed
        } else {
            let copy = Array(bytes)
            let done = copy.withUnsafeBytes { digestFullBlocks($0, into: &state) }
            message = Array(copy[done...])
            fullBlockBytes = done
        }
        let totalBits = UInt64(fullBlockBytes + message.count) &* 8
        var tail = message
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: totalBits >> UInt64(shift))) }
        _ = tail.withUnsafeBytes { digestFullBlocks($0, into: &state) }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits, the form `sha256sum` prints
    /// and the manifest records.
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        hexString(hash(bytes))
    }

    /// `digest` (or any bytes) as lowercase hexadecimal, two digits a byte.
    static func hexString(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Runs the compression function over every whole 64-byte block of `buffer` and returns
    /// how many bytes that consumed (a multiple of 64).
    private static func digestFullBlocks(_ buffer: UnsafeRawBufferPointer, into state: inout [UInt32]) -> Int {
        let blocks = buffer.count / 64
        var schedule = [UInt32](repeating: 0, count: 64)
        for block in 0..<blocks {
            let base = block * 64
            for index in 0..<16 {
                let offset = base + index * 4
                schedule[index] = UInt32(buffer[offset]) << 24 | UInt32(buffer[offset + 1]) << 16
                    | UInt32(buffer[offset + 2]) << 8 | UInt32(buffer[offset + 3])
            }
            compress(&schedule, into: &state)
        }
        return blocks * 64
    }

    /// One round of SHA-256 over a block whose 16 big-endian words are in `schedule[0..<16]`.
    private static func compress(_ schedule: inout [UInt32], into state: inout [UInt32]) {
        for index in 16..<64 {
            let w15 = schedule[index - 15], w2 = schedule[index - 2]
            let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
            let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
            schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
        }
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        for index in 0..<64 {
            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choice &+ roundConstants[index] &+ schedule[index]
            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ temp2
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    /// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initialState: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
