import Foundation

extension Store {
    /// Refuses the store when a document names, in a reference field, a document that does
    /// not exist: for a store filled without checking references as it went (an import).
    func checkReferences() throws {
        for collection in catalog.collections where collection.references.contains(where: { !$0.allowsDangling }) {
            let documents = try self.documents(json: collection.name)
            for reference in collection.references where !reference.allowsDangling {
                let target = try self.collection(named: reference.collection)
                let ids = try locationIndex(of: target)
                for document in documents {
                    guard case .string(let id)? = document.value[reference.field], ids[DocumentID.key(id)] == nil else { continue }
                    throw AlmanacError(
                        .missingReference,
                        "\"\(reference.field)\" names \(target.name) document \"\(id)\", which does not exist; set it to null or restore the document, then try again",
                        path: document.location.relativePath, id: document.location.id, pointer: "/" + reference.field)
                }
            }
        }
    }

    /// The error for a document that breaks `rule`.
    func ruleViolation(_ rule: CollectionDescriptor.Rule, at location: DocumentLocation?, pointer: String?, _ reason: String) -> AlmanacError {
        AlmanacError(.ruleViolation, rule.message(reason), path: location?.relativePath, id: location?.id, pointer: pointer)
    }
}
