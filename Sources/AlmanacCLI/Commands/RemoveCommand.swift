import Almanac

/// `almanac rm COLLECTION [ID]`
enum RemoveCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional("collection") else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        let descriptor = try store.collection(named: collection)
        let id = context.values.positional("id") ?? ""
        if !descriptor.isSingleton && id.isEmpty { throw context.usage("missing argument ID (\(collection) is not a singleton collection)") }
        let removed: Bool
        do {
            removed = try store.delete(id: id, in: collection)
        } catch let error as AlmanacError where error.code == .invalidID {
            throw context.usage(error.message)
        }
        guard removed else {
            throw AlmanacError(.notFound, "no document \"\(id)\" in \(collection); nothing was removed")
        }
        if context.json {
            Output.json(.object(["removed": .string(id), "collection": .string(collection)]))
        } else {
            Output.write("Removed \(descriptor.isSingleton ? collection : "\(collection)/\(id)").")
        }
        return ExitCode.success
    }
}
