import Foundation
import Testing

@testable import Almanac

/// A one-way field (a catalog `transitions` rule) cannot be rewritten by deleting the document
/// and saving it again: a document in a final state is deleted only with an explicit override,
/// by `delete --all`, or by retention.
@Suite("Deleting documents in a final state")
struct FinalStateDeleteTests {
    static let missed = "44B6E92F-24A0-4969-BF88-0AA58748A79D"
    static let pending = "7C1BF85C-A278-41B6-8F7A-86159BF1E9B1"

    static func store(in folder: E2EFolder) throws -> URL {
        let store = try folder.copySample("pressure")
        let up = try run(["migrate", "up", "--store", store.path, "--migrations", E2ERepository.migrations("pressure").path,
                          "--schema", E2ERepository.schema("pressure").path])
        try #require(up.exit == 0, "\(up)")
        return store
    }

    @Test("rm of a MISSED commitment is refused, naming the override; so the put as YES that followed can no longer happen")
    func rmThenPutIsClosed() throws {
        let folder = E2EFolder()
        let store = try Self.store(in: folder)
        let file = store.appendingPathComponent("data/commitments/2024/11/\(Self.missed).json")
        let before = try Data(contentsOf: file)
        for command in [["rm", "commitments", Self.missed, "--yes"], ["delete", "commitments", Self.missed, "--yes"],
                        ["delete", "commitments", "--yes"], ["delete", "commitments", "--where", "status=MISSED", "--yes"]] {
            let refused = try run(command + ["--store", store.path])
            #expect(refused.exit == 3 && refused.stderr.contains("one-way-status") && refused.stderr.contains("--override-transitions"),
                    "\(command): \(refused)")
        }
        #expect(try Data(contentsOf: file) == before, "the commitment is still there, MISSED")
        var yes = try #require(try JSONSerialization.jsonObject(with: before) as? [String: Any])
        yes["status"] = "YES"
        yes["text"] = "Did it after all"
        yes["checked_in_at"] = yes["locked_at"]  // a check-in opens at the deadline (rule check-in-after-lock)
        let edited = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: yes), as: UTF8.self), to: "yes.json")
        let put = try run(["put", "commitments", edited.path, "--store", store.path])
        #expect(put.exit == 3 && put.stderr.contains("one-way-status"), "\(put.stderr)")
    }

    @Test("a PENDING commitment deletes as before; a final one with --override-transitions, and with delete --all")
    func pendingAndOverride() throws {
        let folder = E2EFolder()
        let store = try Self.store(in: folder)
        let pending = try run(["rm", "commitments", Self.pending, "--yes", "--store", store.path])
        #expect(pending.exit == 0, "\(pending)")
        let overridden = try run(["rm", "commitments", Self.missed, "--yes", "--override-transitions", "--store", store.path])
        #expect(overridden.exit == 0, "\(overridden)")
        let all = try run(["delete", "--all", "--yes", "--store", store.path])
        #expect(all.exit == 0, "\(all)")
    }

    @Test("the library refuses it in a transaction too, and takes the override")
    func library() throws {
        let folder = E2EFolder()
        let store = try Store(at: try Self.store(in: folder))
        let error = #expect(throws: AlmanacError.self) { try store.delete(id: Self.missed, in: "commitments") }
        #expect(error?.code == .ruleViolation && error?.pointer == "/status")
        #expect(try store.delete(.document("commitments", id: Self.missed), overridingFinalStates: true).deleted == ["commitments/\(Self.missed)"])
    }
}
