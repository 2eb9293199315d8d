import Almanac

/// `almanac get COLLECTION [ID]`
enum GetCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional("collection") else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        let descriptor = try store.collection(named: collection)
        let id = context.values.positional("id") ?? ""
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
        Output.json(document.value)
        return ExitCode.success
    }
}
