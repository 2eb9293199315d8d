import Foundation

/// The repository's documentation as the tests read it: README.md, docs/DESIGN.md and the
/// DocC catalog's articles, with their fenced code blocks.
enum MarkdownDocuments {
    /// The catalog's folder, relative to the repository root.
    static let catalog = "Sources/Almanac/Almanac.docc"

    /// Every Markdown file a user reads, relative to the repository root: the README, the
    /// design, and each page of the DocC catalog.
    static func all() throws -> [String] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: E2ERepository.root.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        return ["README.md", "docs/DESIGN.md"] + pages
    }

    /// The README and the catalog's pages: the documents whose Swift blocks must compile.
    static func userGuides() throws -> [String] {
        try all().filter { $0 != "docs/DESIGN.md" }
    }

    /// A fenced code block: the line of its opening fence, its language, its text with the fence's
    /// indentation removed (blocks inside list items are indented), and whether it lies
    /// between the README's `<!-- tour:begin -->` and `<!-- tour:end -->`.
    struct Block: CustomStringConvertible {
        var file: String
        var line: Int
        var language: String
        var text: String
        var inTour: Bool
        var description: String { "\(file):\(line)" }

        /// A package manifest (it belongs in Package.swift, not in an app's code).
        var isManifest: Bool { text.contains("import PackageDescription") }
    }

    static func text(of file: String) throws -> String {
        try String(contentsOf: E2ERepository.root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The lines outside fenced blocks, numbered from 1.
    static func prose(in file: String) throws -> [(line: Int, text: String)] {
        var inBlock = false
        var prose: [(line: Int, text: String)] = []
        for (index, line) in try text(of: file).components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inBlock.toggle(); continue }
            if !inBlock { prose.append((index + 1, line)) }
        }
        return prose
    }

    static func blocks(in file: String) throws -> [Block] {
        let lines = try text(of: file).components(separatedBy: "\n")
        var blocks: [Block] = []
        var inTour = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("<!-- tour:begin -->") { inTour = true }
            if trimmed.hasPrefix("<!-- tour:end -->") { inTour = false }
            guard trimmed.hasPrefix("```") else { index += 1; continue }
            let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let indent = line.count - trimmed.count
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            blocks.append(Block(file: file, line: index - body.count, language: language,
                                text: body.joined(separator: "\n") + "\n", inTour: inTour))
            index += 1
        }
        return blocks
    }
}
