import Foundation
import Testing

@testable import Almanac

/// `check --fix`: what has one right answer is repaired as one change; the rest is listed.
/// And date queries that meet a misfiled document say so instead of missing it.
@Suite struct CheckFixTests {
    /// A Cravey sample copy with one January craving whose timestamp was edited by hand to
    /// March, saved as editors that save safely (and sync tools) write, by a rename over the
    /// file: (store, old path, new path, id). (A date edited in place moves no folder entry;
    /// `check` finds it: EndToEndCheckTests, FolderIndexTests.)
    private func storeWithHandEditedDate(_ folder: E2EFolder) throws -> (store: URL, old: String, new: String, id: String) {
        let store = try folder.copySample("cravey")
        let old = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/2025/01/") })
        let url = store.appendingPathComponent(old)
        let text = try #require(E2EFiles.text(url))
        let edited = text.replacingOccurrences(of: #""timestamp": "2025-01-"#, with: #""timestamp": "2025-03-"#)
        #expect(edited != text)
        try Data(edited.utf8).write(to: url, options: .atomic)
        let id = String((old as NSString).lastPathComponent.dropLast(5))
        return (store, old, "data/cravings/2025/03/\(id).json", id)
    }

    @Test func aHandEditedDateIsReportedByEitherRangeThenMovedByFix() throws {
        let folder = E2EFolder()
        let (store, old, new, id) = try storeWithHandEditedDate(folder)
        let january = ["ls", "cravings", "--store", store.path, "--from", "2025-01-01", "--to", "2025-01-31"]
        let march = ["ls", "cravings", "--store", store.path, "--from", "2025-03-01", "--to", "2025-03-31"]

        // The old range meets the file in its folder; the new range finds it by the sweep.
        for arguments in [january, january + ["--keep-going"], march, march + ["--count"]] {
            let listing = try run(arguments)
            #expect(listing.exit == 3, "\(arguments): \(listing)")
            #expect(listing.stderr.contains(old) && listing.stderr.contains("'almanac check --fix' moves it"), "\(arguments): \(listing)")
            #expect(listing.stderr.contains("misfiled"), "\(arguments): \(listing)")
        }
        // Asked again, the sweep still finds it (the mark it keeps stays before the file).
        #expect(try run(march).stderr.contains(old))

        let dry = try run(["check", "--fix", "--dry-run", "--store", store.path])
        #expect(dry.exit == 0, "\(dry)")
        #expect(dry.stdout.contains("\(old): would be moved to \(new)"), "\(dry)")
        #expect(E2EFiles.exists(store.appendingPathComponent(old)), "a dry run changes nothing")

        let fix = try run(["check", "--fix", "--store", store.path, "--json"])
        #expect(fix.exit == 0, "\(fix)")
        let report = try #require(try fix.json() as? [String: Any])
        let repairs = try #require(report["repairs"] as? [[String: Any]])
        #expect(repairs.count == 1)
        #expect(repairs.first?["kind"] as? String == "moved" && repairs.first?["destination"] as? String == new)
        #expect(!E2EFiles.exists(store.appendingPathComponent(old)) && E2EFiles.exists(store.appendingPathComponent(new)))

        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.hasSuffix("0 errors, 0 warnings.\n"), "\(check)")
        let after = try run(march)
        #expect(after.exit == 0 && after.stdout.contains(id), "\(after)")
        let before = try run(january)
        #expect(before.exit == 0 && !before.stdout.contains(id), "\(before)")
    }

    @Test func aLibraryQueryOfTheOldRangeReportsTheMisfiledDocument() throws {
        let folder = E2EFolder()
        let (store, old, _, _) = try storeWithHandEditedDate(folder)
        let opened = try Store(at: store)
        let january = Query("cravings").dated(from: CalendarDate("2025-01-01")!, through: CalendarDate("2025-01-31")!)
        let results = try opened.results(matching: january)
        #expect(results.problems.count == 1)
        #expect(results.problems.first?.code == .misfiled && results.problems.first?.path == old)
        #expect(throws: AlmanacError.self) { try opened.documents(matching: january) }
    }

    @Test func fixRewritesHandSpacingRemovesLeftoversAndLeavesWhatNeedsAPerson() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let files = dataFiles(store).filter { $0.hasPrefix("data/cravings/") }
        // A hand edit's spacing and key order: same content, other bytes.
        let spaced = store.appendingPathComponent(files[0])
        let canonical = try Data(contentsOf: spaced)
        let object = try JSONSerialization.jsonObject(with: canonical)
        try JSONSerialization.data(withJSONObject: object).write(to: spaced)
        #expect(try Data(contentsOf: spaced) != canonical)
        // A leftover of an interrupted write, and Finder's file.
        let leftover = try folder.write("{}", to: "cravey-store/data/cravings/2025/01/.x.json.99999-1.almanac-tmp")
        let finder = try folder.write("finder", to: "cravey-store/data/cravings/.DS_Store")
        // One version in two date folders (a copy that holds the same values, in the folder its
        // date does not give): saved once, where it belongs. Needs a person: malformed JSON.
        let twin = files[1]
        let twinTarget = store.appendingPathComponent("data/cravings/2024/12/" + (twin as NSString).lastPathComponent)
        try FileManager.default.createDirectory(at: twinTarget.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: store.appendingPathComponent(twin), to: twinTarget)
        let broken = store.appendingPathComponent(files[2])
        try Data("{\"id\": ".utf8).write(to: broken)

        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 3, "problems that need a person remain: \(fix)")
        #expect(fix.stdout.contains("\(files[0]): rewritten in canonical form (same content)"), "\(fix)")
        #expect(try Data(contentsOf: spaced) == canonical, "the rewrite is the canonical form of the same content")
        #expect(!E2EFiles.exists(leftover) && fix.stdout.contains(".almanac-tmp: removed"), "\(fix)")
        #expect(E2EFiles.exists(finder) && !fix.stdout.contains(".DS_Store"), "\(fix)")
        #expect(fix.stdout.contains("duplicate-id") == false)  // kinds are not printed; messages are
        #expect(fix.stdout.contains("saved once"), "\(fix)")
        #expect(fix.stdout.contains("\(files[2]):"), "the malformed file is listed: \(fix)")
        #expect(!E2EFiles.exists(twinTarget) && E2EFiles.exists(store.appendingPathComponent(twin)), "the copy in the wrong folder is removed")
        #expect(E2EFiles.text(broken) == "{\"id\": ")
    }
}
