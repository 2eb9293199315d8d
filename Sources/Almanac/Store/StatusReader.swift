import Foundation

/// What a store is and holds (``Store/status()``).
struct StatusReader {
    let store: Store

    func status() throws -> StoreStatus {
        StoreStatus(
            app: store.app, formatVersion: store.formatVersion, schemaVersion: store.schemaVersion,
            timeZone: store.calendar.latestZoneName,
            timeZoneChanges: store.calendar.periods.count > 1
                ? store.calendar.periods.dropFirst().map { "\($0.zoneName) from \($0.first!)" } : nil,
            createdAt: store.manifest.createdAt,
            collections: try store.catalog.collections.map { collection in
                let (documents, unreadable) = try store.readingOneVersion { try store.reader.documentCount(in: collection, days: nil) }
                return StoreStatus.Collection(
                    name: collection.name,
                    layout: collection.isSingleton ? "singleton" : collection.partition?.rawValue ?? "none",
                    documents: documents - unreadable.count, unreadable: unreadable.map(\.relativePath))
            },
            writeRefusal: store.writer.writeRefusal?.message)
    }
}
