/// What a scaffolding command wrote in an app's project folders.
package struct ScaffoldReport: Sendable, Equatable, Encodable {
    /// The app.
    package var app: String
    /// The schema version the app's catalog is at afterwards.
    package var version: Int
    /// The files made, as paths under the folders given (in the order they were written).
    package var created: [String] = []
    /// The files changed (the catalog), as paths under the folders given.
    package var changed: [String] = []
    /// The collection a collection was added as, or the migration a migration file was made for.
    package var name: String?

    /// Creates a report of nothing created or changed yet.
    /// - Parameters:
    ///   - app: the app the command worked on.
    ///   - version: the catalog's version after the command.
    ///   - name: the collection or migration made, if any.
    package init(app: String, version: Int, name: String? = nil) {
        self.app = app
        self.version = version
        self.name = name
    }
}
