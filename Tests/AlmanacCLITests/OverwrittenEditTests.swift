import Foundation
import Testing

@testable import Almanac

/// An edit a last-writer-wins sync replaced, without the tool: another file put in place of
/// the one this device wrote, as `unison -prefer newer` or a service that keeps no loser does.
@Suite struct OverwrittenEditTests {
    /// A Cravey store at the current schema (cravings carry `modifiedAt`), one craving edited
    /// by this device, and that craving's path.
    private func editedStore(_ folder: E2EFolder) throws -> (store: Store, url: URL, path: String, edited: [String: JSONValue]) {
        let url = try folder.copySample("cravey")
        let up = try run(["migrate", "up", "--store", url.path], cwd: E2ERepository.root)
        try #require(up.exit == 0, "\(up)")
        let store = try Store(at: url)
        let document = try #require(try store.documents(json: "cravings").first)
        var members = try #require(document.value.objectValue)
        members["intensity"] = .number(JSONNumber(2))
        members["modifiedAt"] = .string("2026-11-27T10:00:00Z")
        try store.save(json: .object(members), in: "cravings")
        store.finishWriting()
        return (store, url, document.location.relativePath, members)
    }

    /// Puts `members` in place of the file at `path` by a rename, as a sync tool writes.
    private func replace(_ path: String, in url: URL, with members: [String: JSONValue]) throws {
        let target = url.appendingPathComponent(path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".sync-tmp")
        try Data(CanonicalJSON.prettyBytes(.object(members))).write(to: temporary)
        _ = rename(temporary.path, target.path)
    }

    @Test func anOlderVersionOrOneWithoutTheFieldIsNamedAndBroughtBack() throws {
        for replacedBy in [JSONValue.string("2026-11-27T09:00:00Z"), nil] {
            let folder = E2EFolder()
            let (store, url, path, edited) = try editedStore(folder)
            var older = edited
            older["intensity"] = .number(JSONNumber(7))
            older["modifiedAt"] = replacedBy
            try replace(path, in: url, with: older)
            let found = try Store(at: url).overwrittenEdits()
            #expect(found.count == 1 && found.first?.fields == ["/intensity"], "\(replacedBy.debugDescription): \(found)")
            #expect(found.first?.replacedBy == (replacedBy == nil ? "no modifiedAt" : "2026-11-27T09:00:00Z"))
            let check = try run(["check", "--store", url.path])
            #expect(check.stdout.contains("\(path): warning: a sync replaced this device's edit"), "\(check)")
            #expect(try Store(at: url).restoreOverwrittenEdits().count == 1)
            let restored = try #require(try Store(at: url).document(json: edited["id"]!.stringValue!, in: "cravings"))
            #expect(restored.value["intensity"] == .number(JSONNumber(2)) && restored.value["modifiedAt"] == .string("2026-11-27T10:00:00Z"))
            #expect(try Store(at: url).overwrittenEdits().isEmpty)
            _ = store
        }
    }

    /// A newer version, the same file, or one that holds this device's change is no lost edit.
    @Test func aNewerVersionIsNoLostEdit() throws {
        let folder = E2EFolder()
        let (_, url, path, edited) = try editedStore(folder)
        #expect(try Store(at: url).overwrittenEdits().isEmpty, "the file is still this device's write")
        var newer = edited
        newer["intensity"] = .number(JSONNumber(9))
        newer["modifiedAt"] = .string("2026-11-27T11:00:00Z")
        try replace(path, in: url, with: newer)
        #expect(try Store(at: url).overwrittenEdits().isEmpty, "a later edit on the other device (it may have undone this one)")
        var keeping = edited
        keeping["modifiedAt"] = .string("2026-11-27T09:30:00Z")
        try replace(path, in: url, with: keeping)
        #expect(try Store(at: url).overwrittenEdits().isEmpty, "an older stamp that still holds this device's change")
    }
}
