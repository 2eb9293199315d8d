import Almanac
import Foundation

/// `almanac init STORE --schema DIR [--time-zone TZ]` (or `--store STORE`, like every other command)
enum InitCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let positional = context.values.positional("store-folder")
        let option = context.values.option("store")
        if let positional, let option, URL(fileURLWithPath: positional).standardizedFileURL != URL(fileURLWithPath: option).standardizedFileURL {
            throw context.usage("two different stores given ('\(positional)' and --store '\(option)'); give the folder once")
        }
        guard let folder = positional ?? option else { throw context.usage("missing argument STORE-FOLDER (or --store DIR)") }
        guard let schema = context.values.option("schema") else {
            throw context.usage("init needs --schema DIR, the app's schema folder (e.g. schema/miga)")
        }
        var timeZone = TimeZone.current
        if let name = context.values.option("time-zone") {
            guard let zone = TimeZone(identifier: name) else {
                throw context.usage("unknown time zone '\(name)'; use an IANA id such as Europe/Berlin or America/New_York")
            }
            timeZone = zone
        }
        let timeout = try context.values.double("lock-timeout", expecting: "a number of seconds") ?? 5
        let store = try Store.create(
            at: URL(fileURLWithPath: folder), schema: URL(fileURLWithPath: schema), timeZone: timeZone,
            options: Store.Options(lockTimeout: timeout, commandName: "init"))
        if context.json {
            Output.json(.object([
                "store": .string(store.url.path), "app": .string(store.app),
                "schemaVersion": .number(JSONNumber(store.schemaVersion)), "timeZone": .string(store.timeZoneName),
                "collections": .array(store.catalog.collections.map { .string($0.name) }),
            ]))
        } else {
            Output.write("Created \(store.app) store at \(store.url.path) (schema version \(store.schemaVersion), time zone \(store.timeZoneName), \(store.catalog.collections.count) collections).")
        }
        return ExitCode.success
    }
}
