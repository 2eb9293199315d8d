import Foundation
import Testing

@testable import AlmanacCLI

/// README.md, docs/DESIGN.md and the DocC catalog's articles show `almanac` command lines;
/// each names a command the tool has and only options that command's help lists (issue 45, item 4).
@Suite("The documents' command lines and the tool's help")
struct HelpReadmeAgreementTests {
    /// One `almanac …` command line quoted in a document, with where it is.
    struct Quoted {
        var file: String
        var line: Int
        var words: [String]
    }

    /// Every `almanac …` line of the shell blocks, and every inline `almanac …` code span.
    static func quotedCommands(in file: String) throws -> [Quoted] {
        var candidates: [(line: Int, text: String)] = []
        for block in try MarkdownDocuments.blocks(in: file) where ["", "sh", "bash", "console", "shell"].contains(block.language) {
            for (offset, line) in block.text.components(separatedBy: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                candidates.append((block.line + 1 + offset, trimmed.hasPrefix("$ ") ? String(trimmed.dropFirst(2)) : trimmed))
            }
        }
        for (line, text) in try MarkdownDocuments.prose(in: file) {
            // Inline code spans: the text between pairs of backticks.
            let spans = text.components(separatedBy: "`")
            candidates += stride(from: 1, to: spans.count, by: 2).map { (line, spans[$0]) }
        }
        var found: [Quoted] = []
        for (line, candidate) in candidates {
            // A command may follow another on the line (`a && almanac …`, a pipe).
            for piece in candidate.components(separatedBy: CharacterSet(charactersIn: "|;&")) {
                let words = piece.split(separator: " ").map(String.init)
                // A command line starts with `almanac` or a path to it run as the command
                // (`.build/release/almanac ls`); a path an argument names
                // (`cp .build/release/almanac /usr/local/bin/`) or prose is not one.
                guard let first = words.first, first == "almanac" || first == "\"$almanac\"" || first.hasSuffix("/almanac") else { continue }
                found.append(Quoted(file: file, line: line, words: Array(words.dropFirst().prefix { $0 != "#" })))
            }
        }
        return found
    }

    /// What is wrong with `quoted`, or `nil`: an unknown command, or an option its help does not list.
    static func problem(with quoted: Quoted) -> String? {
        var spec = CommandList.root
        var inherited = CommandList.parser.globalOptions
        var words = quoted.words[...]
        while spec.isGroup, let next = words.first, !next.hasPrefix("-") {
            guard let sub = spec.subcommand(named: next) else {
                // Placeholders and prose (`almanac COMMAND`, `almanac …`) are not commands.
                if next.uppercased() == next || next.hasPrefix("…") || next.hasPrefix("<") { return nil }
                return "'almanac \(quoted.words.joined(separator: " "))': no command '\(next)' under '\(spec.name)'"
            }
            inherited += spec.options
            spec = sub
            words = words.dropFirst()
        }
        let accepted = Set((spec.globals(inherited) + spec.options).map(\.name) + ["help", "version"])
        for word in words {
            let cleaned = word.trimmingCharacters(in: CharacterSet(charactersIn: "[](){},.;:'\"…"))
            for flag in cleaned.components(separatedBy: "/") where flag.hasPrefix("--") {
                let name = String(flag.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
                guard !name.isEmpty, !accepted.contains(name) else { continue }
                return "'almanac \(quoted.words.joined(separator: " "))': '--\(name)' is not an option of '\(spec.name)' (its help lists \(accepted.sorted().map { "--" + $0 }.joined(separator: ", ")))"
            }
        }
        return nil
    }

    @Test("every almanac command line in README.md, docs/DESIGN.md and the catalog's articles names a command the tool has, with options its help lists")
    func quotedCommandsAgreeWithHelp() throws {
        let files = try MarkdownDocuments.all()
        #expect(files.count >= 12, "README, DESIGN and the catalog's pages: \(files)")
        let quoted = try files.flatMap { try Self.quotedCommands(in: $0) }
        #expect(Set(quoted.map(\.file)).count >= 8, "command lines in most documents: \(Set(quoted.map(\.file)).sorted())")
        #expect(quoted.count > 50, "the documents quote many command lines; found \(quoted.count)")
        let problems = quoted.compactMap { quoted in Self.problem(with: quoted).map { "\(quoted.file):\(quoted.line): \($0)" } }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the check finds a misspelt command and an option the command does not take")
    func checkerFindsDrift() {
        #expect(Self.problem(with: Quoted(file: "x", line: 1, words: ["migrate", "stauts"])) != nil)
        #expect(Self.problem(with: Quoted(file: "x", line: 1, words: ["backup", "DEST", "--keep-going"])) != nil)
        #expect(Self.problem(with: Quoted(file: "x", line: 1, words: ["ls", "cravings", "--from", "D", "--to/--where"])) == nil)
        #expect(Self.problem(with: Quoted(file: "x", line: 1, words: ["migrate", "up", "--migrations", "DIR", "--store", "S"])) == nil)
        #expect(Self.problem(with: Quoted(file: "x", line: 1, words: ["diff", "a", "b", "--store", "S"])) != nil)
    }
}
