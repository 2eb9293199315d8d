import Foundation
import Testing

/// DESIGN's list of the Darwin surface (§11, "The Darwin surface") is the list of Apple-only
/// branches in `Sources/`: a branch added or removed without the list fails here.
@Suite("The Darwin surface")
struct DarwinSurfaceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One Apple-only branch: the file below `Sources/` and its enclosing declaration.
    struct Branch: Hashable, CustomStringConvertible {
        var file: String
        var declaration: String
        var description: String { "\(file) \(declaration)" }
    }

    /// A condition naming an Apple platform, not negated.
    static func isAppleCondition(_ condition: Substring) -> Bool {
        !condition.hasPrefix("!") && ["canImport(Darwin)", "os(macOS)", "os(iOS)", "os(tvOS)", "os(watchOS)", "os(visionOS)"]
            .contains { condition.contains($0) }
    }

    /// The declaration a line at `indent` is inside: the nearest line above with less
    /// indentation that declares something; `(file)` at the top level.
    static func enclosingDeclaration(of index: Int, indent: Int, in lines: [Substring]) -> String {
        guard indent > 0 else { return "(file)" }
        let keywords = ["func", "init", "var", "let", "class", "struct", "enum", "extension", "protocol"]
        let modifiers: Set<String> = ["public", "package", "private", "fileprivate", "internal", "static", "final", "override",
                                      "nonisolated", "convenience", "mutating", "lazy"]
        for line in lines[..<index].reversed() where !line.allSatisfy(\.isWhitespace) {
            guard line.prefix(while: { $0 == " " }).count < indent else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" }).map(String.init)
            guard let keyword = words.firstIndex(where: { keywords.contains($0) }),
                  words[..<keyword].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") }) else { continue }
            if words[keyword] == "init" { return "init" }
            return keyword + 1 < words.count ? words[keyword + 1] : words[keyword]
        }
        return "(file)"
    }

    /// The Apple-only branches of the Swift files below `Sources/`, leaving out blocks that only import.
    static func branchesInSources() throws -> Set<Branch> {
        let sources = root.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        var found: Set<Branch> = []
        for file in files {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let trimmed = line.drop { $0 == " " }
                let condition: Substring
                if trimmed.hasPrefix("#if ") { condition = trimmed.dropFirst(4) } else if trimmed.hasPrefix("#elseif ") { condition = trimmed.dropFirst(8) } else { continue }
                guard isAppleCondition(condition) else { continue }
                var body: [Substring] = []
                var depth = 0
                for next in lines[(index + 1)...] {
                    let text = next.drop { $0 == " " }
                    if text.hasPrefix("#if") { depth += 1 } else if text.hasPrefix("#endif") {
                        if depth == 0 { break }
                        depth -= 1
                    } else if depth == 0, text.hasPrefix("#else") { break }
                    body.append(text)
                }
                guard !body.allSatisfy({ $0.isEmpty || $0.hasPrefix("import ") }) else { continue }
                let indent = line.prefix { $0 == " " }.count
                found.insert(Branch(file: file, declaration: enclosingDeclaration(of: index, indent: indent, in: lines)))
            }
        }
        return found
    }

    /// The rows of DESIGN's table: the first two cells, without back quotes.
    static func branchesInDesign() throws -> Set<Branch> {
        let design = try String(contentsOf: root.appendingPathComponent("docs/DESIGN.md"), encoding: .utf8)
        let section = try #require(design.range(of: "### The Darwin surface"), "DESIGN has the section")
        var rows: Set<Branch> = []
        for line in design[section.upperBound...].split(separator: "\n") {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
            rows.insert(Branch(file: cells[0], declaration: cells[1]))
        }
        return rows
    }

    @Test("DESIGN lists every Apple-only branch of Sources/, and nothing else")
    func listMatchesSources() throws {
        let inSources = try Self.branchesInSources()
        let inDesign = try Self.branchesInDesign()
        try #require(inSources.count >= 10, "the scan finds the branches: \(inSources.sorted { $0.description < $1.description })")
        #expect(inSources.subtracting(inDesign).isEmpty, "branches DESIGN does not list: \(inSources.subtracting(inDesign).sorted { $0.description < $1.description })")
        #expect(inDesign.subtracting(inSources).isEmpty, "DESIGN lists branches that are gone: \(inDesign.subtracting(inSources).sorted { $0.description < $1.description })")
    }

    @Test("the scan sees a branch inside a function and leaves out a block that only imports")
    func scanRecognisesBranches() {
        let text = """
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Darwin)
            import Darwin
            #endif
            struct Sample {
                static func flush() -> Int32 {
                    #if canImport(Darwin)
                    return 1
                    #else
                    return 0
                    #endif
                }
            }
            """
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Self.enclosingDeclaration(of: 7, indent: 8, in: lines) == "flush")
        #expect(Self.isAppleCondition("canImport(Darwin)") && !Self.isAppleCondition("!canImport(Darwin)") && !Self.isAppleCondition("os(Linux)"))
    }
}
