import Almanac
import Foundation
import Testing

/// `almanac backup` and `almanac export` of a store that another process keeps writing.
@Suite("Backups and exports of a live store")
struct LiveBackupTests {
    /// The ids of `movers` in an export file, one entry per document line.
    private static func exportedMovers(_ file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().compactMap { line in
            let item = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard item?["collection"] as? String == "movers", let document = item?["document"] as? [String: Any] else { return nil }
            return document["id"] as? String
        }
    }

    @Test("100 backups and 100 exports while another process moves documents between folders: each checks clean, imports, and holds every document once")
    func backupsAndExportsDuringWrites() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try WorkerProcess.run(["create", store.path]) == 0)
        let mover = try WorkerProcess.start(["move", store.path, "600"])
        defer { try? WorkerProcess.kill9(mover) }
        usleep(100_000)

        for round in 0..<100 {
            let destination = folder.path("backups/\(round)")
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            let result = try run(["backup", destination.path, "--store", store.path])
            try #require(result.exit == 0, "backup \(round): \(result)")
            let backup = try Store(at: destination)
            let report = try backup.check()
            #expect(report.problems.isEmpty, "backup \(round): \(report.problems.map(\.message))")
            let ids = try backup.documents(json: "movers").compactMap(\.location.id)
            #expect(ids.count == 40 && Set(ids).count == 40, "backup \(round) holds \(ids.count) movers, \(Set(ids).count) distinct")
            #expect(try backup.attachmentNames(of: "m0", in: "movers") == ["note.txt"], "backup \(round): the attachment moved with its document")
            try FileManager.default.removeItem(at: destination)
        }

        for round in 0..<100 {
            let file = folder.path("exports/\(round).jsonl")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let result = try run(["export", "--store", store.path, "--out", file.path, "--attachments"])
            try #require(result.exit == 0, "export \(round): \(result)")
            let ids = try LiveBackupTests.exportedMovers(file)
            #expect(ids.count == 40 && Set(ids).count == 40, "export \(round) holds \(ids.count) movers, \(Set(ids).count) distinct")
            let restored = folder.path("imports/\(round)")
            let imported = try run(["import", file.path, "--store", restored.path])
            #expect(imported.exit == 0, "import of export \(round): \(imported)")
            try? FileManager.default.removeItem(at: restored)
            try FileManager.default.removeItem(at: file)
        }

        #expect(mover.isRunning, "the writer kept writing through every backup and export")
        let moved = try Store(at: store).documents(json: "movers").filter { $0.value["round"] != nil }
        #expect(!moved.isEmpty, "the writer moved documents meanwhile")
        #expect(!FileManager.default.fileExists(atPath: store.appendingPathComponent(".almanac/snapshots").path)
            || ((try? FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent(".almanac/snapshots").path)) ?? []).isEmpty,
            "no snapshot is left behind")
    }
}
