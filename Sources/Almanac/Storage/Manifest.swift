import Foundation

/// `store.json`: what the store is, which versions it is at, and its history (DESIGN §2).
///
/// Members this version does not know (written by a later Almanac) are kept in ``unknown``
/// and written back unchanged, so a rewrite never drops them.
struct Manifest: StoreRecord, Sendable, Equatable {
    static let fileName = "store.json"
    static let format = "almanac-store"
    /// The newest on-disk format this code reads and writes.
    static let supportedFormatVersion = 2
    /// The format of a store whose calendar has a time-zone change: an older Almanac, which
    /// would file new days in the first zone, opens it for reading only.
    static let calendarFormatVersion = 2
    /// The member that lists the calendar's changes (``StoreCalendar``).
    static let timeZoneChangesMember = "timeZoneChanges"
    static let recordName = "store.json"
    static let damagedCode = AlmanacError.Code.notAStore

    var formatVersion: Int
    let app: String
    var schemaVersion: Int
    /// The store's days: its first zone (`timeZone`) and each change since (`timeZoneChanges`).
    var calendar: StoreCalendar
    var createdAt: String?
    /// One record per applied migration: version, name, checksum, when, and repairs.
    var migrations: [JSONValue]
    /// One record per imported seed file.
    var seeds: [JSONValue]
    /// One record per seeded document the user deleted (collection, id, content version), so that every
    /// device's seed import leaves it deleted; written only when there is one.
    var seedDeletions: [JSONValue] = []
    /// What a seed import last wrote into each seeded document, field by field (a record each, §6).
    var seedValues: [JSONValue] = []
    /// The last retention run that changed the store.
    var retention: JSONValue?
    /// Members of a later format version, kept as they are.
    var unknown: [String: JSONValue]

    /// A manifest for a new store.
    init(app: String, schemaVersion: Int, timeZone: TimeZone, createdAt: Date) {
        // The first format: a store needs the newer one only once its calendar changes, and
        // until then an older Almanac writes it too.
        formatVersion = 1
        self.app = app
        self.schemaVersion = schemaVersion
        calendar = StoreCalendar(timeZone: timeZone)
        self.createdAt = Timestamp.format(createdAt)
        migrations = []
        seeds = []
        unknown = [:]
    }

    /// Reads `store.json`, checking the members every version of the format has.
    init(bytes: [UInt8]) throws {
        // Every store open reads the manifest, and in a fresh process the decoder's first use
        // instantiates its generic machinery (a third of a cold newest-20 read): a manifest
        // with every member of the expected type is taken from the parsed value directly; any
        // other goes through the decoder, whose errors name the member and what is wrong.
        let value = try Manifest.parsedRecord(bytes, path: Manifest.fileName)
        self = try Manifest(wellFormed: value) ?? Manifest(recordValue: value, path: Manifest.fileName)
    }

    /// The manifest `value` holds when each member has the expected type (the same manifest
    /// the decoder makes of it), or `nil`.
    init?(wellFormed value: JSONValue) {
        func integer(_ member: JSONValue?) -> Int? { member?.numberValue.flatMap { Int($0.text) } }
        func records(_ member: JSONValue?) -> [JSONValue]? {
            guard let member else { return [] }
            return member == .null ? [] : member.arrayValue
        }
        guard let members = value.objectValue, members["format"]?.stringValue == Manifest.format,
              let formatVersion = integer(members["formatVersion"]), let app = members["app"]?.stringValue,
              let schemaVersion = integer(members["schemaVersion"]), let zoneName = members["timeZone"]?.stringValue,
              let zone = TimeZone.stored(zoneName), let changes = records(members[Manifest.timeZoneChangesMember]),
              let calendar = try? StoreCalendar(first: zone, changes: changes, path: Manifest.fileName),
              let migrations = records(members["migrations"]), let seeds = records(members["seeds"]),
              let seedDeletions = records(members["seedDeletions"]), let seedValues = records(members["seedValues"])
        else { return nil }
        let createdAt: String?
        switch members["createdAt"] {
        case nil, .null?: createdAt = nil
        case .string(let text)?: createdAt = text
        default: return nil
        }
        self.formatVersion = formatVersion
        self.app = app
        self.schemaVersion = schemaVersion
        self.calendar = calendar
        self.createdAt = createdAt
        self.migrations = migrations
        self.seeds = seeds
        self.seedDeletions = seedDeletions
        self.seedValues = seedValues
        retention = members["retention"].flatMap { $0 == .null ? nil : $0 }
        unknown = members.filter { Key(rawValue: $0.key) == nil }
    }

    /// The manifest as written to disk: one record (a migration, a seed import) per line, so
    /// a line-based merge of two devices' versions keeps every record whole.
    var bytes: [UInt8] {
        get throws { CanonicalJSON.recordLineBytes(try DocumentEncoder().encode(self)) }
    }

    private enum Key: String, CaseIterable {
        case format, formatVersion, app, schemaVersion, timeZone, timeZoneChanges, createdAt, migrations, seeds, seedDeletions, seedValues, retention
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DocumentNamedKey.self)
        func member(_ key: Key) -> DocumentNamedKey { DocumentNamedKey(key.rawValue) }
        func invalid(_ key: Key, _ message: String, cause: (any Error & Sendable)? = nil) -> AlmanacError {
            AlmanacError(.notAStore, message, path: Manifest.fileName, pointer: "/" + key.rawValue, underlying: cause)
        }
        func required<T: Decodable>(_ key: Key, _ type: T.Type) throws -> T {
            guard container.contains(member(key)) else {
                throw invalid(key, "store.json has no \"\(key.rawValue)\"; restore it from a backup")
            }
            do {
                return try container.decode(T.self, forKey: member(key))
            } catch {
                // What the decoder found wrong (a string where a number belongs, a fraction) is kept.
                let reason = (error as? AlmanacError)?.message ?? "\(error)"
                throw invalid(key, "store.json has no valid \"\(key.rawValue)\" (\(reason)); restore it from a backup", cause: error)
            }
        }
        guard try required(.format, String.self) == Manifest.format else {
            throw invalid(.format, "store.json is not an Almanac manifest (format is not \"almanac-store\")")
        }
        formatVersion = try required(.formatVersion, Int.self)
        app = try required(.app, String.self)
        schemaVersion = try required(.schemaVersion, Int.self)
        let zoneName = try required(.timeZone, String.self)
        guard let zone = TimeZone.stored(zoneName) else {
            throw invalid(.timeZone, "store.json names an unknown time zone \"\(zoneName)\"; use an IANA id such as Europe/Berlin")
        }
        let changes: [JSONValue]
        switch try container.decodeIfPresent(JSONValue.self, forKey: member(.timeZoneChanges)) {
        case nil, .null?: changes = []
        case .array(let records)?: changes = records
        case let other?: throw invalid(.timeZoneChanges, "store.json's \"timeZoneChanges\" is \(other.typeName), not a list of changes; restore it from a backup")
        }
        calendar = try StoreCalendar(first: zone, changes: changes, path: Manifest.fileName)
        createdAt = try container.decodeIfPresent(String.self, forKey: member(.createdAt))
        migrations = try container.decodeIfPresent([JSONValue].self, forKey: member(.migrations)) ?? []
        seeds = try container.decodeIfPresent([JSONValue].self, forKey: member(.seeds)) ?? []
        seedDeletions = try container.decodeIfPresent([JSONValue].self, forKey: member(.seedDeletions)) ?? []
        seedValues = try container.decodeIfPresent([JSONValue].self, forKey: member(.seedValues)) ?? []
        retention = try container.decodeIfPresent(JSONValue.self, forKey: member(.retention))
        let known = Set(Key.allCases.map(\.rawValue))
        var unknown: [String: JSONValue] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            unknown[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.unknown = unknown
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentNamedKey.self)
        for (key, value) in unknown { try container.encode(value, forKey: DocumentNamedKey(key)) }
        func member(_ key: Key) -> DocumentNamedKey { DocumentNamedKey(key.rawValue) }
        try container.encode(Manifest.format, forKey: member(.format))
        try container.encode(formatVersion, forKey: member(.formatVersion))
        try container.encode(app, forKey: member(.app))
        try container.encode(schemaVersion, forKey: member(.schemaVersion))
        try container.encode(calendar.periods[0].zoneName, forKey: member(.timeZone))
        if calendar.periods.count > 1 { try container.encode(calendar.recordedChanges, forKey: member(.timeZoneChanges)) }
        try container.encodeIfPresent(createdAt, forKey: member(.createdAt))
        try container.encode(migrations, forKey: member(.migrations))
        try container.encode(seeds, forKey: member(.seeds))
        if !seedDeletions.isEmpty { try container.encode(seedDeletions, forKey: member(.seedDeletions)) }
        if !seedValues.isEmpty { try container.encode(seedValues, forKey: member(.seedValues)) }
        try container.encodeIfPresent(retention, forKey: member(.retention))
    }
}
