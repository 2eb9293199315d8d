import Foundation
import Testing

/// The documentation's Swift blocks compile: each block of README.md and of the DocC
/// catalog's articles is kept verbatim in Tests/DocExamples/, which `swift build` compiles
/// (target DocExamples). These tests fail when a block and its compiled copy drift apart, so
/// the documentation cannot show code that no longer builds. The README's tour is built as a
/// package of its own instead (`TourTests`).
@Suite("The documentation's Swift examples")
struct DocExampleTests {
    /// The Swift blocks kept in Tests/DocExamples: every one outside the tour that is not a manifest.
    static func compiledBlocks() throws -> [MarkdownDocuments.Block] {
        try MarkdownDocuments.userGuides().flatMap { try MarkdownDocuments.blocks(in: $0) }
            .filter { $0.language == "swift" && !$0.inTour && !$0.isManifest }
    }

    static func compiledCopies() throws -> [String: String] {
        let folder = E2ERepository.root.appendingPathComponent("Tests/DocExamples")
        var copies: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            copies[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return copies
    }

    @Test("every Swift block of the README and the articles is in a compiled file of Tests/DocExamples, verbatim")
    func everyBlockIsCompiled() throws {
        let blocks = try Self.compiledBlocks()
        #expect(blocks.count >= 7, "the documentation's Swift blocks were found: \(blocks)")
        #expect(Set(blocks.map(\.file)).count >= 4, "blocks in several articles: \(blocks)")
        let copies = try Self.compiledCopies()
        for block in blocks {
            let holders = copies.filter { $0.value.contains(block.text) }.keys.sorted()
            #expect(holders.count == 1, "\(block) has no compiled copy (or several: \(holders)); copy the block into Tests/DocExamples/ as it is in the document:\n\(block.text)")
        }
    }

    @Test("every compiled copy is a block of the documentation (none is left over from an old version)")
    func noStaleCopies() throws {
        let blocks = try Self.compiledBlocks()
        for (name, text) in try Self.compiledCopies() {
            #expect(blocks.contains { text.contains($0.text) }, "Tests/DocExamples/\(name) matches no Swift block of the README or the articles; update or remove it")
        }
    }

    @Test("the README's tour holds the tool's commands and a package's manifest and code")
    func theTourIsMarked() throws {
        let tour = try MarkdownDocuments.blocks(in: "README.md").filter(\.inTour)
        #expect(tour.contains { $0.language == "sh" && $0.text.contains("almanac migrate up") }, "\(tour)")
        #expect(tour.filter(\.isManifest).count == 1, "\(tour)")
        #expect(tour.contains { $0.language == "swift" && !$0.isManifest && $0.text.contains("store.observe(") }, "\(tour)")
    }

    @Test("the manifest block names the product and package this repository declares")
    func manifestBlock() throws {
        let manifest = try #require(try MarkdownDocuments.blocks(in: "README.md").first(where: \.isManifest))
        let package = try String(contentsOf: E2ERepository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
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
