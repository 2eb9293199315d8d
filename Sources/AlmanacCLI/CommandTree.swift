/// The declarations of every `almanac` command: names, arguments, options and help text.
enum CommandTree {
    static let globalOptions: [OptionSpec] = [
        .option("store", valueName: "DIR", help: "The store folder (default: $ALMANAC_STORE)."),
        .flag("json", help: "Print machine-readable JSON instead of text."),
        .option("lock-timeout", valueName: "SECONDS", help: "How long to wait for another writer's lock (default 5)."),
        .option("schema", valueName: "DIR", help: "The app's current schema folder (default: schema/<app> in the current folder)."),
    ]

    static let root = CommandSpec(
        name: "almanac",
        abstract: "Keep an app's data as plain JSON files, one per document, in a folder tree keyed by date.",
        discussion: """
            Exit codes: 0 ok, 1 failure, 2 usage, 3 check or validation found problems, \
            4 store locked by another process, 5 store newer than this tool.
            """,
        subcommands: [
            CommandSpec(
                name: "init", abstract: "Create a new, empty store from an app's schema folder.",
                options: [
                    .option("time-zone", valueName: "TZ", help: "IANA time zone that names day folders (default: this machine's)."),
                ],
                positionals: [.required("store-folder", help: "The folder to create: missing or empty.")]),
            CommandSpec(name: "status", abstract: "Show the store's app, versions, time zone and document counts."),
            CommandSpec(
                name: "ls", abstract: "List a collection's documents, oldest first.",
                discussion: "Dates are YYYY-MM-DD days in the store's time zone (both ends included) or ISO 8601 timestamps (--to excluded).",
                options: [
                    .option("from", valueName: "DATE", help: "Only documents dated on or after DATE."),
                    .option("to", valueName: "DATE", help: "Only documents dated on or before DATE."),
                    .repeating("where", valueName: "FIELD=VALUE", help: "Only documents whose FIELD equals VALUE (repeatable; all must match)."),
                ],
                positionals: [.required("collection", help: "The collection to list.")]),
            CommandSpec(
                name: "get", abstract: "Print one document.",
                positionals: [
                    .required("collection", help: "The collection."),
                    .optional("id", help: "The document's id (not needed for a singleton collection)."),
                ]),
            CommandSpec(
                name: "put", abstract: "Save documents into a collection.",
                discussion: "Each file holds one JSON document or an array of them; all are checked before any is written, and saved with one durability point. A document with the id of a stored one replaces it; if its date changed, the file moves.",
                positionals: [
                    .required("collection", help: "The collection to write to."),
                    .variadic("files", atLeastOne: false, help: "JSON files to read; '-' or nothing reads standard input."),
                ]),
            CommandSpec(
                name: "rm", abstract: "Delete one document.",
                positionals: [
                    .required("collection", help: "The collection."),
                    .optional("id", help: "The document's id (not needed for a singleton collection)."),
                ]),
            CommandSpec(
                name: "migrate", abstract: "Schema migrations of the store.",
                subcommands: [
                    CommandSpec(
                        name: "status",
                        abstract: "Show the store's version, applied migrations (checksums verified) and pending ones.",
                        discussion: "Exits 3 when an applied migration file was edited or removed, or the migrations folder has a gap or a duplicate number.",
                        options: [
                            .option("migrations", valueName: "DIR", help: "The app's migrations folder (default: migrations/<app> in the current folder)."),
                        ]),
                    CommandSpec(
                        name: "plan",
                        abstract: "Show what 'migrate up' would change, per migration and operation, and validate every result; writes nothing.",
                        discussion: "Exits 3 when a resulting document would break the target schema (each is listed with its violations).",
                        options: [
                            .option("migrations", valueName: "DIR", help: "The app's migrations folder (default: migrations/<app> in the current folder)."),
                            .option("to", valueName: "N", help: "Plan up to version N (default: the latest migration)."),
                        ]),
                    CommandSpec(
                        name: "up",
                        abstract: "Apply the pending migrations, all or nothing.",
                        discussion: """
                            Every resulting document is validated against the target schema before anything changes; the new \
                            version is built beside the old one and swapped in, so a crash at any moment leaves the store wholly at \
                            one version (the next command finishes or undoes the swap). The previous version is kept for \
                            'migrate rollback'. Progress goes to stderr. Exits 3, changing nothing, when a result would be invalid.
                            """,
                        options: [
                            .option("migrations", valueName: "DIR", help: "The app's migrations folder (default: migrations/<app> in the current folder)."),
                            .option("to", valueName: "N", help: "Migrate up to version N (default: the latest migration); --schema must then be at version N."),
                            .flag("dry-run", help: "Show the plan ('migrate plan') instead of migrating; writes nothing."),
                        ]),
                    CommandSpec(
                        name: "rollback",
                        abstract: "Restore the version the store had before its last 'migrate up', byte for byte.",
                        discussion: "Refuses (exit 1) when documents were written after the migration, since they would be lost; --force rolls back anyway.",
                        options: [
                            .flag("force", help: "Roll back even though documents were written after the migration (they are lost)."),
                        ]),
                    CommandSpec(
                        name: "repair",
                        abstract: "Accept applied migration files that were edited or removed since they were applied.",
                        discussion: "Records the files' checksums now (and marks missing files as removed) in store.json; changes no document.",
                        options: [
                            .option("migrations", valueName: "DIR", help: "The app's migrations folder (default: migrations/<app> in the current folder)."),
                        ]),
                ]),
            CommandSpec(
                name: "seed", abstract: "Content an app ships for its seeded collections.",
                subcommands: [
                    CommandSpec(
                        name: "import",
                        abstract: "Import seed files: insert new documents, update older ones keeping user-owned fields, never touch the user's.",
                        discussion: """
                            A stored document is updated only when the file's contentVersion for it is higher; the fields the \
                            catalog marks as user-owned keep their stored values. Seeded documents missing from the file are \
                            reported, not deleted. Every document is validated first, and the files are imported as one change. \
                            Importing the same files again writes nothing.
                            """,
                        options: [
                            .flag("dry-run", help: "Show what would be inserted and updated; write nothing."),
                        ],
                        positionals: [
                            .variadic("files", help: "Seed files (JSON: collection, source, contentVersion, documents)."),
                        ]),
                ]),
            CommandSpec(
                name: "check", abstract: "Read every file of the store and report every problem; changes nothing.",
                discussion: "Exits 3 when a problem is found: malformed JSON, a document away from the path its id and date require, duplicate ids, leftover temporary files, unknown files or symbolic links."),
        ])

    static let parser = ArgumentParser(root: root, globalOptions: globalOptions)
}
