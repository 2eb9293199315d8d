import Foundation

/// `store.json`: what the store is, which versions it is at, and its history (DESIGN §2).
///
/// The whole JSON object is kept, so fields written by later versions of Almanac survive a rewrite.
struct Manifest: Sendable, Equatable {
    static let fileName = "store.json"
    static let format = "almanac-store"
    /// The newest on-disk format this code reads and writes.
    static let supportedFormatVersion = 1

    private(set) var members: [String: JSONValue]
    let formatVersion: Int
    let app: String
    private(set) var schemaVersion: Int
    let timeZone: TimeZone
    let timeZoneIdentifier: String

    /// A manifest for a new store.
    init(app: String, schemaVersion: Int, timeZone: TimeZone, createdAt: Date) {
        members = [
            "format": .string(Manifest.format),
            "formatVersion": .number(JSONNumber(Manifest.supportedFormatVersion)),
            "app": .string(app),
            "schemaVersion": .number(JSONNumber(schemaVersion)),
            "timeZone": .string(timeZone.storeName),
            "createdAt": .string(Timestamp.format(createdAt)),
            "migrations": .array([]),
            "seeds": .array([]),
        ]
        formatVersion = Manifest.supportedFormatVersion
        self.app = app
        self.schemaVersion = schemaVersion
        self.timeZone = timeZone
        timeZoneIdentifier = timeZone.storeName
    }

    /// Reads a manifest, checking the fields every version of the format has.
    init(bytes: [UInt8]) throws {
        let path = Manifest.fileName
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw AlmanacError(.notAStore, "store.json is damaged: \(error.message)", path: path,
                               line: error.line, column: error.column, underlying: error)
        }
        guard case .object(let members) = root else {
            throw AlmanacError(.notAStore, "store.json must hold a JSON object", path: path)
        }
        func field<T>(_ name: String, _ extract: (JSONValue) -> T?) throws -> T {
            guard let value = members[name], let result = extract(value) else {
                throw AlmanacError(.notAStore, "store.json has no valid \"\(name)\"; restore it from a backup", path: path, pointer: "/" + name)
            }
            return result
        }
        guard try field("format", { $0.stringValue }) == Manifest.format else {
            throw AlmanacError(.notAStore, "store.json is not an Almanac manifest (format is not \"almanac-store\")", path: path, pointer: "/format")
        }
        formatVersion = Int(try field("formatVersion", { $0.numberValue?.int64Value }))
        app = try field("app", { $0.stringValue })
        schemaVersion = Int(try field("schemaVersion", { $0.numberValue?.int64Value }))
        timeZoneIdentifier = try field("timeZone", { $0.stringValue })
        guard let zone = TimeZone(identifier: timeZoneIdentifier) else {
            throw AlmanacError(.notAStore, "store.json names an unknown time zone \"\(timeZoneIdentifier)\"; use an IANA id such as Europe/Berlin", path: path, pointer: "/timeZone")
        }
        timeZone = zone
        self.members = members
    }

    /// The manifest as written to disk.
    var bytes: [UInt8] {
        CanonicalJSON.prettyBytes(.object(members))
    }

    /// A member, for fields later features add (`migrations`, `seeds`).
    subscript(key: String) -> JSONValue? {
        members[key]
    }

    /// Sets a member; `schemaVersion` must be a whole number and updates ``schemaVersion``.
    mutating func set(_ key: String, _ value: JSONValue) {
        if key == "schemaVersion", let version = value.numberValue?.int64Value { schemaVersion = Int(version) }
        members[key] = value
    }
}
