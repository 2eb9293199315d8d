import Almanac
import Foundation

/// `almanac init STORE --schema DIR [--time-zone TZ]` (or `--store STORE`, like every other command)
enum InitCommand: AlmanacCommand {
    static let timeZone = OptionSpec.option("time-zone", valueName: "TZ", help: "IANA time zone that names day folders (default: this machine's).")
    static let folder = PositionalSpec.optional("store-folder", help: "The folder to create: missing or empty (or give it with --store).")

    static let spec = CommandSpec(
        name: "init", abstract: "Create a new, empty store from an app's schema folder.",
        options: [timeZone], positionals: [folder])

    /// What `init --json` prints.
    struct Created: Encodable {
        var store: String
        var app: String
        var schemaVersion: Int
        var timeZone: String
        var collections: [String]
    }

    static func run(_ context: CommandContext) throws -> Int32 {
        let positional = context.values.positional(folder)
        let option = context.values.option(CommonOptions.store)
        if let positional, let option, URL(fileURLWithPath: positional).standardizedFileURL != URL(fileURLWithPath: option).standardizedFileURL {
            throw context.usage("two different stores given ('\(positional)' and --store '\(option)'); give the folder once")
        }
        guard let path = positional ?? option else { throw context.usage("missing argument STORE-FOLDER (or --store DIR)") }
        guard let schema = context.values.option(CommonOptions.schema) else {
            throw context.usage("init needs --schema DIR, the app's schema folder (e.g. schema/miga)")
        }
        var zone = TimeZone.current
        if let name = context.values.option(timeZone) {
            guard let named = TimeZone(identifier: name) else {
                throw context.usage("unknown time zone '\(name)'; use an IANA id such as Europe/Berlin or America/New_York")
            }
            zone = named
        }
        let store = try Store.create(
            at: URL(fileURLWithPath: path), schema: URL(fileURLWithPath: schema), timeZone: zone,
            options: try context.storeOptions())
        let created = Created(
            store: store.url.path, app: store.app, schemaVersion: store.schemaVersion, timeZone: store.timeZoneName,
            collections: store.catalog.collections.map(\.name))
        try context.print(created) { created in
            "Created \(created.app) store at \(created.store) (schema version \(created.schemaVersion), time zone \(created.timeZone), \(created.collections.count) collection\(created.collections.count == 1 ? "" : "s"))."
        }
        return ExitCode.success
    }
}
