import Almanac

/// `almanac get COLLECTION [ID]`
enum GetCommand: AlmanacCommand {
    static let spec = CommandSpec(name: "get", abstract: "Print one document.", positionals: [CommonOptions.collection, CommonOptions.id])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional(CommonOptions.collection) else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        let descriptor = try store.collection(named: collection)
        let id = context.values.positional(CommonOptions.id) ?? ""
        if !descriptor.isSingleton && id.isEmpty { throw context.usage("missing argument ID (\(collection) is not a singleton collection)") }
        let document: StoredDocument?
        do {
            document = try store.document(json: id, in: collection)
        } catch let error as AlmanacError where error.code == .invalidID {
            throw context.usage(error.message)
        }
        guard let document else {
            throw AlmanacError(.notFound, descriptor.isSingleton
                ? "\(collection) has not been saved yet"
                : "no document \"\(id)\" in \(collection); list the ids with 'almanac ls \(collection)'")
        }
        // The document is JSON already: printed the same with or without --json.
        try Output.json(document.value)
        Output.conflicts(document.conflict.map { [$0] } ?? [], json: context.json)
        Output.olderLayout(descriptor.isOlderLayout(document.location) ? [document.location.relativePath] : [], json: context.json)
        // One document: cheap to judge against the current schema (an older shape, a hand edit).
        if let violation = try store.schemaViolations(of: document.value, in: descriptor).first {
            Output.error("almanac: warning: \(document.location.relativePath): \(violation.pointer.isEmpty ? "" : violation.pointer + ": ")\(violation.message) (\(collection) schema); if a device still on an earlier version of the app wrote it, 'almanac check --fix' or 'almanac migrate up' (with the app's migrations) brings it forward, otherwise edit it")
        }
        return ExitCode.success
    }
}
