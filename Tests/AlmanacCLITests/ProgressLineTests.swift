import Foundation
import Testing

@testable import Almanac

/// Long commands show a progress line on a terminal, rewritten in place, and nothing when
/// stderr is a file or with --quiet (issue 45, item 7).
@Suite("Progress on a terminal")
struct ProgressLineTests {
    static let cases: [(name: String, arguments: @Sendable (URL) -> [String], shows: [String])] = [
        ("backup", { ["backup", $0.appendingPathComponent("backup-\(UUID().uuidString)").path] }, ["backup: copying ", "backup: checking ", "/406 documents"]),
        ("export", { ["export", "--out", $0.appendingPathComponent("export-\(UUID().uuidString).jsonl").path] }, ["export: exporting 0/406 documents", "export: exporting 406/406 documents"]),
        ("check", { _ in ["check"] }, ["check: checking 0/406 documents", "check: checking 406/406 documents"]),
    ]

    @Test("backup, export and check draw a line in place on a terminal, with done/total", .enabled(if: TerminalRun.script != nil, "needs util-linux script"),
          arguments: cases.indices)
    func onTerminal(_ index: Int) throws {
        let item = Self.cases[index]
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let shown = try TerminalRun.run(item.arguments(folder.url) + ["--store", store.path], in: folder.url)
        #expect(shown.exit == 0, "\(item.name): \(shown.output)")
        for words in item.shows { #expect(shown.output.contains(words), "\(item.name): \(words): \(shown.output)") }
        #expect(shown.output.contains("\r\u{1B}[K"), "rewritten in place: \(shown.output)")

        let quiet = try TerminalRun.run(item.arguments(folder.url) + ["--store", store.path, "--quiet"], in: folder.url)
        #expect(quiet.exit == 0 && !quiet.output.contains("\(item.name): "), "\(item.name) --quiet: \(quiet.output)")
    }

    @Test("with stderr a file, the same commands print no progress", arguments: cases.indices)
    func notOnTerminal(_ index: Int) throws {
        let item = Self.cases[index]
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let result = try run(item.arguments(folder.url) + ["--store", store.path])
        #expect(result.exit == 0, "\(result)")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\(item.name): "), "\(result)")
    }

    @Test("import and seed import draw their line on a terminal, and none with stderr a file", .enabled(if: TerminalRun.script != nil, "needs util-linux script"))
    func importAndSeedImport() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let export = folder.path("export.jsonl")
        #expect(try run(["export", "--out", export.path, "--store", store.path]).exit == 0)
        let imported = try TerminalRun.run(["import", export.path, "--store", folder.path("imported").path], in: folder.url)
        #expect(imported.exit == 0 && imported.output.contains("import: importing 406/406 documents"), "\(imported.output)")

        let fresh = folder.path("fresh")
        #expect(try run(["init", fresh.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"]).exit == 0)
        let seeds = E2ERepository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json")
        let seeded = try TerminalRun.run(["seed", "import", seeds.path, "--store", fresh.path], in: folder.url)
        #expect(seeded.exit == 0 && seeded.output.contains("seed import: planning ") && seeded.output.contains("/35 documents"), "\(seeded.output)")
        let again = try run(["seed", "import", seeds.path, "--store", fresh.path])
        #expect(again.exit == 0 && !again.stderr.contains("planning"), "\(again)")
        let quiet = try TerminalRun.run(["import", export.path, "--store", folder.path("quiet").path, "--quiet"], in: folder.url)
        #expect(quiet.exit == 0 && !quiet.output.contains("import: importing"), "\(quiet.output)")
    }

    @Test("restore and check --fix draw their line on a terminal, and none with stderr a file", .enabled(if: TerminalRun.script != nil, "needs util-linux script"))
    func restoreAndFix() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let backup = folder.path("backup")
        #expect(try run(["backup", backup.path, "--store", store.path]).exit == 0)
        let restored = try TerminalRun.run(["restore", backup.path, "--store", store.path], in: folder.url)
        #expect(restored.exit == 0, "\(restored.output)")
        #expect(restored.output.contains("restore: checking 406/406 documents") && restored.output.contains("restore: copying "), "\(restored.output)")
        let fixed = try TerminalRun.run(["check", "--fix", "--store", store.path], in: folder.url)
        #expect(fixed.exit == 0 && fixed.output.contains("check --fix: checking 406/406 documents"), "\(fixed.output)")
        for arguments in [["restore", backup.path, "--store", store.path], ["check", "--fix", "--store", store.path]] {
            let plain = try run(arguments)
            #expect(plain.exit == 0 && !plain.stderr.contains("\r") && !plain.stderr.contains("checking "), "\(arguments): \(plain)")
        }
    }

    @Test("retention run and resolve draw their line on a terminal, and none with stderr a file", .enabled(if: TerminalRun.script != nil, "needs util-linux script"))
    func retentionAndResolve() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"]).exit == 0)
        let events = (1...3).map { day in
            #"{"eventType": "exit_to_focus", "id": "0F7F2A1E-0000-4000-8000-00000000000\#(day)", "pauseDuration": 3.0, "timerDuration": 30, "timestamp": "2020-01-0\#(day)T10:00:00Z", "targetAppName": "Instagram"}"#
        }
        #expect(try run(["put", "usage-events", "--store", store.path], stdin: "[" + events.joined(separator: ",") + "]").exit == 0)
        let resolved = try TerminalRun.run(["resolve", "--store", store.path], in: folder.url)
        #expect(resolved.exit == 0 && resolved.output.contains("resolve: reading usage-events 3/3 documents"), "\(resolved.output)")
        let retained = try TerminalRun.run(["retention", "run", "--store", store.path, "--dry-run"], in: folder.url)
        #expect(retained.exit == 0 && retained.output.contains("retention run: reading usage-events 3/3 documents"), "\(retained.output)")
        for arguments in [["resolve", "--store", store.path], ["retention", "run", "--store", store.path]] {
            let plain = try run(arguments)
            #expect(plain.exit == 0 && !plain.stderr.contains("\r") && !plain.stderr.contains("reading "), "\(arguments): \(plain)")
        }
        #expect(try run(["ls", "usage-events", "--count", "--store", store.path]).stdout.hasPrefix("0"), "archived by the real run")
    }

    @Test("a batch put draws its line (checking, then writing) on a terminal, and none with stderr a file or --quiet", .enabled(if: TerminalRun.script != nil, "needs util-linux script"))
    func batchPut() throws {
        let folder = E2EFolder()
        let sample = try folder.copySample("miga")
        let export = folder.path("events.jsonl")
        #expect(try run(["export", "--out", export.path, "--collection", "usage-events", "--store", sample.path]).exit == 0)
        let documents = try String(contentsOf: export, encoding: .utf8).split(separator: "\n").dropFirst().compactMap { line -> Any? in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["document"]
        }
        #expect(documents.count == 389, "the sample's usage events")
        let batch = folder.path("batch.json")
        try JSONSerialization.data(withJSONObject: documents).write(to: batch)
        func freshStore(_ name: String) throws -> URL {
            let store = folder.path(name)
            #expect(try run(["init", store.path, "--schema", sample.appendingPathComponent("schema").path, "--time-zone", "UTC"]).exit == 0)
            return store
        }

        let shown = try TerminalRun.run(["put", "usage-events", batch.path, "--store", try freshStore("shown").path], in: folder.url)
        #expect(shown.exit == 0, "\(shown.output)")
        #expect(shown.output.contains("put: checking 389/389 documents") && shown.output.contains("put: writing 389/389 files"), "\(shown.output)")
        let quiet = try TerminalRun.run(["put", "usage-events", batch.path, "--store", try freshStore("quiet").path, "--quiet"], in: folder.url)
        #expect(quiet.exit == 0 && !quiet.output.contains("put: "), "\(quiet.output)")
        let plain = try run(["put", "usage-events", batch.path, "--store", try freshStore("plain").path])
        #expect(plain.exit == 0 && !plain.stderr.contains("\r") && !plain.stderr.contains("checking"), "\(plain)")
        #expect(try run(["ls", "usage-events", "--count", "--store", folder.path("plain").path]).stdout.hasPrefix("389"))
    }

    @Test("the library reports each document to the progress closure, ending at the total")
    func libraryProgress() throws {
        let folder = E2EFolder()
        let store = try Store(at: try folder.copySample("miga"))
        let seen = Seen()
        _ = try store.export(to: folder.path("e.jsonl"), progress: { seen.add($0) })
        _ = try store.check(progress: { seen.add($0) })
        _ = try store.backup(to: folder.path("backup"), progress: { seen.add($0) })
        let reports = seen.all
        for phase in ["exporting", "checking"] {
            let ofPhase = reports.filter { $0.phase == phase }
            #expect(ofPhase.first?.done == 0 && ofPhase.last.map { $0.done == $0.total && $0.total == 406 } == true, "\(phase): \(ofPhase.suffix(2))")
            #expect(zip(ofPhase, ofPhase.dropFirst()).allSatisfy { $0.done <= $1.done || $1.done == 0 }, "\(phase) goes forward")
        }
        #expect(reports.contains { $0.phase == "copying" && $0.unit == "files" && $0.done > 400 })

        // A batch save: each document checked, then each file written.
        let batchSeen = Seen()
        let documents = try store.documents(json: "usage-events").map(\.value)
        let fresh = try Store.create(at: folder.path("fresh"), schema: E2ERepository.sampleSchema("miga"),
                                     timeZone: TimeZone(identifier: "UTC")!)
        _ = try fresh.save(json: documents, in: "usage-events", progress: { batchSeen.add($0) })
        let checked = batchSeen.all.filter { $0.phase == "checking" }, written = batchSeen.all.filter { $0.phase == "writing" }
        #expect(checked.first?.done == 0 && checked.last?.done == documents.count && checked.last?.total == documents.count, "\(checked.suffix(2))")
        #expect(written.last.map { $0.done == $0.total && $0.total == documents.count && $0.unit == "files" } == true, "\(written.suffix(2))")
    }
}

/// Progress reports gathered from any thread.
private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [OperationProgress] = []
    func add(_ report: OperationProgress) { lock.withLock { reports.append(report) } }
    var all: [OperationProgress] { lock.withLock { reports } }
}
