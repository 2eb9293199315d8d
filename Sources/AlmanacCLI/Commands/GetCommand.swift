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
        return ExitCode.success
    }
}
