import Foundation

/// Which version of a document reads return when a sync left several: the same choice on
/// every device that holds the same files, whatever order it listed them in.
///
/// 1. The newest by the collection's ``CollectionDescriptor/modifiedField`` (a timestamp, or
///    any text compared as text; a version without it is oldest).
/// 2. The document's own file before a copy a sync tool made beside it: Syncthing, Dropbox and
///    iCloud Drive keep the newer file under its name, so this is their own choice.
/// 3. The greater canonical JSON, byte by byte: arbitrary, but the same everywhere.
enum VersionOrder {
    static func sorted(_ versions: [DocumentConflict.Version], modifiedField: String?) -> [DocumentConflict.Version] {
        let keyed = versions.map { version in
            (version, modified: modifiedField.flatMap { version.value[$0] }.map(ModifiedKey.init), bytes: CanonicalJSON.compactBytes(version.value))
        }
        return keyed.sorted { a, b in
            if a.modified != b.modified {
                guard let left = a.modified else { return false }
                guard let right = b.modified else { return true }
                return right < left
            }
            let ownA = a.0.origin.isCopy ? 0 : 1, ownB = b.0.origin.isCopy ? 0 : 1
            if ownA != ownB { return ownA > ownB }
            if a.bytes != b.bytes { return b.bytes.lexicographicallyPrecedes(a.bytes) }
            return a.0.path < b.0.path
        }.map(\.0)
    }

    /// A live document and an archived copy of its id, the preferred first: the live one (it
    /// is current, the archived copy predates it) unless the modification field says the
    /// archived copy changed later.
    static func liveFirst(_ live: JSONValue, archived: JSONValue, modifiedField: String?) -> [JSONValue] {
        guard let field = modifiedField, let liveTime = live[field].map(ModifiedKey.init),
              let archivedTime = archived[field].map(ModifiedKey.init), liveTime < archivedTime
        else { return [live, archived] }
        return [archived, live]
    }

    /// A modification field's value, ordered as time when it is a timestamp.
    struct ModifiedKey: Comparable {
        var instant: Double?
        var text: String

        init(_ value: JSONValue) {
            text = value.stringValue ?? CanonicalJSON.compactBytes(value).description
            instant = value.stringValue.flatMap(Timestamp.parse).map(\.timeIntervalSince1970)
        }

        static func < (a: ModifiedKey, b: ModifiedKey) -> Bool {
            switch (a.instant, b.instant) {
            case (let x?, let y?) where x != y: x < y
            case (nil, _?): true
            case (_?, nil): false
            default: a.text < b.text
            }
        }
    }
}

extension DocumentConflict.Origin {
    var isCopy: Bool {
        if case .copy = self { return true }
        return false
    }
}
