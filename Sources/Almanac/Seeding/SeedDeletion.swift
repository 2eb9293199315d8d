import Foundation

/// A seeded document the user deleted, recorded in `store.json` (`seedDeletions`) so that a
/// seed import on any device leaves it deleted (as a CouchDB tombstone keeps a deleted
/// document from coming back with the next replication).
///
/// A record holds only what every device derives the same way (the collection, the id and
/// the content version deleted), so two devices that delete the same document write the
/// same record, and a merge of two `store.json` versions keeps the union.
struct SeedDeletion: Sendable, Equatable {
    var collection: String
    var id: String
    var contentVersion: Int

    /// The record as `store.json` holds it.
    var json: JSONValue {
        .object(["collection": .string(collection), "id": .string(id), "contentVersion": .number(JSONNumber(contentVersion))])
    }

    /// The record `json` holds, or `nil` for one this version cannot read (kept as it is).
    init?(_ json: JSONValue) {
        guard let collection = json["collection"]?.stringValue, let id = json["id"]?.stringValue,
              let version = SeedFile.version(json["contentVersion"])
        else { return nil }
        (self.collection, self.id, contentVersion) = (collection, id, version)
    }

    init(collection: String, id: String, contentVersion: Int) {
        (self.collection, self.id, self.contentVersion) = (collection, id, contentVersion)
    }

    /// The key a record is found by: ids compare ignoring case, as a store's do.
    var key: String { Self.key(collection: collection, id: id) }

    /// The key of the record of `id` in `collection`, were there one.
    static func key(collection: String, id: String) -> String { collection + "/" + DocumentID.key(id) }

    /// The deletion records of `records`, by ``key``.
    static func byKey(_ records: [JSONValue]) -> [String: SeedDeletion] {
        var found: [String: SeedDeletion] = [:]
        for record in records.compactMap(SeedDeletion.init) {
            found[record.key] = found[record.key].map { $0.contentVersion >= record.contentVersion ? $0 : record } ?? record
        }
        return found
    }

    /// Both lists' records, one per document (the higher content version), sorted by key, the
    /// same on every device; records this version cannot read are kept.
    static func merged(_ ours: [JSONValue], _ theirs: [JSONValue]) -> [JSONValue] {
        let unreadable = (ours + theirs).filter { SeedDeletion($0) == nil }
        var seen: Set<[UInt8]> = []
        let kept = unreadable.filter { seen.insert(CanonicalJSON.compactBytes($0)).inserted }
        return byKey(ours + theirs).values.sorted { $0.key < $1.key }.map(\.json) + kept
    }
}
