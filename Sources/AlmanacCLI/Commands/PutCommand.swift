import Almanac
import Foundation

/// `almanac put COLLECTION [FILE...]`
enum PutCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional("collection") else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        _ = try store.collection(named: collection)
        let files = context.values.positionals("files")
        var documents: [JSONValue] = []
        for file in files.isEmpty ? ["-"] : files {
            let input = try readDocuments(file)
            documents += input.arrayValue ?? [input]
        }
        let locations: [DocumentLocation]
        do {
            locations = try store.save(json: documents, in: collection)
        } catch let error as AlmanacError {
            throw files.count <= 1 ? error.located(in: files.first ?? "<stdin>") : error
        }
        if context.json {
            Output.json(.object(["saved": .array(locations.map { .string($0.relativePath) })]))
        } else {
            for location in locations { Output.write("Saved \(location.relativePath)") }
        }
        return ExitCode.success
    }

    /// Parses one input file (`-` for standard input) strictly.
    private static func readDocuments(_ file: String) throws -> JSONValue {
        let bytes: [UInt8]
        if file == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
                throw AlmanacError(.invalidArgument, "is a folder; put reads files that hold a document or an array of documents (e.g. almanac put COLLECTION \(file)/*.json)", path: file)
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw AlmanacError(.notFound, "cannot read the file; check the path", path: file)
            }
            bytes = Array(data)
        }
        do {
            return try JSONValue(parsing: bytes)
        } catch let error as AlmanacError {
            throw error.located(in: file == "-" ? "<stdin>" : file)
        }
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
