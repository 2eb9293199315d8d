import Almanac
import Foundation

/// What every command needs: its parsed values and a way to open the store they name.
struct CommandContext {
    let values: ParsedValues

    var json: Bool { values.flag("json") }

    /// The store folder from `--store` or `ALMANAC_STORE`.
    func storeURL() throws -> URL {
        guard let path = values.option("store") ?? ProcessInfo.processInfo.environment["ALMANAC_STORE"], !path.isEmpty else {
            throw usage("no store given; pass --store DIR or set ALMANAC_STORE")
        }
        return URL(fileURLWithPath: path)
    }

    func usage(_ message: String) -> UsageError {
        UsageError(message: message, rootName: "almanac", commandPath: values.commandPath)
    }

    /// Opens the store, telling it the schema version this tool works with: that of
    /// `--schema DIR`, else of `schema/<app>` in the current folder, when there is one.
    /// Only the catalog file is read: compiling every schema on each command is wasted work.
    func openStore() throws -> Store {
        let url = try storeURL()
        let codeVersion = try projectCatalog(app: try Store.app(at: url))?.version
        return try Store(at: url, options: try storeOptions(codeSchemaVersion: codeVersion))
    }

    /// `--lock-timeout` and the command's name (shown to processes waiting for the lock).
    func storeOptions(codeSchemaVersion: Int? = nil) throws -> Store.Options {
        let timeout = try values.double("lock-timeout", expecting: "a number of seconds") ?? 5
        guard timeout >= 0 else { throw usage("--lock-timeout expects a number of seconds ≥ 0, got '\(timeout)'") }
        return Store.Options(lockTimeout: timeout, commandName: values.commandPath.joined(separator: " "), codeSchemaVersion: codeSchemaVersion)
    }

    /// `--from DATE` / `--to DATE` as a range of days (open ends reach the first and last
    /// representable days), or `nil` when neither is given.
    func dayRange() throws -> ClosedRange<CalendarDate>? {
        func day(_ option: String) throws -> CalendarDate? {
            try values.option(option).map { text in
                guard let day = CalendarDate(text) else { throw usage("--\(option) expects a date such as 2025-01-27, got '\(text)'") }
                return day
            }
        }
        let from = try day("from")
        let to = try day("to")
        guard from != nil || to != nil else { return nil }
        let low = from ?? CalendarDate(year: 1, month: 1, day: 1)!
        let high = to ?? CalendarDate(year: 9999, month: 12, day: 31)!
        guard low <= high else { throw usage("--from \(low) is after --to \(high)") }
        return low...high
    }

    /// The schema folder a migration targets: `--schema DIR` or `schema/<app>`.
    func requiredSchemaFolder(app: String) throws -> URL {
        guard let schema = projectSchemaFolder(app: app) else {
            throw usage("no schema folder for app '\(app)': run from the project folder that holds schema/\(app), or pass --schema DIR")
        }
        return schema
    }

    /// `--migrations DIR`, or `migrations/<app>` under the current folder.
    ///
    /// - Throws: a usage error naming both places when neither exists.
    func migrationsFolder(app: String) throws -> URL {
        if let explicit = values.option("migrations") { return URL(fileURLWithPath: explicit) }
        let candidate = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("migrations").appendingPathComponent(app)
        guard FileManager.default.fileExists(atPath: candidate.path) else {
            throw usage("no migrations folder for app '\(app)': run from the project folder that holds migrations/\(app), or pass --migrations DIR")
        }
        return candidate
    }

    /// The catalog of the app's current schema folder (see ``projectSchemaFolder(app:)``), or `nil` when there is none.
    func projectCatalog(app: String) throws -> Catalog? {
        try projectSchemaFolder(app: app).map { try Catalog.loadCatalogFile(folder: $0) }
    }

    /// `--schema DIR`, or `schema/<app>` under the current folder when it exists.
    func projectSchemaFolder(app: String) -> URL? {
        if let explicit = values.option("schema") { return URL(fileURLWithPath: explicit) }
        let candidate = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("schema").appendingPathComponent(app)
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent(Catalog.fileName).path) ? candidate : nil
    }
}

/// Writing to stdout and stderr.
enum Output {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func writeBytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints `value` as pretty JSON.
    static func json(_ value: JSONValue) {
        writeBytes(value.prettyJSONBytes)
    }

    /// The first `limit` ids, comma-separated, and how many there are in all when that is more.
    static func idList(_ ids: [String], limit: Int = 12) -> String {
        ids.count <= limit ? ids.joined(separator: ", ") : ids.prefix(limit).joined(separator: ", ") + ", … (\(ids.count) in all; --json lists them)"
    }

    /// Left-aligned columns separated by two spaces.
    static func table(_ rows: [[String]]) -> String {
        guard let width = rows.map(\.count).max() else { return "" }
        var widths = Array(repeating: 0, count: width)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
