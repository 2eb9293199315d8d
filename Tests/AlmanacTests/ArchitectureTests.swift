import Foundation
import Testing

/// The parts of the library keep to their direction (DESIGN §0): the core — `Store/` (the
/// store's face, its reader and writer), `Transaction/`, `Recovery/` and `Storage/` — never
/// names a type of a feature folder; features use the core.
@Suite("Architecture")
struct ArchitectureTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Almanac")
    static let core = ["Store", "Storage", "Transaction", "Recovery"]
    static let features = ["Migration", "Snapshot", "Delete", "Retention", "Check", "Seeding", "Export", "Diff"]

    /// The Swift files below `folder` of Sources/Almanac, with their text.
    static func files(in folder: String) throws -> [(path: String, text: String)] {
        let base = sources.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { relative in
            (folder + "/" + relative, try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8))
        }
    }

    /// The names of the types a file declares at its top level.
    static func topLevelTypes(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").map(String.init)
            guard let keyword = words.firstIndex(where: { ["struct", "enum", "class", "protocol", "typealias", "actor"].contains($0) }),
                  words[..<keyword].allSatisfy({ ["public", "package", "final", "private", "fileprivate"].contains($0) }),
                  !line.hasPrefix(" "), keyword + 1 < words.count
            else { return nil }
            return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber })
        }
    }

    @Test("no file of the core names a type of the migration, snapshot, delete or retention folders")
    func coreNamesNoFeatureType() throws {
        let featureTypes = try Self.features.flatMap { folder in try Self.files(in: folder).flatMap { Self.topLevelTypes(in: $0.text).map { ($0, folder) } } }
        try #require(featureTypes.count > 10, "the feature folders declare types: \(featureTypes.count) found in \(Self.sources.path)")
        var found: [String] = []
        for folder in Self.core {
            for file in try Self.files(in: folder) {
                for (type, feature) in featureTypes where file.text.range(of: "\\b\(type)\\b", options: .regularExpression) != nil {
                    found.append("\(file.path) names \(type) (\(feature)/)")
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("no comment asks a caller to hold a lock: the type that holds the lock is what reaches the state")
    func noLockHeldComments() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
        let offending = try folders.flatMap { try Self.files(in: $0) }.filter { file in
            file.text.range(of: "(call|called|calls) (only )?with the lock held", options: [.regularExpression, .caseInsensitive]) != nil
        }
        #expect(offending.map(\.path) == [])
    }

    /// `text` without its comments, so that a doc comment naming ``Store/write(_:)`` counts for nothing.
    static func code(of text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let slashes = line.range(of: "//") else { return String(line) }
            return String(line[..<slashes.lowerBound])
        }.joined(separator: "\n")
    }

    @Test("the reader never reaches the writer, and neither part nor the transaction reaches the store's face")
    func partsKeepTheirDirection() throws {
        let readerFiles = try Self.files(in: "Store/Reader") + Self.files(in: "Query").filter { $0.path.contains("StoreReader+") }
        try #require(readerFiles.count > 10, "reader files: \(readerFiles.map(\.path))")
        var found: [String] = []
        for file in readerFiles {
            for word in ["StoreWriter", "StoreState", "withWriteLock"]
            where Self.code(of: file.text).range(of: "\\b\(word)\\b", options: .regularExpression) != nil {
                found.append("\(file.path) names \(word)")
            }
        }
        let parts = try ["Store/Reader", "Store/Writer", "Recovery", "Transaction"].flatMap { try Self.files(in: $0) }
            .filter { !$0.path.hasPrefix("Transaction/Store+") }
        for file in parts {
            let code = Self.code(of: file.text).replacingOccurrences(of: "Store.Options", with: "")
            if code.range(of: "\\bStore\\b", options: .regularExpression) != nil { found.append("\(file.path) names Store") }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("Store holds its two parts and nothing else that changes: it is the face")
    func storeHoldsItsParts() throws {
        let text = try String(contentsOf: Self.sources.appendingPathComponent("Store/Store.swift"), encoding: .utf8)
        let stored = text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard line.hasPrefix("    "), !line.hasPrefix("     "), let let_ = words.firstIndex(of: "let"), let_ + 1 < words.count,
                  words[..<let_].allSatisfy({ ["public", "package", "private"].contains($0) })
            else { return nil }
            return String(words[let_ + 1].prefix { $0.isLetter })
        }
        #expect(stored == ["url", "reader", "writer", "manifestVersions"])
        #expect(!text.contains("    var ") || text.split(separator: "\n").filter { $0.hasPrefix("    var ") || $0.hasPrefix("    public var ") }.allSatisfy { $0.contains("{") })
    }

    /// Every Swift file of Sources/Almanac, with its code (comments dropped).
    static func allCode() throws -> [(path: String, code: String)] {
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        return try folders.flatMap { try files(in: $0) }.map { ($0.path, code(of: $0.text)) }
    }

    /// The writer: its folder, the transaction it hands out, and its recovery.
    static func isWriter(_ path: String) -> Bool {
        path.hasPrefix("Store/Writer/") || path.hasPrefix("Transaction/") || path.hasPrefix("Recovery/")
    }

    @Test("no file outside the writer opens a write session, builds an atomic change, or writes store.json or .almanac/ itself")
    func oneCommitPath() throws {
        let files = try Self.allCode()
        try #require(files.count > 100, "sources: \(files.count) files in \(Self.sources.path)")
        // What only the writer may name: its lock and state, the change it commits, the swap's
        // commit, the journal, and store.json written in place.
        let words = ["withWriteLock", "StoreState", "AtomicChange", "writeJournal", "MigrationJournal\\(", "StoreSwap\\.commit",
                     "\\.commit\\(", "writeFile\\(Manifest\\.fileName", "createFile\\(Manifest\\.fileName", "stagingMark",
                     // The transaction's pending change and its repair mode are reached through its methods.
                     "transaction\\.pending\\b", "\\.pending\\.(put|dropWrite|removals|fileRemovals|extra|leftovers|takeAtomicChange)", "isRepair",
                     // The writer's own steps.
                     "finishChange", "removeDocumentFile", "sweepLeftovers", "(forget|drop|recordIn)Caches",
                     // The store's folder written in place.
                     "internalFolder\\??\\.(writeFile|createFile|removeFile|removeTree|rename|exchange)"]
        // Creating a store is no change to one: there is no store (and no writer) until its store.json is written.
        let creating = "Store/StoreCreator.swift"
        // The migration fills the staging folder the writer made for it with the staged version's store.json.
        let staging = "Migration/Runner/MigrationStager.swift"
        // A large batch planned in a dry run carries the dry run's pending change into its commit.
        let shortLock = "Store/ShortLockWrite.swift"
        var found: [String] = []
        // Storage/ is the layer below the writer (the clock, the lock, the device's history).
        for file in files where !Self.isWriter(file.path) && !file.path.hasPrefix("Storage/") {
            for word in words where file.code.range(of: word, options: .regularExpression) != nil {
                if file.path == creating, word.hasPrefix("writeFile") { continue }
                if file.path == staging, word.hasPrefix("createFile") { continue }
                if file.path == shortLock, word.contains("pending") { continue }
                found.append("\(file.path) names \(word.replacingOccurrences(of: "\\", with: ""))")
            }
            // The store's own folder, written by the writer alone (reads of it are the reader's and check's).
            if file.code.range(of: "(createFolders\\(\\[|root\\.openOrCreateFolder\\()\"\\.almanac\"", options: .regularExpression) != nil, file.path != creating {
                found.append("\(file.path) creates .almanac/")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("the readers' caches are written only by the commit: outside the reader, one file of the writer names them")
    func cachesChangeOnlyInTheCommit() throws {
        let files = try Self.allCode()
        let readers = files.filter { $0.path.hasPrefix("Store/Reader/") || $0.path.hasPrefix("Query/StoreReader+") }
        try #require(readers.contains { $0.code.contains("caches") }, "the reader fills its caches")
        let writing = files.filter { !readers.map(\.path).contains($0.path) && $0.code.range(of: "\\bcaches\\b", options: .regularExpression) != nil }
        #expect(writing.map(\.path) == ["Store/Writer/StoreWriter+Caches.swift"])
    }

    /// The members of every `extension Store { … }` in Sources/Almanac: the file, the member's
    /// name, and its body's lines (between the line holding its opening brace and its closing one).
    static func storeExtensionMembers() throws -> [(path: String, name: String, body: [String])] {
        var found: [(path: String, name: String, body: [String])] = []
        for file in try allCode() {
            let lines = file.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var inExtension = false
            var index = 0
            while index < lines.count {
                let line = lines[index]
                if line.range(of: "^(public |package )?extension Store( |:|\\{|$)", options: .regularExpression) != nil { inExtension = true }
                if line == "}" { inExtension = false }
                let member = "^    (@\\w+(\\([^)]*\\))? )*((public|package|private|fileprivate|static|nonisolated|convenience) )*((func|var) \\w+|init|subscript|static let \\w+ = \\{)"
                guard inExtension, let range = line.range(of: member, options: .regularExpression) else {
                    index += 1
                    continue
                }
                let name = String(line[range].split(separator: " ").last ?? "")
                var open = index
                while open < lines.count, !lines[open].contains("{") { open += 1 }
                var depth = 0
                var end = open
                while end < lines.count {
                    depth += lines[end].filter { $0 == "{" }.count - lines[end].filter { $0 == "}" }.count
                    if depth <= 0 { break }
                    end += 1
                }
                found.append((file.path, name, open + 1 < end ? Array(lines[(open + 1)..<end]) : []))
                index = end + 1
            }
        }
        return found
    }

    @Test("Store's extensions forward: each member is a few lines with no loop; the work is in feature types")
    func storeExtensionsForward() throws {
        let members = try Self.storeExtensionMembers()
        try #require(members.count > 80, "members of extensions of Store: \(members.count)")
        let heavy = members.filter { member in
            member.body.count > 7 || member.body.contains { $0.range(of: "(^\\s*(for|while|repeat) |\\.forEach *[({])", options: .regularExpression) != nil }
        }
        #expect(heavy.map { "\($0.path): \($0.name) (\($0.body.count) lines)" } == [])
    }
}
