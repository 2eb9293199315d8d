import Foundation

/// A summary of a store: what it is, its versions, and how many documents each collection holds.
public struct StoreStatus: Sendable, Equatable, Encodable {
    /// The app, e.g. `miga`.
    public var app: String
    /// The on-disk format version.
    public var formatVersion: Int
    /// The schema version the documents are at.
    public var schemaVersion: Int
    /// The IANA time zone that names day folders.
    public var timeZone: String
    /// When the store was created, as written in `store.json`.
    public var createdAt: String?
    /// Each collection of the catalog with its partition and document count.
    public var collections: [Collection]
    /// Why the store refuses writes, if it does.
    public var writeRefusal: String?

    /// One collection's line of the status.
    public struct Collection: Sendable, Equatable, Encodable {
        /// The collection's name.
        public var name: String
        /// `day`, `month`, `year`, `none` or `singleton`.
        public var layout: String
        /// The number of documents.
        public var documents: Int
    }
}

extension Store {
    /// The store's status: app, versions, time zone and a document count per collection.
    ///
    /// Counting lists folders but reads no document.
    public func status() throws -> StoreStatus {
        StoreStatus(
            app: app, formatVersion: formatVersion, schemaVersion: schemaVersion,
            timeZone: manifest.timeZoneIdentifier, createdAt: manifest.createdAt,
            collections: try catalog.collections.map { collection in
                StoreStatus.Collection(
                    name: collection.name,
                    layout: collection.isSingleton ? "singleton" : collection.partition?.rawValue ?? "none",
                    documents: try reader.documentFiles(in: collection, days: nil).count)
            },
            writeRefusal: writer.writeRefusal?.message)
    }
}
