import Foundation

/// Paths in this repository, found from this file's location.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let apps = ["miga", "elaro", "pressure", "cravey"]

    static func schema(_ app: String) -> URL { root.appendingPathComponent("schema/\(app)") }
    static func sampleStore(_ app: String) -> URL { root.appendingPathComponent("samples/\(app)/store") }

    /// A copy of the sample store of `app` inside `folder`, safe to write to.
    static func copySample(_ app: String, into folder: TemporaryFolder) throws -> URL {
        let copy = folder.path("\(app)-store")
        try FileManager.default.copyItem(at: sampleStore(app), to: copy)
        return copy
    }
}
