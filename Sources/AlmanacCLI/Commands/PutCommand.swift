import Almanac
import Foundation

/// `almanac put COLLECTION [FILE...]`
enum PutCommand: AlmanacCommand {
    static let collection = PositionalSpec.required("collection", help: "The collection to write to.")
    static let files = PositionalSpec.variadic("files", atLeastOne: false, help: "JSON files to read; '-' or nothing reads standard input.")

    static let spec = CommandSpec(
        name: "put", abstract: "Save documents into a collection.",
        discussion: "Each file holds one JSON document or an array of them; all are checked before any is written, and saved with one durability point. A document with the id of a stored one replaces it; if its date changed, the file moves.",
        options: [CommonOptions.quiet], positionals: [collection, files])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional(Self.collection) else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        _ = try context.collection(named: collection, in: store)
        let files = context.values.positionals(Self.files)
        // Read as texts, parsed one document at a time by the store: a file of 100,000
        // documents is never held as 100,000 values.
        let texts = try (files.isEmpty ? ["-"] : files).map(readText)
        let locations: [DocumentLocation]
        do {
            let line = ProgressLine("put", context: context, quiet: CommonOptions.quiet)
            defer { line?.finish() }
            locations = try store.save(texts, in: collection, progress: line?.handler)
        } catch var error as AlmanacError {
            // The store validates with its own schema: when the app's project is ahead of it, the
            // document may be valid at the newer version, and migrating comes first.
            if error.code == .invalidDocument, let newer = context.newerProjectVersion(than: store) {
                error.message += "; the app's project reaches schema version \(newer) and the store is at \(store.schemaVersion): "
                    + "run 'almanac migrate up' first (the store validates with its own copy of the schema until it migrates)"
            } else if error.code == .invalidDocument, let folder = context.projectSchemaFolder(app: store.app),
                      let drift = try? store.schemaDrift(from: folder) {
                error.message += "; note that " + FlagHints.apply(drift.message, remedy: .writeMigration)
            }
            throw files.count <= 1 ? error.located(in: files.first.flatMap { $0 == "-" ? nil : $0 } ?? "<stdin>") : error
        }
        guard !context.json else {
            try context.print(["saved": locations.map(\.relativePath)]) { _ in "" }
            return ExitCode.success
        }
        // A few thousand lines at a time: a put of 100,000 documents never holds its whole report.
        for start in stride(from: 0, to: locations.count, by: 4096) {
            Output.write(locations[start..<min(start + 4096, locations.count)].map { "Saved \($0.relativePath)" }.joined(separator: "\n"))
        }
        if locations.isEmpty { Output.write("") }
        return ExitCode.success
    }

    /// Reads one input file (`-` for standard input).
    private static func readText(_ file: String) throws -> JSONText {
        if file == "-" {
            return JSONText(FileHandle.standardInput.readDataToEndOfFile(), source: "<stdin>")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            throw AlmanacError(.invalidArgument, "is a folder; put reads files that hold a document or an array of documents (e.g. 'almanac put COLLECTION \(file)/*.json')", path: file)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw AlmanacError(.notFound, "cannot read the file; check the path", path: file)
        }
        return JSONText(data, source: file)
    }
}

extension AlmanacError {
    /// The error with `source` as its path when it concerns the input rather than a store file.
    func located(in source: String) -> AlmanacError {
        var copy = self
        if copy.path == nil { copy.path = source }
        return copy
    }
}
