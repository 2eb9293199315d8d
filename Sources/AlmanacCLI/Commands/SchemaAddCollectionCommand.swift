import Almanac
import Foundation

/// `almanac schema add-collection NAME [--app APP] --date-field F --partition P [--id string|uuid] [--seeded] [--unique FIELD]... | --singleton`
enum SchemaAddCollectionCommand: AlmanacCommand {
    static let group: CommandGroup? = .schema
    static let name = PositionalSpec.required("name", help: "The collection's name: lowercase letters, digits and '-', starting with a letter.")
    static let dateField = OptionSpec.option("date-field", valueName: "FIELD", help: "The field whose date files each document (required unless --partition none or --singleton).")
    static let partition = OptionSpec.option("partition", valueName: "P", help: "Date folders per day, month or year, or none (one folder).")
    static let dateFormat = OptionSpec.option(
        "date-format", valueName: "FORMAT", help: "The date field's format: date-time (a timestamp, a Swift Date) or date (a CalendarDate).",
        defaultValue: CollectionTemplate.DateFormat.dateTime.rawValue)
    static let singleton = OptionSpec.flag("singleton", help: "Exactly one document (settings), at data/NAME.json.")
    static let seeded = OptionSpec.flag("seeded", help: "Content the app ships in seed files: the catalog marks it seeded, and its schema declares contentVersion.")
    static let idFormat = OptionSpec.option(
        "id", valueName: "KIND", help: "The ids: string (any id) or uuid (a Swift UUID: the schema refuses any other id).",
        defaultValue: CollectionTemplate.IDFormat.string.rawValue)
    static let unique = OptionSpec.repeating("unique", valueName: "FIELD", help: "A field no two documents share (repeatable); declared in the schema as a string for you to adjust.")

    static let spec = CommandSpec(
        name: "add-collection",
        abstract: "Add a collection to an app: a JSON Schema skeleton and its catalog entry.",
        discussion: """
            The schema requires an id (and the date field, when the collection is filed by one), and refuses fields it does not declare: add your fields to its \
            "properties". The catalog keeps its version, and is rewritten with sorted keys. A store learns of the collection \
            by migrating, so when stores of the app exist, run 'almanac migrate new' first.
            """,
        options: [CommonOptions.app, dateField, partition, dateFormat, idFormat, singleton, seeded, unique, CommonOptions.describe], positionals: [name], ignoredGlobals: [CommonOptions.store.name, CommonOptions.lockTimeout.name])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional(name) else { throw context.usage("give the collection's name: 'almanac schema add-collection NAME'") }
        let template: CollectionTemplate
        do {
            template = try CollectionTemplate(
                name: collection, layout: try layout(context), description: context.values.option(CommonOptions.describe),
                seeded: context.values.flag(seeded), unique: context.values.options(unique), idFormat: try ids(context))
        } catch let error as AlmanacError where error.code == .invalidArgument {
            throw context.usage(error.message)
        }
        let report = try context.appProject(takesMigrations: false).addCollection(template)
        try context.print(report) { report in
            let made = report.created.isEmpty ? "" : " and created \(report.created.joined(separator: " and "))"
            let folder = ((report.changed.first ?? "") as NSString).deletingLastPathComponent
            return """
                Added the collection \(collection) to \(report.changed.joined(separator: ", ")) (version \(report.version))\(made).
                Next: add its fields to "properties" in \((folder as NSString).appendingPathComponent(template.schemaFileName)); \
                then 'almanac init STORE --schema \(folder)' makes a store\(report.version > 1 ? ", and 'almanac migrate plan' then 'migrate up' bring an existing one to version \(report.version)" : "").

                """
        }
        return ExitCode.success
    }

    private static func ids(_ context: CommandContext) throws -> CollectionTemplate.IDFormat {
        let text = context.values.option(idFormat) ?? CollectionTemplate.IDFormat.string.rawValue
        guard let format = CollectionTemplate.IDFormat(rawValue: text) else { throw context.usage("--id expects string or uuid, got '\(text)'") }
        if format == .uuid, context.values.flag(singleton) { throw context.usage("a singleton has no id; leave --id out") }
        return format
    }

    private static func layout(_ context: CommandContext) throws -> CollectionTemplate.Layout {
        let field = context.values.option(dateField)
        if context.values.flag(singleton) {
            guard context.values.option(partition) == nil, field == nil else {
                throw context.usage("a singleton has no --partition or --date-field; give --singleton alone")
            }
            return .singleton
        }
        guard let partitionName = context.values.option(partition) else {
            throw context.usage("give --partition day|month|year|none (with --date-field FIELD for day, month and year), or --singleton")
        }
        guard let parsed = Partition(rawValue: partitionName) else {
            throw context.usage("--partition expects day, month, year or none, got '\(partitionName)'")
        }
        let formatName = context.values.option(dateFormat) ?? CollectionTemplate.DateFormat.dateTime.rawValue
        guard let format = CollectionTemplate.DateFormat(rawValue: formatName) else {
            throw context.usage("--date-format expects date-time or date, got '\(formatName)'")
        }
        if parsed != .none, field == nil {
            throw context.usage("a \(parsed.rawValue)-partitioned collection needs --date-field FIELD, the field whose date files each document")
        }
        return .partitioned(parsed, dateField: field, format: format)
    }
}
