import Foundation
import Testing
@testable import Almanac

@Suite("SHA-256")
struct SHA256Tests {
    @Test("the NIST example messages", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
        #expect(SHA256.hash(Array(message.utf8)).count == 32)
    }

    @Test("one million times \"a\"")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("collections without contiguous storage hash like arrays")
    func nonContiguous() {
        // A UTF-8 view of a native string and a lazy map take the copying path.
        let text = String(repeating: "Lights out by 11pm. ", count: 20)
        #expect(SHA256.hex(text.utf8) == SHA256.hex(Array(text.utf8)))
        let lazy = (0..<300).lazy.map { UInt8(truncatingIfNeeded: $0 * 7) }
        #expect(SHA256.hex(lazy) == SHA256.hex(Array(lazy)))
        #expect(SHA256.hex(Array("abc".utf8)[...]) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("random buffers agree with sha256sum, across the padding boundaries")
    func agreesWithSha256sum() throws {
        let tool = "/usr/bin/sha256sum"
        guard FileManager.default.isExecutableFile(atPath: tool) else { return }
        var generator = SystemRandomNumberGenerator()
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 65_537] {
            let buffer = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            // sha256sum reads all its input before printing, so writing first cannot deadlock.
            input.fileHandleForWriting.write(Data(buffer))
            try input.fileHandleForWriting.close()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let expected = String(printed.prefix(64))
            #expect(SHA256.hex(buffer) == expected, "length \(length)")
        }
    }

    @Test("hexString writes two lowercase digits per byte")
    func hexString() {
        #expect(SHA256.hexString([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    }
}
