import Foundation
import Testing

@testable import Almanac

/// Copies of a document made by any tool are versions of it, recognised by their name's prefix
/// or by the id they hold: unison's and rclone's namings, decorations no list holds, a copy
/// whose original is gone, a copied date folder; files that hold no document stay unknown.
@Suite struct SyncCopyRecognitionTests {
    @Test func unisonAndRcloneNamesAreCopiesOfTheirOriginal() {
        let named: [(String, String, String)] = [
            ("A1 (conflict_on_2026-11-27).json", "A1.json", "unison"),
            ("A1 (conflict #1_on_2026-11-27).json", "A1.json", "unison"),
            ("A1 (conflict_on_2026-11-27_was_deleted).json", "A1.json", "unison"),
            ("A1.json..path1", "A1.json", "rclone"),
            ("A1.json..path2", "A1.json", "rclone"),
            ("A1.json.conflict1", "A1.json", "rclone"),
            ("store.json..path2", "store.json", "rclone"),
        ]
        for (name, original, tool) in named {
            #expect(SyncConflict.copy(named: name, exists: { _ in false }) == .init(originalName: original, tool: tool), "\(name)")
            #expect(SyncConflict.documentFile(named: name)?.id == (original == "store.json" ? "store" : "A1"), "\(name)")
        }
        // Any other decoration is a copy only beside its original (elsewhere it is just a name).
        for name in ["A1 (1).json", "A1 copy.json", "A1~.json", "A1.json~", "A1.json.orig"] {
            #expect(SyncConflict.copy(named: name, exists: { $0 == "A1.json" })?.originalName == "A1.json", "\(name)")
            #expect(SyncConflict.copy(named: name, exists: { _ in false }) == nil, "\(name)")
        }
        #expect(SyncConflict.decoratedOriginal(of: ".A1.json.swp") == nil, "a hidden file decorates nothing")
        #expect(DateFolder.copy("20 (conflict_on_2026-11-27_was_deleted)", level: 2)?.number == 20)
        #expect(DateFolder.copy("20 (conflict_on_2026-11-27_was_deleted)", level: 2)?.tool == "unison")
        #expect(DateFolder.copy("201", level: 2) == nil && DateFolder.copy("20", level: 2) == nil)
        // A document's attachment folder, or an id that starts with digits, is no copied day.
        #expect(DateFolder.copy("12ABCDEF-2CCB-4FA0-ADEF-5725D29D8A57.files", level: 2) == nil)
        #expect(DateFolder.copy("12 (x).files", level: 2) == nil && DateFolder.copy("12ABCDEF", level: 2) == nil)
    }

    /// The name fuzzer: random decorations after a document's name (its prefix kept, the
    /// decoration starting with a character that cannot continue the id) are read as versions
    /// of that document, beside its file and with its file gone.
    @Test func randomDecorationsOfADocumentsNameAreVersionsOfIt() throws {
        let folder = E2EFolder()
        let storeURL = try folder.copySample("cravey")
        let original = try #require(dataFiles(storeURL).first { $0.hasPrefix("data/cravings/") })
        let id = String(original.split(separator: "/").last!.dropLast(5))
        let day = storeURL.appendingPathComponent(original).deletingLastPathComponent()
        // Another version (an edit on another device): a copy of the same values is one version, no conflict.
        var edited = try #require(E2EFiles.object(storeURL.appendingPathComponent(original)))
        let intensity = (edited["intensity"] as? Int) ?? 5
        edited["intensity"] = intensity == 1 ? 2 : intensity - 1
        let bytes = try JSONSerialization.data(withJSONObject: edited, options: [.sortedKeys, .prettyPrinted])
        let count = try Store(at: storeURL).count(matching: Query("cravings"))
        var random = SplitMix64(seed: 4242)
        let first = Array(" ()~-_.[]@#+,'!".unicodeScalars), rest = Array(" ()~-_.[]@#+,'!abcXYZ0123456789".unicodeScalars)
        var made: Set<String> = []
        for round in 0..<40 {
            var decoration = String(first[random.next(below: first.count)])
            for _ in 0..<random.next(below: 12) { decoration.unicodeScalars.append(rest[random.next(below: rest.count)]) }
            let name = random.next(below: 2) == 0 ? "\(id)\(decoration).json" : "\(id).json\(decoration)"
            guard !name.hasPrefix("."), name != "\(id).json", made.insert(name).inserted else { continue }
            try bytes.write(to: day.appendingPathComponent(name))
            let store = try Store(at: storeURL)
            #expect(try store.count(matching: Query("cravings")) == count, "round \(round), \(name): a copy is never a second document")
            let versions = try #require(try store.conflicts(in: "cravings").first { $0.id == id }, "round \(round), \(name)")
            #expect(Set(versions.paths.map { String($0.split(separator: "/").last!) }) == made.union(["\(id).json"]), "round \(round), \(name)")
        }
        #expect(made.count > 30, "the fuzzer made \(made.count) distinct names")
        // Every one is named by check, none with the advice to move it out.
        let check = try run(["check", "--store", storeURL.path])
        #expect(check.exit == 3, "\(check)")
        for name in made { #expect(check.stdout.contains("\(name): error: holds another version of cravings document"), "\(name): \(check)") }
        #expect(!check.stdout.contains("move it out of the store"), "\(check)")
        // With the document's own file gone, the copies are the document; resolve names it again.
        // (A copy whose name is an id of its own, `x-LAPTOP.json`, is a copy only beside `x.json`:
        // alone it is read as the id its name says, and check reports its id. The README says so.)
        try FileManager.default.removeItem(at: storeURL.appendingPathComponent(original))
        for name in made where DocumentID.id(fromFileName: name) != nil {
            try FileManager.default.removeItem(at: day.appendingPathComponent(name))
        }
        #expect(try Store(at: storeURL).count(matching: Query("cravings")) == count)
        #expect(try run(["get", "cravings", id, "--store", storeURL.path]).exit == 0)
        let resolved = try run(["resolve", "--store", storeURL.path])
        #expect(resolved.exit == 0, "\(resolved)")
        #expect(E2EFiles.exists(storeURL.appendingPathComponent(original)))
        #expect(try run(["check", "--store", storeURL.path]).exit == 0)
        #expect(try Store(at: storeURL).count(matching: Query("cravings")) == count)
    }

    /// A file of any name that holds a document is a version of it ("another version"); a
    /// file that holds none stays an unknown file; a damaged decoration beside its original is
    /// a version too, so reads name it instead of passing it over.
    @Test func filesAreJudgedByWhatTheyHold() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let original = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/") })
        let id = String(original.split(separator: "/").last!.dropLast(5))
        let day = store.appendingPathComponent(original).deletingLastPathComponent()
        let cravings = dataFiles(store).filter { $0.hasPrefix("data/cravings/") }.count
        var edited = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: store.appendingPathComponent(original))) as? [String: Any])
        edited["intensity"] = 1
        // OneDrive's "<name>-<computer>" is a valid id of its own: it is a copy because it holds this id.
        try JSONSerialization.data(withJSONObject: edited).write(to: day.appendingPathComponent("Copy of \(id)"))
        try JSONSerialization.data(withJSONObject: edited).write(to: day.appendingPathComponent("\(id)-LAPTOP.json"))
        try Data("shopping list\n".utf8).write(to: day.appendingPathComponent("notes.txt"))
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(check)")
        #expect(check.stdout.contains("Copy of \(id): error: holds another version of cravings document \"\(id)\""), "\(check)")
        #expect(check.stdout.contains("\(id)-LAPTOP.json (another version (a sync tool's copy))"), "\(check)")
        #expect(check.stdout.contains("notes.txt: error: is an unknown file"), "\(check)")
        let count = try run(["ls", "cravings", "--count", "--store", store.path])
        #expect(Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == cravings, "\(count)")
        // A legitimate id that begins with another is its own document.
        var other = edited
        other["id"] = "\(id)-2"
        try JSONSerialization.data(withJSONObject: other).write(to: day.appendingPathComponent("\(id)-2.json"))
        #expect(try run(["get", "cravings", "\(id)-2", "--store", store.path]).exit == 0)
        // Beside it, files that hold no document are no versions: reads go on, check names them.
        try Data([0x1F, 0x8B, 0x08, 0x00]).write(to: day.appendingPathComponent("\(id).json.gz"))
        try Data().write(to: day.appendingPathComponent("\(id).json.lock"))
        try Data("{\"id\": \"7F0C0000-0000-4000-8000-000000000001\", \"title\": \"a list\"}".utf8).write(to: day.appendingPathComponent("my list.json"))
        let listed = try run(["ls", "cravings", "--count", "--store", store.path])
        #expect(listed.exit == 0 && Int(listed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == cravings + 1, "no phantom document: \(listed)")
        #expect(try run(["get", "cravings", id, "--store", store.path]).exit == 0)
        let named = try run(["check", "--store", store.path])
        for name in ["\(id).json.gz", "\(id).json.lock", "my list.json"] {
            #expect(named.stdout.contains("\(name): error: is an unknown file"), "\(name): \(named)")
        }
        // A damaged decoration beside its original: reads name it.
        try Data("{\"id\": ".utf8).write(to: day.appendingPathComponent("\(id) (1).json"))
        let get = try run(["get", "cravings", id, "--store", store.path])
        #expect(get.exit != 0 && get.stderr.contains("\(id) (1).json"), "\(get)")
    }

    /// `store.json` left only in copies — rclone's names, or any root file that holds a store
    /// record — is the merge of those copies: the store opens, check names each, and resolving
    /// writes `store.json` and removes them.
    @Test func storeJSONLeftOnlyInCopiesIsTheirMerge() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        try FileManager.default.copyItem(at: store.appendingPathComponent("store.json"), to: store.appendingPathComponent("store.json..path2"))
        try FileManager.default.moveItem(at: store.appendingPathComponent("store.json"), to: store.appendingPathComponent("store record from the laptop"))
        try Data("not a store record\n".utf8).write(to: store.appendingPathComponent("README.txt"))
        #expect(try run(["ls", "cravings", "--count", "--store", store.path]).exit == 0)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(check)")
        // Both hold the same store.json: one version, which check --fix or resolve keeps once.
        #expect(check.stdout.contains("store.json..path2: warning: holds the same store.json"), "\(check)")
        #expect(check.stdout.contains("store record from the laptop: warning: holds the same store.json"), "\(check)")
        #expect(check.stdout.contains("README.txt: error: is an unknown file"), "\(check)")
        let resolve = try run(["resolve", "--store", store.path])
        #expect(resolve.exit == 0, "\(resolve)")
        #expect(E2EFiles.exists(store.appendingPathComponent("store.json")))
        #expect(!E2EFiles.exists(store.appendingPathComponent("store.json..path2")) && !E2EFiles.exists(store.appendingPathComponent("store record from the laptop")))
        try FileManager.default.removeItem(at: store.appendingPathComponent("README.txt"))
        #expect(try run(["check", "--store", store.path]).exit == 0)
        // Nothing but a copy that is not a store record: no store.
        try FileManager.default.moveItem(at: store.appendingPathComponent("store.json"), to: store.appendingPathComponent("notes.json"))
        try Data("{}".utf8).write(to: store.appendingPathComponent("notes.json"))
        let none = try run(["ls", "cravings", "--store", store.path])
        #expect(none.exit != 0 && none.stderr.contains("no store.json"), "\(none)")
    }

    /// unison keeps an edit that a delete beat as a copy in a copied day folder
    /// (`20 (conflict_on_…_was_deleted)/`): its documents are versions of theirs, and resolving
    /// puts them back where they belong and removes the folder.
    @Test func aCopiedDateFolderHoldsVersions() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let original = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/") })
        let month = store.appendingPathComponent(original).deletingLastPathComponent()
        let copied = month.deletingLastPathComponent().appendingPathComponent(month.lastPathComponent + " (conflict_on_2026-11-27_was_deleted)")
        let cravings = dataFiles(store).filter { $0.hasPrefix("data/cravings/") }.count
        let parts = original.split(separator: "/")
        let (year, monthNumber) = (String(parts[2]), String(parts[3]))
        let range = ["--from", "\(year)-\(monthNumber)-01", "--to", "\(year)-\(monthNumber)-28"]
        let inRange = try run(["ls", "cravings", "--count", "--store", store.path] + range)
        try FileManager.default.moveItem(at: month, to: copied)
        // A date range opens the copied folder as its month.
        let copiedRange = try run(["ls", "cravings", "--count", "--store", store.path] + range)
        #expect(copiedRange.exit == 0 && copiedRange.stdout == inRange.stdout && inRange.stdout != "0\n", "\(inRange) \(copiedRange)")
        let count = try run(["ls", "cravings", "--count", "--store", store.path])
        #expect(count.exit == 0 && Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == cravings, "\(count)")
        let check = try run(["check", "--store", store.path])
        #expect(check.stdout.contains("is the only version of cravings document") && check.stdout.contains("unison's conflict copy"), "\(check)")
        let resolved = try run(["resolve", "--store", store.path])
        #expect(resolved.exit == 0, "\(resolved)")
        #expect(E2EFiles.exists(store.appendingPathComponent(original)))
        #expect(!E2EFiles.exists(copied), "the emptied copy of the folder goes")
        let clean = try run(["check", "--store", store.path])
        #expect(clean.exit == 0, "\(clean)")
    }
}
