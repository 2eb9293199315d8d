import Foundation

extension Transaction {
    /// Records in `store.json` that the seeded documents among `deleted` were deleted, so that
    /// no seed import brings them back (unless the catalog says `"whenUserDeletes": "add-again"`
    /// and a newer content version comes).
    func recordSeedDeletions(_ deleted: [StoredDocument]) throws {
        var records: [SeedDeletion] = []
        for document in deleted {
            let descriptor = try reader.collection(named: document.location.collection)
            guard !descriptor.isSingleton, descriptor.isSeedDocument(document.value), let id = document.location.id,
                  let version = SeedFile.version(document.value["contentVersion"])
            else { continue }
            records.append(SeedDeletion(collection: descriptor.name, id: id, contentVersion: version))
        }
        guard !records.isEmpty else { return }
        try updateManifest { manifest in
            manifest.seedDeletions = SeedDeletion.merged(manifest.seedDeletions, records.map(\.json))
        }
    }
}
