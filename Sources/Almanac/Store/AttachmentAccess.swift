import Foundation

/// Attachments through the store's face: saved as one-file changes, read from the document's folder.
struct AttachmentAccess {
    let store: Store

    func saveAttachment(_ bytes: [UInt8], named name: String, to id: String, in collection: String) throws {
        let descriptor = try store.collection(named: collection)
        guard descriptor.attachments else {
            throw AlmanacError(.invalidArgument, "collection \(collection) has no attachments; set \"attachments\": true in its catalog entry to keep files with its documents")
        }
        try Filing.validateAttachmentName(name)
        try store.writer.saveAttachment(bytes, named: name, to: id, in: descriptor)
    }

    func attachment(named name: String, of id: String, in collection: String) throws -> [UInt8]? {
        let descriptor = try store.collection(named: collection)
        try Filing.validateAttachmentName(name)
        return try store.readingOneVersion {
            guard let location = try store.reader.location(of: id, in: descriptor), let id = location.id,
                  let folder = try store.reader.openFolders(location.folderPath + [Filing.attachmentFolderName(id)])
            else { return nil }
            return try folder.readFile(name)
        }
    }
}
