import Almanac
import Foundation

/// One reference app as the CLI sees it: its catalog name, the schema version its Swift
/// models are written against, and the reports it offers.
public struct ReferenceApp: Sendable {
    /// The app's name in its catalog (`miga`).
    public var name: String
    /// The schema version of `schema/<name>/` that the app's models decode.
    public var schemaVersion: Int
    /// The reports, in the order `almanac report <name> --help` lists them.
    public var views: [ReportView]

    /// Creates an app entry.
    public init(name: String, schemaVersion: Int, views: [ReportView]) {
        self.name = name
        self.schemaVersion = schemaVersion
        self.views = views
    }

    /// The view called `name`, if the app has one.
    public func view(named name: String) -> ReportView? {
        views.first { $0.name == name }
    }

    /// Checks that `store` holds this app's data at the schema version the models read.
    ///
    /// The models follow the current schema only, so an older store must be migrated first
    /// (as the app itself would on launch) and a newer one needs a newer tool.
    /// - Throws: ``AlmanacError`` with `.invalidArgument` for another app's store,
    ///   `.reportNeedsMigration` for an older store and `.storeTooNew` for a newer one, each
    ///   saying what to run.
    public func checkCanRead(_ store: Store) throws {
        guard store.app == name else {
            throw AlmanacError(.invalidArgument,
                               "the store at \(store.url.path) belongs to app '\(store.app)', not '\(name)'; use that app's store, or ask for a '\(store.app)' report",
                               path: store.url.path)
        }
        if store.schemaVersion < schemaVersion {
            throw AlmanacError(.reportNeedsMigration,
                               "the store is at schema version \(store.schemaVersion) and the \(name) reports read version \(schemaVersion); run 'almanac migrate up' on it (or on a copy) first",
                               path: store.url.path)
        }
        if store.schemaVersion > schemaVersion {
            throw AlmanacError(.storeTooNew,
                               "the store is at schema version \(store.schemaVersion), newer than the version \(schemaVersion) the \(name) reports read; use a newer almanac",
                               path: store.url.path)
        }
    }
}

extension AlmanacError.Code {
    /// A report was asked of a store at an older schema version than the app's models.
    public static let reportNeedsMigration = AlmanacError.Code(rawValue: "report-needs-migration")
}
