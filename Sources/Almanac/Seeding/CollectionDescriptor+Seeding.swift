import Foundation

extension CollectionDescriptor {
    /// Whether `document` came from a seed file: the collection is seeded, the document has
    /// a `contentVersion` and the catalog's `seeded.userCreated` does not say the user made it.
    func isSeedDocument(_ document: JSONValue) -> Bool {
        guard isSeeded, SeedFile.version(document["contentVersion"]) != nil else { return false }
        return !(userCreated?.matches(document) ?? false)
    }
}
