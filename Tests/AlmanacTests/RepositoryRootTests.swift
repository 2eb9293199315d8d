import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository's root holds what a user who clones it expects there, and nothing a change
/// left behind by mistake (issue 45: 81 scratch files were once committed beside Package.swift).
@Suite("Repository root")
struct RepositoryRootTests {
    /// What belongs at the root: the package, its documents, its folders, and the tools' own
    /// files (git, CI, editors, formatting).
    static let expected: Set<String> = [
        "Package.swift", "README.md", "CHANGELOG.md", "LICENSE",
        "Sources", "Tests", "Benchmarks", "Fuzz", "docs", "migrations", "samples", "schema", "scripts",
        ".git", ".github", ".ci", ".gitignore", ".swift-format", ".editorconfig", ".vscode",
    ]

    /// The root-level patterns of `.gitignore` (build output, resolved packages, editor state):
    /// such entries are never committed, so a clone that built holds them.
    static func ignoredPatterns() throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(".gitignore"), encoding: .utf8)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.compactMap { line in
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("!") else { return nil }
            let name = line.hasSuffix("/") ? String(line.dropLast()) : line
            return name.contains("/") ? nil : name  // a pattern with a folder in it is not about the root
        }
    }

    @Test("the repository root holds only what a user expects there")
    func onlyExpectedEntries() throws {
        let patterns = try Self.ignoredPatterns()
        try #require(patterns.contains(".build"), "the .gitignore ignores the build folder: \(patterns)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: Repository.root.path)
        try #require(entries.contains("Package.swift"), "\(Repository.root.path) is the repository root")
        let unexpected = entries.filter { name in
            !Self.expected.contains(name) && !patterns.contains { fnmatch($0, name, 0) == 0 }
        }.sorted()
        #expect(unexpected.isEmpty, """
            the repository root holds \(unexpected.count) unexpected entries: \(unexpected.prefix(10).joined(separator: ", ")). \
            Scratch output belongs in a temporary folder; a file a user needs belongs in docs/, scripts/ or samples/ \
            (or, if it must be at the root, in RepositoryRootTests.expected)
            """)
    }
}
