import Foundation
import Testing

@testable import Almanac
@testable import AlmanacCLI

/// The library speaks in its API's terms; the tool adds the flags a person types.
@Suite("Library messages and the tool's flag hints")
struct FlagHintTests {
    @Test("no message in the libraries names a command-line flag")
    func libraryMessagesNameNoFlags() throws {
        let pattern = try NSRegularExpression(pattern: #""[^"\n]*(?:^|[ (])--[a-z]"#)
        var offenders: [String] = []
        for library in ["Sources/Almanac", "Sources/ReferenceApps"] {
            let folder = E2ERepository.root.appendingPathComponent(library)
            for file in E2EFiles.files(under: folder) where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    let line = String(line)
                    if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                        offenders.append("\(library)/\(file):\(number + 1)")
                    }
                }
            }
        }
        #expect(offenders.isEmpty, "flags in library messages: \(offenders)")
    }

    @Test("no message in the library names an almanac command: it names the call, and the tool types the command from the remedy")
    func libraryMessagesNameNoCommands() throws {
        let pattern = try NSRegularExpression(pattern: #""[^"\n]*(?:['`(]|^| )almanac (?:[a-z]+ )*[a-z-]+['`)]"#)
        var offenders: [String] = []
        let folder = E2ERepository.root.appendingPathComponent("Sources/Almanac")
        for file in E2EFiles.files(under: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let line = String(line)
                if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil { offenders.append("\(file):\(number + 1)") }
            }
        }
        #expect(offenders.isEmpty, "commands in library messages: \(offenders)")

        let missing = E2EFolder()
        let error = try #require(throws: AlmanacError.self) { try Store(at: missing.url) }
        #expect(error.remedy == .createStore && error.message.hasSuffix("create one with Store.create(at:schema:)"), "\(error.message)")
        #expect(FlagHints.apply(error).message.hasSuffix("create one with 'almanac init'"))

        let resolve = AlmanacError.Remedy.resolve("E1", in: "events")
        let problem = CheckReport.Problem(severity: .error, kind: "sync-conflict", path: "data/events/E1.json",
                                          message: "merge them with \(resolve.api)", remedy: resolve)
        let report = FlagHints.apply(CheckReport(problems: [problem], documentsChecked: 1))
        #expect(report.problems[0].message == "merge them with 'almanac resolve events E1'")
        #expect(FlagHints.apply(migrationProblem: "restore it, or accept its absence with Migrator.repair(storeAt:)")
                == "restore it, or accept its absence with 'almanac migrate repair'")
    }

    @Test("the tool types every remedy the library's errors carry, in place of the library's words")
    func everyRemedyIsTyped() {
        let untyped = (AlmanacError.Remedy.all + [.resolve("E1", in: "events"), .newSchema("journal")]).filter { FlagHints.typed($0) == nil }
        #expect(untyped.isEmpty, "\(untyped)")
        #expect(Set(AlmanacError.Remedy.all.map(\.name)).count == AlmanacError.Remedy.all.count, "names are distinct")
        let error = AlmanacError(.locked, "store is locked by PID 1; wait for it to finish, or retry with a longer lock timeout").with(.longerLockTimeout)
        #expect(FlagHints.apply(error).message == "store is locked by PID 1; wait for it to finish, or retry with a longer --lock-timeout")
        #expect(error.message.hasSuffix(AlmanacError.Remedy.longerLockTimeout.api), "the library's own words end its message")
    }

    @Test("the tool names --lock-timeout when the store is locked")
    func lockedNamesTheFlag() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let event = try folder.write(usageEvent(id: uuid(1), timestamp: "2025-01-27T14:03:00Z"), to: "e.json")
        let holder = try Store(at: store)
        let library = try holder.writer.withWriteLock { _ in
            let result = try run(["put", "usage-events", event.path, "--store", store.path, "--lock-timeout", "0.2"])
            #expect(result.exit == 4 && result.stderr.contains("--lock-timeout"), "\(result)")
            // The library's own message, from a second store value in this process, names its option instead.
            return #expect(throws: AlmanacError.self) {
                try Store(at: store, options: Store.Options(lockTimeout: 0.1)).writer.withWriteLock { _ in }
            }
        }
        #expect(library.map { $0.code == .locked && !$0.message.contains("--") } == true, "\(String(describing: library))")
    }

    @Test("a date range on a collection without a date field says to leave out --from and --to")
    func dateRangeNamesTheFlags() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder)
        let result = try run(["ls", "selected-apps", "--from", "2025-01-01", "--store", store.path])
        #expect(result.stderr.contains("leave out --from and --to"), "\(result)")
    }
}

/// `ls --where` and `delete --where` with a field the collection's schema does not have.
@Suite("Filters on fields the schema does not have")
struct UnknownFieldFilterTests {
    @Test("ls and delete exit 2 naming the field and the closest declared one, instead of matching nothing")
    func typoIsAnError() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let list = try run(["ls", "cravings", "--where", "intensty=3", "--store", store.path])
        #expect(list.exit == 2 && list.stderr.contains("no field \"intensty\" in cravings") && list.stderr.contains("did you mean \"intensity\""), "\(list)")
        let delete = try run(["delete", "cravings", "--where", "intensty=3", "--dry-run", "--store", store.path])
        #expect(delete.exit == 2 && delete.stderr.contains("intensty"), "\(delete)")
        let real = try run(["ls", "cravings", "--where", "intensity=3", "--store", store.path])
        #expect(real.exit == 0, "a declared field still filters: \(real)")
    }

    /// A message quoting another problem gets that problem's remedy in the tool's words too.
    @Test func aQuotedProblemsRemedyIsTypedToo() {
        let quoted = AlmanacError(.checkFailed, "the copy does not check clean (data/x.json: holds a version of store.json; the Store.resolve… calls write the merge); run Store.check() on the store")
            .with(.checkStore)
        let message = FlagHints.apply(quoted).message
        #expect(message.contains("'almanac resolve' write the merge") && message.contains("run 'almanac check' on the store"), "\(message)")
    }
}
