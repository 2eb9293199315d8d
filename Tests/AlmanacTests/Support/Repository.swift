import Foundation

/// Paths in this repository, found from this file's location.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let apps = ["miga", "elaro", "pressure", "cravey"]

    static func schema(_ app: String) -> URL { root.appendingPathComponent("schema/\(app)") }
    static func sampleStore(_ app: String) -> URL { root.appendingPathComponent("samples/\(app)/store") }
    /// The sample store's own schema: the version-1 schema the app shipped with, frozen.
    static func sampleSchema(_ app: String) -> URL { sampleStore(app).appendingPathComponent("schema") }
    static func migrations(_ app: String) -> URL { root.appendingPathComponent("migrations/\(app)") }

    /// A copy of the sample store of `app` inside `folder`, safe to write to.
    static func copySample(_ app: String, into folder: TemporaryFolder) throws -> URL {
        let copy = folder.path("\(app)-store")
        try FileManager.default.copyItem(at: sampleStore(app), to: copy)
        return copy
    }
}
