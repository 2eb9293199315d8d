import Foundation
import Testing

/// The README's Swift blocks compile: each is kept verbatim in Tests/ReadmeExamples/, which
/// `swift build` compiles (target ReadmeExamples). These tests fail when a block and its
/// compiled copy drift apart, so the README cannot show code that no longer builds.
@Suite("README Swift examples")
struct ReadmeExampleTests {
    /// A fenced ```swift block of the README: its first line number and its text, with the
    /// indentation of its fence removed (blocks inside list items are indented).
    struct Block: CustomStringConvertible {
        var line: Int
        var text: String
        var description: String { "README.md:\(line)" }
    }

    static func blocks() throws -> [Block] {
        let lines = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
            .components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            guard trimmed == "```swift" else { index += 1; continue }
            let indent = line.count - trimmed.count
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            blocks.append(Block(line: index - body.count, text: body.joined(separator: "\n") + "\n"))
            index += 1
        }
        return blocks
    }

    static func compiledCopies() throws -> [String: String] {
        let folder = Repository.root.appendingPathComponent("Tests/ReadmeExamples")
        var copies: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            copies[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return copies
    }

    /// The block that belongs in a package manifest, not in an app's code.
    static func isManifest(_ block: Block) -> Bool { block.text.contains("import PackageDescription") }

    @Test("every Swift block of the README is in a compiled file of Tests/ReadmeExamples, verbatim")
    func everyBlockIsCompiled() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 7, "the README's Swift blocks were found: \(blocks)")
        let copies = try Self.compiledCopies()
        for block in blocks where !Self.isManifest(block) {
            let holders = copies.filter { $0.value.contains(block.text) }.keys.sorted()
            #expect(holders.count == 1, "\(block) has no compiled copy (or several: \(holders)); copy the block into Tests/ReadmeExamples/ as it is in the README:\n\(block.text)")
        }
    }

    @Test("every compiled copy is a block of the README (none is left over from an old README)")
    func noStaleCopies() throws {
        let blocks = try Self.blocks()
        for (name, text) in try Self.compiledCopies() {
            #expect(blocks.contains { text.contains($0.text) }, "Tests/ReadmeExamples/\(name) matches no Swift block of the README; update or remove it")
        }
    }

    @Test("the manifest block names the product and package this repository declares")
    func manifestBlock() throws {
        let manifest = try #require(try Self.blocks().first(where: Self.isManifest))
        let package = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.text.contains(#".product(name: "AlmanacKit", package: "almanac")"#))
        // The platforms the package declares, so that a user's package resolves against it.
        #expect(manifest.text.contains("platforms: [.macOS(.v13), .iOS(.v16)]") && package.contains(".macOS(.v13)") && package.contains(".iOS(.v16)"))
        // No published URL is invented: the dependency is a clone, by path.
        #expect(manifest.text.contains(".package(path: ") && !manifest.text.contains("https://"))
        #expect(package.contains(#".library(name: "AlmanacKit", targets: ["Almanac"])"#))
        // Xcode makes a scheme per product and ignores case: no two product names may differ only in case.
        let products = package.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"(?<=\.(library|executable)\(name: ")[^"]+"#, options: .regularExpression) else { return nil }
            return String(line[range]).lowercased()
        }
        #expect(products.count >= 3 && Set(products).count == products.count, "product names differing only in case: \(products)")
    }
}
