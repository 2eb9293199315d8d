import Foundation

/// A summary of a store: what it is, its versions, and how many documents each collection holds.
public struct StoreStatus: Sendable, Equatable, Encodable {
    /// The app, e.g. `miga`.
    public var app: String
    /// The on-disk format version.
    public var formatVersion: Int
    /// The schema version the documents are at.
    public var schemaVersion: Int
    /// The IANA time zone new days are filed in.
    public var timeZone: String
    /// Each change of zone since the store was made, oldest first (`Asia/Kolkata from 2025-03-01`);
    /// `nil` when there was none. The days before each change stay in the zone before it.
    public var timeZoneChanges: [String]?
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
        /// The number of documents this process can read.
        public var documents: Int
        /// The documents this process may not read (store-relative paths), not in `documents`.
        public var unreadable: [String] = []
    }
}

extension Store {
    /// The store's status: app, versions, time zone and a document count per collection.
    ///
    /// Counting lists folders and checks each file's permissions, but reads no document: a
    /// file this process may not read is not counted, and ``StoreStatus/Collection/unreadable`` names it.
    public func status() throws -> StoreStatus {
        try StatusReader(store: self).status()
    }

    /// The error reading the document file at `path` (store-relative) meets: for a status that
    /// found it unreadable.
    package func readFailure(atPath path: String) -> AlmanacError {
        reader.filing.parseRelativePath(path).map(reader.readFailure(at:)) ?? AlmanacError(.io, "cannot be read", path: path)
    }
}
