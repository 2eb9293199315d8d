import Foundation

/// What a seed import last wrote into one seeded document, field by field: a short hash of
/// each top-level value the seed file gave it, recorded in `store.json` (`seedValues`).
///
/// A later content version replaces a field only where the stored value still hashes to what
/// the seed last wrote; a field whose value differs is the user's edit, kept and reported —
/// as dpkg never silently replaces a configuration file its user changed since the package
/// installed it. A record holds only what every device derives the same way (the seed file's
/// values), so two devices that import the same seed write the same record.
struct SeededValues: Sendable, Equatable {
    var collection: String
    var id: String
    var contentVersion: Int
    /// Field name → ``hash(_:)`` of the value the seed wrote.
    var fields: [String: String]

    /// The members no seed field stands for: the id and the content version.
    static let notFields: Set<String> = ["id", "contentVersion"]

    /// The record of what `seed` (a seed file's document) writes into `collection`.
    init(collection: String, seed: JSONValue, contentVersion: Int) {
        self.collection = collection
        id = seed["id"]?.stringValue ?? ""
        self.contentVersion = contentVersion
        var fields: [String: String] = [:]
        for (name, value) in seed.objectValue ?? [:] where !Self.notFields.contains(name) { fields[name] = Self.hash(value) }
        self.fields = fields
    }

    /// The record `json` holds, or `nil` for one this version cannot read (kept as it is).
    init?(_ json: JSONValue) {
        guard let collection = json["collection"]?.stringValue, let id = json["id"]?.stringValue,
              let version = SeedFile.version(json["contentVersion"]), case .object(let members)? = json["fields"]
        else { return nil }
        var fields: [String: String] = [:]
        for (name, value) in members {
            guard let hash = value.stringValue else { return nil }
            fields[name] = hash
        }
        (self.collection, self.id, contentVersion, self.fields) = (collection, id, version, fields)
    }

    /// The record as `store.json` holds it (one line).
    var json: JSONValue {
        .object(["collection": .string(collection), "id": .string(id), "contentVersion": .number(JSONNumber(contentVersion)),
                 "fields": .object(fields.mapValues { .string($0) })])
    }

    /// The key a record is found by: ids compare ignoring case, as a store's do.
    var key: String { SeedDeletion.key(collection: collection, id: id) }

    /// 16 hex digits of the SHA-256 of `value`'s canonical JSON: equal values, equal hashes.
    static func hash(_ value: JSONValue) -> String {
        String(SHA256.hex(CanonicalJSON.compactBytes(value)).prefix(16))
    }

    /// Whether the stored value of `field` (`nil`: absent) is still what this record says the seed wrote.
    func isUntouched(_ field: String, stored: JSONValue?) -> Bool {
        guard let written = fields[field] else { return stored == nil }
        return stored.map(Self.hash) == written
    }

    /// The records of `records`, by ``key`` (the higher content version where two name one document).
    static func byKey(_ records: [JSONValue]) -> [String: SeededValues] {
        var found: [String: SeededValues] = [:]
        for record in records.compactMap(SeededValues.init) {
            found[record.key] = found[record.key].map { $0.contentVersion >= record.contentVersion ? $0 : record } ?? record
        }
        return found
    }

    /// Both lists' records, one per document (the higher content version), sorted by key, the
    /// same on every device; records this version cannot read are kept.
    static func merged(_ ours: [JSONValue], _ theirs: [JSONValue]) -> [JSONValue] {
        let unreadable = (ours + theirs).filter { SeededValues($0) == nil }
        var seen: Set<[UInt8]> = []
        let kept = unreadable.filter { seen.insert(CanonicalJSON.compactBytes($0)).inserted }
        return byKey(ours + theirs).values.sorted { $0.key < $1.key }.map(\.json) + kept
    }
}
