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
            4 store locked by another process, 5 store newer than this tool. \
            'almanac --version' prints the tool's version and the newest store format it knows.
            """,
        subcommands: [
            CommandSpec(
                name: "init", abstract: "Create a new, empty store from an app's schema folder.",
                options: [
                    .option("time-zone", valueName: "TZ", help: "IANA time zone that names day folders (default: this machine's)."),
                ],
                positionals: [.optional("store-folder", help: "The folder to create: missing or empty (or give it with --store).")]),
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
                discussion: "Lists every document the catalog's references delete with it (cascade) or set to null; when there are any, it needs --yes unless standard input is a terminal.",
                options: [
                    .flag("yes", help: "Go ahead when references reach other documents, without asking."),
                ],
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
                            .option("migrations", valueName: "DIR", help: "Accepted like its siblings' (so one script line serves them all); a rollback needs only the copy the store kept."),
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
                name: "export",
                abstract: "Write the store's documents to one file (or stdout), streamed, in a stable order.",
                discussion: "Two exports of the same store are byte-identical. The file is created 0600. It starts with a header: app, schema version, time zone, time, counts.",
                options: [
                    .option("out", valueName: "FILE", help: "Write to FILE (created 0600) instead of standard output."),
                    .option("format", valueName: "json|jsonl", help: "One JSON document, or one JSON value per line (default: jsonl)."),
                    .repeating("collection", valueName: "C", help: "Only this collection (repeat for several)."),
                    .option("from", valueName: "DATE", help: "Only documents dated on or after DATE (collections with a date field)."),
                    .option("to", valueName: "DATE", help: "Only documents dated on or before DATE."),
                    .repeating("redact", valueName: "FIELD", help: "Replace FIELD's value with \"[redacted]\" (repeat for several)."),
                    .flag("attachments", help: "Include the documents' attachment files (base64)."),
                ]),
            CommandSpec(
                name: "backup",
                abstract: "Copy the store, while it is written, into a new folder: complete, consistent and checked.",
                discussion: "The copy is of one instant (writers wait only while it is pictured) and is independent of the store: copy-on-write clones where the file system has them (APFS, Btrfs, XFS), plain copies otherwise. It is checked before it is named DEST. A plain 'cp -a' is safe only while no writer runs.",
                positionals: [
                    .required("destination", help: "The new folder (it must not exist)."),
                ]),
            CommandSpec(
                name: "import",
                abstract: "Restore an export into a new or empty store (--store), validating every document.",
                discussion: "The store is created at the export's schema version; run 'migrate up' afterwards to bring it forward. A store that holds documents is refused.",
                positionals: [
                    .required("file", help: "An export written by 'almanac export'."),
                ]),
            CommandSpec(
                name: "delete",
                abstract: "Delete documents: all of them, a collection (in a date range, matching --where), or one by id.",
                discussion: "References are applied (nullify, cascade, restrict) and attachments go with their documents. Deletes are atomic and survive kill -9. --yes is required when standard input is not a terminal.",
                options: [
                    .flag("all", help: "Delete every document, attachment, archived document and pre-migration backup; the store stays usable."),
                    .option("from", valueName: "DATE", help: "Only documents dated on or after DATE."),
                    .option("to", valueName: "DATE", help: "Only documents dated on or before DATE."),
                    .repeating("where", valueName: "FIELD=VALUE", help: "Only documents whose FIELD equals VALUE."),
                    .flag("dry-run", help: "List what would be deleted, with counts; delete nothing."),
                    .flag("yes", help: "Do not ask for confirmation."),
                ],
                positionals: [
                    .optional("collection", help: "The collection to delete from."),
                    .optional("id", help: "One document's id."),
                ]),
            CommandSpec(
                name: "retention", abstract: "The catalog's retention rules.",
                subcommands: [
                    CommandSpec(
                        name: "run",
                        abstract: "Apply the catalog's retention rules: archive, clear fields of, or delete old documents.",
                        discussion: "Each rule names a collection, an age and an action. Archived documents move to archive/<collection>/ in the same layout, out of queries. The whole run is one atomic change.",
                        options: [
                            .option("now", valueName: "DATE", help: "Apply the rules as on DATE (default: today in the store's time zone)."),
                            .flag("dry-run", help: "List what each rule would do; change nothing."),
                        ]),
                ]),
            ReportCommand.spec,
            CommandSpec(
                name: "check", abstract: "Read every file of the store and report every problem; changes nothing.",
                discussion: "Exits 3 when a problem is found: malformed JSON, a document away from the path its id and date require, duplicate ids, leftover temporary files, unknown files or symbolic links."),
        ])

    static let parser = ArgumentParser(root: root, globalOptions: globalOptions)
}
