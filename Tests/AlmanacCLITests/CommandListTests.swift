import Foundation
import Testing

@testable import AlmanacCLI

/// The command list is the whole tool: every command in help runs, and commands read their
/// options through the constants they declare.
@Suite("The command list")
struct CommandListTests {
    /// Every runnable path of the tree, `["migrate", "up"]`, …
    private func leaves(_ spec: CommandSpec, _ path: [String] = []) -> [[String]] {
        spec.isGroup ? spec.subcommands.flatMap { leaves($0, path + [$0.name]) } : [path]
    }

    @Test("every command help lists is served by exactly one command type")
    func everyLeafRuns() {
        let paths = leaves(CommandList.root)
        #expect(paths.count >= CommandList.commands.count)
        for path in paths {
            let serving = CommandList.commands.filter { path.starts(with: $0.path) }
            #expect(serving.count == 1, "\(path.joined(separator: " ")) is served by \(serving.count) commands")
        }
        #expect(Set(CommandList.commands.map { $0.path.joined(separator: " ") }).count == CommandList.commands.count)
    }

    @Test("no command reads an option or argument by a name typed as a string")
    func noStringReads() throws {
        let folder = E2ERepository.root.appendingPathComponent("Sources/AlmanacCLI")
        let pattern = try NSRegularExpression(pattern: #"values\.(flag|option|options|positional|positionals|integer|double|isPresent)\(""#)
        var offenders: [String] = []
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Arguments/") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { offenders.append(file) }
        }
        #expect(files.contains("CommandList.swift"), "the sources were found")
        #expect(offenders.isEmpty, "read by a string literal in \(offenders)")
    }
}
