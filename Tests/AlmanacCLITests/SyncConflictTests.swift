import Foundation
import Testing

@testable import Almanac

/// Stores kept in git, Syncthing, Dropbox or iCloud Drive: `check` recognises each tool's
/// conflict leftovers and names both versions; git merges of different documents stay clean.
@Suite struct SyncConflictTests {
    @Test func conflictCopiesOfEachToolAreNamedWithTheirOriginal() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let original = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/") })
        let base = String(original.dropLast(5))
        let copies = [
            base + ".sync-conflict-20250127-140300-ABCDEFG.json": "Syncthing",
            base + " (Mac's conflicted copy 2025-01-27).json": "Dropbox",
            base + " 2.json": "iCloud Drive",
        ]
        // Each copy holds another version (an edit on another device); copies that hold the
        // same values are one version (identicalCopiesAreOneVersion).
        let text = try #require(E2EFiles.text(store.appendingPathComponent(original)))
        let edited = text.replacingOccurrences(of: "\"id\"", with: "\"editedOnAnotherDevice\": true,\n  \"id\"")
        for copy in copies.keys {
            try Data(edited.utf8).write(to: store.appendingPathComponent(copy))
        }
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(check)")
        for (copy, tool) in copies {
            #expect(check.stdout.contains("\(copy): error: holds another version of cravings document"), "\(copy): \(check)")
            #expect(check.stdout.contains("\(copy) (\(tool)'s conflict copy)"), "\(copy): \(check)")
            #expect(check.stdout.contains("\(original) (the document's file)"), "\(copy): \(check)")
        }
        // A name ending in a number is only a copy when the original is beside it or its stem
        // is an id (which holds no space, so "walk 2" is no document's own name).
        #expect(SyncConflict.copy(named: "my walk 2.json", exists: { _ in false }) == nil)
        #expect(SyncConflict.copy(named: "walk 2.json", exists: { _ in false })?.originalName == "walk.json")
        // `check --fix` leaves them for a person.
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 3, "\(fix)")
        for copy in copies.keys { #expect(E2EFiles.exists(store.appendingPathComponent(copy))) }
    }

    /// Issue 57, item 6: a copy that holds the same values as the version reads use (two
    /// devices did the same work; rclone bisync keeps both sides) is no conflict: `check`
    /// warns and exits 0, and `check --fix` (or the next save, or `resolve`) removes it.
    @Test func identicalCopiesAreOneVersion() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let original = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/") })
        let base = String(original.dropLast(5))
        let copies = [base + ".json..path1", base + ".sync-conflict-20250127-140300-ABCDEFG.json"]
        for copy in copies {
            try FileManager.default.copyItem(at: store.appendingPathComponent(original), to: store.appendingPathComponent(copy))
        }
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && check.stdout.contains("0 errors"), "\(check)")
        for copy in copies { #expect(check.stdout.contains("\(copy): warning: holds the same values as \(original)"), "\(check)") }
        let id = String((original as NSString).lastPathComponent.dropLast(5))
        #expect(try run(["get", "cravings", id, "--store", store.path]).exit == 0)
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 0 && fix.stdout.contains("saved once"), "\(fix)")
        for copy in copies { #expect(!E2EFiles.exists(store.appendingPathComponent(copy)), "\(copy) removed") }
        #expect(E2EFiles.exists(store.appendingPathComponent(original)))
        let again = try run(["check", "--store", store.path])
        #expect(again.exit == 0 && !again.stdout.contains("holds the same values"), "\(again)")

        // rclone bisync keeps both sides of store.json and leaves no store.json when both changed the same way.
        let manifest = store.appendingPathComponent("store.json")
        try FileManager.default.copyItem(at: manifest, to: store.appendingPathComponent("store.json..path2"))
        try FileManager.default.moveItem(at: manifest, to: store.appendingPathComponent("store.json..path1"))
        let both = try run(["check", "--store", store.path])
        #expect(both.exit == 0 && both.stdout.contains("holds the same store.json"), "\(both)")
        let kept = try run(["check", "--fix", "--store", store.path])
        #expect(kept.exit == 0 && E2EFiles.exists(manifest), "\(kept)")
        #expect(!E2EFiles.exists(store.appendingPathComponent("store.json..path1")) && !E2EFiles.exists(store.appendingPathComponent("store.json..path2")))
    }

    /// Acceptance: two clones of a store repository. Edits of different documents merge
    /// cleanly and `check` stays clean; edits of the same document conflict, and `check`
    /// reports the conflict with its path.
    @Test func twoGitClonesMergeDifferentDocumentsCleanlyAndTheSameOneAsAReportedConflict() throws {
        let folder = E2EFolder()
        let seed = try folder.copySample("cravey")
        try Data(".almanac/\n".utf8).write(to: seed.appendingPathComponent(".gitignore"))
        let origin = folder.path("origin.git").path
        try git(["init", "-q", "--bare", "-b", "main", origin], in: folder.url)
        try git(["init", "-q", "-b", "main"], in: seed)
        try git(["add", "-A"], in: seed)
        try git(["commit", "-q", "-m", "store"], in: seed)
        try git(["push", "-q", origin, "main"], in: seed)
        let deviceA = folder.path("a"), deviceB = folder.path("b")
        try git(["clone", "-q", origin, deviceA.path], in: folder.url)
        try git(["clone", "-q", origin, deviceB.path], in: folder.url)

        let cravings = dataFiles(deviceA).filter { $0.hasPrefix("data/cravings/") }
        // Different documents on each device.
        try edit(cravings[0], in: deviceA, intensity: 1)
        try git(["commit", "-q", "-am", "a"], in: deviceA)
        try git(["push", "-q", "origin", "main"], in: deviceA)
        try edit(cravings[1], in: deviceB, intensity: 2)
        try git(["commit", "-q", "-am", "b"], in: deviceB)
        try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: deviceB)
        let merged = try run(["check", "--store", deviceB.path])
        #expect(merged.exit == 0 && merged.stdout.hasSuffix("0 errors, 0 warnings.\n"), "\(merged)")
        #expect(try run(["get", "cravings", idOf(cravings[0]), "--store", deviceB.path]).stdout.contains("\"intensity\": 1"))
        try git(["push", "-q", "origin", "main"], in: deviceB)

        // The same document, the same field, on both devices.
        try git(["pull", "-q", "--no-rebase", "origin", "main"], in: deviceA)
        try edit(cravings[2], in: deviceA, intensity: 3)
        try git(["commit", "-q", "-am", "a2"], in: deviceA)
        try git(["push", "-q", "origin", "main"], in: deviceA)
        try edit(cravings[2], in: deviceB, intensity: 9)
        try git(["commit", "-q", "-am", "b2"], in: deviceB)
        let conflicted = try gitStatus(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: deviceB)
        #expect(conflicted != 0, "git reports the conflict")
        let check = try run(["check", "--store", deviceB.path])
        #expect(check.exit == 3, "\(check)")
        #expect(check.stdout.contains("\(cravings[2]):"), "\(check)")
        #expect(check.stdout.contains("git merge markers, the other side (theirs)"), "\(check)")
    }

    private func idOf(_ path: String) -> String { String((path as NSString).lastPathComponent.dropLast(5)) }

    /// Sets a craving's intensity the way a person (or an app on another device) would.
    private func edit(_ path: String, in store: URL, intensity: Int) throws {
        let url = store.appendingPathComponent(path)
        let text = try #require(E2EFiles.text(url))
        // Another value than the stored one, so that every edit is a change git commits.
        let current = text.range(of: #""intensity": [0-9]+"#, options: .regularExpression).map { Int(text[$0].split(separator: " ")[1]) } ?? nil
        let intensity = current == intensity ? intensity % 10 + 1 : intensity
        let edited = text.replacingOccurrences(of: #""intensity": [0-9]+"#, with: "\"intensity\": \(intensity)", options: .regularExpression)
        try #require(edited != text || text.contains("\"intensity\": \(intensity)"), "\(path) has an intensity")
        try Data(edited.utf8).write(to: url)
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        try GitRepository.run(arguments, in: folder)
    }

    private func gitStatus(_ arguments: [String], in folder: URL) throws -> Int32 {
        try GitRepository.status(arguments, in: folder)
    }
}
