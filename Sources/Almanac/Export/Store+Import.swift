#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What an import restored.
public struct ImportSummary: Sendable, Encodable {
    /// The app of the restored store.
    public var app: String
    /// Its schema version (the export's).
    public var schemaVersion: Int
    /// Documents restored.
    public var documents: Int
    /// Attachment files restored.
    public var attachments: Int
}

extension Store {
    /// Restores an export (written by ``Store/export(to:options:progress:)``) into a new store at `url`, at the
    /// export's schema version, validating every document; then `migrate` brings it forward.
    ///
    /// The store is built in a temporary folder beside `url` and renamed into place at the end,
    /// so a crash leaves no store at `url` (or the empty one that was there), never half of one.
    ///
    /// - Parameters:
    ///   - file: the export, JSON Lines or JSON.
    ///   - url: a folder that does not exist, an empty folder, or a store without documents.
    ///   - options: the new store's options (its lock timeout, file protection).
    ///   - progress: told of the documents saved so far (phase `importing`, against the
    ///     header's count), every batch of up to 500.
    /// - Throws: `.storeExists` for a store that holds documents; `.invalidArgument` for a file
    ///   that is not an Almanac export, a redacted export, or one whose counts do not match
    ///   (truncated); `.invalidDocument` naming the line and document for a document its schema refuses.
    @discardableResult
    public static func importExport(from file: URL, into url: URL, options: Options = Options(), progress: ProgressHandler? = nil) throws -> ImportSummary {
        try StoreImporter.importExport(from: file, into: url, options: options, progress: progress)
    }
}

/// The header of an export, checked.
struct ExportHeader {
    var app: String
    var schemaVersion: Int
    /// The exported store's days: its first zone (`timeZone`) and each change (`timeZoneChanges`).
    var calendar: StoreCalendar
    var counts: [String: Int]
    var attachments: Int
    var schema: [String: JSONValue]
    /// The exported store's `createdAt`, `migrations`, `seeds` and `seedDeletions`, restored into the new store's `store.json`.
    var createdAt: String?
    var migrations: [JSONValue]
    var seeds: [JSONValue]
    var seedDeletions: [JSONValue]

    init(_ header: JSONValue, path: String) throws {
        func missing(_ field: String) -> AlmanacError {
            AlmanacError(.invalidArgument, "the export's header has no valid \"\(field)\"; give a file written by Store.export(to:)", path: path, pointer: "/" + field).with(.exportStore)
        }
        guard header["format"]?.stringValue == "almanac-export" else { throw missing("format") }
        guard let format = header["formatVersion"]?.numberValue?.int64Value, (1...2).contains(format) else {
            throw AlmanacError(.invalidArgument, "the export's format version is newer than this tool reads (2); upgrade Almanac", path: path, pointer: "/formatVersion")
        }
        if let redacted = header["redacted"]?.arrayValue, !redacted.isEmpty {
            throw AlmanacError(.invalidArgument, "the export was redacted (\(redacted.compactMap(\.stringValue).joined(separator: ", "))), so its documents no longer hold the user's data; import an export made without redacted fields", path: path, pointer: "/redacted").with(.withoutRedaction)
        }
        if header["days"] != nil {
            throw AlmanacError(.invalidArgument, "the export holds only a date range (\(header["days"]?.stringValue ?? "")); import a whole export", path: path, pointer: "/days")
        }
        guard let app = header["app"]?.stringValue else { throw missing("app") }
        guard let version = header["schemaVersion"]?.numberValue?.int64Value else { throw missing("schemaVersion") }
        guard let zoneName = header["timeZone"]?.stringValue, let zone = TimeZone(identifier: zoneName) else { throw missing("timeZone") }
        guard case .object(let counts)? = header["counts"] else { throw missing("counts") }
        guard case .object(let schema)? = header["schema"], schema["catalog.json"] != nil else { throw missing("schema") }
        let calendar: StoreCalendar
        switch header[Manifest.timeZoneChangesMember] {
        case nil: calendar = StoreCalendar(timeZone: zone)
        case .array(let changes)?:
            do {
                calendar = try StoreCalendar(first: zone, changes: changes, path: path)
            } catch let error as AlmanacError {
                throw AlmanacError(.invalidArgument, "the export's header has no valid \"timeZoneChanges\" (\(error.message)); give a file written by Store.export(to:)",
                                   path: path, pointer: error.pointer, underlying: error).with(.exportStore)
            }
        default: throw missing(Manifest.timeZoneChangesMember)
        }
        self.app = app
        schemaVersion = Int(version)
        self.calendar = calendar
        self.counts = counts.compactMapValues { $0.numberValue?.int64Value.map(Int.init) }
        attachments = Int(header["attachments"]?.numberValue?.int64Value ?? 0)
        self.schema = schema
        createdAt = header["storeCreatedAt"]?.stringValue
        migrations = header["migrations"]?.arrayValue ?? []
        seeds = header["seeds"]?.arrayValue ?? []
        seedDeletions = header["seedDeletions"]?.arrayValue ?? []
    }
}
