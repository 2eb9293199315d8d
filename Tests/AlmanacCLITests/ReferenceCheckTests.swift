import Foundation
import Testing

@Suite struct ReferenceCheckTests {
    @Test func checkReportsAReferenceToADocumentThatDoesNotExist() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let cravings = store.appendingPathComponent("data/cravings")
        let path = try #require(E2EFiles.files(under: cravings).first { file in
            E2EFiles.object(cravings.appendingPathComponent(file))?["recordingId"] is String
        })
        var craving = try #require(E2EFiles.object(cravings.appendingPathComponent(path)))
        craving["recordingId"] = "00000000-0000-4000-8000-0000000000AA"
        let edited = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: craving), as: UTF8.self), to: "craving.json")
        // The store refuses to save the reference; a hand edit can still make one, and check finds it.
        let put = try run(["put", "cravings", edited.path, "--store", store.path])
        #expect(put.exit == 3 && put.stderr.contains("does not exist") && put.stderr.contains("/recordingId"), "\(put)")
        try Data(contentsOf: edited).write(to: cravings.appendingPathComponent(path))

        let check = try run(["check", "--store", store.path, "--json"])
        #expect(check.exit == 3, "\(check)")
        let problems = try #require((try check.json() as? [String: Any])?["problems"] as? [[String: Any]])
        #expect(problems.count == 1 && problems.first?["kind"] as? String == "dangling-reference", "\(problems)")
        #expect((problems.first?["message"] as? String)?.contains("00000000-0000-4000-8000-0000000000AA") == true)
        #expect(problems.first?["pointer"] as? String == "/recordingId")
    }
}
